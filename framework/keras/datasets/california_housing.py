"""``keras.datasets.california_housing``: 20,640 California districts, 8 features, median house value."""
from .storage import regression_arrays, shuffled_split

SHA256 = '1a2e3a52e0398de6463aebe6f4a8da34fb21fbb6b934cf88c3425e766f2a1a6f'


def load_data(version='large', path='california_housing.npz', test_split=0.2, seed=113):
    """(x_train, y_train), (x_test, y_test): features (n, 8) and targets (n,), shuffled with
    RandomState(seed), the last ``test_split`` of them for testing.

    Args:
        version: 'large' (all 20,640 rows) or 'small' (the first 600, before shuffling).
    Raises:
        ValueError: test_split outside [0, 1), or another version.
    """
    x, y = regression_arrays('california_housing', path, SHA256, test_split)
    if version == 'small':
        x, y = x[:600], y[:600]
    elif version != 'large':
        raise ValueError("california_housing.load_data: `version` must be 'small' or 'large', got %r" % (version,))
    return shuffled_split(x, y, test_split, seed)
