"""keras.ops.dot_product_attention / multi_hot / layer_normalization / batch_normalization given bad
arguments fail (or compute) as Keras 3.15 does on TF 2.21.

Goldens: the texts and values TF 2.21 printed for /work/notes/progs/errors59/nn1.py and kops2.py (the same
program run with `import tensorflow as tf`).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.fixture(autouse=True)
def _measured_on_the_epyc(epyc_cpu):
    """TF 2.21's values and texts here were measured on the AMD EPYC (AVX2, oneDNN off): tapeflow computes as
    TF does there, whatever this CPU is (on a Xeon TF runs oneDNN's kernels, which round and word otherwise)."""

ops = keras.ops
Q = np.ones((1, 3, 4, 2), 'float32')
X = np.ones((2, 3), 'float32')
EINSUM = ('{{function_node __wrapped__Einsum_N_2_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s '
          '[Op:Einsum] name: ')
RESHAPE = ('{{function_node __wrapped__Reshape_device_/job:localhost/replica:0/task:0/device:CPU:0}} Input to '
           'reshape is a tensor with %d values, but the requested shape has %d [Op:Reshape]')


@pytest.mark.parametrize('call, error, text', [
    (lambda: ops.dot_product_attention(Q[None], Q, Q), ValueError,
     '`dot_product_attention` only supports 4D inputs. Received: query.shape=(1, 1, 3, 4, 2), '
     'key.shape=(1, 3, 4, 2), value.shape=(1, 3, 4, 2).'),
    (lambda: ops.dot_product_attention(np.ones((2, 3, 4), 'int32'), Q, Q), ValueError,
     '`dot_product_attention` only supports 4D inputs. Received: query.shape=(2, 3, 4), key.shape=(1, 3, 4, 2), '
     'value.shape=(1, 3, 4, 2).'),
    (lambda: ops.dot_product_attention(Q[0], Q, Q, flash_attention=True), ValueError,
     'Flash attention is not supported in tensorflow backend.'),
    # the query's rank only is Keras's check: a key's or value's is Einsum's
    (lambda: ops.dot_product_attention(Q, Q[0], Q), tf.errors.InvalidArgumentError,
     EINSUM % 'Expected input 1 to have rank 4 but got: 3'),
    (lambda: ops.dot_product_attention(Q, Q, Q[0]), tf.errors.InvalidArgumentError,
     EINSUM % 'Expected input 1 to have rank 4 but got: 3'),
    # more key/value heads than query heads, or a count that does not divide: Einsum's
    (lambda: ops.dot_product_attention(Q[:, :, :2], Q, Q), tf.errors.InvalidArgumentError,
     EINSUM % 'Expected dimension 2 at axis 2 of the input shaped [1,3,4,2] but got dimension 4'),
    (lambda: ops.dot_product_attention(np.ones((1, 3, 3, 4), 'float32'), np.ones((1, 3, 2, 4), 'float32'),
                                       np.ones((1, 3, 2, 4), 'float32')), tf.errors.InvalidArgumentError,
     EINSUM % 'Expected dimension 3 at axis 2 of the input shaped [1,3,2,4] but got dimension 2'),
    (lambda: ops.multi_hot(np.array([[0, 1]])), ValueError, 'Argument `num_classes` must be specified.'),
    (lambda: ops.multi_hot(np.array([[0, 1]]), foo=2), ValueError, 'Argument `num_classes` must be specified.'),
    (lambda: ops.multi_hot([[0.0, 1.0]], 3), AttributeError, "'list' object has no attribute 'shape'"),
    (lambda: ops.multi_hot(np.array([['a']]), 3), tf.errors.UnimplementedError,
     '{{function_node __wrapped__Cast_device_/job:localhost/replica:0/task:0/device:CPU:0}} Cast string to int64 is '
     'not supported [Op:Cast] name: '),
    (lambda: ops.layer_normalization(X, axis=5), IndexError, 'tuple index out of range'),
    (lambda: ops.layer_normalization(X, axis=-3), IndexError, 'tuple index out of range'),
    (lambda: ops.layer_normalization(X, axis=[0, 5]), IndexError, 'tuple index out of range'),
    # axis=-1 is not written as [ndim - 1]: Keras reshapes gamma / beta to (1, 3)
    (lambda: ops.layer_normalization(X, gamma=np.ones(4, 'float32')), tf.errors.InvalidArgumentError, RESHAPE % (4, 3)),
    (lambda: ops.layer_normalization(X, beta=np.ones(2, 'float32')), tf.errors.InvalidArgumentError, RESHAPE % (2, 3)),
    (lambda: ops.batch_normalization(X, np.zeros(3), np.ones(3), axis=5), IndexError,
     'list assignment index out of range'),
    (lambda: ops.batch_normalization(X, np.zeros(3), np.ones(3), axis=-3), IndexError,
     'list assignment index out of range'),
    (lambda: ops.batch_normalization(X, np.zeros(3), np.ones(3), axis=2), IndexError,
     'list assignment index out of range'),
])
def test_refuses_as_keras_on_tensorflow(call, error, text):
    with pytest.raises(error) as caught:
        call()
    assert type(caught.value).__name__ == error.__name__
    assert str(caught.value) == text


@pytest.mark.parametrize('call, expected', [
    # float and bool class ids are cast to int64 (truncated), as Keras's convert_to_tensor(x, 'int64')
    (lambda: ops.multi_hot(np.array([[0.0, 1.7]]), 3), [[1.0, 1.0, 0.0]]),
    (lambda: ops.multi_hot(np.array([[-0.5, 2.9]], 'float32'), 3), [[1.0, 0.0, 1.0]]),
    (lambda: ops.multi_hot(np.array([[True, False]]), 3), [[1.0, 1.0, 0.0]]),
    (lambda: ops.multi_hot(tf.constant([[0.0, 2.0]]), 3), [[1.0, 0.0, 1.0]]),
    (lambda: ops.multi_hot(np.array([[0, 1]]), 3, foo=2), [[1.0, 1.0, 0.0]]),     # other keywords ignored
    (lambda: ops.layer_normalization(X, foo=1), [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]),
    # (bn2.py: 0x1.ffbe84p-1, 1 / sqrt(1.001) in float32)
    (lambda: ops.batch_normalization(X, np.zeros(2), np.ones(2), axis=0), [[float.fromhex('0x1.ffbe84p-1')] * 3] * 2),
])
def test_computes_as_keras_on_tensorflow(call, expected):
    out = np.asarray(call())
    assert out.dtype == np.float32 and out.tolist() == expected


def test_one_key_value_head_serves_every_query_head():
    # (TF 2.21's backend leaves this to Einsum's error; tapeflow repeats the head, as Keras on JAX)
    one = ops.dot_product_attention(Q, Q[:, :, :1], Q[:, :, :1])
    assert np.asarray(one).shape == (1, 3, 4, 2)
