"""PReLU keeps shared_axes as given, as Keras 3 on TF 2.21: the constructor takes anything (a list of it), and
build fails in Python's words where Keras's `param_shape[i - 1] = 1` does; True and numpy integers are axes.
tapeflow refused what was no int at construction ("PReLU 'p_re_lu': shared_axes must be an int or a list of
ints, got 'a'"), True and np.int64 too. Probe: /work/notes/progs/layers21/pr.py (values from TF 2.21).
"""
import numpy as np
import pytest

from framework import keras

IMAGES = np.arange(24, dtype='float32').reshape(2, 2, 3, 2) - 6


@pytest.mark.parametrize('shared_axes, error, text', [
    ('a', TypeError, "unsupported operand type(s) for -: 'str' and 'int'"),
    ([1, 'b'], TypeError, "unsupported operand type(s) for -: 'str' and 'int'"),
    ([None], TypeError, "unsupported operand type(s) for -: 'NoneType' and 'int'"),
    (2.0, TypeError, 'list indices must be integers or slices, not float'),
    ((2.5,), TypeError, 'list indices must be integers or slices, not float'),
    (5, IndexError, 'list assignment index out of range'),
])
def test_bad_axes_fail_in_build(shared_axes, error, text):
    layer = keras.layers.PReLU(shared_axes=shared_axes)
    expected = list(shared_axes) if isinstance(shared_axes, (list, tuple)) else [shared_axes]
    assert layer.get_config()['shared_axes'] == expected         # TF 2.21: ['a'], [2.0], ...
    with pytest.raises(error) as caught:
        layer(IMAGES)
    assert str(caught.value) == text
    assert not layer.built and layer.weights == []


@pytest.mark.parametrize('shared_axes, alpha_shape', [
    (True, (1, 3, 2)), ([True, 2], (1, 1, 2)), (np.int64(2), (2, 1, 2)), (0, (2, 3, 1)), (-1, (2, 1, 2)),
])
def test_integer_like_axes_build(shared_axes, alpha_shape):
    layer = keras.layers.PReLU(shared_axes=shared_axes, alpha_initializer='ones')
    out = layer(IMAGES)
    assert tuple(layer.alpha.shape) == alpha_shape        # TF 2.21's shapes
    assert float(np.asarray(out).sum()) == 132.0
    assert tuple(layer(keras.Input((2, 3, 2))).shape) == (None, 2, 3, 2)
