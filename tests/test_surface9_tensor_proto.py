"""tf.make_tensor_proto / tf.make_ndarray: TensorFlow's TensorProto fields, text and bytes.

Expected texts and bytes are TensorFlow 2.21's, printed by the same calls under /opt/tfref/bin/python."""
import numpy as np
import pytest

import framework as tf


def _dims(*sizes):
    return ''.join('  dim {\n%s  }\n' % ('    size: %d\n' % s if s else '') for s in sizes)


@pytest.mark.parametrize('make, text', [
    (lambda: tf.make_tensor_proto([[1., 2.], [3., 4.]]),
     'dtype: DT_FLOAT\ntensor_shape {\n%s}\ntensor_content: "\\000\\000\\200?\\000\\000\\000@\\000\\000@@\\000\\000\\200@"\n'
     % _dims(2, 2)),
    (lambda: tf.make_tensor_proto(3), 'dtype: DT_INT32\ntensor_shape {\n}\nint_val: 3\n'),
    (lambda: tf.make_tensor_proto([b'a', 'bc']),
     'dtype: DT_STRING\ntensor_shape {\n%s}\nstring_val: "a"\nstring_val: "bc"\n' % _dims(2)),
    (lambda: tf.make_tensor_proto('h\u00e9llo'), 'dtype: DT_STRING\ntensor_shape {\n}\nstring_val: "h\\303\\251llo"\n'),
    (lambda: tf.make_tensor_proto(1.5, shape=[2, 2]), 'dtype: DT_FLOAT\ntensor_shape {\n%s}\nfloat_val: 1.5\n' % _dims(2, 2)),
    (lambda: tf.make_tensor_proto([1 / 3, 0.1], dtype=tf.float64, shape=[3]),
     'dtype: DT_DOUBLE\ntensor_shape {\n%s}\ndouble_val: 0.33333333333333331\ndouble_val: 0.1\n' % _dims(3)),
    (lambda: tf.make_tensor_proto(np.float16(1.5)), 'dtype: DT_HALF\ntensor_shape {\n}\nhalf_val: 15872\n'),
    (lambda: tf.make_tensor_proto(np.array([1 + 2j, 3], np.complex128)),
     'dtype: DT_COMPLEX128\ntensor_shape {\n%s}\ndcomplex_val: 1\ndcomplex_val: 2\ndcomplex_val: 3\ndcomplex_val: 0\n'
     % _dims(2)),
    (lambda: tf.make_tensor_proto(np.array([1], np.uint32)), 'dtype: DT_UINT32\ntensor_shape {\n%s}\nuint32_val: 1\n' % _dims(1)),
    (lambda: tf.make_tensor_proto(np.array([7], np.int64)), 'dtype: DT_INT64\ntensor_shape {\n%s}\nint64_val: 7\n' % _dims(1)),
    (lambda: tf.make_tensor_proto([]), 'dtype: DT_FLOAT\ntensor_shape {\n  dim {\n  }\n}\n'),
    (lambda: tf.make_tensor_proto(True), 'dtype: DT_BOOL\ntensor_shape {\n}\nbool_val: true\n'),
    (lambda: tf.make_tensor_proto(float('nan')), 'dtype: DT_FLOAT\ntensor_shape {\n}\nfloat_val: nan\n'),
    (lambda: tf.make_tensor_proto([-1], dtype=tf.uint8), 'dtype: DT_UINT8\ntensor_shape {\n%s}\nint_val: 255\n' % _dims(1)),
    (lambda: tf.make_tensor_proto(np.array([1.5]), dtype=tf.int32), 'dtype: DT_INT32\ntensor_shape {\n%s}\nint_val: 1\n' % _dims(1)),
    (lambda: tf.make_tensor_proto(tf.constant([[1.5]]), shape=[1, 1]),
     'dtype: DT_FLOAT\ntensor_shape {\n%s}\nfloat_val: 1.5\n' % _dims(1, 1)),
    (lambda: tf.make_tensor_proto([1, 2 ** 40]),
     'dtype: DT_INT64\ntensor_shape {\n%s}\ntensor_content: "\\001\\000\\000\\000\\000\\000\\000\\000\\000\\000\\000\\000'
     '\\000\\001\\000\\000"\n' % _dims(2)),
])
def test_proto_prints_as_tensorflows(make, text):
    assert str(make()) == text and repr(make()) == text


