"""Gradients of tf.signal's transforms of empty tensors: TF 2.21 gives an empty gradient of the input's shape
(tapeflow's rules sliced the spectrum's first bin, Slice's 'Expected size[2] in [0, 0], but got 1', or
divided by the transform's size 0)."""
import pytest

import framework as tf


@pytest.mark.parametrize('name, dtype', [('rfft', 'float32'), ('fft', 'complex64'), ('ifft', 'complex64'),
                                         ('rfft2d', 'float32'), ('fft2d', 'complex128'), ('ifft2d', 'complex64')])
@pytest.mark.parametrize('shape', [(3, 2, 0), (0, 4), (2, 0, 3)])
def test_empty_transform_gradient(name, dtype, shape):
    x = tf.zeros(shape, dtype)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = getattr(tf.signal, name)(x)
    g = tape.gradient(y, x)
    assert tuple(g.shape) == shape and g.dtype == dtype      # TF 2.21
