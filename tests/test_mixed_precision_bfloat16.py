"""tf.bfloat16 (numpy's through ml_dtypes, as TensorFlow's own) and the half-precision kernels whose
rounding TensorFlow fixes: softmax in float32, sigmoid in float16 steps. Expected values were
printed by TensorFlow 2.21 on the same inputs (/work/notes/progs/mixedprec/bf_tf.py, gold_tf.py)."""
import numpy as np
import pytest

import framework as tf

pytest.importorskip('ml_dtypes')


def test_bfloat16_is_a_dtype_of_its_own():
    b = tf.bfloat16
    assert (str(b), repr(b), b.name, b.is_floating, b.size, b.as_datatype_enum) == \
        ("<dtype: 'bfloat16'>", 'tf.bfloat16', 'bfloat16', True, 2, 14)
    assert b is tf.as_dtype('bfloat16') is tf.dtypes.bfloat16 and b == 'bfloat16' and b != tf.float32
    assert (float(b.min), float(b.max)) == (-3.3895313892515355e+38, 3.3895313892515355e+38)
    assert b.as_numpy_dtype.__name__ == 'bfloat16'


def test_cast_to_bfloat16_rounds_and_prints_as_tensorflow():
    y = tf.cast(tf.constant([1.1, 2.5, -3.14159, 1e-3, 65504.0, 3e38]), tf.bfloat16)
    assert str(y).replace('tapeflow.', 'tf.') == \
        'tf.Tensor([1.10156 2.5 -3.14062 0.000999451 65536 3.00406e+38], shape=(6,), dtype=bfloat16)'
    assert y.dtype == tf.bfloat16 and y.numpy().dtype.name == 'bfloat16'
    assert tf.cast(y, tf.float32).numpy().tolist() == [1.1015625, 2.5, -3.140625, 0.00099945068359375, 65536.0,
                                                       3.00405527047391e+38]
    assert str(y + y).replace('tapeflow.', 'tf.') == \
        'tf.Tensor([2.20312 5 -6.28125 0.0019989 131072 inf], shape=(6,), dtype=bfloat16)'
    assert tf.constant([1.5, 2.25], dtype=tf.bfloat16).dtype == tf.bfloat16


def test_bfloat16_matmul_rounds_the_float32_product_once(xeon_cpu):
    # (on the Xeon; the AMD EPYC's TF truncates the float32 product: 8.4375, not 8.5,
    # tests/test_lead50_half_matmul_and_wider_dense.py)
    m = tf.cast([[1.1, 2.2], [3.3, 4.4]], tf.bfloat16)
    product = tf.matmul(m, m)
    assert product.dtype == tf.bfloat16
    assert product.numpy().astype(np.float32).tolist() == [[8.5, 12.125], [18.125, 26.625]]


def test_bfloat16_softmax_and_variables():
    m = tf.cast([[1.1, 2.2], [3.3, 4.4]], tf.bfloat16)
    # TF 2.21 (Eigen's bfloat16 steps, each rounded: tests/test_opsfuzz12_bfloat16_softmax_steps.py)
    assert tf.nn.softmax(m).numpy().astype(np.float32).tolist() == [[0.25, 0.75390625], [0.2490234375, 0.75390625]]
    v = tf.Variable(m)
    assert v.dtype == tf.bfloat16 and "dtype=bfloat16, numpy=\narray([[1.10156, 2.20312]" in repr(v)


def test_float16_softmax_is_computed_in_float32(onednn_on):
    # (the goldens' CPU runs oneDNN; without it TF's Eigen kernel rounds each step to half:
    # tests/test_metrics13_half_softmax.py)
    f = tf.constant([[0.3, -1.7, 2.9, 0.001], [5.5, 6.25, -3.0, 0.5]], dtype='float16')
    assert tf.nn.softmax(f).numpy().tolist() == [[0.065185546875, 0.008819580078125, 0.8779296875,
                                                  0.048309326171875],
                                                 [0.320068359375, 0.677734375, 6.514787673950195e-05,
                                                  0.0021572113037109375]]


def test_float16_sigmoid_rounds_each_step_as_tensorflow():
    f = tf.constant([[0.3, -1.7, 2.9, 0.001], [5.5, 6.25, -3.0, 0.5]], dtype='float16')
    assert tf.sigmoid(f).numpy().tolist() == [[0.57421875, 0.1544189453125, 0.94775390625, 0.50048828125],
                                              [0.99609375, 0.998046875, 0.04742431640625, 0.62255859375]]
    extremes = np.array([-30, -16, -12, 9, 12, 30, np.inf, -np.inf, np.nan], np.float16)
    got = tf.sigmoid(extremes).numpy().tolist()
    assert got[:-1] == [0.0, 1.1920928955078125e-07, 6.139278411865234e-06, 1.0, 1.0, 1.0, 1.0, 0.0]
    assert np.isnan(got[-1])


def test_bfloat16_floatx_makes_bfloat16_layers():
    from framework import keras
    keras.backend.clear_session()     # a policy other tests set would be kept (Keras 3's rule)
    keras.backend.set_floatx('bfloat16')
    try:
        assert keras.mixed_precision.global_policy().name == 'bfloat16'
    finally:
        keras.backend.set_floatx('float32')


# TensorFlow 2.21 on these inputs (/work/notes/progs/mixedprec/bfops_tf.py and bfun_tf.py)
_X = [[0.3, -1.7, 2.9, 0.001], [5.5, 6.25, -3.0, 0.5]]


