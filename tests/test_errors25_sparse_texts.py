"""SparseTensor bad input in TF 2.21's words (/work/notes/progs/errors25/h13.py): float indices given as a list
are the int64 conversion's TypeError; a SparseTensor given to a dense op names TF's class in the conversion
ValueError."""
import pytest

import framework as tf


def test_float_indices_in_a_list():
    with pytest.raises(TypeError) as caught:
        tf.sparse.SparseTensor([[0.0, 1.0]], [1.0], [2, 2])
    assert str(caught.value) == 'Cannot convert [[0.0, 1.0]] to EagerTensor of dtype int64'


def test_a_dense_op_names_tensorflows_class():
    sp = tf.sparse.SparseTensor([[0, 1]], [1.0], [2, 2])
    with pytest.raises(ValueError) as caught:
        sp + tf.ones((2, 2))
    assert str(caught.value) == (
        'Attempt to convert a value (SparseTensor(indices=tf.Tensor([[0 1]], shape=(1, 2), dtype=int64), '
        'values=tf.Tensor([1.], shape=(1,), dtype=float32), dense_shape=tf.Tensor([2 2], shape=(2,), dtype=int64))) '
        "with an unsupported type (<class 'tensorflow.python.framework.sparse_tensor.SparseTensor'>) to a Tensor.")


def test_retain_checks_shapes_as_tensorflow():
    sp = tf.sparse.SparseTensor([[0, 1]], [1.0], [2, 2])
    with pytest.raises(ValueError) as caught:
        tf.sparse.retain(sp, [True, False])
    assert str(caught.value) == 'Dimensions 1 and 2 are not compatible'
    with pytest.raises(ValueError) as caught:
        tf.sparse.retain(sp, [[True]])
    assert str(caught.value) == 'Shape (1, 1) must have rank 1'
    assert tf.sparse.retain(sp, [1]).values.numpy().tolist() == [1.0]     # TF 2.21: tf.where keeps nonzero entries
