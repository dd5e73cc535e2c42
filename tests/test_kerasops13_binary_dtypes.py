"""keras.ops binary ops' result dtypes and refusals, as Keras 3.15 on TF 2.21.

Goldens: TF 2.21's outputs for /work/notes/progs/kerasops13/g1.py (/opt/tfref; 85 of 85 lines equal after the
fix, s1.py 7 of 7; b1.py is the sweep of 46 binary ops x 10 dtypes x Python scalars that found them):
- fmax / fmin take a Python number at the tensor's dtype (Keras's result_type of a weak scalar): int8 stays
  int8, float16 beside 2.5 stays float16 (tapeflow promoted to int32 / float32);
- left_shift / right_shift hand a Python int count to tf.bitwise uncast, so x's dtype stays (uint8 << 2 is
  uint8); a Python int x is an int32 tensor;
- hypot / heaviside of two bools: the pair stays bool, Abs's registry error / the conversion of heaviside's 0
  (tapeflow computed in float32);
- gcd with a bfloat16 operand is Keras's TypeError (tapeflow: the kernel's InvalidArgumentError).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

ops = keras.ops
A = [0, 1, 2, 3]
B = [1, 1, 3, 2]


def _t(dtype, values):
    return ops.cast(np.array(values, 'float64'), dtype)


def _seen(result):
    return result.dtype.name, np.asarray(result).astype('float64').tolist()


@pytest.mark.parametrize('name, dtype, maximum, minimum', [
    ('uint8', 'uint8', [2, 2, 2, 3], [0, 1, 2, 2]),
    ('int8', 'int8', [2, 2, 2, 3], [0, 1, 2, 2]),
    ('int16', 'int16', [2, 2, 2, 3], [0, 1, 2, 2]),
    ('int64', 'int64', [2, 2, 2, 3], [0, 1, 2, 2]),
    ('bool', 'int32', [2, 2, 2, 2], [0, 1, 1, 1]),
    ('float16', 'float16', [2, 2, 2, 3], [0, 1, 2, 2]),
    ('bfloat16', 'bfloat16', [2, 2, 2, 3], [0, 1, 2, 2]),
])
def test_fmax_fmin_take_a_python_int_at_the_tensors_dtype(name, dtype, maximum, minimum):
    assert _seen(ops.fmax(_t(name, A), 2)) == (dtype, maximum)
    assert _seen(ops.fmin(_t(name, A), 2)) == (dtype, minimum)
    assert _seen(ops.fmax(3, _t(name, B))) == (dtype, [3, 3, 3, 3])


@pytest.mark.parametrize('name, dtype', [('float16', 'float16'), ('bfloat16', 'bfloat16'), ('int8', 'float32'),
                                         ('int64', 'float32'), ('bool', 'float32')])
def test_fmax_fmin_of_a_python_float(name, dtype):
    expected_max = [2.5, 2.5, 2.5, 2.5] if name == 'bool' else [2.5, 2.5, 2.5, 3.0]
    expected_min = [0.0, 1.0, 1.0, 1.0] if name == 'bool' else [0.0, 1.0, 2.0, 2.5]
    assert _seen(ops.fmax(_t(name, A), 2.5)) == (dtype, expected_max)
    assert _seen(ops.fmin(_t(name, A), 2.5)) == (dtype, expected_min)


@pytest.mark.parametrize('dtype', ['uint8', 'int8', 'int16', 'int64'])
def test_shifts_by_a_python_int_keep_the_dtype(dtype):
    assert _seen(ops.left_shift(_t(dtype, A), 2)) == (dtype, [0, 4, 8, 12])
    assert _seen(ops.bitwise_left_shift(_t(dtype, A), 2)) == (dtype, [0, 4, 8, 12])
    assert _seen(ops.right_shift(_t(dtype, A), 2)) == (dtype, [0, 0, 0, 0])
    assert _seen(ops.bitwise_right_shift(_t(dtype, A), 2)) == (dtype, [0, 0, 0, 0])
    # a Python int x is converted: an int32 tensor, promoted with the count
    promoted = 'int64' if dtype == 'int64' else 'int32'
    assert _seen(ops.left_shift(3, _t(dtype, B))) == (promoted, [6, 6, 24, 12])
    assert _seen(ops.right_shift(3, _t(dtype, B))) == (promoted, [1, 1, 0, 0])


def test_a_shift_count_is_converted_as_tf_converts_it():
    # TF 2.21 (/work/notes/progs/kerasops13/s1.py): 300 wraps to 44 at int8, -1 to 255 at uint8, then the
    # kernel clamps the count; True is the conversion's TypeError
    x = _t('int8', [1, 2])
    assert _seen(ops.left_shift(x, 300)) == ('int8', [-128, 0])
    assert _seen(ops.left_shift(x, -1)) == ('int8', [1, 2])
    assert _seen(ops.right_shift(_t('uint8', [1, 2]), -1)) == ('uint8', [0, 0])
    assert _seen(ops.fmax(x, 300)) == ('int8', [44, 44])
    with pytest.raises(TypeError) as caught:
        ops.left_shift(x, True)
    assert str(caught.value) == 'Cannot convert True to EagerTensor of dtype int8'


def test_hypot_of_two_bools_is_abs_refusal():
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        ops.hypot(_t('bool', A), _t('bool', B))
    assert str(caught.value) == (
        "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, float, double, int8, "
        "int16, int32, int64\n\t; NodeDef: {{node Abs}}; Op<name=Abs; signature=x:T -> y:T; attr=T:type,allowed="
        "[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, DT_INT16, DT_INT32, DT_INT64]> [Op:Abs] name: ")
    # a bool beside an integer promotes and computes in floatx
    assert _seen(ops.hypot(_t('bool', A), _t('int8', B))) == (
        'float32', [1.0, 1.4142135381698608, 3.1622776985168457, 2.2360680103302])


def test_heaviside_of_two_bools_cannot_convert_its_zero():
    with pytest.raises(TypeError) as caught:
        ops.heaviside(_t('bool', A), _t('bool', B))
    assert str(caught.value) == 'Cannot convert 0 to EagerTensor of dtype bool'
    assert _seen(ops.heaviside(_t('bool', A), _t('float16', B))) == ('float16', [1.0, 1.0, 1.0, 1.0])


@pytest.mark.parametrize('call', [
    lambda: ops.gcd(_t('bfloat16', A), _t('int32', B)),
    lambda: ops.gcd(_t('int8', A), _t('bfloat16', B)),
    lambda: ops.gcd(4, _t('bfloat16', B)),
])
def test_gcd_refuses_bfloat16_in_keras_words(call):
    with pytest.raises(TypeError) as caught:
        call()
    assert str(caught.value) == 'Arguments to gcd must be integers.'


def test_gcd_of_two_integer_dtypes_promotes():
    assert _seen(ops.gcd(_t('int8', [4, 6, 9, 0]), _t('int16', [6, 4, 3, 5]))) == ('int16', [2, 2, 3, 5])
