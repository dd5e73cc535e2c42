"""``tf.complex(real, imag)``: a complex tensor from two float tensors of one dtype.
Its gradient is TensorFlow's: ``real(g)`` for the real part, ``imag(g)`` for the imaginary part. (The
rules below meet the tape's conj(rule(conj(g))) for complex outputs, see complex_gradients: the
imaginary part's is written -imag(g).)"""
import numpy as np

from ..backend import array_module
from ..tensor import Tensor
from . import complex_parts
from .operands import ACTIVE, as_tensor, named_errors, record
from .shapes import sum_to

_COMPLEX = {np.dtype(np.float32): np.complex64, np.dtype(np.float64): np.complex128}


@named_errors('complex')
def complex(real, imag, name=None):  # noqa: A001  (TensorFlow's names)
    """``real_part + 1j * imag``: complex64 from float32, complex128 from float64 (broadcasting).

    Raises:
        TypeError: parts of other or different dtypes (TensorFlow's message).
    """
    re, im = as_tensor(real, 'complex'), as_tensor(imag, 'complex')
    kinds = re._data.dtype, im._data.dtype
    if kinds[0] != kinds[1] or kinds[0] not in _COMPLEX:
        raise TypeError('The `real` and `imag` components have incorrect types: %s %s. They must be '
                        'consistent, and one of [tf.float32, tf.float64]' % (re.dtype.name, im.dtype.name))
    kind = _COMPLEX[kinds[0]]
    # the parts set as they are: re + im * 1j loses signed zeros (TF's complex(-0., -0.) prints -0.-0.j)
    parts = array_module(re._data).broadcast_arrays(re._data, im._data)
    data = array_module(re._data).empty(parts[0].shape, kind)
    data.real, data.imag = parts
    out = Tensor(data)
    if ACTIVE:
        record('complex', (re, im), out, (lambda g, y, a, b: sum_to(complex_parts.real(g), tuple(a.shape)),
                                           lambda g, y, a, b: sum_to(-complex_parts.imag(g), tuple(b.shape))))
    return out
