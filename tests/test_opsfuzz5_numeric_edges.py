"""keras.ops isclose / allclose / nan_to_num / isposinf / digitize / quantile / percentile and tf.einsum's kernel
dtypes, as TF 2.21 / Keras 3 compute them. Golden values printed by TF 2.21 (/work/notes/progs/opsfuzz5/p07_stats.py,
p08_quant.py, p09_close.py); each test names its snippet."""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import InvalidArgumentError, NotFoundError

ops = keras.ops
INF = np.inf


def test_isclose_is_kerass_formula_without_special_infinities():
    # TF 2.21: ops.isclose([1, 1.00001, nan, inf, -inf, inf], [1, 1, nan, inf, -inf, -inf]) (float32)
    #   -> [True, False, False, False, False, True]; equal_nan=True makes the NaN pair True
    a = np.array([1.0, 1.00001, np.nan, INF, -INF, INF], 'float32')
    b = np.array([1.0, 1.0, np.nan, INF, -INF, -INF], 'float32')
    assert ops.isclose(a, b).numpy().tolist() == [True, False, False, False, False, True]
    assert ops.isclose(a, b, equal_nan=True).numpy().tolist() == [True, False, True, False, False, True]
    # complex pairs compare equal: isclose([1+1j], [1+1.0000001j]) -> [False]
    assert ops.isclose(np.array([1 + 1j]), np.array([1 + 1.0000001j])).numpy().tolist() == [False]


def test_allclose_takes_equal_infinities_as_close():
    # TF 2.21: ops.allclose([inf, -inf], [inf, -inf]) -> True; allclose([nan, inf], [nan, inf]) -> False,
    # with equal_nan=True -> True
    assert bool(ops.allclose(np.array([INF, -INF], 'float32'), np.array([INF, -INF], 'float32')))
    x = np.array([np.nan, INF], 'float32')
    assert not bool(ops.allclose(x, x))
    assert bool(ops.allclose(x, x, equal_nan=True))


def test_nan_to_num_keeps_bools_and_bfloat16_and_replaces_in_turn():
    # TF 2.21: nan_to_num([True]) -> bool [True]
    out = ops.nan_to_num(np.array([True]))
    assert out.dtype.name == 'bool' and out.numpy().tolist() == [True]
    # nan_to_num(cast([nan, inf], 'bfloat16')) -> bfloat16 [0, 3.38953e+38]
    out = ops.nan_to_num(ops.cast(np.array([np.nan, INF]), 'bfloat16'))
    assert out.dtype.name == 'bfloat16'
    assert np.asarray(out, 'float32').tolist() == [0.0, 3.3895313892515355e+38]
    # nan_to_num(float16 [nan, -inf], nan=1e5, neginf=-7e4) -> [6.55e+04, -inf]: 1e5 overflows to inf,
    # which the posinf step then makes the float16 max; -7e4 is -inf in float16
    out = ops.nan_to_num(np.array([np.nan, -INF], 'float16'), nan=1e5, neginf=-7e4)
    assert out.numpy().tolist() == [65504.0, -INF]


def test_isposinf_isneginf_of_bfloat16():
    # TF 2.21: isposinf(cast([nan, inf, -inf], 'bfloat16')) -> [False, True, False]; isneginf -> [False, False, True]
    x = ops.cast(np.array([np.nan, INF, -INF]), 'bfloat16')
    assert ops.isposinf(x).numpy().tolist() == [False, True, False]
    assert ops.isneginf(x).numpy().tolist() == [False, False, True]


def test_digitize_refuses_decreasing_bins_as_bucketize():
    # TF 2.21: ops.digitize([1., 3., 5.], [4., 2.]) -> InvalidArgumentError '{{function_node
    # __wrapped__Bucketize_device_/job:localhost/replica:0/task:0/device:CPU:0}} Expected sorted boundaries
    # [Op:Bucketize] name: '
    with pytest.raises(InvalidArgumentError) as info:
        ops.digitize(np.array([1.0, 3.0, 5.0], 'float32'), np.array([4.0, 2.0], 'float32'))
    assert str(info.value) == ('{{function_node __wrapped__Bucketize_device_/job:localhost/replica:0/task:0/'
                               'device:CPU:0}} Expected sorted boundaries [Op:Bucketize] name: ')
    # equal neighbours are sorted: digitize([1., 3., 5.], [1., 1., 3.]) -> [2, 3, 3]
    assert ops.digitize(np.array([1.0, 3.0, 5.0], 'float32'), [1.0, 1.0, 3.0]).numpy().tolist() == [2, 3, 3]


X = np.array([[3., 1., 4., 1.], [5., 9., 2., 6.]], 'float32')


