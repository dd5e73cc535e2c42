"""``tf.sparse.cross_hashed``: ``tf.sparse.cross`` with each combination fingerprinted into a bucket.

As TensorFlow's SparseCrossHashed kernel: a string feature hashes to its Fingerprint64, an integer
is its own hash (as uint64); a combination's hash starts from ``hash_key`` and folds each feature's
hash in with FingerprintCat64, then is taken modulo ``num_buckets`` (or modulo 2**63 - 1 when
``num_buckets`` is 0, so that it stays a non-negative int64).
"""
import itertools

import numpy as np

from .. import backend
from ..string_hashes import fingerprint64
from ..tensor import Tensor, convert_to_tensor
from .cross import check_cross_inputs, empty_cross
from .sparse_tensor import SparseTensor
from ..tf_python_names import tf_named

DEFAULT_HASH_KEY = 0xDECAFCAFFE      # TensorFlow's _DEFAULT_HASH_KEY for sparse crosses
_MUL = 0xC6A4A7935BD1E995
_MASK = (1 << 64) - 1


def _shift_mix(value):
    return value ^ (value >> 47)


def fingerprint_cat64(fp1, fp2):
    """TensorFlow's FingerprintCat64 (tensorflow/core/platform/fingerprint.h) on Python ints."""
    result = fp1 ^ _MUL
    result ^= (_shift_mix((fp2 * _MUL) & _MASK) * _MUL) & _MASK
    result = (result * _MUL) & _MASK
    result = (_shift_mix(result) * _MUL) & _MASK
    return _shift_mix(result)


def _feature_hashes(value, i):
    """Each row's feature hashes for one input (a 2-D SparseTensor or dense 2-D tensor)."""
    if isinstance(value, SparseTensor):
        if value.ndim != 2:
            raise ValueError('sparse.cross_hashed: input %d must be 2-D, got dense_shape %s' % (i, value.shape))
        data = np.asarray(backend.to_host(value.values._data))
        rows = [[] for _ in range(int(value._shape_host()[0]))]
        for (r, _), v in zip(value._indices_host(), data):
            rows[r].append(v)
    else:
        data = np.asarray(backend.to_host(convert_to_tensor(value)._data))
        if data.ndim != 2:
            raise ValueError('sparse.cross_hashed: input %d must be 2-D, got shape %s' % (i, data.shape))
        rows = [list(row) for row in data]
    if data.dtype.kind in 'iu':
        return [[int(v) & _MASK for v in row] for row in rows]
    if data.dtype.kind not in 'OSU':
        raise TypeError('sparse.cross_hashed: input %d must hold strings or integers, got dtype %s'
                        % (i, data.dtype.name))
    as_bytes = lambda v: v if isinstance(v, bytes) else str(v).encode()  # noqa: E731
    return [[fingerprint64(as_bytes(v)) for v in row] for row in rows]


@tf_named('sparse_cross_hashed')
def cross_hashed(inputs, num_buckets=0, hash_key=None, name=None):
    """A 2-D int64 SparseTensor: row i holds the hashed bucket of every pick of one value from
    row i of each input, in ``tf.sparse.cross``'s order."""
    check_cross_inputs(inputs, 'sparse.cross_hashed')
    if isinstance(num_buckets, bool) or not isinstance(num_buckets, (int, np.integer)) or num_buckets < 0:
        raise ValueError('sparse.cross_hashed: num_buckets must be an int >= 0, got %r' % (num_buckets,))
    key = DEFAULT_HASH_KEY if hash_key is None else int(hash_key) & _MASK
    modulus = int(num_buckets) if num_buckets > 0 else (1 << 63) - 1
    if not inputs:
        return empty_cross(np.int64)
    per_input = [_feature_hashes(value, i) for i, value in enumerate(inputs)]
    nrows = {len(rows) for rows in per_input}
    if len(nrows) > 1:
        raise ValueError('sparse.cross_hashed: every input needs the same number of rows, got %s' % sorted(nrows))
    indices, values, width = [], [], 0
    for r in range(nrows.pop()):
        combos = list(itertools.product(*[rows[r] for rows in per_input]))
        for k, combo in enumerate(combos):
            h = key
            for feature in combo:
                h = fingerprint_cat64(h, feature)
            indices.append([r, k])
            values.append(h % modulus)
        width = max(width, len(combos))
    return SparseTensor(np.asarray(indices, np.int64).reshape(-1, 2), Tensor(np.asarray(values, np.int64)),
                        [len(per_input[0]), width])
