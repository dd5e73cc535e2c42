"""keras.ops.take_along_axis / repeat / matmul given mismatched shapes fail as Keras 3 on TF 2.21 does.

Golden texts printed by TF 2.21 / Keras 3 (progs/errors35/tak.py, rep.py, td.py, td2.py), e.g.
    keras.ops.take_along_axis(tf.reshape(tf.range(6.), [2, 3]), tf.ones([3, 3], tf.int32), axis=1)
    -> ValueError: Cannot broadcast shape, the failure dim has value 2, which cannot be broadcasted to 3. ...
Keras checks take_along_axis's shapes itself, hands repeat to tf.repeat and a vector (or a batch of matrices by
one matrix) in matmul to tf.tensordot, whose reshaped MatMul names the shapes it made.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import InvalidArgumentError

ops = keras.ops
X = tf.reshape(tf.range(6.0), [2, 3])
MKL = '{{function_node __wrapped____MklMatMul_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


@pytest.mark.parametrize('indices, axis, error, text', [
    (tf.ones([3, 3], tf.int32), 1, ValueError, 'Cannot broadcast shape, the failure dim has value 2, which cannot '
     'be broadcasted to 3. Input shapes are: [2, 3] and [3, 3].'),
    (tf.ones([3, 2], tf.int32), 0, ValueError, 'Cannot broadcast shape, the failure dim has value 3, which cannot '
     'be broadcasted to 2. Input shapes are: [3, 3] and [3, 2].'),
    (tf.ones([3], tf.int32), 1, ValueError,
     '`x` and `indices` must have the same number of dimensions, but receive shape [2, 3] and [3].'),
    (np.ones(3, 'int32'), 5, ValueError,
     '`x` and `indices` must have the same number of dimensions, but receive shape [2, 3] and [3].'),
    (tf.ones([2, 2], tf.int32), None, ValueError, '`indices` must be 1D if axis=None. Received: indices.shape=(2, 2)'),
    (tf.ones([2, 3], tf.int32), 2, ValueError, 'axis 2 is out of bounds for an array with dimension 2.'),
])
def test_take_along_axis_shapes_in_keras_words(indices, axis, error, text):
    with pytest.raises(error) as info:
        ops.take_along_axis(X, indices, axis=axis)
    assert str(info.value) == text


@pytest.mark.parametrize('indices, axis, expected', [
    ([[0, 2]], 1, [[0.0, 2.0], [3.0, 5.0]]),              # indices broadcast over the rows
    ([[0.0, 1.9]], 1, [[0.0, 1.0], [3.0, 4.0]]),          # float indices truncated, as Keras's int64 cast
    ([5, 0], None, [5.0, 0.0]),
])
def test_take_along_axis_still_broadcasts(indices, axis, expected):
    # values printed by TF 2.21's keras.ops.take_along_axis
    assert ops.take_along_axis(X, tf.constant(indices), axis=axis).numpy().tolist() == expected


def test_take_along_axis_broadcasts_x():
    out = ops.take_along_axis(tf.constant([[1.0, 2.0, 3.0]]), tf.constant([[0, 2], [1, 1]]), axis=1)
    assert out.numpy().tolist() == [[1.0, 3.0], [2.0, 2.0]]     # TF 2.21


@pytest.mark.parametrize('x, repeats, axis, error, text', [
    (tf.ones([3]), [1, 2], None, ValueError, 'Dimensions 3 and 2 are not compatible'),
    (tf.ones([2, 3]), [1, 2], 1, ValueError, 'Dimensions 3 and 2 are not compatible'),
    (np.array([[1, 2], [3, 4]]), [1, 0, 1], None, ValueError, 'Dimensions 4 and 3 are not compatible'),
    (tf.ones([3]), [[1, 2, 3]], None, ValueError, 'Shape (1, 3) must have rank at most 1'),
    (tf.ones([3]), 1.5, None, TypeError, "Argument `tensor` (name: repeats) must be of type integer. Received "
     "`tensor` = 1.5 of dtype: <dtype: 'float32'>"),
    (tf.ones([2]), 2, 0.0, TypeError, 'Argument `axis` must be an int. Received `axis` = 0.0 of type float'),
    (tf.ones([3]), -1, None, InvalidArgumentError, '{{function_node __wrapped__Tile_device_/job:localhost/replica:0/'
     'task:0/device:CPU:0}} Expected multiples[1] >= 0, but got -1 [Op:Tile]'),
])
def test_repeat_fails_as_tf_repeat(x, repeats, axis, error, text):
    with pytest.raises(error) as info:
        ops.repeat(x, repeats, axis=axis)
    assert str(info.value) == text


@pytest.mark.parametrize('x, repeats, axis, expected', [
    (tf.ones([2]), [1, -1], None, [1.0]),       # TF 2.21: a negative count in a list drops the element
    (tf.constant(3.0), 2, 0, [3.0, 3.0]),       # a scalar with axis=0
    (tf.constant([[1, 2], [3, 4]]), [1, 0, 1, 2], None, [1, 3, 4, 4]),
])
def test_repeat_values_as_tf_repeat(x, repeats, axis, expected):
    assert ops.repeat(x, repeats, axis=axis).numpy().tolist() == expected


@pytest.mark.parametrize('a, b, error, text', [
    (tf.constant(2.5), tf.ones([3]), ValueError,
     '`axes` must not be larger than the number of dimensions of tensor 2.5.  Received 1, vs tensor dimensions 0.'),
    (np.float32(2.5), np.ones(3), ValueError,
     '`axes` must not be larger than the number of dimensions of tensor 2.5.  Received 1, vs tensor dimensions 0.'),
    (tf.ones([3]), tf.constant(2.5), IndexError, 'list index out of range'),
    (tf.ones([2, 2, 3]), tf.ones([4, 2]), InvalidArgumentError,
     MKL + 'Matrix size-incompatible: In[0]: [4,3], In[1]: [4,2] [Op:MatMul] name: '),
    (tf.ones([2, 2, 3]), tf.ones([4]), InvalidArgumentError,
     MKL + 'Matrix size-incompatible: In[0]: [4,3], In[1]: [4,1] [Op:MatMul] name: '),
    (tf.ones([3]), tf.ones([2, 4, 2]), InvalidArgumentError,
     MKL + 'Matrix size-incompatible: In[0]: [1,3], In[1]: [4,4] [Op:MatMul] name: '),
])
def test_matmul_routes_errors_as_keras(a, b, error, text, onednn_on):
    # The texts are TF 2.21's with its oneDNN kernels (its default on the AVX-512 Xeon they were measured on).
    with pytest.raises(error) as info:
        ops.matmul(a, b)
    assert str(info.value) == text


@pytest.mark.parametrize('a, b, shapes', [
    (tf.ones([2, 2, 3]), tf.ones([4, 2]), 'In[0]: [4,3], In[1]: [4,2]'),
    (tf.ones([3]), tf.ones([2, 4, 2]), 'In[0]: [1,3], In[1]: [4,4]'),
])
def test_matmul_errors_name_tfs_own_kernel_where_onednn_is_off(a, b, shapes, monkeypatch):
    # TF 2.21 on an AMD EPYC without AVX-512 (oneDNN off by default there) or with TF_ENABLE_ONEDNN_OPTS=0 gives
    # '{{function_node __wrapped__MatMul_device_/job:localhost/replica:0/task:0/device:CPU:0}} Matrix ...'.
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '0')
    with pytest.raises(InvalidArgumentError) as info:
        ops.matmul(a, b)
    assert str(info.value) == ('{{function_node __wrapped__MatMul_device_/job:localhost/replica:0/task:0/device:CPU:0}}'
                               ' Matrix size-incompatible: %s [Op:MatMul] name: ' % shapes)
