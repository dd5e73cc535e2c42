"""tf.sparse.slice refuses start / size vectors whose length is not the SparseTensor's rank with TF 2.21's
SparseSlice InvalidArgumentError (start checked first); tapeflow broadcast a length-1 vector and
returned a wrong slice. Texts printed by TF 2.21 (/work/notes/progs/tfguides/sparse9.py)."""
import pytest

import framework as tf

_HEAD = '{{function_node __wrapped__SparseSlice_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
_TAIL = ' [Op:SparseSlice] name: '


def _sparse():
    return tf.sparse.SparseTensor(indices=[[0, 3], [2, 4]], values=[10, 20], dense_shape=[3, 10])


@pytest.mark.parametrize('start, size, text', [
    ([0, 0], [1], 'Expected size to be a vector of length 2 but got length 1'),
    ([0], [1, 1], 'Expected start to be a vector of length 2 but got length 1'),
    ([0, 0, 0], [1, 1, 1], 'Expected start to be a vector of length 2 but got length 3'),
    ([0], [1], 'Expected start to be a vector of length 2 but got length 1'),
    ([0, 0], [3, 10, 1], 'Expected size to be a vector of length 2 but got length 3'),
])
def test_wrong_length_raises_tf_kernel_text(start, size, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.sparse.slice(_sparse(), start, size)
    assert str(caught.value) == _HEAD + text + _TAIL
    assert 'one integer per dimension' in ''.join(caught.value.__notes__)


def test_right_lengths_slice():
    out = tf.sparse.slice(_sparse(), [0, 2], [3, 3])
    assert out.dense_shape.numpy().tolist() == [3, 3]
    assert out.indices.numpy().tolist() == [[0, 1], [2, 2]] and out.values.numpy().tolist() == [10, 20]
