"""TF 2.21's op wrappers check an attribute's Python type before the kernel (make_type / make_int / make_str).
A type attribute that names no dtype says "Expected DataType for argument 'type' not <tf.Tensor ...>." (tf.bitcast's
type, tf.shape_n / tf.shape / tf.strings.to_number's out_type, tf.argmax's output_type; tapeflow 'Cannot convert the
argument `type_value`: ... to a TensorFlow DType.' or numpy's words), while a numpy array names its dtype
(tf.cast(x, np.array([1])) is int64; tapeflow refused it) and argmax's output_type=None is int64.
tf.nn.depth_to_space / space_to_depth with a tensor or array block_size say "Expected int for argument 'block_size'
not <tf.Tensor ...>." (tapeflow numpy's 'only 0-dimensional arrays can be converted to Python scalars'); a float
block_size below 2 is the registry error without the ' name: ' tail (the slow path). tf.strings.lower / upper's
encoding and tf.strings.length's unit of another type than a string say "Expected string for argument 'encoding'
not ..." (tapeflow "Cannot convert '' to EagerTensor of dtype float" or the kernel's 'only utf-8 ...'), and that
kernel error carries the tail for a tensor input."""
import numpy as np
import pytest

import framework as tf


def _bad_values():
    return [tf.constant([1., 2.]), np.array([1]), [1], 1.5]


@pytest.mark.parametrize('op', [tf.nn.depth_to_space, tf.nn.space_to_depth])
def test_block_size_must_be_an_int(op):
    image = tf.zeros([1, 2, 2, 4])
    for bad in _bad_values()[:2]:
        with pytest.raises(TypeError) as info:
            op(image, bad)
        assert str(info.value) == "Expected int for argument 'block_size' not %r." % (bad,)    # TF 2.21's text
    # TF 2.21: a float is truncated (1.5 is 1), then the registry's minimum, without the ' name: ' tail
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        op(image, 1.5)
    assert str(info.value).startswith("Value for attr 'block_size' of 1 must be at least minimum 2\n\t; NodeDef: ")
    assert str(info.value).endswith('"NCHW_VECT_C"]> [Op:%s]' % ('DepthToSpace' if op is tf.nn.depth_to_space
                                                                  else 'SpaceToDepth'))
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        op(image, 1)
    assert str(info.value).endswith('> [Op:%s] name: ' % ('DepthToSpace' if op is tf.nn.depth_to_space
                                                          else 'SpaceToDepth'))


@pytest.mark.parametrize('name,kernel', [('lower', 'StringLower'), ('upper', 'StringUpper')])
def test_case_encoding_must_be_a_string(name, kernel):
    op = getattr(tf.strings, name)
    for bad in _bad_values():
        with pytest.raises(TypeError) as info:
            op(tf.constant(['A']), bad)
        assert str(info.value) == "Expected string for argument 'encoding' not %r." % (bad,)   # TF 2.21's text
    # TF 2.21: the kernel's words, with the ' name: ' tail for a tensor input
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        op(tf.constant(['A']), 'abc')
    assert str(info.value) == ("{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
                               "only utf-8 or '' (no encoding) is supported, received abc [Op:%s] name: "
                               % (kernel, kernel))
    assert op(tf.constant(['aB']), 'utf-8').numpy().tolist() == [b'ab' if name == 'lower' else b'AB']


def test_length_unit_must_be_a_string():
    for bad in _bad_values():
        with pytest.raises(TypeError) as info:
            tf.strings.length(tf.constant(['A']), bad)
        assert str(info.value) == "Expected string for argument 'unit' not %r." % (bad,)      # TF 2.21's text
    assert tf.strings.length(tf.constant(['ab']), 'UTF8_CHAR').numpy().tolist() == [2]


@pytest.mark.parametrize('call,argument', [
    (lambda bad: tf.bitcast(tf.constant([1, 2]), bad), 'type'),
    (lambda bad: tf.shape_n([tf.constant([1, 2])], bad), 'out_type'),
    (lambda bad: tf.argmax(tf.constant([1, 2]), 0, bad), 'output_type'),
    (lambda bad: tf.strings.to_number(tf.constant(['1']), bad), 'out_type')], ids=['bitcast', 'shape_n', 'argmax',
                                                                                 'to_number'])
def test_type_attribute_must_name_a_dtype(call, argument):
    for bad in (tf.constant([1., 2.]), 'abc', [1], 1.5):
        with pytest.raises(TypeError) as info:
            call(bad)
        assert str(info.value) == "Expected DataType for argument '%s' not %r." % (argument, bad)  # TF 2.21's text


def test_shape_out_type():
    # TF 2.21: make_type's TypeError for a string, a list, a float; an array names its dtype
    x = tf.constant([1, 2])
    for bad in ('abc', [1], 1.5):
        with pytest.raises(TypeError) as info:
            tf.shape(x, bad)
        assert str(info.value) == "Expected DataType for argument 'out_type' not %r." % (bad,)
    assert tf.shape(x, np.array([1])).dtype == tf.int64


def test_shape_n_of_a_tensor_with_a_bad_out_type():
    # TF 2.21: its slow path checks the list first
    x = tf.constant([1, 2])
    with pytest.raises(TypeError) as info:
        tf.shape_n(x, 'abc')
    assert str(info.value) == "Expected list for 'input' argument to 'shape_n' Op, not %r." % (x,)


def test_numpy_arrays_name_their_dtype():
    # TF 2.21's as_dtype reads an array's dtype: these compute
    x = tf.constant([1, 2])
    assert tf.as_dtype(np.array([1.])) == tf.float64
    assert tf.cast(x, np.array([1])).dtype == tf.int64
    assert tf.zeros([2], np.array([1.])).dtype == tf.float64
    assert tf.range(3, dtype=np.array([1])).dtype == tf.int64
    assert tf.argmax(x, 0, np.array([1])).dtype == tf.int64
    assert tf.strings.to_number(tf.constant(['1']), np.array([1.])).dtype == tf.float64
    assert tf.bitcast(x, np.array([1], np.uint32)).dtype == tf.uint32
    assert [s.dtype for s in tf.shape_n([x], np.array([1]))] == [tf.int64]


def test_argmax_output_type_none():
    # TF 2.21: None is the default, int64
    out = tf.argmax(tf.constant([1, 3, 2]), 0, None)
    assert out.dtype == tf.int64 and int(out) == 1