def _bfloat16_values(tensor):
    assert tensor.dtype == tf.bfloat16
    return np.asarray(tensor.numpy(), np.float32).ravel().tolist()


def test_bfloat16_kernels_round_as_tensorflows():
    x = tf.cast(tf.constant(_X), tf.bfloat16)
    # Eigen's packets compute in float32 and round once ...
    assert _bfloat16_values(tf.math.rsqrt(tf.abs(x) + 1)) == [0.87890625, 0.609375, 0.5078125, 1.0, 0.392578125,
                                                              0.37109375, 0.5, 0.81640625]
    # ... sigmoid, softplus and gelu take TF's formulas in bfloat16 steps
    assert _bfloat16_values(tf.sigmoid(x)) == [0.578125, 0.154296875, 0.94921875, 0.5, 0.99609375, 1.0,
                                               0.047607421875, 0.62109375]
    assert _bfloat16_values(tf.nn.softplus(x)) == [0.85546875, 0.1669921875, 2.90625, 0.69140625, 5.5, 6.25,
                                                   0.0498046875, 0.97265625]
    assert _bfloat16_values(tf.nn.gelu(x)) == [0.185546875, -0.07568359375, 2.90625, 0.000499725341796875, 5.5, 6.25,
                                               -0.00396728515625, 0.345703125]
    # reductions accumulate in float32; a scalar-path rsqrt (2 values) rounds twice
    assert _bfloat16_values(tf.reduce_sum(x, 1)) == [1.5078125, 9.25]
    assert _bfloat16_values(tf.reduce_mean(x)) == [1.34375]
    assert _bfloat16_values(tf.math.l2_normalize(x, 1)) == [0.08935546875, -0.50390625, 0.86328125,
                                                            0.00029754638671875, 0.62109375, 0.703125, -0.337890625,
                                                            0.056396484375]


def test_bfloat16_variables_have_gradients():
    x = tf.cast(tf.constant(_X), tf.bfloat16)
    y = tf.cast(tf.constant([[1.5, 2.0, -0.25, 3.0], [0.1, -0.2, 0.7, 1.1]]), tf.bfloat16)
    v = tf.Variable(x)
    with tf.GradientTape() as tape:
        r = tf.reduce_sum(tf.tanh(v) * y)
    grad = tape.gradient(r, v)
    assert _bfloat16_values(grad) == [1.375, 0.2421875, -0.00390625, 3.0, 0.0, -0.0, 0.005462646484375, 0.86328125]


def test_float16_softplus_gelu_and_rsqrt_round_as_tensorflows():
    x = tf.constant([[-6.0, -5.5, 0.3, 2.9], [5.5, -1.7, -3.0, 0.5]], tf.float16)
    assert tf.nn.softplus(x).numpy().ravel().tolist() == [0.002475738525390625, 0.004077911376953125, 0.8544921875,
                                                          2.955078125, 5.50390625, 0.167724609375, 0.048583984375,
                                                          0.97412109375]
    assert tf.nn.gelu(x).numpy().ravel().tolist() == [-0.0, -1.7881393432617188e-07, 0.1854248046875, 2.89453125, 5.5,
                                                      -0.07574462890625, -0.004055023193359375, 0.345703125]
    assert tf.nn.gelu(x, approximate=True).numpy().ravel().tolist() == [-0.0, -0.0, 0.1854248046875, 2.89453125, 5.5,
                                                                        -0.07598876953125, -0.003662109375,
                                                                        0.345703125]
    assert tf.math.rsqrt(tf.abs(x) + 1).numpy().ravel().tolist() == [0.3779296875, 0.392333984375, 0.876953125,
                                                                     0.50634765625, 0.392333984375, 0.60888671875,
                                                                     0.5, 0.81640625]


def test_bfloat16_random_draws_and_initializers_match_tensorflow():
    # TF 2.21: 7 random mantissa bits per bfloat16 uniform (Uint16ToGfloat16), normals rounded from float32
    normal = tf.random.stateless_normal([3], seed=[1, 2], dtype=tf.bfloat16)
    assert _bfloat16_values(normal) == [0.54296875, 0.20703125, 0.07373046875]
    from framework import keras
    keras.utils.set_random_seed(0)
    dense = keras.layers.Dense(3, dtype='bfloat16')
    out = dense(np.ones((1, 4), np.float32))
    assert out.dtype == tf.bfloat16 and dense.kernel.dtype == 'bfloat16'
    assert np.asarray(dense.kernel.numpy(), np.float32).ravel().tolist() == [
        0.72265625, 0.34765625, -0.1171875, -0.44921875, -0.6640625, -0.12890625, -0.80859375, -0.05859375,
        0.70703125, -0.53515625, 0.11328125, -0.72265625]
    with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'T' of bfloat16"):
        keras.initializers.Orthogonal()((2, 2), dtype='bfloat16')


def test_float16_products_sum_in_order_in_float32_and_round_once():
    # numpy's own float16 product adds in order in float32 too (TF's MatMul does below depth 512:
    # 256x784x64 from TF differed only past depth 512), but ~12x slower than half_products' sum
    rng = np.random.RandomState(0)
    a = rng.randn(8, 300).astype(np.float16)
    b = rng.randn(300, 5).astype(np.float16)
    assert np.array_equal(tf.matmul(a, b).numpy(), a @ b)
    big_a, big_b = np.ones((64, 600), np.float16), np.ones((600, 512), np.float16)    # past IN_ORDER_MAX: BLAS
    assert tf.matmul(big_a, big_b).numpy().dtype == np.float16 and float(tf.matmul(big_a, big_b)[0, 0]) == 600.0
