"""tf.compat.v1.sparse_to_dense, TF 1's one-hot and scatter helper: TF 2.21 runs the SparseToDense kernel
eagerly (indices as a scalar, vector or matrix; one value or one per index) and checks each index in order
with the kernel's words; tapeflow had no sparse_to_dense.

Goldens: TF 2.21 running notes/progs/blogs36/c2.py and c4.py.
"""
import numpy as np
import pytest

import framework as tf

v1 = tf.compat.v1
_NODE = '{{function_node __wrapped__SparseToDense_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


def _value(t):
    return t.dtype.name, t.shape.as_list(), t.numpy().tolist()


def test_values_as_tf():
    labels = tf.constant([[2], [0], [1]])
    one_hot = v1.sparse_to_dense(tf.concat([tf.reshape(tf.range(3), [3, 1]), labels], 1), [3, 4], 1.0, 0.0)
    assert _value(one_hot) == ('float32', [3, 4], [[0., 0., 1., 0.], [1., 0., 0., 0.], [0., 1., 0., 0.]])
    assert _value(v1.sparse_to_dense([[0], [2]], [4], [5, 6])) == ('int32', [4], [5, 0, 6, 0])
    assert _value(v1.sparse_to_dense([[0, 1], [1, 0]], [2, 2], 7., default_value=-1.)) == \
        ('float32', [2, 2], [[-1., 7.], [7., -1.]])
    assert _value(v1.sparse_to_dense(tf.constant([1, 3]), tf.constant([5]), 1)) == ('int32', [5], [0, 1, 0, 1, 0])
    assert _value(v1.sparse_to_dense(2, [3], 9)) == ('int32', [3], [0, 0, 9])
    assert _value(v1.sparse_to_dense([[2], [0]], [4], [5, 6], validate_indices=False)) == ('int32', [4], [6, 0, 5, 0])
    assert _value(v1.sparse_to_dense([[1], [1]], [4], [1, 2], validate_indices=False)) == ('int32', [4], [0, 2, 0, 0])
    assert _value(v1.sparse_to_dense(tf.constant([[1]], tf.int64), tf.constant([4], tf.int64), 2.5)) == \
        ('float32', [4], [0., 2.5, 0., 0.])
    assert _value(v1.sparse_to_dense([[1]], [3], 'a', default_value='z')) == ('string', [3], [b'z', b'a', b'z'])
    assert _value(v1.sparse_to_dense(np.zeros((0, 1), 'int32'), [3], np.zeros((0,), 'float32'))) == \
        ('float32', [3], [0., 0., 0.])


@pytest.mark.parametrize('call, text', [
    (lambda: v1.sparse_to_dense([[2], [0]], [4], [5, 6]), 'indices[1] = [0] is out of order. Many sparse ops require '
     'sorted indices.\n    Use `tf.sparse.reorder` to create a correctly ordered copy.\n\n [Op:SparseToDense]'),
    (lambda: v1.sparse_to_dense([[5]], [4], [5]), 'indices[0] = [5] is out of bounds: need 0 <= index < [4] '
     '[Op:SparseToDense]'),
    (lambda: v1.sparse_to_dense([[-1]], [3], 1), 'indices[0] = [-1] is out of bounds: need 0 <= index < [3] '
     '[Op:SparseToDense]'),
    (lambda: v1.sparse_to_dense(tf.constant([[5]]), tf.constant([4]), tf.constant([1])),
     'indices[0] = [5] is out of bounds: need 0 <= index < [4] [Op:SparseToDense] name: '),
    (lambda: v1.sparse_to_dense([[1], [1]], [4], 1), 'indices[1] = [1] is repeated [Op:SparseToDense]'),
    (lambda: v1.sparse_to_dense(np.zeros((1, 1, 1), 'int32'), [4], 1),
     'sparse_indices should be a scalar, vector, or matrix, got shape [1,1,1] [Op:SparseToDense]'),
    (lambda: v1.sparse_to_dense([[0]], [[4]], 1), 'output_shape must be rank 1, got shape [1,1] [Op:SparseToDense]'),
    (lambda: v1.sparse_to_dense([[0], [1]], [4], [1, 2, 3]),
     'sparse_values has incorrect shape [3], should be [] or [2] [Op:SparseToDense]'),
    (lambda: v1.sparse_to_dense(tf.constant([[0], [1]]), tf.constant([4]), tf.constant([1, 2, 3])),
     'sparse_values has incorrect shape [3], should be [] or [2] [Op:SparseToDense] name: '),
    (lambda: v1.sparse_to_dense([[0, 1]], [4], 1),
     'output_shape has incorrect number of elements: 1 should be: 2 [Op:SparseToDense]'),
], ids=['order', 'bounds', 'negative', 'bounds-tensors', 'repeated', 'rank3', 'shape2d', 'values', 'values-tensors',
        'index-rank'])
def test_kernel_errors_as_tf(call, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as raised:
        call()
    assert str(raised.value) == _NODE + text


def test_default_of_another_type_and_the_notice(deprecation_notices):
    with pytest.raises(TypeError, match='^Cannot convert 0.5 to EagerTensor of dtype int32$'):
        v1.sparse_to_dense([[1]], [4], 1, default_value=0.5)
    v1.sparse_to_dense([[1]], [4], 1)
    records = [r.getMessage() for r in deprecation_notices.records if r.name == 'tensorflow']
    assert len(records) == 1 and records[0].split(': ', 1)[1] == (
        'sparse_to_dense (from tensorflow.python.ops.sparse_ops) is deprecated and will be removed in a future '
        'version.\nInstructions for updating:\nCreate a `tf.sparse.SparseTensor` and use `tf.sparse.to_dense` instead.')