def test_proto_fields_and_bytes():
    proto = tf.make_tensor_proto([1, 2])
    assert proto.dtype == 3 and proto.tensor_shape.dim[0].size == 2 and proto.version_number == 0
    assert tf.TensorShape(proto.tensor_shape) == (2,) and tf.as_dtype(proto.dtype) == tf.int32
    assert proto.int_val == [] and proto.SerializeToString() == b'\x08\x03\x12\x04\x12\x02\x08\x02"\x08\x01\x00\x00\x00\x02\x00\x00\x00'
    assert tf.make_tensor_proto(3.0).SerializeToString() == b'\x08\x01\x12\x00*\x04\x00\x00@@'
    assert tf.make_tensor_proto([b'ab']).SerializeToString() == b'\x08\x07\x12\x04\x12\x02\x08\x01B\x02ab'
    assert proto == tf.make_tensor_proto([1, 2]) and proto != tf.make_tensor_proto([1, 3])
    parsed = tf.io.parse_tensor(tf.make_tensor_proto([1., 2.]).SerializeToString(), tf.float32)
    np.testing.assert_array_equal(parsed.numpy(), [1., 2.])


@pytest.mark.parametrize('proto', [
    tf.make_tensor_proto([-3, 5], dtype=tf.int64, shape=[3]), tf.make_tensor_proto(np.float16([1.5, -2]), shape=[2]),
    tf.make_tensor_proto([True], shape=[2]), tf.make_tensor_proto([b'x', b'\xff']),
    tf.make_tensor_proto(np.array([1 - 2j], np.complex64)), tf.make_tensor_proto(np.arange(6.).reshape(2, 3)),
])
def test_bytes_parse_back_to_an_equal_proto(proto):
    again = type(proto).FromString(proto.SerializeToString())
    assert again == proto and str(again) == str(proto)


def test_make_ndarray_fills_the_shape_with_the_last_value():
    np.testing.assert_array_equal(tf.make_ndarray(tf.make_tensor_proto([1., 2., 3.], shape=[2, 3])),
                                  [[1, 2, 3], [3, 3, 3]])
    strings = tf.make_ndarray(tf.make_tensor_proto([b'a', b'b'], shape=[2, 2]))
    assert strings.dtype == object and strings.tolist() == [[b'a', b'b'], [b'b', b'b']]
    half = tf.make_ndarray(tf.make_tensor_proto(np.float16([1.5]), shape=[3]))
    assert half.dtype == np.float16 and half.tolist() == [1.5, 1.5, 1.5]
    np.testing.assert_array_equal(tf.make_ndarray(tf.make_tensor_proto(np.array([1 + 2j], np.complex64), shape=[2])),
                                  [1 + 2j, 1 + 2j])
    np.testing.assert_array_equal(tf.make_ndarray(tf.make_tensor_proto([], dtype=tf.int32, shape=[2])), [0, 0])
    full = tf.make_ndarray(tf.make_tensor_proto(np.arange(6, dtype=np.int16).reshape(2, 3)))
    assert full.dtype == np.int16 and full.tolist() == [[0, 1, 2], [3, 4, 5]]


@pytest.mark.parametrize('call, error, text', [
    (lambda: tf.make_tensor_proto([1, 2, 3, 4], shape=[2]), ValueError, 'Too many elements provided. Takes at most 2, but got 4.'),
    (lambda: tf.make_tensor_proto([1, 2], shape=[2, 1], verify_shape=True), TypeError,
     "Expected Tensor's shape: (2, 1), but got (2,)."),
    (lambda: tf.make_tensor_proto([1.5], dtype=tf.int32), TypeError, "Expected int32, but got 1.5 of type 'float'."),
    (lambda: tf.make_tensor_proto([1, 2], dtype=tf.string), TypeError, "Expected string, but got 1 of type 'int'."),
    (lambda: tf.make_tensor_proto(None), ValueError, 'None values not supported.'),
    (lambda: tf.make_tensor_proto({'a': 1}), TypeError, "Failed to convert elements of {'a': 1} to Tensor. Consider "
     "casting elements to a supported type. See https://www.tensorflow.org/api_docs/python/tf/dtypes for supported TF dtypes."),
    (lambda: tf.make_tensor_proto(['a', 1]), TypeError, "Failed to convert elements of ['a', 1] to Tensor."),
    (lambda: tf.make_tensor_proto(1, verify_shape=True, allow_broadcast=True), ValueError,
     'allow_broadcast and verify_shape are not both allowed.'),
])
def test_bad_values_raise_tensorflows_errors(call, error, text):
    with pytest.raises(error) as info:
        call()
    assert str(info.value).startswith(text)
