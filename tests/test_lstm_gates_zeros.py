"""The fused LSTM gates' z-gradient buffers (lstm_gates._zeros_as): zeros(shape) for a C-ordered z,
zeros_like (its layout) otherwise, so that the products the gradient feeds see the same layout."""
import numpy as np
import pytest

from layers.recurrent.lstm_gates import _zeros_as


@pytest.mark.parametrize('dtype', [np.float32, np.float64])
@pytest.mark.parametrize('layout', ['C', 'F', 'strided'])
def test_same_array_as_zeros_like(dtype, layout):
    base = np.arange(6 * 16, dtype=dtype).reshape(6, 16)
    a = {'C': base, 'F': np.asfortranarray(base), 'strided': base[:, ::2]}[layout]
    z, ref = _zeros_as(np, a), np.zeros_like(a)
    assert z.shape == ref.shape and z.dtype == ref.dtype
    assert z.flags.c_contiguous == ref.flags.c_contiguous and z.flags.f_contiguous == ref.flags.f_contiguous
    assert z.strides == ref.strides
    assert not z.any() and not np.signbit(z).any()
