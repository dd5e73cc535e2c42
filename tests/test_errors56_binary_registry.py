"""tf.math.squared_difference / tf.math.nextafter / tf.realdiv as TF 2.21's generated op wrappers answer bad
operands: a string or bool tensor is the op registry's "Value for attr 'T' of string is not in the list of allowed
values: ..." (tapeflow: 'squared_difference: string tensors have no arithmetic', truediv's TypeError 'Invalid dtype
tf.string in __truediv__ ...'); the kernel's T is the first tensor's dtype, so a uint8 first operand is refused by
the registry, a tensor of another dtype second is the input #1 mismatch, and a Python value converts to T
(tf.realdiv(1, x) of a float x is 1 / x; tapeflow: RealDiv's NotFoundError for int32). The given name ends the
eager text (nextafter's too, its broadcast error included). Probes: /work/notes/progs/errors56/sd.py, rd.py."""
import numpy as np
import pytest

import framework as tf

_SQD = ('bfloat16, half, float, double, int32, int64, complex64, complex128',
        'Op<name=SquaredDifference; signature=x:T, y:T -> z:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, '
        'DT_DOUBLE, DT_INT32, DT_INT64, DT_COMPLEX64, DT_COMPLEX128]; is_commutative=true> [Op:SquaredDifference]')
_NEXT = ('double, float', 'Op<name=NextAfter; signature=x1:T, x2:T -> output:T; attr=T:type,default=DT_FLOAT,'
                          'allowed=[DT_DOUBLE, DT_FLOAT]> [Op:NextAfter]')
_REAL = ('bfloat16, half, float, double, uint8, int8, uint16, int16, int32, uint32, uint64, int64, complex64, '
         'complex128', 'Op<name=RealDiv; signature=x:T, y:T -> z:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, '
                       'DT_FLOAT, DT_DOUBLE, DT_UINT8, DT_INT8, DT_UINT16, DT_INT16, DT_INT32, DT_UINT32, DT_UINT64, '
                       'DT_INT64, DT_COMPLEX64, DT_COMPLEX128]> [Op:RealDiv]')
_OPS = {'squared_difference': (tf.math.squared_difference, 'SquaredDifference', _SQD),
        'nextafter': (tf.math.nextafter, 'NextAfter', _NEXT), 'realdiv': (tf.realdiv, 'RealDiv', _REAL)}


def _registry(op, dtype, tail):
    _, kernel, (allowed, text) = _OPS[op]
    return ("Value for attr 'T' of %s is not in the list of allowed values: %s\n\t; NodeDef: {{node %s}}; %s%s"
            % (dtype, allowed, kernel, text, tail))


def _s():
    return tf.constant(['a', 'b'])


@pytest.mark.parametrize('op', sorted(_OPS))
@pytest.mark.parametrize('operands, dtype, fast', [
    (lambda: (_s(), _s()), 'string', True),
    (lambda: (_s()[0], _s()[0]), 'string', True),
    (lambda: (_s(), np.array(['a', 'b'])), 'string', True),
    (lambda: (np.array(['a', 'b']), _s()), 'string', True),
    (lambda: (_s(), tf.constant([1., 2.])), 'string', True),
    (lambda: (tf.constant([True]), tf.constant([False])), 'bool', True),
    # a Python str or list beside the tensor takes eager's slow path: no ' name: ' tail
    (lambda: (_s(), 'a'), 'string', False),
    (lambda: ('a', _s()), 'string', False),
    (lambda: (_s(), [b'a', b'b']), 'string', False),
])
def test_string_and_bool_tensors_are_the_registrys_error(op, operands, dtype, fast):
    fn = _OPS[op][0]
    for name in (None, 'NM'):
        with pytest.raises(tf.errors.InvalidArgumentError) as err:
            fn(*operands(), name=name)
        # TF 2.21 gives these texts
        assert str(err.value) == _registry(op, dtype, (' name: ' + (name or '')) if fast else '')


@pytest.mark.parametrize('op', ['squared_difference', 'nextafter'])
def test_a_first_operand_outside_the_registry_is_refused_first(op):
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        _OPS[op][0](tf.constant([1, 2], tf.uint8), tf.constant([1., 2.]), name='NM')
    assert str(err.value) == _registry(op, 'uint8', ' name: NM')       # TF 2.21's


