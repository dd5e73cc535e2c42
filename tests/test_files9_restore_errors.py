"""A checkpoint restore refused for a value's dtype or shape raises TF 2.21's error, found in TF's order.

TensorFlow reads one object's values with one RestoreV2 kernel, which refuses every value whose dtype
is not its variable's (InvalidArgumentError, all such keys in key order, the kernel named with the
number of tensors it reads); then it assigns in checkpoint-key order and the first shape that does not
fit raises a ValueError naming the variable TF holds (a Keras weight's is its path plus ':0').
Expected texts: TF 2.21 (/opt/tfref) running the same programs with tensorflow and keras; unlike TF,
tapeflow assigns nothing when it refuses (checked below).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

_CPU = '/job:localhost/replica:0/task:0/device:CPU:0'


def _five(tmp_path):
    return tf.train.Checkpoint(a=tf.Variable([1.0, 2.0]), b=tf.Variable(3, dtype=tf.int64), c=tf.Variable([True]),
                               d=tf.Variable(['s']), e=tf.Variable(np.float16(1))).write(str(tmp_path / 'five'))


@pytest.mark.parametrize('new, count, lines', [
    (lambda: dict(a=tf.Variable([1, 2]), b=tf.Variable(3, dtype=tf.int64)), 2,
     ['tensor_name = a/.ATTRIBUTES/VARIABLE_VALUE; expected dtype int32 does not equal original dtype float']),
    (lambda: dict(c=tf.Variable([1.0]), b=tf.Variable(3, dtype=tf.int32), e=tf.Variable(np.float32(1))), 3,
     ['tensor_name = b/.ATTRIBUTES/VARIABLE_VALUE; expected dtype int32 does not equal original dtype int64',
      'tensor_name = c/.ATTRIBUTES/VARIABLE_VALUE; expected dtype float does not equal original dtype bool',
      'tensor_name = e/.ATTRIBUTES/VARIABLE_VALUE; expected dtype float does not equal original dtype half']),
    # a shape that does not fit (a) waits: the kernel's dtype check comes first
    (lambda: dict(a=tf.Variable([1.0, 2.0, 3.0]), e=tf.Variable(np.float32(1))), 2,
     ['tensor_name = e/.ATTRIBUTES/VARIABLE_VALUE; expected dtype float does not equal original dtype half']),
    (lambda: dict(d=tf.Variable([1]), a=tf.Variable([1.0], dtype=tf.bfloat16)), 2,
     ['tensor_name = a/.ATTRIBUTES/VARIABLE_VALUE; expected dtype bfloat16 does not equal original dtype float',
      'tensor_name = d/.ATTRIBUTES/VARIABLE_VALUE; expected dtype int32 does not equal original dtype string']),
])
def test_values_of_another_dtype_are_refused_by_restore_v2(tmp_path, new, count, lines):
    path = _five(tmp_path)
    variables = new()
    before = {k: v.numpy().copy() for k, v in variables.items()}
    with pytest.raises(tf.errors.InvalidArgumentError) as error:
        tf.train.Checkpoint(**variables).read(path)
    assert str(error.value) == '{{function_node __wrapped__RestoreV2_dtypes_%d_device_%s}} %s [Op:RestoreV2]' % (
        count, _CPU, '\n'.join(lines))
    for k, v in variables.items():
        np.testing.assert_array_equal(v.numpy(), before[k])


def test_save_counter_is_not_one_of_the_kernels_tensors(tmp_path):
    path = tf.train.Checkpoint(a=tf.Variable([1.0, 2.0]), b=tf.Variable([3.0])).save(str(tmp_path / 'ck'))
    with pytest.raises(tf.errors.InvalidArgumentError) as error:
        tf.train.Checkpoint(a=tf.Variable([9.0, 9.0]), b=tf.Variable([7], dtype=tf.int32)).restore(path)
    assert str(error.value) == (
        '{{function_node __wrapped__RestoreV2_dtypes_2_device_%s}} tensor_name = b/.ATTRIBUTES/VARIABLE_VALUE; '
        'expected dtype int32 does not equal original dtype float [Op:RestoreV2]' % _CPU)


class _Holder(tf.Module):
    pass


@pytest.mark.parametrize('names', [('z', 'a'), ('a-', 'a')])
def test_the_first_shape_refused_is_the_first_in_key_order(tmp_path, names):
    # keys 'a/v/...' < 'z/...' and 'a-/...' < 'a/v/...': TF names deep:0, then shallow:0
    shallow_name, deep_name = names

    def made(n):
        holder = _Holder()
        holder.v = tf.Variable(tf.zeros([n]), name='deep')
        return tf.train.Checkpoint(**{shallow_name: tf.Variable(tf.zeros([n]), name='shallow'), deep_name: holder})
    path = made(2).write(str(tmp_path / 'c'))
    with pytest.raises(ValueError) as error:
        made(3).read(path)
    assert str(error.value) == ('Received incompatible tensor with shape (2,) when attempting to restore variable '
                                'with shape (3,) and name %s:0.' % ('deep' if shallow_name == 'z' else 'shallow'))


def test_a_keras_model_refused_names_the_kernel_by_path_and_keeps_every_value(tmp_path):
    keras.backend.clear_session()       # the names below count from 'sequential'
    keras.utils.set_random_seed(1)
    try:
        def made(units):
            model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, name='a'),
                                      keras.layers.Dense(units, name='b')])
            model.compile('adam', 'mse')
            model.fit(np.ones((4, 3), 'float32'), np.ones((4, units), 'float32'), verbose=0)
            return model
        small = made(2)
        path = tf.train.Checkpoint(model=small, optimizer=small.optimizer).write(str(tmp_path / 'c'))
        big = made(5)
        before = [v.numpy() for v in big.weights + big.optimizer.variables]
        with pytest.raises(ValueError) as error:
            tf.train.Checkpoint(model=big, optimizer=big.optimizer).restore(path)
        # TF: its kernel (optimizer/_trainable_variables/2) sorts before its momentum (optimizer/_variables/6)
        assert str(error.value) == ('Received incompatible tensor with shape (4, 2) when attempting to restore '
                                    'variable with shape (4, 5) and name sequential_1/b/kernel:0.')
        for old, v in zip(before, big.weights + big.optimizer.variables):   # TF had assigned layer a's
            np.testing.assert_array_equal(v.numpy(), old)
    finally:
        tf.random.set_seed(None)
        keras.backend.clear_session()
