"""DType objects as TensorFlow 2.21's: printing, equality, hashing, as_dtype, and
every creation path accepting a DType, a numpy dtype/type and a name alike.

Expected values were read off /opt/tfref (TensorFlow 2.21, Keras 3.15): e.g.
``str(tf.float32)`` is "<dtype: 'float32'>", ``tf.uint8.as_datatype_enum`` is 4.
"""
import copy
import pickle
import warnings

import numpy as np
import pytest

import framework as tf
from framework import dtypes, keras

# name, numpy type, TensorFlow's enum, size, is_floating, is_integer, is_unsigned, is_complex, is_bool
TABLE = [
    ('float16', np.float16, 19, 2, True, False, False, False, False),
    ('float32', np.float32, 1, 4, True, False, False, False, False),
    ('float64', np.float64, 2, 8, True, False, False, False, False),
    ('int8', np.int8, 6, 1, False, True, False, False, False),
    ('int16', np.int16, 5, 2, False, True, False, False, False),
    ('int32', np.int32, 3, 4, False, True, False, False, False),
    ('int64', np.int64, 9, 8, False, True, False, False, False),
    ('uint8', np.uint8, 4, 1, False, True, True, False, False),
    ('uint16', np.uint16, 17, 2, False, True, True, False, False),
    ('uint32', np.uint32, 22, 4, False, True, True, False, False),
    ('uint64', np.uint64, 23, 8, False, True, True, False, False),
    ('bool', np.bool_, 10, 1, False, False, False, False, True),
    ('complex64', np.complex64, 8, 8, False, False, False, True, False),
    ('complex128', np.complex128, 18, 16, False, False, False, True, False),
    ('string', object, 7, 0, False, False, False, False, False),
]
NUMERIC = [row[0] for row in TABLE if row[0] != 'string']


@pytest.mark.parametrize('name, np_type, enum, size, floating, integer, unsigned, complex_, boolean', TABLE)
def test_properties_match_tensorflow(name, np_type, enum, size, floating, integer, unsigned, complex_, boolean):
    d = getattr(tf, name)
    assert isinstance(d, tf.dtypes.DType)
    assert str(d) == "<dtype: '%s'>" % name and repr(d) == 'tf.' + name and d.name == name
    assert d.as_numpy_dtype is np_type and d.as_datatype_enum == enum and d.size == size
    assert (d.is_floating, d.is_integer, d.is_unsigned, d.is_complex, d.is_bool) == (
        floating, integer, unsigned, complex_, boolean)
    assert d.base_dtype is d and not d.is_quantized


def test_real_dtype_and_limits():
    assert tf.complex64.real_dtype is tf.float32 and tf.complex128.real_dtype is tf.float64
    assert tf.float32.real_dtype is tf.float32
    assert (tf.int8.min, tf.int8.max, tf.uint16.min, tf.uint16.max) == (-128, 127, 0, 65535)
    assert tf.float32.max == np.finfo(np.float32).max and tf.float16.min == -65504.0
    for d in (tf.bool, tf.complex64, tf.string):
        with pytest.raises(TypeError, match='minimum value of <dtype'):
            d.min


def test_equality_as_tensorflow():
    f = tf.float32
    # TensorFlow 2.21: all True
    for same in (f, np.float32, np.dtype('float32'), 'float32', float, np.dtype('>f4')):
        assert f == same and not (f != same)
    assert np.float32 == f and np.dtype('float32') == f and 'float32' == f
    assert tf.float16 == 'half' and tf.float64 == 'double' and tf.bool == bool and tf.string == object
    # TensorFlow 2.21: all False
    for other in (tf.float64, np.float64, 'float64', 'half', 'bogus', None, 3, int, [1], tf.int32):
        assert f != other and not (f == other)
    assert tf.int32 != int                  # int names no dtype in TensorFlow's as_dtype
    assert f in (np.float64, np.float32) and f.is_compatible_with(np.float32)


