"""keras.ops.image.extract_patches takes volumes when ``size`` has three ints, as Keras 3.15 does
(its docstring's 3-D examples), and checks ``size`` with Keras's texts.

Golden values: the same calls under TF 2.21 + Keras 3.15 (shape and float sum of the patches).
"""
import numpy as np
import pytest

from framework import keras

V = np.random.RandomState(0).rand(2, 6, 7, 5, 2).astype('float32')
extract = keras.ops.image.extract_patches


@pytest.mark.parametrize('call, shape, total', [
    (lambda: extract(V, (3, 3, 3)), (2, 2, 2, 1, 54), 208.98843383789062),
    (lambda: extract(V[0], (3, 3, 3)), (2, 2, 1, 54), 108.44039154052734),
    (lambda: extract(V, [2, 3, 2], strides=(1, 2, 1)), (2, 5, 3, 4, 24), 1389.549072265625),
    (lambda: extract(V, (2, 2, 2), padding='same'), (2, 3, 4, 3, 16), 414.126220703125),
    (lambda: extract(V[0, 0], (2, 2)), (3, 2, 8), 24.037567138671875),
    (lambda: extract(V[0, 0], 2), (3, 2, 8), 24.037567138671875),
])
def test_patch_shapes_and_values(call, shape, total):
    out = call()
    assert tuple(out.shape) == shape and out.dtype.name == 'float32'
    assert float(np.asarray(out, np.float64).sum()) == pytest.approx(total, rel=1e-6)


def test_three_ints_are_extract_patches_3d():
    np.testing.assert_array_equal(extract(V, (3, 3, 3)).numpy(), keras.ops.image.extract_patches_3d(V, (3, 3, 3)).numpy())


@pytest.mark.parametrize('size, error, text', [
    (2.5, TypeError, 'Invalid `size` argument. Expected an int or a tuple. Received: size=2.5 of type float'),
    (None, TypeError, 'Invalid `size` argument. Expected an int or a tuple. Received: size=None of type NoneType'),
    ((2, 2, 2, 2), ValueError,
     'Invalid `size` argument. Expected a tuple of length 2 or 3. Received: size=(2, 2, 2, 2) with length 4'),
    ((2,), ValueError, 'Invalid `size` argument. Expected a tuple of length 2 or 3. Received: size=(2,) with length 1'),
])
def test_bad_sizes(size, error, text):
    with pytest.raises(error) as info:
        extract(V[0, 0], size)
    assert str(info.value) == text
