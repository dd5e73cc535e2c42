"""keras.ops complex results carry Keras 3.15-on-TF 2.21's dtypes.

Golden values: the same calls under TF 2.21 + Keras 3.15 (the ops.view_as_complex docstring
example among them).
"""
import numpy as np

from framework.keras import ops


def test_view_as_complex_is_complex64_whatever_the_real_dtype():
    # Keras casts both parts to complex64, float64 included (the docstring example prints complex64)
    for x in (np.array([[1.0, 2.0], [3.0, 4.0]]), np.array([[1, 2], [3, 4]]), np.array([[1, 2], [3, 4]], 'float16')):
        out = ops.view_as_complex(x)
        assert out.dtype.name == 'complex64'
        np.testing.assert_array_equal(out.numpy(), np.array([1 + 2j, 3 + 4j], np.complex64))


def test_view_as_complex_multiplies_the_imaginary_part_by_1j():
    # real + 1j * imag in complex64: an infinite imaginary part gives a NaN real part, as TF prints it
    x = np.array([[np.inf, 2.0], [3.0, np.inf], [-0.0, -0.0]], 'float32')
    got = ops.view_as_complex(x).numpy()
    assert np.isinf(got[0].real) and got[0].imag == 2.0
    assert np.isnan(got[1].real) and got[1].imag == np.inf
    assert got[2] == 0
