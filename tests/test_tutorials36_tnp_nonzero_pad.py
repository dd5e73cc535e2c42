"""tf.experimental.numpy's nonzero / where(condition) give int64 indices and pad needs its mode, as TF 2.21's tnp.

TF's tnp.nonzero unstacks where_v2's int64 rows (NumPy's indices are int64 too); tapeflow passed on
keras.ops.nonzero's int32. TF's tnp.pad(array, pad_width, mode, **kwargs) has no default mode. Values printed by
TF 2.21 (probe tn6.py in /work/notes/progs/tutorials36).
"""
import pytest

import framework as tf
import framework.experimental.numpy as tnp
from framework.errors import InvalidArgumentError


def test_nonzero_and_where_indices_are_int64():
    a = tnp.asarray([[1, 2, 3], [4, 5, 6]])
    rows, cols = tnp.nonzero(a > 2)
    assert (rows.dtype, rows.numpy().tolist()) == (tf.int64, [0, 1, 1, 1])
    assert (cols.dtype, cols.numpy().tolist()) == (tf.int64, [2, 0, 1, 2])
    (only,) = tnp.where(tnp.asarray([True, False, True]))
    assert (only.dtype, only.numpy().tolist()) == (tf.int64, [0, 2])


def test_pad_needs_a_mode():
    a = tnp.asarray([[1, 2, 3], [4, 5, 6]])
    with pytest.raises(TypeError, match=r"^pad\(\) missing 1 required positional argument: 'mode'$"):
        tnp.pad(a, 1)
    padded = tnp.pad(a, [[1, 0], [0, 2]], mode='constant', constant_values=7)
    assert padded.numpy().tolist() == [[7, 7, 7, 7, 7], [1, 2, 3, 7, 7], [4, 5, 6, 7, 7]]
    assert tnp.pad(a, [[0, 0], [1, 1]], mode='reflect').numpy().tolist() == [[2, 1, 2, 3, 2], [5, 4, 5, 6, 5]]


def test_pad_takes_tf_pad_widths_and_modes():
    a = tnp.asarray([[1, 2, 3], [4, 5, 6]])
    with pytest.raises(InvalidArgumentError, match=r'paddings must be a matrix with 2 columns: \[\] \[Op:Pad\]'):
        tnp.pad(a, 1, mode='constant')
    with pytest.raises(ValueError, match='^Unsupported padding mode: edge$'):
        tnp.pad(a, [[0, 0], [1, 1]], mode='edge')
    assert tnp.pad(a, [[0, 0], [2, 2]], mode='symmetric').numpy().tolist() == \
        [[2, 1, 1, 2, 3, 3, 2], [5, 4, 4, 5, 6, 6, 5]]
    padded = tnp.pad(tnp.asarray([[1.5, 2.5]], dtype=tnp.float32), [[1, 1], [0, 0]], 'constant', constant_values=2.5)
    assert (padded.dtype, padded.numpy().tolist()) == (tf.float32, [[2.5, 2.5], [1.5, 2.5], [2.5, 2.5]])
