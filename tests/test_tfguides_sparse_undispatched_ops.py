"""An op TensorFlow does not dispatch to SparseTensor (guide/sparse_tensor: tf.add(sp, x),
tf.reduce_sum(sp), tf.exp(sp), which would turn the missing zeros into ones) converts it to a tensor,
which fails with TF 2.21's ValueError 'Attempt to convert a value (SparseTensor(...)) with an
unsupported type (...) to a Tensor.' (tapeflow raised TypeError); tapeflow's advice is a note.
Texts printed by TF 2.21 (/work/notes/progs/tfguides/sparse4.py)."""
import pytest

import framework as tf


def _sparse():
    return tf.sparse.SparseTensor(indices=[[0, 0]], values=[1.], dense_shape=[2, 2])


@pytest.mark.parametrize('op, call', [
    ('reduce_sum', lambda sp: tf.reduce_sum(sp)),
    ('add', lambda sp: tf.add(sp, 1.)),
    ('exp', lambda sp: tf.exp(sp)),
    ('concat', lambda sp: tf.concat([sp, sp], 0)),
    ('reduce_mean', lambda sp: tf.reduce_mean(sp)),
    ('plus', lambda sp: sp + tf.ones([2, 2])),
])
def test_undispatched_op_raises_tf_value_error(op, call):
    sp = _sparse()
    with pytest.raises(ValueError) as caught:
        call(sp)
    assert str(caught.value) == ('Attempt to convert a value (%r) with an unsupported type (%s) to a Tensor.'
                                 % (sp, "<class 'tensorflow.python.framework.sparse_tensor.SparseTensor'>"))
    assert str(caught.value).startswith('Attempt to convert a value (SparseTensor(indices=tf.Tensor([[0 0]], '
                                        'shape=(1, 2), dtype=int64), values=tf.Tensor([1.], shape=(1,), '
                                        'dtype=float32), dense_shape=tf.Tensor([2 2], shape=(2,), dtype=int64))) '
                                        'with an unsupported type (<class ')
    assert 'tf.sparse.to_dense(sp)' in ''.join(caught.value.__notes__)


def test_dispatched_ops_still_run():
    sp = _sparse()
    assert tf.square(sp).values.numpy().tolist() == [1.]
    assert tf.cast(sp, tf.int32).values.numpy().tolist() == [1]
    assert tf.sparse.add(sp, tf.ones([2, 2])).numpy().tolist() == [[2., 1.], [1., 1.]]
