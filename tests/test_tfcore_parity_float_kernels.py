"""An integer tensor given to a floating-point-only op (the tensors guide's ``tf.sqrt(tf.constant([1, 4]))``)
raises TensorFlow 2.21's op-registry text naming the kernel, its signature and allowed dtypes; tapeflow's
'cast it first' rides in a note. Expected text: TensorFlow 2.21 (/opt/tfref) running the same calls."""
import pytest

import framework as tf

X = tf.constant([1, 4])


def _words(kernel, allowed, signature='x:T -> y:T'):
    return ("Value for attr 'T' of int32 is not in the list of allowed values: %s\n\t; NodeDef: {{node %s}}; "
            "Op<name=%s; signature=%s; attr=T:type,allowed=[%s]> [Op:%s] name: "
            % (', '.join(allowed), kernel, kernel, signature, ', '.join('DT_' + a.upper() for a in allowed), kernel))


COMPLEX = ('bfloat16', 'half', 'float', 'double', 'complex64', 'complex128')
REAL = ('bfloat16', 'half', 'float', 'double')
ACTIVATION = ('half', 'bfloat16', 'float', 'double')


@pytest.mark.parametrize('fn, text', [
    (tf.sqrt, _words('Sqrt', COMPLEX)), (tf.exp, _words('Exp', COMPLEX)), (tf.math.log, _words('Log', COMPLEX)),
    (tf.sigmoid, _words('Sigmoid', COMPLEX)), (tf.math.cos, _words('Cos', COMPLEX)),
    (tf.norm, _words('Sqrt', COMPLEX)), (tf.nn.silu, _words('Sigmoid', COMPLEX)),
    (tf.floor, _words('Floor', REAL)), (tf.math.erf, _words('Erf', REAL)),
    (tf.math.is_nan, _words('IsNan', REAL, 'x:T -> y:bool')),
    (tf.nn.softplus, _words('Softplus', ACTIVATION, 'features:T -> activations:T')),
    (tf.nn.elu, _words('Elu', ACTIVATION, 'features:T -> activations:T')),
    (tf.nn.softmax, _words('Softmax', ACTIVATION, 'logits:T -> softmax:T')),
    (tf.nn.log_softmax, _words('LogSoftmax', ACTIVATION, 'logits:T -> logsoftmax:T')),
])
def test_float_only_kernels_refuse_integers_in_tensorflows_words(fn, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        fn(X)
    assert str(caught.value) == text
    assert 'cast it first' in caught.value.__notes__[0]


def test_gelu_checks_in_python_first():
    with pytest.raises(ValueError) as caught:
        tf.nn.gelu(X)
    assert type(caught.value) is ValueError
    assert str(caught.value) == ("`features.dtype` must be a floating point tensor.Received:features.dtype="
                                 "<dtype: 'int32'>")


def test_l2_normalize_fails_at_its_epsilon():
    with pytest.raises(TypeError) as caught:      # TF 2.21: its max(sum, epsilon) cannot convert epsilon
        tf.math.l2_normalize(X)
    assert str(caught.value) == 'Cannot convert 1e-12 to EagerTensor of dtype int32'


S = tf.constant(['a'])
NUMBERS = ('bfloat16', 'half', 'float', 'double', 'uint8', 'int8', 'uint16', 'int16', 'int32', 'uint32', 'uint64',
           'int64', 'complex64', 'complex128')
COMPARABLE = ('float', 'double', 'int32', 'uint8', 'int16', 'int8', 'int64', 'bfloat16', 'uint16', 'half', 'uint32',
              'uint64')


def _string_words(kernel, allowed, result='T', extra=''):
    return ("Value for attr 'T' of string is not in the list of allowed values: %s\n\t; NodeDef: {{node %s}}; "
            "Op<name=%s; signature=x:T, y:T -> z:%s; attr=T:type,allowed=[%s]%s> [Op:%s]"
            % (', '.join(allowed), kernel, kernel, result, ', '.join('DT_' + a.upper() for a in allowed), extra,
               kernel))


@pytest.mark.parametrize('fn, kind, text', [
    (lambda: S * 'b', 'InvalidArgumentError', _string_words('Mul', NUMBERS, extra='; is_commutative=true')),
    (lambda: S // 'b', 'InvalidArgumentError', _string_words('FloorDiv', NUMBERS)),
    (lambda: S < 'b', 'InvalidArgumentError', _string_words('Less', COMPARABLE, 'bool')),
    (lambda: S / 'b', 'TypeError', 'Invalid dtype tf.string in __truediv__. Expected one of {tf.uint8, tf.int8, '
                                   'tf.uint16, tf.int16, tf.uint32, tf.int32, tf.uint64, tf.int64, tf.bfloat16, '
                                   'tf.float16, tf.float32, tf.float64, tf.complex64, tf.complex128}.'),
    (lambda: -S, 'InvalidArgumentError', _words('Neg', COMPLEX[:4] + ('int8', 'int16', 'int32', 'int64') + COMPLEX[4:])
     .replace('of int32', 'of string')),
    (lambda: -tf.constant([True]), 'InvalidArgumentError',
     _words('Neg', COMPLEX[:4] + ('int8', 'int16', 'int32', 'int64') + COMPLEX[4:]).replace('of int32', 'of bool')),
])
def test_string_and_bool_arithmetic_in_tensorflows_words(fn, kind, text):
    with pytest.raises(Exception) as caught:      # TF 2.21 (notes/progs/tfcore4/x_strops.py)
        fn()
    assert (type(caught.value).__name__, str(caught.value)) == (kind, text)


def test_abs_and_reduce_sum_of_strings():
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        abs(S)
    assert str(caught.value) == _words('Abs', REAL + ('int8', 'int16', 'int32', 'int64')).replace('of int32',
                                                                                                   'of string')
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.reduce_sum(S)
    allowed = ('float', 'double', 'int32', 'uint8', 'int16', 'int8', 'complex64', 'int64', 'qint8', 'quint8', 'qint32',
               'bfloat16', 'qint16', 'quint16', 'uint16', 'complex128', 'half', 'uint32', 'uint64')
    assert str(caught.value) == (      # TF 2.21
        "Value for attr 'T' of string is not in the list of allowed values: %s\n\t; NodeDef: {{node Sum}}; "
        "Op<name=Sum; signature=input:T, reduction_indices:Tidx -> output:T; attr=keep_dims:bool,default=false; "
        "attr=T:type,allowed=[%s]; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:Sum] name: "
        % (', '.join(allowed), ', '.join('DT_' + a.upper() for a in allowed)))


REDUCE = ('input:T, reduction_indices:Tidx -> output:T; attr=keep_dims:bool,default=false',
          '; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]')
SUMMABLE = ('float', 'double', 'int32', 'uint8', 'int16', 'int8', 'complex64', 'int64', 'qint8', 'quint8', 'qint32',
            'bfloat16', 'qint16', 'quint16', 'uint16', 'complex128', 'half', 'uint32', 'uint64')


@pytest.mark.parametrize('fn, kernel, allowed', [
    (tf.reduce_sum, 'Sum', SUMMABLE), (tf.reduce_mean, 'Mean', SUMMABLE), (tf.reduce_prod, 'Prod', SUMMABLE),
    (tf.reduce_max, 'Max', ('float', 'double', 'int32', 'uint8', 'int16', 'int8', 'int64', 'bfloat16', 'uint16', 'half',
                            'uint32', 'uint64', 'qint8', 'quint8', 'qint32', 'qint16', 'quint16')),
])
def test_reducing_a_bool_tensor_is_refused_not_a_silent_true(fn, kernel, allowed):
    # numpy (tapeflow before) summed [True, False] into True; TF 2.21 refuses in its kernel's words
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        fn(tf.constant([True, False]))
    assert str(caught.value) == (
        "Value for attr 'T' of bool is not in the list of allowed values: %s\n\t; NodeDef: {{node %s}}; Op<name=%s; "
        "signature=%s; attr=T:type,allowed=[%s]%s> [Op:%s] name: "
        % (', '.join(allowed), kernel, kernel, REDUCE[0], ', '.join('DT_' + a.upper() for a in allowed), REDUCE[1],
           kernel))
    assert bool(tf.reduce_any(tf.constant([True, False])))       # the bool reductions still work


B = tf.constant([True, False])
ADD = ('bfloat16', 'half', 'float', 'double', 'uint8', 'uint16', 'uint32', 'uint64', 'int8', 'int16', 'int32', 'int64',
       'complex64', 'complex128')


@pytest.mark.parametrize('fn', [lambda: B + B, lambda: B + True, lambda: tf.add(B, B)])
def test_adding_bools_is_refused_not_a_logical_or(fn):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:      # numpy gave [True, True]
        fn()
    assert str(caught.value) == (      # TF 2.21
        "Value for attr 'T' of bool is not in the list of allowed values: %s\n\t; NodeDef: {{node AddV2}}; "
        "Op<name=AddV2; signature=x:T, y:T -> z:T; attr=T:type,allowed=[%s]; is_commutative=true; is_aggregate=true> "
        "[Op:AddV2] name: " % (', '.join(ADD), ', '.join('DT_' + a.upper() for a in ADD)))


def test_other_bool_arithmetic():
    with pytest.raises(TypeError, match=r'^Invalid dtype tf.bool in __truediv__\.'):
        B / B
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        B - B
    assert str(caught.value).startswith("Value for attr 'T' of bool") and str(caught.value).endswith('[Op:Sub] name: ')
    assert (B * B).numpy().tolist() == [True, False] and (B == B).numpy().all()      # TF takes these
