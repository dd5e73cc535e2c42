"""A TF op that hands its kernel a Keras variable as given (tf.multiply, tf.subtract, tf.math.less, ...) has the
variable convert itself to the other operand's dtype, which its backing tf.Variable refuses: TF 2.21's ValueError
'Incompatible type conversion requested ...' naming that tf.Variable, where tapeflow gave the kernel's dtype
error. The tensor's own operator then falls back to Keras's (int_tensor * float_variable is float32).
TF 2.21 gave every text and value below (notes/progs/kerasvars1/p6.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _kf():
    return keras.Variable(np.array([1., 2.], 'float32'), name='kf')


def _ki():
    return keras.Variable(np.array([1, 2], 'int32'), name='ki')


def _kd():
    return keras.Variable(np.array([1., 2.], 'float64'), name='kd')


KF_TEXT = "<tf.Variable 'kf:0' shape=(2,) dtype=float32, numpy=array([1., 2.], dtype=float32)>"
KI_TEXT = "<tf.Variable 'ki:0' shape=(2,) dtype=int32, numpy=array([1, 2], dtype=int32)>"
KD_TEXT = "<tf.Variable 'kd:0' shape=(2,) dtype=float64, numpy=array([1., 2.])>"
OPS = [tf.subtract, tf.multiply, tf.pow, tf.maximum, tf.minimum, tf.math.squared_difference, tf.math.floordiv,
       tf.math.floormod, tf.math.less, tf.math.equal, tf.math.not_equal, tf.math.greater_equal, tf.math.atan2]


def _text(wanted, variable_dtype, variable_text):
    return ('Incompatible type conversion requested to type %s for `tf.Variable of type %s. (Variable: %s)'
            % (wanted, variable_dtype, variable_text))


@pytest.mark.parametrize('op', OPS, ids=lambda op: op.__name__)
@pytest.mark.parametrize('operands, text', [
    (lambda: (_kf(), tf.constant([1, 2])), _text('int32', 'float32', KF_TEXT)),
    (lambda: (tf.constant([1, 2]), _kf()), _text('int32', 'float32', KF_TEXT)),
    (lambda: (_kf(), _ki()), _text('float32', 'int32', KI_TEXT)),
    (lambda: (tf.ones((2,)), _kd()), _text('float32', 'float64', KD_TEXT)),
    (lambda: (_kd(), tf.ones((2,))), _text('float32', 'float64', KD_TEXT)),
])
def test_the_variable_refuses_the_other_dtype(op, operands, text):
    with pytest.raises(ValueError) as raised:
        op(*operands())
    assert str(raised.value) == text


def test_a_layer_weight_is_named_by_its_path():
    layer = keras.layers.Dense(2, kernel_initializer='ones', name='dense_kv1')
    layer.build((None, 1))
    with pytest.raises(ValueError) as raised:
        tf.multiply(layer.bias, tf.constant([1, 2]))
    assert str(raised.value) == _text('int32', 'float32', "<tf.Variable 'dense_kv1/bias:0' shape=(2,) dtype=float32, "
                                                          "numpy=array([0., 0.], dtype=float32)>")


@pytest.mark.parametrize('op', [tf.add, tf.matmul], ids=['add', 'matmul'])
def test_ops_that_convert_first_keep_the_kernel_error(op):
    # TF 2.21: tf.add and tf.matmul convert their operands: the kernel's dtype error
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'was expected to be a float tensor but is a int32 tensor'):
        op(keras.Variable(np.ones((2, 2), 'float32')), tf.ones((2, 2), tf.int32))


@pytest.mark.parametrize('operation, dtype, values', [
    # the tensor's operator falls back to Keras's, as TF's binary_op_wrapper does on the ValueError
    (lambda: tf.constant([1, 2]) * _kf(), 'float32', [1.0, 4.0]),
    (lambda: tf.constant([1, 2]) - _kf(), 'float32', [0.0, 0.0]),
    (lambda: tf.ones((2,)) ** _kd(), 'float64', [1.0, 1.0]),
    (lambda: tf.ones((2,)) // _kd(), 'float64', [1.0, 0.0]),
])
def test_operators_fall_back_to_keras(operation, dtype, values):
    result = operation()
    assert result.dtype.name == dtype
    assert result.numpy().tolist() == values


def test_tf_variables_keep_the_kernel_error():
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'\[Op:Mul\]'):
        tf.multiply(tf.Variable([1., 2.]), tf.constant([1, 2]))


@pytest.mark.parametrize('indices', [lambda: [5], lambda: tf.constant([5])], ids=['list', 'tensor'])
def test_gather_from_a_keras_variable_is_gather_v2(indices):
    # TF 2.21: a Keras variable is no tf.Variable to tf.gather: GatherV2 (the slow path: no ' name: ' tail)
    with pytest.raises(tf.errors.InvalidArgumentError) as raised:
        tf.gather(_kf(), indices())
    assert str(raised.value).endswith('indices[0] = 5 is not in [0, 2) [Op:GatherV2]')


def test_gather_from_a_tf_variable_is_resource_gather():
    with pytest.raises(tf.errors.InvalidArgumentError) as raised:
        tf.gather(tf.Variable([1., 2.]), [5])
    assert str(raised.value).endswith('indices[0] = 5 is not in [0, 2) [Op:ResourceGather]')


@pytest.mark.parametrize('operation, text', [
    # TF 2.21: the list's dtype is its first tensor's that is no Keras variable; the first item unlike it refuses
    (lambda: tf.concat([_kf(), tf.constant([1, 2])], 0), _text('int32', 'float32', KF_TEXT)),
    (lambda: tf.concat([tf.constant([1, 2]), _kf()], 0), _text('int32', 'float32', KF_TEXT)),
    (lambda: tf.concat([_kf(), _ki()], 0), _text('float32', 'int32', KI_TEXT)),
    (lambda: tf.concat([_kf(), tf.ones((2,)), _ki()], 0), _text('float32', 'int32', KI_TEXT)),
    (lambda: tf.stack([tf.constant([1, 2]), _kf()]), _text('int32', 'float32', KF_TEXT)),
    (lambda: tf.einsum('i,i->', _kf(), tf.constant([1, 2])), _text('int32', 'float32', KF_TEXT)),
    (lambda: tf.einsum('i,i->', tf.constant([1, 2]), _kf()), _text('int32', 'float32', KF_TEXT)),
    (lambda: tf.concat([tf.ones((2,)), _kf(), tf.constant([1, 2])], 0),
     'Tensor conversion requested dtype float32 for Tensor with dtype int32: '
     '<tf.Tensor: shape=(2,), dtype=int32, numpy=array([1, 2], dtype=int32)>'),
])
def test_list_ops_convert_every_item(operation, text):
    with pytest.raises(ValueError) as raised:
        operation()
    assert str(raised.value) == text


def test_a_list_without_keras_variables_keeps_the_kernel_error():
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'\[Op:ConcatV2\] name: concat'):
        tf.concat([tf.ones((2,)), tf.constant([1, 2])], 0)


def test_convert_to_tensor_names_the_backing_variable():
    # TF 2.21: tf.convert_to_tensor(layer.kernel, dtype=tf.int32) -> ValueError "Incompatible type conversion
    # requested to type int32 for `tf.Variable of type float32. (Variable: <tf.Variable 'dd/kernel:0' shape=(2, 2)
    # dtype=float32, numpy=...>)"; a tf.Variable is named by its repr
    layer = keras.layers.Dense(2, name='dd')
    layer.build((None, 2))
    layer.set_weights([np.eye(2, dtype='float32'), np.zeros(2, 'float32')])
    with pytest.raises(ValueError) as info:
        tf.convert_to_tensor(layer.kernel, dtype=tf.int32)
    assert str(info.value) == ("Incompatible type conversion requested to type int32 for `tf.Variable of type float32. "
                               "(Variable: <tf.Variable 'dd/kernel:0' shape=(2, 2) dtype=float32, numpy=\n"
                               "array([[1., 0.],\n       [0., 1.]], dtype=float32)>)")
    variable = tf.Variable([1., 2.], name='tv')
    with pytest.raises(ValueError) as info:
        tf.convert_to_tensor(variable, dtype=tf.int32)
    assert str(info.value).endswith("(Variable: <tf.Variable 'tv:0' shape=(2,) dtype=float32, "
                                    "numpy=array([1., 2.], dtype=float32)>)")


def test_variables_and_datasets_name_the_backing_variable_too():
    # TF 2.21 (notes/progs/lead46/p19.py): tf.Variable(kernel, dtype=tf.int32), an int32 variable's
    # assign(kernel) and Dataset.take(int32 Keras variable) refuse the conversion naming the backing tf.Variable
    layer = keras.layers.Dense(2, kernel_initializer='ones', name='dd_conv')
    layer.build((None, 2))
    text = ("Incompatible type conversion requested to type int32 for `tf.Variable of type float32. (Variable: "
            "<tf.Variable 'dd_conv/kernel:0' shape=(2, 2) dtype=float32, numpy=\narray([[1., 1.],\n"
            "       [1., 1.]], dtype=float32)>)")
    for fn in (lambda: tf.Variable(layer.kernel, dtype=tf.int32),
               lambda: tf.Variable(np.zeros((2, 2), 'int32')).assign(layer.kernel)):
        with pytest.raises(ValueError) as info:
            fn()
        assert str(info.value) == text
    count = keras.Variable(np.array(3, 'int32'), name='cnt_conv')
    with pytest.raises(ValueError) as info:
        tf.data.Dataset.range(5).take(count)
    assert str(info.value) == ("Incompatible type conversion requested to type int64 for `tf.Variable of type int32. "
                               "(Variable: <tf.Variable 'cnt_conv:0' shape=() dtype=int32, numpy=3>)")
