"""keras.ops promotions of ints, bools and Python numbers follow keras.config.floatx(), as Keras 3 on TF 2.21.

Under set_floatx('float64') TF 2.21 gives float64 for sqrt / divide / arctan2 ... of int tensors, float32 for
mean / nanmean (Keras computes them in result_type(x, 'float32')), float32-computed digits in float64 for var, and
int64 for add(1, 2); under 'float16' float16 and int16. Ops that convert their operands first (arctan2, logaddexp,
hypot, heaviside, fmod, nextafter) take a Python float as float32, never floatx.

Expected dtypes and float.hex values were printed by TF 2.21 + Keras 3 with
/work/notes/progs/kerasops1/sweep_tf.py: for each floatx, `r = getattr(keras.ops, op)(*args)`, then
`np.asarray(r).dtype` and `float(v).hex()` of its first three elements.
"""
import numpy as np
import pytest

from framework import keras

FIRST = {'int32': np.array([1, 4, 2], 'int32'), 'int64': np.array([1, 4, 2], 'int64'),
         'bool': np.array([True, False, True]), 'uint8': np.array([1, 4, 2], 'uint8'),
         'pyint': 3, 'pyfloat': 0.7, 'list_f': [0.1, 0.7, 0.3]}
SECOND = {'int32': np.array([2, 3, 5], 'int32'), 'pyfloat': 1.5, 'pyint': 2, 'int64': np.array([2, 3, 5], 'int64'),
          'uint64': np.array([2, 3, 5], 'uint64'), 'f32': np.array([2., 3., 5.], 'float32')}

