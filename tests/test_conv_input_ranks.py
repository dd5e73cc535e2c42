"""Convolutions given inputs of the wrong rank, as Keras 3 on TF 2.21 refuses them (texts printed
there for the same calls): InputSpec(min_ndim=rank + 2) for too few axes, the kernel-shape check of
compute_conv_output_shape for too many."""
import numpy as np
import pytest

from framework import keras

L = keras.layers


@pytest.mark.parametrize('make, x, text', [
    (lambda: L.Conv2D(2, 3), np.ones((1, 8, 8, 3, 1), 'float32'),
     'Kernel shape must have the same length as input, but received kernel of shape (3, 3, 1, 2) and input of '
     'shape (1, 8, 8, 3, 1).'),
    (lambda: L.Conv1D(2, 3), np.ones((1, 8, 3, 2), 'float32'),
     'Kernel shape must have the same length as input, but received kernel of shape (3, 2, 2) and input of '
     'shape (1, 8, 3, 2).'),
    (lambda: L.DepthwiseConv2D(3), np.ones((1, 8, 8, 3, 1), 'float32'),
     'Kernel shape must have the same length as input, but received kernel of shape (3, 3, 1, 1) and input of '
     'shape (1, 8, 8, 3, 1).'),
    (lambda: L.SeparableConv2D(2, 3), keras.Input((8, 8, 3, 1)),
     'Kernel shape must have the same length as input, but received kernel of shape (3, 3, 1, 2) and input of '
     'shape (None, 8, 8, 3, 1).'),
    (lambda: L.Conv2D(2, 3), np.ones((8, 8, 3), 'float32'),
     "Input 0 with name 'None' of layer 'conv2d' is incompatible with the layer: expected min_ndim=4, found ndim=3. "
     'Full shape received: (8, 8, 3)'),
    (lambda: L.Conv3D(2, 3), keras.Input((8, 8, 8)),
     "Input 0 with name 'None' of layer 'conv3d' is incompatible with the layer: expected min_ndim=5, found ndim=4. "
     'Full shape received: (None, 8, 8, 8)'),
    (lambda: L.SeparableConv1D(2, 3), keras.Input((8,)),
     "Input 0 with name 'None' of layer 'separable_conv1d' is incompatible with the layer: expected min_ndim=3, "
     'found ndim=2. Full shape received: (None, 8)'),
])
def test_wrong_ranks_raise_keras_texts(make, x, text):
    keras.backend.clear_session()
    with pytest.raises(ValueError) as err:
        make()(x)
    assert str(err.value) == text
