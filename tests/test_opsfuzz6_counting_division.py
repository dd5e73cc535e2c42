"""tf.math.count_nonzero of strings and tf.truncatediv / tf.truncatemod's kernel errors, as TF 2.21 gives them.
Golden values printed by TF 2.21 (/work/notes/progs/opsfuzz6/p01_reduce.py, p04_div.py); each test names its
snippet."""
import pytest

import framework as tf
from framework.errors import InternalError, InvalidArgumentError, NotFoundError

_CPU = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


def test_count_nonzero_counts_non_empty_strings():
    # TF 2.21: tf.math.count_nonzero(tf.constant(['', 'a', 'b'])) -> int64 2
    out = tf.math.count_nonzero(tf.constant(['', 'a', 'b']))
    assert out.dtype == tf.int64 and int(out) == 2
    # count_nonzero([['', 'a'], ['b', '']], axis=1) -> [1 1]
    assert tf.math.count_nonzero(tf.constant([['', 'a'], ['b', '']]), axis=1).numpy().tolist() == [1, 1]


@pytest.mark.parametrize('op, kernel', [(tf.truncatediv, 'TruncateDiv'), (tf.truncatemod, 'TruncateMod')])
def test_integer_division_by_zero_is_the_kernels_internal_error(op, kernel):
    # TF 2.21: tf.truncatediv(tf.constant([7]), tf.constant([0])) -> InternalError
    #   '{{function_node __wrapped__TruncateDiv_device_/job:localhost/replica:0/task:0/device:CPU:0}} Unexpected error
    #   in binary operator (only integer div and mod should have errors) [Op:TruncateDiv] name: '
    text = _CPU % kernel + ('Unexpected error in binary operator (only integer div and mod should have errors) '
                                  '[Op:%s]' % kernel)
    with pytest.raises(InternalError) as caught:
        op(tf.constant([7]), tf.constant([0]))
    assert str(caught.value) == text + ' name: '
    # tf.truncatemod(tf.constant([7], tf.int64), [0]): a list operand, no ' name: ' tail
    with pytest.raises(InternalError) as caught:
        op(tf.constant([7], tf.int64), [0])
    assert str(caught.value) == text


@pytest.mark.parametrize('dtype', ['uint8', 'int8', 'int16', 'uint16', 'uint32', 'uint64'])
def test_truncatemod_of_small_and_unsigned_ints_is_the_registry_error(dtype):
    # TF 2.21: tf.truncatemod(tf.constant([7, 2], 'uint8'), tf.constant([2, 3], 'uint8')) -> InvalidArgumentError
    with pytest.raises(InvalidArgumentError) as caught:
        tf.truncatemod(tf.constant([7, 2], dtype), tf.constant([2, 3], dtype))
    assert str(caught.value) == (
        "Value for attr 'T' of %s is not in the list of allowed values: int32, int64, bfloat16, half, float, double\n"
        "\t; NodeDef: {{node TruncateMod}}; Op<name=TruncateMod; signature=x:T, y:T -> z:T; attr=T:type,"
        "allowed=[DT_INT32, DT_INT64, DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE]> [Op:TruncateMod] name: " % dtype)


@pytest.mark.parametrize('dtype, shown', [('float16', 'HALF'), ('bfloat16', 'BFLOAT16')])
def test_truncatemod_of_half_floats_finds_no_cpu_kernel(dtype, shown):
    # TF 2.21: tf.truncatemod(tf.constant([7, 2], 'float16'), tf.constant([2, 3], 'float16')) -> NotFoundError
    with pytest.raises(NotFoundError) as caught:
        tf.truncatemod(tf.constant([7, 2], dtype), tf.constant([2, 3], dtype))
    assert str(caught.value) == (
        "Could not find device for node: {{node TruncateMod}} = TruncateMod[T=DT_%s]\nAll kernels registered for op "
        "TruncateMod:\n  device='XLA_CPU_JIT'; T in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT64, DT_BFLOAT16, DT_HALF]\n"
        "  device='CPU'; T in [DT_DOUBLE]\n  device='CPU'; T in [DT_FLOAT]\n  device='CPU'; T in [DT_INT64]\n"
        "  device='CPU'; T in [DT_INT32]\n  device='DEFAULT'; T in [DT_INT32]\n [Op:TruncateMod] name: " % shown)


def test_truncatemod_values_stay_cs_fmod():
    # TF 2.21: tf.truncatemod([7, -7, 7, -7], [2, 2, -2, -2]) -> [1, -1, 1, -1]; truncatediv -> [3, -3, -3, 3]
    a, b = tf.constant([7, -7, 7, -7]), tf.constant([2, 2, -2, -2])
    assert tf.truncatemod(a, b).numpy().tolist() == [1, -1, 1, -1]
    assert tf.truncatediv(a, b).numpy().tolist() == [3, -3, -3, 3]
