"""EinsumDense on integer inputs computes in the kernel's dtype, as Keras 3's keras.ops.einsum promotes
them (TF 2.21: an int32 (3, 4) input gives float32 output; tapeflow raised einsum's dtype error)."""
import numpy as np

from framework import keras


def test_integer_input_is_promoted_to_the_kernel_dtype():
    layer = keras.layers.EinsumDense('ab,bc->ac', output_shape=3, bias_axes='c')
    ints = np.arange(12).reshape(3, 4).astype('int32')
    out = layer(ints)
    assert out.dtype == 'float32'
    np.testing.assert_array_equal(out.numpy(), layer(ints.astype('float32')).numpy())
