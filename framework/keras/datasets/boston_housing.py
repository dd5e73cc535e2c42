"""``keras.datasets.boston_housing``: 506 Boston suburbs, 13 features, median home value."""
from .storage import regression_arrays, shuffled_split

SHA256 = 'f553886a1f8d56431e820c5b82552d9d95cfcb96d1e678153f8839538947dff5'


def load_data(path='boston_housing.npz', test_split=0.2, seed=113):
    """(x_train, y_train), (x_test, y_test): float64 features (n, 13) and targets (n,),
    shuffled with RandomState(seed), the last ``test_split`` of them for testing.

    Raises:
        ValueError: test_split outside [0, 1).
    """
    x, y = regression_arrays('boston_housing', path, SHA256, test_split)
    return shuffled_split(x, y, test_split, seed)