# (floatx, op, operand names, extra argument, TF 2.21's dtype, TF 2.21's first values)
TF_2_21 = [
    ('float16', 'add', ('bool', 'pyint'), None, 'int16', '3 2 3'),
    ('float16', 'add', ('int64', 'uint64'), None, 'float16', '0x1.8000000000000p+1 0x1.c000000000000p+2 0x1.c000000000000p+2'),
    ('float16', 'add', ('pyint', 'pyfloat'), None, 'float16', '0x1.2000000000000p+2'),
    ('float16', 'add', ('pyint', 'pyint'), None, 'int16', '5'),
    ('float16', 'arctan2', ('int32', 'int32'), None, 'float16', '0x1.dac0000000000p-2 0x1.dac0000000000p-1 0x1.85c0000000000p-2'),
    ('float16', 'arctan2', ('int32', 'pyfloat'), None, 'float32', '0x1.2d0eae0000000p-1 0x1.3647500000000p+0 0x1.dac6700000000p-1'),
    ('float16', 'average', ('int32',), None, 'float16', '0x1.2ac0000000000p+1'),
    ('float16', 'cbrt', ('pyfloat',), None, 'float16', '0x1.c6c0000000000p-1'),
    ('float16', 'divide', ('int32', 'int32'), None, 'float16', '0x1.0000000000000p-1 0x1.5540000000000p+0 0x1.9980000000000p-2'),
    ('float16', 'divide', ('int32', 'pyfloat'), None, 'float16', '0x1.5540000000000p-1 0x1.5540000000000p+1 0x1.5540000000000p+0'),
    ('float16', 'divide_no_nan', ('pyfloat', 'int32'), None, 'float16', '0x1.6680000000000p-2 0x1.de00000000000p-3 0x1.1ec0000000000p-3'),
    ('float16', 'exp', ('int32',), None, 'float16', '0x1.5c00000000000p+1 0x1.b4c0000000000p+5 0x1.d900000000000p+2'),
    ('float16', 'exp2', ('uint8',), None, 'float16', '0x1.0000000000000p+1 0x1.0000000000000p+4 0x1.0000000000000p+2'),
    ('float16', 'fmod', ('bool', 'pyint'), None, 'int32', '1 0 1'),
    ('float16', 'fmod', ('pyfloat', 'pyfloat'), None, 'float32', '0x1.6666660000000p-1'),
    ('float16', 'heaviside', ('int32', 'f32'), None, 'float32', '0x1.0000000000000p+0 0x1.0000000000000p+0 0x1.0000000000000p+0'),
    ('float16', 'hypot', ('int32', 'int32'), None, 'float16', '0x1.1e40000000000p+1 0x1.4000000000000p+2 0x1.58c0000000000p+2'),
    ('float16', 'hypot', ('int32', 'pyfloat'), None, 'float32', '0x1.cd82b40000000p+0 0x1.11687a0000000p+2 0x1.4000000000000p+1'),
    ('float16', 'log', ('bool',), None, 'float16', '0x0.0p+0 -inf 0x0.0p+0'),
    ('float16', 'log10', ('int32',), None, 'float16', '0x0.0p+0 0x1.3440000000000p-1 0x1.3440000000000p-2'),
    ('float16', 'logaddexp', ('int32', 'pyfloat'), None, 'float32', '0x1.f95d1c0000000p+0 0x1.050c880000000p+2 0x1.3cae8e0000000p+1'),
    ('float16', 'logaddexp', ('int64', 'int64'), None, 'float16', '0x1.2800000000000p+1 0x1.1400000000000p+2 0x1.4300000000000p+2'),
    ('float16', 'mean', ('int32',), None, 'float32', '0x1.2aaaaa0000000p+1'),
    ('float16', 'median', ('int64',), None, 'float16', '0x1.0000000000000p+1'),
    ('float16', 'multiply', ('int32', 'pyfloat'), None, 'float16', '0x1.8000000000000p+0 0x1.8000000000000p+2 0x1.8000000000000p+1'),
    ('float16', 'nanmean', ('int64',), None, 'float32', '0x1.2aaaaa0000000p+1'),
    ('float16', 'nanvar', ('int32',), None, 'float16', '0x1.8e40000000000p+0'),
    ('float16', 'nextafter', ('int32', 'int32'), None, 'float16', '0x1.0000000000000p+0 0x1.0000000000000p+2 0x1.0000000000000p+1'),
    ('float16', 'norm', ('int32',), None, 'float16', '0x1.2540000000000p+2'),
    ('float16', 'percentile', ('int32',), 30, 'float16', '0x1.9980000000000p+0'),
    ('float16', 'percentile', ('list_f',), 30, 'float32', '0x1.c2999a0000000p-3'),
    ('float16', 'power', ('int64', 'pyfloat'), None, 'float16', '0x1.0000000000000p+0 0x1.0000000000000p+3 0x1.6a00000000000p+1'),
    ('float16', 'quantile', ('int32',), 0.3, 'float16', '0x1.9980000000000p+0'),
    ('float16', 'sqrt', ('int64',), None, 'float16', '0x1.0000000000000p+0 0x1.0000000000000p+1 0x1.6a00000000000p+0'),
    ('float16', 'std', ('int32',), None, 'float16', '0x1.3f40000000000p+0'),
    ('float16', 'var', ('bool',), None, 'float16', '0x1.c700000000000p-3'),
    ('float16', 'var', ('int32',), None, 'float16', '0x1.8e40000000000p+0'),
    ('float64', 'add', ('bool', 'pyint'), None, 'int64', '3 2 3'),
    ('float64', 'add', ('int64', 'uint64'), None, 'float64', '0x1.8000000000000p+1 0x1.c000000000000p+2 0x1.c000000000000p+2'),
    ('float64', 'add', ('pyint', 'pyfloat'), None, 'float64', '0x1.2000000000000p+2'),
    ('float64', 'add', ('pyint', 'pyint'), None, 'int64', '5'),
    ('float64', 'arctan2', ('int32', 'int32'), None, 'float64', '0x1.dac670561bb4fp-2 0x1.dac670561bb4fp-1 0x1.85a376b677dc0p-2'),
    ('float64', 'arctan2', ('int32', 'pyfloat'), None, 'float32', '0x1.2d0eae0000000p-1 0x1.3647500000000p+0 0x1.dac6700000000p-1'),
    ('float64', 'average', ('int32',), None, 'float64', '0x1.2aaaaaaaaaaabp+1'),
    ('float64', 'cbrt', ('pyfloat',), None, 'float64', '0x1.c69b5a47a5ea2p-1'),
    ('float64', 'divide', ('int32', 'int32'), None, 'float64', '0x1.0000000000000p-1 0x1.5555555555555p+0 0x1.999999999999ap-2'),
    ('float64', 'divide', ('int32', 'pyfloat'), None, 'float64', '0x1.5555555555555p-1 0x1.5555555555555p+1 0x1.5555555555555p+0'),
    ('float64', 'divide_no_nan', ('pyfloat', 'int32'), None, 'float64', '0x1.6666666666666p-2 0x1.dddddddddddddp-3 0x1.1eb851eb851ebp-3'),
    ('float64', 'exp', ('int32',), None, 'float64', '0x1.5bf0a8b145769p+1 0x1.b4c902e273a58p+5 0x1.d8e64b8d4ddaep+2'),
    ('float64', 'exp2', ('uint8',), None, 'float64', '0x1.0000000000000p+1 0x1.0000000000000p+4 0x1.0000000000000p+2'),
    ('float64', 'fmod', ('bool', 'pyint'), None, 'int32', '1 0 1'),
    ('float64', 'fmod', ('pyfloat', 'pyfloat'), None, 'float32', '0x1.6666660000000p-1'),
    ('float64', 'heaviside', ('int32', 'f32'), None, 'float32', '0x1.0000000000000p+0 0x1.0000000000000p+0 0x1.0000000000000p+0'),
    ('float64', 'hypot', ('int32', 'int32'), None, 'float64', '0x1.1e3779b97f4a8p+1 0x1.4000000000000p+2 0x1.58a68a4a8d9f4p+2'),
    ('float64', 'hypot', ('int32', 'pyfloat'), None, 'float32', '0x1.cd82b40000000p+0 0x1.11687a0000000p+2 0x1.4000000000000p+1'),
    ('float64', 'log', ('bool',), None, 'float64', '0x0.0p+0 -inf 0x0.0p+0'),
    ('float64', 'log10', ('int32',), None, 'float64', '0x0.0p+0 0x1.34413509f79fep-1 0x1.34413509f79fep-2'),
    ('float64', 'logaddexp', ('int32', 'pyfloat'), None, 'float32', '0x1.f95d1c0000000p+0 0x1.050c880000000p+2 0x1.3cae8e0000000p+1'),
    ('float64', 'logaddexp', ('int64', 'int64'), None, 'float64', '0x1.2818f57f7d825p+1 0x1.140c7abfbec12p+2 0x1.431c0e1f808aep+2'),
    ('float64', 'mean', ('int32',), None, 'float32', '0x1.2aaaaa0000000p+1'),
    ('float64', 'median', ('int64',), None, 'float64', '0x1.0000000000000p+1'),
    ('float64', 'multiply', ('int32', 'pyfloat'), None, 'float64', '0x1.8000000000000p+0 0x1.8000000000000p+2 0x1.8000000000000p+1'),
    ('float64', 'nanmean', ('int64',), None, 'float32', '0x1.2aaaaa0000000p+1'),
    ('float64', 'nanvar', ('int32',), None, 'float64', '0x1.8e38e38e38e39p+0'),
    ('float64', 'nextafter', ('int32', 'int32'), None, 'float64', '0x1.0000000000001p+0 0x1.fffffffffffffp+1 0x1.0000000000001p+1'),
    ('float64', 'norm', ('int32',), None, 'float64', '0x1.2548eb9151e85p+2'),
    ('float64', 'percentile', ('int32',), 30, 'float64', '0x1.999999999999ap+0'),
    ('float64', 'percentile', ('list_f',), 30, 'float32', '0x1.c28f5e0000000p-3'),
    ('float64', 'power', ('int64', 'pyfloat'), None, 'float64', '0x1.0000000000000p+0 0x1.0000000000000p+3 0x1.6a09e667f3bcdp+1'),
    ('float64', 'quantile', ('int32',), 0.3, 'float64', '0x1.99999a0000000p+0'),
    ('float64', 'sqrt', ('int64',), None, 'float64', '0x1.0000000000000p+0 0x1.0000000000000p+1 0x1.6a09e667f3bcdp+0'),
    ('float64', 'std', ('int32',), None, 'float64', '0x1.3f49c0b9ad4dbp+0'),
    ('float64', 'var', ('bool',), None, 'float64', '0x1.c71c720000000p-3'),
    ('float64', 'var', ('int32',), None, 'float64', '0x1.8e38e60000000p+0'),
]