@pytest.mark.parametrize('op', sorted(_OPS))
def test_a_second_tensor_of_another_dtype_is_input_1s_mismatch(op):
    fn, kernel, _ = _OPS[op]
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        fn(tf.constant([1., 2.]), tf.constant(['a', 'b']), name='NM')
    assert str(err.value) == ('cannot compute %s as input #1(zero-based) was expected to be a float tensor but is '
                              'a string tensor [Op:%s] name: NM' % (kernel, kernel))      # TF 2.21's


@pytest.mark.parametrize('x, y, kind', [
    (lambda: tf.constant([2., 4.]), lambda: tf.constant([1, 2]), 'int32'),
    (lambda: tf.constant([2., 4.]), lambda: tf.constant([1., 2.], tf.float64), 'double'),
])
def test_realdiv_of_mixed_tensors_is_input_1s_mismatch(x, y, kind):
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        tf.realdiv(x(), y(), name='NM')
    assert str(err.value) == ('cannot compute RealDiv as input #1(zero-based) was expected to be a float tensor but '
                              'is a %s tensor [Op:RealDiv] name: NM' % kind)      # TF 2.21's (tapeflow: truediv's)


def test_realdiv_converts_python_and_numpy_operands_to_the_tensors_dtype():
    # TF 2.21: float32 [0.5, 0.25], float32 [0.5, 0.5], float32 [0.5, 0.5], float32 2.5
    for out, expected in ((tf.realdiv(1, tf.constant([2., 4.])), [0.5, 0.25]),
                          (tf.realdiv(np.array([1., 2.]), tf.constant([2., 4.])), [0.5, 0.5]),
                          (tf.realdiv([1., 2.], [2, 4]), [0.5, 0.5]), (tf.realdiv(2.5, 1), 2.5)):
        assert out.dtype == tf.float32
        assert out.numpy().tolist() == expected


@pytest.mark.parametrize('x, y, text', [
    (lambda: 1, lambda: 2.5, 'Cannot convert 2.5 to EagerTensor of dtype int32'),
    (lambda: _s(), lambda: 1, 'Cannot convert 1 to EagerTensor of dtype string'),
    (lambda: 1, lambda: _s(), 'Cannot convert 1 to EagerTensor of dtype string'),
])
def test_realdiv_conversion_errors(x, y, text):
    with pytest.raises(TypeError) as err:
        tf.realdiv(x(), y())
    assert str(err.value) == text       # TF 2.21's


def test_realdiv_of_integer_tensors_is_the_missing_kernel():
    for x, y in ((tf.constant([1, 2], tf.int8), tf.constant([1, 2], tf.int8)),
                 (tf.constant([1, 2], tf.uint8), tf.constant([1., 2.]))):
        with pytest.raises(tf.errors.NotFoundError) as err:
            tf.realdiv(x, y)
        # TF 2.21: "Could not find device for node: {{node RealDiv}} = RealDiv[T=DT_INT8] ..."
        assert str(err.value).startswith('Could not find device for node: {{node RealDiv}} = RealDiv[T=DT_%s]'
                                         % x.dtype.name.upper())


def test_nextafter_gives_its_name_to_the_broadcast_error():
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        tf.math.nextafter(tf.constant([1., 2.]), tf.constant([1., 2., 3.]), name='NM')
    assert str(err.value).endswith('Incompatible shapes: [2] vs. [3] [Op:NextAfter] name: NM')      # TF 2.21's


@pytest.mark.parametrize('op, parameter, allowed', [
    ('squared_difference', 'x', 'bfloat16, float16, float32, float64, int32, int64, complex64, complex128'),
    ('nextafter', 'x1', 'float64, float32'),
    ('realdiv', 'x', 'bfloat16, float16, float32, float64, uint8, int8, uint16, int16, int32, uint32, uint64, int64, '
                     'complex64, complex128'),
])
def test_in_a_tf_function_op_def_library_refuses_the_string(op, parameter, allowed):
    fn = _OPS[op][0]

    @tf.function
    def f():
        return fn(_s(), _s())

    with pytest.raises(TypeError) as err:
        f()
    # TF 2.21's op_def_library text, inside the 'in user code:' frame
    assert ("TypeError: Value passed to parameter '%s' has DataType string not in list of allowed values: %s"
            % (parameter, allowed)) in str(err.value)
