"""tf.math.sobol_sample: points of the Sobol low-discrepancy sequence in [0, 1)^dim.

As TensorFlow's SobolSample kernel: Joe and Kuo's direction numbers (sobol_directions.py), 32-bit
direction integers, points in Gray-code order, and the all-zero first point left out, so row i is
point skip + i + 1. Point n is the XOR of the direction integers of the set bits of gray(n) =
n ^ (n >> 1), scaled by 2^-32; in float32 that is the correctly rounded value, as TensorFlow's.
tapeflow carries the table's first 1111 dimensions (TensorFlow has 21200).
"""
import functools

import numpy as np

from .. import dtypes
from ..errors import InvalidArgumentError, kernel_error
from ..tensor import Tensor, convert_to_tensor
from .operands import named_errors
from .sobol_directions import MAX_DIMENSION, direction_rows

_BITS = 32


@functools.lru_cache(maxsize=1)
def _direction_integers():
    """(MAX_DIMENSION, 32) uint64 array: v[d, i - 1] = m_i << (32 - i)."""
    m = np.zeros((MAX_DIMENSION, _BITS), np.uint64)
    m[0] = 1                                       # van der Corput: every m_i = 1
    for d, (s, a, initial) in enumerate(direction_rows(), start=1):
        row = list(initial)
        for i in range(s, _BITS):                  # Bratley and Fox's recurrence for m_{i+1}
            value = row[i - s] ^ (row[i - s] << s)
            for k in range(1, s):
                if (a >> (s - 1 - k)) & 1:
                    value ^= row[i - k] << k
            row.append(value)
        m[d] = row
    return m << np.arange(_BITS - 1, -1, -1, dtype=np.uint64)


@named_errors('sobol_sample')
def sobol_sample(dim, num_results, skip=0, dtype=dtypes.float32, name=None):
    """``num_results`` Sobol points in ``dim`` dimensions after skipping ``skip`` (and the zero point).

    Returns:
        A (num_results, dim) tensor of ``dtype`` (float32 or float64).
    Raises:
        InvalidArgumentError: dim < 1 or > 1111, num_results < 1, skip < 0, or a dtype other than
            float32 / float64 (TensorFlow's messages).
    """
    dim, num_results, skip = _scalars(((dim, 'dim'), (num_results, 'num_results'), (skip, 'skip')))
    if dim < 1:
        _refuse('dim must be at least one')
    if num_results < 1:
        _refuse('num_results must be at least one')
    if skip < 0:
        _refuse('skip must be non-negative')
    if dim > MAX_DIMENSION:
        _refuse('dim must be at most %d in tapeflow (its table of direction numbers stops there; '
                'TensorFlow goes to 21200), got %d' % (MAX_DIMENSION, dim))
    out_dtype = dtypes.as_dtype(dtype) if dtype is not None else None
    if out_dtype not in (dtypes.float32, dtypes.float64):
        _refuse('dtype must be float32 or float64, got %s' % (out_dtype.name if out_dtype is not None else None))
    if skip + num_results >= 2 ** _BITS:
        _refuse('skip + num_results must stay below 2**32 (the sequence has 32-bit points), got %d'
                % (skip + num_results))
    n = np.arange(skip + 1, skip + num_results + 1, dtype=np.uint64)
    gray = n ^ (n >> np.uint64(1))
    bits = ((gray[:, None] >> np.arange(_BITS, dtype=np.uint64)) & np.uint64(1)).astype(bool)
    directions = _direction_integers()[:dim]
    points = np.zeros((num_results, dim), np.uint64)
    for j in range(_BITS):
        if bits[:, j].any():
            points ^= np.where(bits[:, j:j + 1], directions[:, j], np.uint64(0))
    return Tensor((points.astype(np.float64) * 2.0 ** -_BITS).astype(out_dtype.as_numpy_dtype))


def _scalars(pairs):
    """Python ints from SobolSample's int32 inputs, read as TF 2.21's op does: each converted to int32
    (None its ValueError, 2.5 and 'a' its TypeError; a tensor of another dtype the kernel's error), then
    each must be a scalar ('dim must be a scalar', without ' name: ' for a list, TF's slow path)."""
    from .graph_input_errors import eager_input_error
    tensors = []
    for index, (value, what) in enumerate(pairs):
        if isinstance(value, Tensor):
            if value.dtype != dtypes.int32:
                raise eager_input_error('SobolSample', index, 'int32', value.dtype)
            tensors.append(value)
        else:
            tensors.append(convert_to_tensor(value, dtype=dtypes.int32))
    for (value, what), t in zip(pairs, tensors):
        if t.ndim:
            raise kernel_error('SobolSample', '%s must be a scalar' % what, named=isinstance(value, Tensor),
                               note='sobol_sample: %s must be a scalar integer, got %r' % (what, value))
    return [int(t.numpy()) for t in tensors]


def _refuse(message):
    raise InvalidArgumentError('sobol_sample: ' + message)
