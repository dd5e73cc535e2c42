"""Shapes of tf.zeros / ones / fill and bounds of tf.range as TF 2.21 reads them: numpy float shapes are
cast (TF converts a numpy shape to int32 as numpy casts), tensors of other dtypes are Fill's registry
error, None / partial TensorShape / rank-2 shapes are TF's conversion and kernel errors; a one-element
vector bound counts (tf.range(tf.constant([3]))), NaN and infinite bounds are Range's kernel errors,
strings and bools its bare assert. Stacking along a float axis truncates it (Pack's int attribute).
Literals: TF 2.21's output of /work/notes/progs/errors11/p/f1.py, r1.py and d1.py (f1_tf.txt, r1_tf.txt)."""
import numpy as np
import pytest

import framework as tf

FILL_REGISTRY = ("Value for attr 'index_type' of %s is not in the list of allowed values: int32, int64\n\t; NodeDef: "
                 "{{node Fill}}; Op<name=Fill; signature=dims:index_type, value:T -> output:T; attr=T:type; "
                 "attr=index_type:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:Fill]%s")
WRAP = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s'
MAKERS = {'zeros': tf.zeros, 'ones': tf.ones, 'fill': lambda s: tf.fill(s, 1.)}


def _error(fn):
    with pytest.raises(Exception) as info:
        fn()
    return type(info.value).__name__, str(info.value)


@pytest.mark.parametrize('op', sorted(MAKERS))
def test_numpy_float_shapes_are_cast(op):
    make = MAKERS[op]
    assert make(np.array([2.])).shape == (2,)
    assert make(np.array([2.5, 1.9])).shape == (2, 1)
    assert make(np.float64(2.)).shape == (2,)
    assert make(np.array([True])).shape == (1,)


@pytest.mark.parametrize('op', sorted(MAKERS))
@pytest.mark.parametrize('shape, shown', [(tf.constant([2.]), 'float'), (tf.constant([2.], tf.float64), 'double'),
                                          (tf.constant(['a']), 'string'), (tf.constant([True]), 'bool'),
                                          (tf.constant([2], tf.uint8), 'uint8')])
def test_tensor_shapes_of_other_dtypes_are_fills_registry_error(op, shape, shown):
    assert _error(lambda: MAKERS[op](shape)) == ('InvalidArgumentError', FILL_REGISTRY % (shown, ' name: '))


@pytest.mark.parametrize('op', sorted(MAKERS))
def test_bad_python_shapes(op):
    make = MAKERS[op]
    none = "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."
    assert _error(lambda: make(None)) == ('ValueError', none)
    assert _error(lambda: make([None, 2])) == ('ValueError', none)
    assert _error(lambda: make(tf.TensorShape([2, None]))) == (
        'ValueError', 'Cannot convert a partially known TensorShape (2, None) to a Tensor.')
    assert _error(lambda: make(tf.TensorShape(None))) == (
        'ValueError', 'Cannot convert a partially known TensorShape <unknown> to a Tensor.')
    tail = '' if op == 'fill' else ' name: '
    assert _error(lambda: make([[2, 3]])) == (
        'InvalidArgumentError', WRAP % ('Fill', 'dims must represent a vector, got shape [1,2] [Op:Fill]' + tail))
    assert _error(lambda: make(np.array([-1.]))) == (
        'InvalidArgumentError', WRAP % ('Fill', 'Dimension -1 must be >= 0 [Op:Fill] name: '))
    if op == 'fill':        # TF 2.21: Fill's dims are the list as given (floats), its registry error
        assert _error(lambda: make([2.5])) == ('InvalidArgumentError', FILL_REGISTRY % ('float', ''))
    else:
        assert _error(lambda: make([2.5])) == ('TypeError', 'Cannot convert [2.5] to EagerTensor of dtype int32')


def test_fill_of_a_string_shape():
    assert _error(lambda: tf.fill('a', 1.)) == ('InvalidArgumentError', FILL_REGISTRY % ('string', ''))


def test_range_takes_one_element_vectors():
    assert tf.range(tf.constant([3])).numpy().tolist() == [0, 1, 2]
    assert tf.range(tf.constant([1]), 4).numpy().tolist() == [1, 2, 3]
    r = tf.range(np.array([3]))
    assert (r.dtype, r.numpy().tolist()) == (tf.int64, [0, 1, 2])
    assert tf.range(np.array(3)).numpy().tolist() == [0, 1, 2]
    assert tf.range(tf.constant([2.5])).numpy().tolist() == [0.0, 1.0, 2.0]


@pytest.mark.parametrize('call, text', [
    (lambda: tf.range(tf.constant([3, 4])), WRAP % ('Range', 'limit must be a scalar, not shape [2] [Op:Range] name: ')),
    (lambda: tf.range(tf.constant([1, 2]), 4), WRAP % ('Range', 'start must be a scalar, not shape [2] [Op:Range] name: ')),
    (lambda: tf.range(0, 4, tf.constant([1, 2])), WRAP % ('Range', 'delta must be a scalar, not shape [2] [Op:Range] name: ')),
    (lambda: tf.range(np.array([[3]])), WRAP % ('Range', 'limit must be a scalar, not shape [1,1] [Op:Range] name: ')),
    (lambda: tf.range(float('nan')), WRAP % ('Range', 'Requires start <= limit when delta > 0: 0/nan [Op:Range] name: ')),
    (lambda: tf.range(0., float('nan'), -1.), WRAP % ('Range', 'Requires start >= limit when delta < 0: 0/nan [Op:Range] name: ')),
    (lambda: tf.range(float('nan'), 3.), WRAP % ('Range', 'Requires start <= limit when delta > 0: nan/3 [Op:Range] name: ')),
    (lambda: tf.range(0., float('inf')),
     WRAP % ('Range', 'Requires ((limit - start) / delta) <= 9223372036854775807 [Op:Range] name: ')),
])
def test_range_kernel_errors(call, text):
    assert _error(call) == ('InvalidArgumentError', text)


def test_range_of_strings_bools_and_none():
    assert _error(lambda: tf.range('a')) == ('AssertionError', '')
    assert _error(lambda: tf.range(True)) == ('AssertionError', '')
    assert _error(lambda: tf.range(None)) == (
        'ValueError', "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor.")


def test_stack_truncates_a_float_axis():
    x = tf.constant([[1., 2., 3.], [4., 5., 6.]])
    assert tf.stack([x, x], axis=1.).shape == (2, 2, 3)
    assert tf.stack([x, x], axis=1.5).shape == (2, 2, 3)
    assert tf.stack([x, x], axis=np.float32(2.)).shape == (2, 3, 2)
    assert tf.stack([x, x], axis=-0.5).shape == (2, 2, 3)
    assert _error(lambda: tf.stack([x, x], axis=3.5)) == ('ValueError', 'Argument `axis` = 3.5 not in range [-3, 3)')


@pytest.mark.parametrize('fn, value', [(tf.reduce_sum, [5., 7., 9.]), (tf.reduce_max, [4., 5., 6.]),
                                       (tf.reduce_prod, [4., 10., 18.])])
def test_reductions_flatten_a_nested_axis(fn, value):
    x = tf.constant([[1., 2., 3.], [4., 5., 6.]])
    assert fn(x, [[0]]).numpy().tolist() == value
    assert fn(x, [[0], [1]]).numpy() == fn(x).numpy()
    assert fn(x, tf.constant([[1]])).shape == (2,)