def _printed(result):
    a = np.asarray(result)
    values = a.ravel()[:3]
    if a.dtype.kind == 'f':
        return a.dtype.name, ' '.join(float(v).hex() for v in values)
    return a.dtype.name, ' '.join(str(v) for v in values)


@pytest.fixture
def floatx_restored():
    yield
    keras.config.set_floatx('float32')


@pytest.mark.parametrize('floatx, op, names, extra, dtype, values', TF_2_21,
                         ids=['%s-%s-%s' % (r[0], r[1], '-'.join(r[2])) for r in TF_2_21])
def test_ops_promote_to_floatx_as_tf(floatx_restored, floatx, op, names, extra, dtype, values):
    keras.config.set_floatx(floatx)
    args = [FIRST[names[0]]] + [SECOND[n] for n in names[1:]]
    if extra is not None:
        args.append(extra)
    assert _printed(getattr(keras.ops, op)(*args)) == (dtype, values)


def test_float32_floatx_keeps_float32_promotions(floatx_restored):
    # TF 2.21 under the default floatx: float32 / int32 (the rows above under float64 differ only by floatx)
    ops = keras.ops
    assert _printed(ops.sqrt(np.array([1, 4, 2], 'int64'))) == ('float32', '0x1.0000000000000p+0 '
                                                                  '0x1.0000000000000p+1 0x1.6a09e60000000p+0')
    assert _printed(ops.add(3, 2)) == ('int32', '5')
    assert _printed(ops.var(np.array([1, 4, 2], 'int32'))) == ('float32', '0x1.8e38e60000000p+0')
    assert _printed(ops.percentile(np.array([1, 4, 2], 'int32'), 30)) == ('float32', '0x1.99999a0000000p+0')


