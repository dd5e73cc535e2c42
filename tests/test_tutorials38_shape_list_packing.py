"""A shape list that holds tensors, packed as TF 2.21's eager auto-packing packs it.

The nmt_with_attention tutorial's Keras 2 line ``self.rnn.get_initial_state(embedded)`` builds
``tf.zeros([embedded, units])`` on Keras 3. Its Pack error ends ' name: ' in TF: a list mixing tensors
and Python values packs in a name scope, which eager names ''. A list of tensors alone takes the fast
path under the name 'packed' (an inner list's index). A float entry in a random op's shape
(``tf.shape(x)[0] / 2``) is refused by the kernel's T attribute, in the packed list's dtype.
Expected texts were printed by TF 2.21 (/work/notes/progs/tutorials38/pk1.py, rn1.py).
"""
import pytest

import framework as tf

PACK_SHAPES = ('{{function_node __wrapped__Pack_N_2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
               'Shapes of all inputs must match: values[0].shape = [2,3] != values[1].shape = [] [Op:Pack] name: ')


def _message(fn):
    with pytest.raises(Exception) as info:
        fn()
    return type(info.value).__name__, str(info.value)


def test_a_list_mixing_a_tensor_and_an_int_packs_unnamed():
    t = tf.ones((2, 3))
    assert _message(lambda: tf.zeros([t, 3])) == ('InvalidArgumentError', PACK_SHAPES)
    assert _message(lambda: tf.convert_to_tensor([t, 3])) == ('InvalidArgumentError', PACK_SHAPES)
    assert _message(lambda: tf.fill([t, 2], 1.0)) == ('InvalidArgumentError', PACK_SHAPES)
    assert _message(lambda: tf.reduce_sum([tf.ones((2,)), tf.ones((3,)), 1.0])) == (
        'InvalidArgumentError',
        '{{function_node __wrapped__Pack_N_3_device_/job:localhost/replica:0/task:0/device:CPU:0}} Shapes of all '
        'inputs must match: values[0].shape = [2] != values[1].shape = [3] [Op:Pack] name: ')


def test_a_list_of_tensors_alone_keeps_the_packed_name_and_an_inner_one_its_index():
    t, s = tf.ones((2, 3)), tf.constant(2)
    assert _message(lambda: tf.convert_to_tensor([t, s])) == (
        'InvalidArgumentError', 'cannot compute Pack as input #1(zero-based) was expected to be a float tensor but '
        'is a int32 tensor [Op:Pack] name: packed')
    assert _message(lambda: tf.convert_to_tensor([[t, s], [s, s]])) == (
        'InvalidArgumentError', 'cannot compute Pack as input #1(zero-based) was expected to be a float tensor but '
        'is a int32 tensor [Op:Pack] name: 0')


def _attr_error(dtype_name, kernel, signature):
    return ('InvalidArgumentError', "Value for attr 'T' of %s is not in the list of allowed values: int32, int64\n\t; "
            "NodeDef: {{node %s}}; Op<name=%s; signature=%s> [Op:%s] name: "
            % (dtype_name, kernel, kernel, signature, kernel))


FLOAT_KERNEL = ('shape:T -> output:dtype; attr=seed:int,default=0; attr=seed2:int,default=0; '
                'attr=dtype:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; '
                'attr=T:type,allowed=[DT_INT32, DT_INT64]; is_stateful=true')


def test_a_float_tensor_in_a_random_shape_is_refused_in_the_packed_dtype():
    x = tf.ones((4, 6))
    assert _message(lambda: tf.random.normal([tf.shape(x)[0] / 2, 3])) == \
        _attr_error('double', 'RandomStandardNormal', FLOAT_KERNEL)
    assert _message(lambda: tf.random.normal([3, tf.shape(x)[0] / 2])) == \
        _attr_error('double', 'RandomStandardNormal', FLOAT_KERNEL)
    assert _message(lambda: tf.random.uniform([tf.shape(x)[0] / 2, 3])) == \
        _attr_error('double', 'RandomUniform', FLOAT_KERNEL)
    assert _message(lambda: tf.random.truncated_normal([tf.constant(2.0), 3])) == \
        _attr_error('float', 'TruncatedNormal', FLOAT_KERNEL)
    assert _message(lambda: tf.random.uniform([tf.constant(2.0), 3], maxval=5, dtype=tf.int32)) == _attr_error(
        'float', 'RandomUniformInt', 'shape:T, minval:Tout, maxval:Tout -> output:Tout; attr=seed:int,default=0; '
        'attr=seed2:int,default=0; attr=Tout:type,allowed=[DT_INT32, DT_INT64]; attr=T:type,allowed=[DT_INT32, '
        'DT_INT64]; is_stateful=true')


def test_a_random_shape_of_tensors_with_two_dtypes_fails_in_its_pack():
    x = tf.ones((4, 6))
    assert _message(lambda: tf.random.normal([tf.shape(x)[1], tf.shape(x)[0] / 2])) == (
        'InvalidArgumentError', 'cannot compute Pack as input #1(zero-based) was expected to be a int32 tensor but '
        'is a double tensor [Op:Pack] name: shape')


def test_an_integer_tensor_in_a_random_shape_still_draws():
    x = tf.ones((4, 6))
    assert tf.random.normal([tf.shape(x)[0] // 2, 3]).shape == (2, 3)
    assert tf.random.uniform([tf.constant(2, tf.int64), 3]).shape == (2, 3)


def _tshape_error(dtype_name, kernel, tail):
    return ('InvalidArgumentError', "Value for attr 'Tshape' of %s is not in the list of allowed values: int32, "
            "int64\n\t; NodeDef: {{node %s}}; Op<name=%s; signature=shape:Tshape, key:uint64, counter:uint64, "
            "alg:int32 -> output:dtype; attr=dtype:type,default=DT_FLOAT,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, "
            "DT_DOUBLE]; attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:%s]%s"
            % (dtype_name, kernel, kernel, kernel, tail))


def test_a_float_tensor_in_a_keras_random_shape_is_the_stateless_kernels_refusal():
    from framework import keras
    x = tf.ones((4, 6))
    assert _message(lambda: keras.random.normal([tf.constant(2.0), 3])) == \
        _tshape_error('float', 'StatelessRandomNormalV2', '')
    assert _message(lambda: keras.random.normal([tf.shape(x)[0] / 2, 3])) == \
        _tshape_error('double', 'StatelessRandomNormalV2', '')
    assert _message(lambda: keras.random.uniform((tf.shape(x)[0] / 2, 3))) == \
        _tshape_error('double', 'StatelessRandomUniformV2', ' name: ')
    assert keras.random.normal([tf.shape(x)[0] // 2, 3], seed=1).shape == (2, 3)


def test_a_float_entry_in_a_dropout_noise_shape():
    from framework import keras
    x = tf.ones((4, 6))
    assert _message(lambda: keras.random.dropout(x, 0.5, noise_shape=[tf.shape(x)[0] / 2, 6])) == \
        _tshape_error('double', 'StatelessRandomUniformV2', ' name: ')
    assert _message(lambda: keras.random.dropout(x, 0.5, noise_shape=[4.0, 6])) == \
        _tshape_error('float', 'StatelessRandomUniformV2', ' name: ')
    assert keras.random.dropout(x, 0.5, noise_shape=[None, 6], seed=1).shape == (4, 6)
    assert _message(lambda: keras.layers.Dropout(0.5, noise_shape=[tf.shape(x)[0] / 2, 6])) == (
        'ValueError', 'Invalid value received for argument `noise_shape`. Expected all elements to be integers or '
        'None. Received element at index 0: 2.0 (type: EagerTensor)')
