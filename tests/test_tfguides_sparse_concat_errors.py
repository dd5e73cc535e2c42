"""tf.sparse.concat refuses parts whose ranks or other dimensions differ with TF 2.21's SparseConcat
InvalidArgumentError texts (the first misfit by position; tapeflow raised ValueError); tapeflow's
sentence is a note. Texts printed by TF 2.21 (/work/notes/progs/tfguides/sparse8.py)."""
import pytest

import framework as tf


def _head(n):
    return '{{function_node __wrapped__SparseConcat_N_%d_device_/job:localhost/replica:0/task:0/device:CPU:0}} ' % n


_TAIL = ' [Op:SparseConcat] name: '
A, B, C = [[1, 0]], [[1], [2]], [[1, 2, 3]]


@pytest.mark.parametrize('axis, parts, text', [
    (1, [A, B], 'Input shapes must match: expected 1 for dimension 0 but got 2 at position 1'),
    (0, [A, C], 'Input shapes must match: expected 2 for dimension 1 but got 3 at position 1'),
    (1, [A, [[[1]]]], 'Ranks of all input tensors must match: expected 2 but got 3 at position 1'),
    (0, [A, A, C], 'Input shapes must match: expected 2 for dimension 1 but got 3 at position 2'),
])
def test_misfit_parts_raise_tf_kernel_text(axis, parts, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.sparse.concat(axis, [tf.sparse.from_dense(p) for p in parts])
    assert str(caught.value) == _head(len(parts)) + text + _TAIL
    assert 'expand_nonconcat_dims' in ''.join(caught.value.__notes__)


def test_fitting_parts_concat():
    out = tf.sparse.concat(1, [tf.sparse.from_dense(A), tf.sparse.from_dense(C)])
    assert out.dense_shape.numpy().tolist() == [1, 5]
    assert out.indices.numpy().tolist() == [[0, 0], [0, 2], [0, 3], [0, 4]]
    widened = tf.sparse.concat(1, [tf.sparse.from_dense(A), tf.sparse.from_dense(B)], expand_nonconcat_dims=True)
    assert widened.dense_shape.numpy().tolist() == [2, 3]
