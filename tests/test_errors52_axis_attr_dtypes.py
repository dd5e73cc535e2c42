"""tf.reverse and tf.expand_dims refuse an axis of another dtype than int32 / int64 with TF 2.21's op registry
text (ReverseV2's Tidx, ExpandDims's Tdim attribute), with the ' name: ' tail only where TF's eager fast path
raised it (a tensor input and an axis tensor); tapeflow said 'reverse: an axis must be an integer ...' or
ReverseV2's rank error."""
import numpy as np
import pytest

import framework as tf

REVERSE_OP = ("Op<name=ReverseV2; signature=tensor:T, axis:Tidx -> output:T; attr=Tidx:type,default=DT_INT32,"
              "allowed=[DT_INT32, DT_INT64]; attr=T:type,allowed=[DT_UINT8, DT_INT8, DT_UINT16, DT_INT16, DT_INT32, "
              "DT_UINT32, DT_INT64, DT_UINT64, DT_BOOL, DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_COMPLEX64, "
              "DT_COMPLEX128, DT_STRING]> [Op:ReverseV2]")
EXPAND_OP = ("Op<name=ExpandDims; signature=input:T, dim:Tdim -> output:T; attr=T:type; attr=Tdim:type,"
             "default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:ExpandDims]")


def _text(kernel, attr, dtype, tail):
    op = REVERSE_OP if kernel == 'ReverseV2' else EXPAND_OP
    return ("Value for attr '%s' of %s is not in the list of allowed values: int32, int64\n\t; NodeDef: "
            "{{node %s}}; %s%s" % (attr, dtype, kernel, op, ' name: ' if tail else ''))


def _axes():
    # (label, axis, TF's dtype name, whether TF's error has the ' name: ' tail for a tensor input)
    return [('float tensor', tf.constant([1.]), 'float', True), ('float scalar', tf.constant(1.), 'float', True),
            ('bool tensor', tf.constant([True]), 'bool', True), ('string tensor', tf.constant(['a']), 'string', True),
            ('uint8 tensor', tf.constant([1], tf.uint8), 'uint8', True),
            ('int16 tensor', tf.constant([1], tf.int16), 'int16', True),
            ('float64 tensor', tf.constant([1.], tf.float64), 'double', True),
            ('float list', [1.0], 'float', False), ('mixed list', [1, 1.5], 'float', False),
            ('string', 'a', 'string', False), ('string list', ['a'], 'string', False)]


@pytest.mark.parametrize('kernel,attr,fn', [('ReverseV2', 'Tidx', tf.reverse), ('ExpandDims', 'Tdim', tf.expand_dims)])
def test_tensor_input(kernel, attr, fn):
    # TF 2.21 gives these InvalidArgumentErrors (a tensor input: the fast path)
    x = tf.constant([[1, 2], [3, 4]])
    for label, axis, dtype, tail in _axes():
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            fn(x, axis)
        assert str(info.value) == _text(kernel, attr, dtype, tail), label


@pytest.mark.parametrize('kernel,attr,fn', [('ReverseV2', 'Tidx', tf.reverse), ('ExpandDims', 'Tdim', tf.expand_dims)])
def test_list_input_has_no_tail(kernel, attr, fn):
    # TF 2.21: a Python list input goes the slow path; every refusal (a Python float axis too) ends at [Op:...]
    for label, axis, dtype, _ in _axes() + [('python float', 1.0, 'float', False)]:
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            fn([[1, 2], [3, 4]], axis)
        assert str(info.value) == _text(kernel, attr, dtype, False), label


@pytest.mark.parametrize('fn', [tf.reverse, tf.expand_dims])
def test_python_float_on_the_fast_path(fn):
    # TF 2.21 gives TypeError 'Cannot convert 1.0 to EagerTensor of dtype int32'
    with pytest.raises(TypeError) as info:
        fn(tf.constant([[1, 2], [3, 4]]), 1.0)
    assert str(info.value) == 'Cannot convert 1.0 to EagerTensor of dtype int32'


def test_reverse_none_axis():
    # TF 2.21 gives ValueError "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."
    with pytest.raises(ValueError) as info:
        tf.reverse(tf.constant([1, 2]), None)
    assert str(info.value) == "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."


def test_integer_axes_still_run():
    # TF 2.21: int64 tensor and numpy float axes (cast to int32 by the fast path) are taken
    x = tf.constant([[1, 2], [3, 4]])
    assert tf.reverse(x, tf.constant([1], tf.int64)).numpy().tolist() == [[2, 1], [4, 3]]
    assert tf.reverse(x, np.array([1.0])).numpy().tolist() == [[2, 1], [4, 3]]
    assert tf.reverse(x, [0]).numpy().tolist() == [[3, 4], [1, 2]]
    assert tf.expand_dims(x, np.array([1.0])).shape == (2, 1, 2)
    assert tf.expand_dims(x, tf.constant(-1, tf.int64)).shape == (2, 2, 1)
    assert tf.expand_dims(x, 0).shape == (1, 2, 2)


def test_numpy_axes():
    # TF 2.21 casts numpy float / bool axis arrays to int32 on both paths ([1.7] is axis 1)
    x = tf.constant([[1, 2], [3, 4]])
    for axis in (np.array([1.7]), np.array([True]), np.array([1.0], np.float32)):
        assert tf.reverse(x, axis).numpy().tolist() == [[2, 1], [4, 3]]
        assert tf.reverse([[1, 2], [3, 4]], axis).numpy().tolist() == [[2, 1], [4, 3]]
    # a numpy string array: TF 2.21 gives ValueError "invalid literal for int() with base 10: np.str_('a')" on the
    # fast path (numpy 2's repr), the registry's string refusal without the tail on the slow one
    for fn in (tf.reverse, tf.expand_dims):
        with pytest.raises(ValueError) as info:
            fn(x, np.array(['a']))
        assert str(info.value) == 'invalid literal for int() with base 10: %r' % (np.array(['a'])[0],)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.reverse([[1, 2], [3, 4]], np.array(['a']))
    assert str(info.value) == _text('ReverseV2', 'Tidx', 'string', False)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.expand_dims([[1, 2], [3, 4]], np.array(['a']))
    assert str(info.value) == _text('ExpandDims', 'Tdim', 'string', False)