@pytest.mark.parametrize('floatx', ['float64', 'float16', 'float32'])
def test_correlate_of_ints_ignores_floatx(floatx_restored, floatx):
    # TF 2.21 (sweep2_tf.py: keras.ops.correlate(v, v), v = [1, 4, 2]) under each floatx: int64 in float64, other
    # ints and bools in float32; tapeflow gave floatx (and float32 for int64)
    keras.config.set_floatx(floatx)
    x = [1, 4, 2]
    assert _printed(keras.ops.correlate(np.array(x, 'int32'), np.array(x, 'int32'))) == ('float32', '0x1.5000000000000p+4')
    assert _printed(keras.ops.correlate(np.array(x, 'int64'), np.array(x, 'int64'))) == ('float64', '0x1.5000000000000p+4')
    assert _printed(keras.ops.correlate(np.array(x, 'uint8'), np.array(x, 'uint8'))) == ('float32', '0x1.5000000000000p+4')
    flags = np.array([True, False, True])
    assert _printed(keras.ops.correlate(flags, flags)) == ('float32', '0x1.0000000000000p+1')


def test_nanprod_of_small_ints_as_prod():
    # TF 2.21: keras.ops.nanprod(np.array([1, 2], d)).dtype -> int8: int32, uint16: uint32, uint8: uint32 (Keras's
    # nanprod of a non-float tensor is its prod); tapeflow kept int8 / uint16 / uint8
    for dtype, expected in [('int8', 'int32'), ('uint16', 'uint32'), ('uint8', 'uint32')]:
        assert _printed(keras.ops.nanprod(np.array([1, 2], dtype))) == (expected, '2')


