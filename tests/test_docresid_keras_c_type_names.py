"""Keras 3.15's entry points refuse TF's C-type dtype names 'double' / 'half' (as 'float'): its
standardize_dtype knows only ALLOWED_DTYPES, so on TF 2.21 keras.backend.standardize_dtype('double'),
keras.ops.cast(x, 'half'), keras.Variable(1., dtype='double'), Layer.add_weight(dtype='half') and
keras.backend.result_type('double', 'float32') raise ValueError('Invalid dtype: double'), and a layer's
dtype='double' is not a DTypePolicy. TF's own ops keep taking them (tf.cast(x, 'double')).
Also: add_weight(dtype=...) without an initializer crashed ('DType' object has no attribute 'kind');
Keras picks glorot_uniform for float dtypes and zeros otherwise. Texts/values printed by TF 2.21 + Keras 3.15."""
import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('name', ['double', 'half', 'float'])
@pytest.mark.parametrize('entry', [
    lambda d: keras.backend.standardize_dtype(d),
    lambda d: keras.ops.cast(np.ones(2), d),
    lambda d: keras.Variable(1., dtype=d),
    lambda d: keras.layers.Layer().add_weight(shape=(2,), dtype=d),
    lambda d: keras.backend.is_float_dtype(d),
    lambda d: keras.backend.result_type(d, 'float32'),
], ids=['standardize_dtype', 'cast', 'Variable', 'add_weight', 'is_float_dtype', 'result_type'])
def test_keras_refuses_c_type_names(entry, name):
    with pytest.raises(ValueError) as err:
        entry(name)
    assert str(err.value) == 'Invalid dtype: %s' % name


@pytest.mark.parametrize('name', ['double', 'half'])
def test_layer_dtype_is_no_policy(name):
    with pytest.raises(ValueError, match="^Cannot convert '%s' to a mixed precision DTypePolicy" % name):
        keras.layers.Dense(2, dtype=name)


def test_tf_and_creation_ops_keep_c_type_names():
    # TF 2.21: tf.cast / keras.ops.zeros / keras.random.normal pass the name to TF, which takes it
    assert tf.cast(tf.constant([1]), 'double').dtype == tf.float64
    assert keras.ops.zeros(2, dtype='half').dtype == tf.float16
    assert keras.random.normal((2,), dtype='double', seed=1).dtype == tf.float64


@pytest.mark.parametrize('dtype, floating', [('float32', True), ('float64', True), ('float16', True),
                                             ('bfloat16', True), ('int32', False), ('int64', False),
                                             ('bool', False), ('uint8', False), ('complex64', False)])
def test_add_weight_default_initializer_by_dtype(dtype, floating):
    # TF 2.21 + Keras 3.15, keras.utils.set_random_seed(3) before the first: float32 weights
    # [[-0.005066871643066406, -1.1857322454452515], [0.7821148633956909, -1.0022910833358765]];
    # int32/int64/bool/uint8/complex64 weights are all zeros
    keras.utils.set_random_seed(3)
    try:
        v = keras.layers.Layer().add_weight(shape=(2, 2), dtype=dtype)
    finally:
        tf.random.set_seed(None)       # the suite runs in one process
    assert v.dtype == dtype
    values = np.abs(keras.ops.convert_to_numpy(v)).astype('float64')
    if floating:
        assert np.any(values != 0)
    else:
        assert np.all(values == 0)
    if dtype == 'float32':
        np.testing.assert_array_equal(keras.ops.convert_to_numpy(v),
                                      np.array([[-0.005066871643066406, -1.1857322454452515],
                                                [0.7821148633956909, -1.0022910833358765]], np.float32))


@pytest.mark.parametrize('name', ['double', 'half', 'float', 'float33', 'str', 'object'])
def test_input_refuses_what_standardize_dtype_refuses(name):
    # TF 2.21 + Keras 3.15: keras.Input((2,), dtype='double') -> ValueError 'Invalid dtype: double'
    with pytest.raises(ValueError) as err:
        keras.Input((2,), dtype=name)
    assert str(err.value) == 'Invalid dtype: %s' % name


@pytest.mark.parametrize('name, expected', [('int', 'int64'), ('float64', 'float64'), ('string', 'string'),
                                            ('bfloat16', 'bfloat16'), ('uint8', 'uint8'), ('bool', 'bool')])
def test_input_dtype_names(name, expected):
    # TF 2.21 + Keras 3.15 print these dtypes for keras.Input((2,), dtype=name).dtype ('int' is int64)
    assert keras.Input((2,), dtype=name).dtype == expected