def test_hashing_and_interning():
    assert hash(tf.float32) == hash(np.dtype('float32'))     # equal objects, equal hashes
    assert {np.dtype('float32'): 'x'}[tf.float32] == 'x'
    assert len({tf.float32, tf.as_dtype('float32'), tf.constant(1.0).dtype}) == 1
    assert pickle.loads(pickle.dumps(tf.int64)) is tf.int64
    assert copy.deepcopy(tf.int64) is tf.int64 and copy.copy(tf.int64) is tf.int64


@pytest.mark.parametrize('spelling', [tf.float32, np.float32, np.dtype('float32'), 'float32', float])
def test_as_dtype_gives_the_interned_object(spelling):
    assert tf.as_dtype(spelling) is tf.float32


def test_as_dtype_other_spellings_and_errors():
    assert tf.as_dtype('half') is tf.float16 and tf.as_dtype('double') is tf.float64
    assert tf.as_dtype(bool) is tf.bool and tf.as_dtype(np.dtype('O')) is tf.string
    assert tf.as_dtype(np.dtype('<U3')) is tf.string and dtypes.as_dtype(None) is None     # (internal: no dtype)
    # TF 2.21's words (notes/progs/tfcore4): "Cannot convert the argument `type_value`: ... to a TensorFlow DType."
    with pytest.raises(TypeError, match="^Cannot convert the argument `type_value`: 'bogus' to a TensorFlow DType"):
        tf.as_dtype('bogus')
    with pytest.raises(TypeError, match='^Cannot convert the argument `type_value`: 3.5 to a TensorFlow DType'):
        tf.as_dtype(3.5)
    with pytest.raises(TypeError, match='no TensorFlow dtype'):
        dtypes.of_numpy(np.dtype('datetime64[s]'))


def test_tensor_and_variable_dtypes_are_dtype_objects():
    x = tf.constant([1.0, 2.0])
    assert x.dtype is tf.float32 and str(x.dtype) == "<dtype: 'float32'>"
    assert tf.constant(np.arange(3)).dtype is tf.int64
    assert tf.constant(['a']).dtype is tf.string
    assert tf.Variable(1.0).dtype is tf.float32
    assert repr(x).endswith("dtype=float32, numpy=array([1., 2.], dtype=float32)>")   # repr keeps the name
    assert tf.TensorSpec((2,), 'float64').dtype is tf.float64
    assert tf.TensorArray('int32', size=1).dtype is tf.int32


def test_keras_objects_keep_keras_string_dtypes():
    # Keras 3.15: layer.dtype, a layer weight's dtype and a KerasTensor's dtype are names.
    layer = keras.layers.Dense(2, dtype=tf.float64)
    layer.build((None, 3))
    assert (layer.dtype, layer.compute_dtype, layer.variable_dtype) == ('float64',) * 3
    assert layer.kernel.dtype == 'float64' and isinstance(layer.kernel.dtype, str)
    assert keras.Input((3,)).dtype == 'float32'
    assert keras.ops.dtype(tf.constant([1])) == 'int32'