@pytest.mark.parametrize('method, expected', [
    # TF 2.21: ops.quantile(X, [-0.3, 1.2, 2.0], axis=1, method=m)
    ('linear', [[1.0, -0.7000002861022949], [4.600000381469727, 10.80000114440918], [7.0, 18.0]]),
    ('lower', [[1.0, 2.0], [4.0, 9.0], [4.0, 9.0]]),
    ('higher', [[1.0, 2.0], [4.0, 9.0], [4.0, 9.0]]),
    ('midpoint', [[1.0, 2.0], [4.0, 9.0], [4.0, 9.0]]),
    ('nearest', [[1.0, 2.0], [4.0, 9.0], [4.0, 9.0]]),
])
def test_quantile_beyond_zero_one_clips_and_extrapolates(method, expected):
    out = ops.quantile(X, [-0.3, 1.2, 2.0], axis=1, method=method)
    np.testing.assert_array_equal(out.numpy(), np.array(expected, 'float32'))


def test_percentile_divides_in_float32():
    # TF 2.21: ops.percentile(X, 40) -> 2.8 (q = float32(40) / 100 = 0.4000000059604645; float64 0.4 gives
    # 2.8000002); ops.quantile(X, 1.5) -> 19.5
    assert ops.percentile(X, 40).numpy() == np.float32(2.8)
    assert ops.quantile(X, 1.5).numpy() == np.float32(19.5)


@pytest.mark.parametrize('dtype, name', [('bool', 'BOOL'), ('uint8', 'UINT8'), ('int8', 'INT8'), ('int16', 'INT16'),
                                         ('uint64', 'UINT64')])
def test_einsum_has_no_kernel_for_these_dtypes(dtype, name):
    # TF 2.21: tf.einsum('ij->ji', tf.cast([[True, False]], tf.int8)) -> NotFoundError 'Could not find device for
    # node: {{node Einsum}} = Einsum[N=1, T=DT_INT8, equation="ij->ji"]\nAll kernels registered for op Einsum: ...'
    x = tf.cast(tf.constant([[True, False], [False, True]]), dtype)
    with pytest.raises(NotFoundError) as info:
        tf.einsum('ij->ji', x)
    text = str(info.value)
    assert text.startswith('Could not find device for node: {{node Einsum}} = Einsum[N=1, T=DT_%s, equation="ij->ji"]'
                           '\nAll kernels registered for op Einsum:\n  device=\'XLA_CPU_JIT\'; T in [DT_FLOAT, DT_DOUBLE, '
                           'DT_INT32, DT_COMPLEX64, DT_INT64, DT_BFLOAT16, DT_COMPLEX128, DT_HALF, DT_UINT64]\n'
                           '  device=\'CPU\'; T in [DT_INT64]' % name)
    assert text.endswith("  device='CPU'; T in [DT_BFLOAT16]\n [Op:Einsum] name: ")


def test_einsum_error_shows_the_equation_tf_runs():
    b = tf.constant([[True, False], [False, True]])
    # TF 2.21: implicit 'ij' runs as "ij->ij"; 'ij, jk -> ik' as "ij,jk->ik"; three operands fail at the first
    # pairwise step "jk,ij->ki"
    for equation, operands, shown in [('ij', [b], 'N=1, T=DT_BOOL, equation="ij->ij"'),
                                      ('ij, jk -> ik', [b, b], 'N=2, T=DT_BOOL, equation="ij,jk->ik"'),
                                      ('ij,jk,kl->il', [b, b, b], 'N=2, T=DT_BOOL, equation="jk,ij->ki"')]:
        with pytest.raises(NotFoundError, match=r'Einsum\[%s\]' % shown.replace('.', r'\.')):
            tf.einsum(equation, *operands)
    # int32 still computes: [[1, 0], [0, 1]]
    assert tf.einsum('ij,jk->ik', tf.cast(b, 'int32'), tf.cast(b, 'int32')).numpy().tolist() == [[1, 0], [0, 1]]


def test_keras_einsum_of_bools():
    b = np.array([[True, False], [False, True]])
    # TF 2.21: ops.einsum('ij,jk->ik', b, b) -> MatMul's InvalidArgumentError "Value for attr 'T' of bool is not in
    # the list of allowed values: ..." (Keras's matmul recipe); ops.einsum('ij->ji', b) -> Einsum's NotFoundError
    # for "ab->ba" (Keras renames the letters)
    with pytest.raises(InvalidArgumentError, match="Value for attr 'T' of bool is not in the list of allowed values"):
        ops.einsum('ij,jk->ik', b, b)
    with pytest.raises(NotFoundError, match='equation="ab->ba"'):
        ops.einsum('ij->ji', b)
    # integer operands go through floats: ops.einsum('ij,jk->ik', uint8, uint8) -> uint8 [[1, 0], [0, 1]]
    out = ops.einsum('ij,jk->ik', b.astype('uint8'), b.astype('uint8'))
    assert out.dtype.name == 'uint8' and out.numpy().tolist() == [[1, 0], [0, 1]]