def test_kron_and_cross_of_two_bool_tensors_are_the_kernels_refusal():
    # TF 2.21 (keras.ops.kron(b, b), keras.ops.cross(b, b), b = np.array([True, False, True])): InvalidArgumentError
    # "Value for attr 'T' of bool is not in the list of allowed values: ... {{node Mul}} / {{node Cross}}";
    # kron(b, [1, 2]) is int64 [1 2 0 0 1 2]. tapeflow computed the bool pair in int32.
    from framework.errors import InvalidArgumentError
    flags = np.array([True, False, True])
    with pytest.raises(InvalidArgumentError) as kron_error:
        keras.ops.kron(flags, flags)
    assert str(kron_error.value).startswith("Value for attr 'T' of bool is not in the list of allowed values: "
                                            "bfloat16, half, float, double, uint8")
    assert '{{node Mul}}' in str(kron_error.value)
    with pytest.raises(InvalidArgumentError) as cross_error:
        keras.ops.cross(flags, flags)
    assert str(cross_error.value) == (
        "Value for attr 'T' of bool is not in the list of allowed values: float, double, int32, uint8, int16, int8, "
        "int64, bfloat16, uint16, half, uint32, uint64\n\t; NodeDef: {{node Cross}}; Op<name=Cross; signature=a:T, "
        "b:T -> product:T; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_INT64, "
        "DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64]> [Op:Cross] name: ")
    assert _printed(keras.ops.kron(flags, np.array([1, 2]))) == ('int64', '1 2 0')


def test_ldexp_of_a_non_integer_exponent_in_keras_words():
    # TF 2.21: keras.ops.ldexp(np.array([1, 2]), 1.5) -> TypeError
    # "ldexp exponent must be an integer type. Received: x2 dtype=<dtype: 'float32'>" (a bool x2: 'bool')
    for exponent, name in [(1.5, 'float32'), (np.array([True, False]), 'bool')]:
        with pytest.raises(TypeError) as error:
            keras.ops.ldexp(np.array([1, 2]), exponent)
        assert str(error.value) == "ldexp exponent must be an integer type. Received: x2 dtype=<dtype: '%s'>" % name


@pytest.mark.parametrize('floatx', ['float64', 'float16'])
def test_rfft_and_ctc_of_ints_stay_float32_and_multi_hot_follows_floatx(floatx_restored, floatx):
    # TF 2.21 under set_floatx('float64') and ('float16') (/work/notes/progs/kerasops1/ko1_ctc.py, ko1_mh.py):
    # rfft(np.array([1, 4, 2, 3]))[0] float32 ['0x1.4p+3', '-0x1p+0'];
    # ctc_loss([[1]], ones((1, 2, 3), int32), [1], [2]) float32 0x1.193ea8p+0;
    # ctc_decode(ones((1, 2, 3), int32), [2])[1] float32 -0x1p+1 (beam_search: -0x1.193ea8p+0);
    # multi_hot([0, 1, 1], 3) floatx [1, 1, 0]. (tapeflow after e0ab6fc3 gave floatx for the first three, an
    # RFFT ValueError under float16; before it, float32 for multi_hot.)
    keras.config.set_floatx(floatx)
    ops = keras.ops
    assert _printed(ops.rfft(np.array([1, 4, 2, 3]))[0]) == ('float32', '0x1.4000000000000p+3 -0x1.0000000000000p+0 '
                                                                         '-0x1.0000000000000p+2')
    logits = np.ones((1, 2, 3), 'int32')
    assert _printed(ops.ctc_loss(np.array([[1]]), logits, np.array([1]), np.array([2]))) == (
        'float32', '0x1.193ea80000000p+0')
    assert _printed(ops.ctc_decode(logits, np.array([2]))[1]) == ('float32', '-0x1.0000000000000p+1')
    assert _printed(ops.ctc_decode(logits, np.array([2]), strategy='beam_search', beam_width=2)[1])[0] == 'float32'
    assert _printed(ops.multi_hot(np.array([0, 1, 1]), 3)) == (floatx, '0x1.0000000000000p+0 0x1.0000000000000p+0 '
                                                                        '0x0.0p+0')