SPELLINGS = [tf.float64, np.float64, np.dtype('float64'), 'float64']
CREATORS = {
    'constant': lambda d: tf.constant([1, 2], dtype=d),
    'convert_to_tensor': lambda d: tf.convert_to_tensor([1.0], dtype=d),
    'cast': lambda d: tf.cast(tf.constant([1, 2]), d),
    'zeros': lambda d: tf.zeros((2,), d),
    'ones': lambda d: tf.ones((2,), dtype=d),
    'zeros_like': lambda d: tf.zeros_like(tf.constant([1]), dtype=d),
    'ones_like': lambda d: tf.ones_like(tf.constant([1]), dtype=d),
    'fill': lambda d: tf.cast(tf.fill((2,), 1), d),
    'range': lambda d: tf.range(3, dtype=d),
    'eye': lambda d: tf.eye(2, dtype=d),
    'one_hot': lambda d: tf.one_hot([0, 1], 2, dtype=d),
    'Variable': lambda d: tf.Variable([1.0], dtype=d),
    'random.normal': lambda d: tf.random.normal((2,), dtype=d),
    'random.uniform': lambda d: tf.random.uniform((2,), dtype=d),
    'random.truncated_normal': lambda d: tf.random.truncated_normal((2,), dtype=d),
    'random.stateless_normal': lambda d: tf.random.stateless_normal((2,), seed=(1, 2), dtype=d),
    'keras.ops.zeros': lambda d: keras.ops.zeros((2,), dtype=d),
    'keras.ops.cast': lambda d: keras.ops.cast([1, 2], d),
    'keras.ops.convert_to_tensor': lambda d: keras.ops.convert_to_tensor([1, 2], dtype=d),
    'keras.random.normal': lambda d: keras.random.normal((2,), dtype=d, seed=1),
    'initializer': lambda d: tf.constant(keras.initializers.GlorotUniform(seed=1)((2, 2), dtype=d)),
}


@pytest.mark.parametrize('spelling', SPELLINGS, ids=['DType', 'np_type', 'np_dtype', 'name'])
@pytest.mark.parametrize('creator', sorted(CREATORS))
def test_every_creation_path_accepts_every_spelling(creator, spelling):
    out = CREATORS[creator](spelling)
    assert out.dtype is tf.float64 and out._data.dtype == np.float64


@pytest.mark.parametrize('spelling', SPELLINGS, ids=['DType', 'np_type', 'np_dtype', 'name'])
def test_layer_dtype_argument_accepts_every_spelling(spelling):
    layer = keras.layers.Dense(1, dtype=spelling)
    out = layer(tf.constant([[1.0, 2.0]], dtype=tf.float64))
    assert layer.dtype == 'float64' and out.dtype is tf.float64


@pytest.mark.parametrize('name', NUMERIC)
def test_numpy_takes_a_dtype_object_without_warnings(name):
    d = getattr(tf, name)
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        assert np.dtype(d) == np.dtype(name)
        assert np.zeros(2, d).dtype == np.dtype(name)
        assert np.asarray(tf.zeros((2,), d), dtype=tf.zeros((2,), d).dtype).dtype == np.dtype(name)
        assert np.arange(2).astype(d).dtype == np.dtype(name)


def test_bad_dtype_names_the_op_and_argument():
    # TF 2.21's words; the op is named in a note
    with pytest.raises(TypeError, match="^Cannot convert the argument `type_value`: 'floaty' to a") as caught:
        tf.cast(tf.constant(1.0), 'floaty')
    assert any(note.startswith('cast: ') for note in caught.value.__notes__)
    with pytest.raises(TypeError, match='Cannot convert the argument `type_value`'):
        tf.zeros((2,), dtype=object())


def test_dtype_constructor_takes_tensorflows_enum():
    assert tf.DType is tf.dtypes.DType
    assert tf.DType(1) is tf.float32 and tf.DType(np.int64(7)) is tf.string
    for bad in (99, 'float32', True, None):
        with pytest.raises(TypeError, match='DType: .* is not the DataType enum'):
            tf.DType(bad)


def test_dtypes_module_has_cast():
    out = tf.dtypes.cast(tf.constant([1.5, -2.5]), tf.int32)
    assert out.dtype is tf.int32 and out.numpy().tolist() == [1, -2]     # truncation, as tf.cast
    with pytest.raises(AttributeError, match="no attribute 'bogus'"):
        tf.dtypes.bogus


def test_as_dtype_of_a_tensor_is_a_type_error_as_in_tensorflow():
    with pytest.raises(TypeError, match='Cannot convert the argument `type_value`'):
        tf.as_dtype(tf.constant(1.0))
