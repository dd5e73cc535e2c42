"""keras.ops.moveaxis with lists of axes, as Keras 3 on TF 2.21 (shapes and first values printed by TF 2.21 for
x = np.arange(24).reshape(1, 2, 3, 4))."""
import numpy as np
import pytest

from framework import keras

ops = keras.ops
X = np.arange(24).reshape(1, 2, 3, 4)


@pytest.mark.parametrize('source, destination, shape, head', [
    ([0, 1], [2, 0], (2, 3, 1, 4), [0, 1, 2, 3, 4, 5]),
    ((0, 3), (3, 0), (4, 2, 3, 1), [0, 4, 8, 12, 16, 20]),
    ([-1, 0], [0, -1], (4, 2, 3, 1), [0, 4, 8, 12, 16, 20]),
    ([1, 2, 3], [0, 1, 2], (2, 3, 4, 1), [0, 1, 2, 3, 4, 5]),
    ([], [], (1, 2, 3, 4), [0, 1, 2, 3, 4, 5]),
    (0, -1, (2, 3, 4, 1), [0, 1, 2, 3, 4, 5]),
])
def test_moveaxis_lists(source, destination, shape, head):
    out = ops.moveaxis(X, source, destination)
    assert tuple(out.shape) == shape and out.numpy().ravel()[:6].tolist() == head


def test_moveaxis_inconsistent_lengths():
    # TF 2.21: ValueError 'Inconsistent number of `source` and `destination`. Received: source=[0, 1], destination=[1]'
    with pytest.raises(ValueError, match=r'^Inconsistent number of `source` and `destination`\. Received: '
                                         r'source=\[0, 1\], destination=\[1\]'):
        ops.moveaxis(X, [0, 1], [1])