def test_round_of_ints_to_tens_and_windows_in_floatx(floatx_restored):
    # TF 2.21 (/work/notes/progs/kerasops1/win.py): keras.ops.round(np.array([1234567, 15], 'int32'), -1) is
    # [1234569 19] under float64 (Keras's factor tf.cast(0.1, floatx) is float32's 0.1), [-2147483648 20] under
    # float16 (inf cast), [1234570 20] under float32; bartlett(5) / blackman(5) are floatx.
    values = np.array([1234567, 15], 'int32')
    for floatx, rounded in [('float64', [1234569, 19]), ('float16', [-2147483648, 20]), ('float32', [1234570, 20])]:
        keras.config.set_floatx(floatx)
        assert np.asarray(keras.ops.round(values, -1)).tolist() == rounded
    keras.config.set_floatx('float64')
    assert _printed(keras.ops.bartlett(5)) == ('float64', '0x0.0p+0 0x1.0000000000000p-1 0x1.0000000000000p+0')
    assert _printed(keras.ops.blackman(5)) == ('float64', '-0x1.0000000000000p-56 0x1.5c28f5c28f5c1p-2 '
                                                          '0x1.fffffffffffffp-1')
    keras.config.set_floatx('float16')
    assert _printed(keras.ops.blackman(5)) == ('float16', '-0x1.0000000000000p-14 0x1.5bc0000000000p-2 '
                                                          '0x1.0000000000000p+0')


def test_select_promotes_as_tf_experimental_numpy():
    # TF 2.21 (/work/notes/progs/kerasops1/sel.py, the same under float64 and float32 floatx):
    # keras.ops.select([x > 1], [x], d) with x int32 [1, 4, 2]: d=0 int32, d=0.5 float64, d=float32 array float64;
    # uint8 x with 0 uint8; a float16 choice with 0.5 float16; a list [[1.5, 2.5]] float64. tapeflow gave float32
    # for the float cases and int32 for uint8 (Keras's lattice, not tnp's numpy rules).
    x = np.array([1, 4, 2], 'int32')
    cond = [x > 1]
    assert _printed(keras.ops.select(cond, [x], 0)) == ('int32', '0 4 2')
    assert _printed(keras.ops.select(cond, [x], 0.5)) == ('float64', '0x1.0000000000000p-1 0x1.0000000000000p+2 '
                                                                     '0x1.0000000000000p+1')
    assert _printed(keras.ops.select(cond, [x], np.array([0.5, 1.5, 2.5], 'float32')))[0] == 'float64'
    assert _printed(keras.ops.select(cond, [x.astype('uint8')], 0))[0] == 'uint8'
    assert _printed(keras.ops.select(cond, [np.array([0.5, 1.5, 2.5], 'float16')], 0.5))[0] == 'float16'
    assert _printed(keras.ops.select([np.array([True, False])], [[1.5, 2.5]], 0))[0] == 'float64'


def test_in_top_k_converts_numpy_predictions_to_float32():
    # TF 2.21 (/work/notes/progs/kerasops1/topk.py): keras.ops.in_top_k(np.array([1]), p, 1) is [True] for numpy
    # float64 / float16 / int64 p (InTopKV2's float32 input converts them); a float64 tensor is its refusal.
    from framework.errors import InvalidArgumentError
    for predictions in (np.array([[0.2, 0.8]]), np.array([[0.2, 0.8]], 'float16'), np.array([[1, 2]])):
        assert np.asarray(keras.ops.in_top_k(np.array([1]), predictions, 1)).tolist() == [True]
    with pytest.raises(InvalidArgumentError, match='cannot compute InTopKV2 as input #0'):
        keras.ops.in_top_k(np.array([1]), keras.ops.convert_to_tensor(np.array([[0.2, 0.8]])), 1)


def test_two_python_ints_under_float16_wrap_in_int16(floatx_restored):
    # TF 2.21 (/work/notes/progs/kerasops1/bigint.py) under set_floatx('float16'): add(70000, 1) int16 4465,
    # multiply(300, 300) int16 24464 (the weak int resolves to int16 and wraps)
    keras.config.set_floatx('float16')
    assert _printed(keras.ops.add(70000, 1)) == ('int16', '4465')
    assert _printed(keras.ops.multiply(300, 300)) == ('int16', '24464')
