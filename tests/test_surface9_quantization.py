"""tf.quantization: fake_quant_with_min_max_args / _vars / _vars_per_channel (+ _gradient) and
quantize_and_dequantize(_v2).

Expected values, gradients and texts are TensorFlow 2.21's, printed by the same program under
/opt/tfref/bin/python. The gradients are TF's straight-through rules (the true derivative of a step
function is zero almost everywhere), so they are pinned to TF's values, not to central differences."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

Q = tf.quantization
X = np.linspace(-8, 8, 11, dtype=np.float32) + np.float32(0.013)
Y = X[:10].reshape(5, 2)
Z = np.array([-1.7, -0.5, 0.0, 0.25, 0.3333, 1.2, 2.9], np.float32)
W = np.linspace(-3, 2, 12).astype(np.float32).reshape(4, 3)
F = np.float32


@pytest.mark.parametrize('call, expected', [
    (lambda: Q.fake_quant_with_min_max_args(X), [-6.0235295, -6.0235295, -4.8, -3.2, -1.6, 0., 1.6, 3.2, 4.8, 5.9764705,
                                                 5.9764705]),
    (lambda: Q.fake_quant_with_min_max_args(X, min=-1.3, max=2.7, num_bits=4, narrow_range=True),
     [-1.4285715] * 5 + [0., 1.7142859] + [2.5714288] * 4),
    (lambda: Q.fake_quant_with_min_max_args(X, min=0.5, max=2.7), [0.] * 5 + [0.017254902, 1.6133333] + [2.2] * 4),
    (lambda: Q.fake_quant_with_min_max_vars(X, -2.5, 3.1),
     [-2.5035293] * 4 + [-1.5811764, 0.021960784, 1.6031373] + [3.0964706] * 4),
    (lambda: Q.fake_quant_with_min_max_vars(X, 3.1, -2.5), [3.0964706] * 11),
    (lambda: Q.fake_quant_with_min_max_vars_per_channel(Y, [-1., -3.], [2., 0.5], num_bits=3),
     [[-0.85714287, -3.], [-0.85714287, -3.], [-0.85714287, 0.], [1.7142857, 0.5], [2.142857, 0.5]]),
    (lambda: Q.quantize_and_dequantize_v2(Z, -1., 1.), [-1.6897638, -0.5023622, 0., 0.2511811, 0.34251967, 1.2102362, 2.9]),
    (lambda: Q.quantize_and_dequantize_v2(Z, -1., 1., range_given=True),
     [-1.007874, -0.503937, 0., 0.2519685, 0.33070865, 1., 1.]),
    (lambda: Q.quantize_and_dequantize_v2(Z, -1., 1., range_given=True, num_bits=3, round_mode='HALF_UP',
                                          narrow_range=True), [-1., -0.33333334, 0., 0.33333334, 0.33333334, 1., 1.]),
    (lambda: Q.quantize_and_dequantize_v2(Z, 0., 2., signed_input=False, range_given=True, num_bits=4),
     [0., 0., 0., 0.26666668, 0.26666668, 1.2, 2.]),
    (lambda: Q.quantize_and_dequantize_v2(Z, 0., 0., signed_input=False),
     [-1.6945099, -0.5003922, 0., 0.2501961, 0.32980394, 1.2054902, 2.9]),
    (lambda: Q.quantize_and_dequantize_v2(Z, -1., 1., num_bits=1), [-1.7, -0., 0., 0., 0., 1.7, 3.4]),
    (lambda: Q.quantize_and_dequantize_v2(tf.zeros([3]), 0., 0.), [0., 0., 0.]),
    (lambda: Q.quantize_and_dequantize_v2(W, [0.] * 4, [0.] * 4, num_bits=4, axis=0),
     [[-3., -2.625, -2.25], [-1.6363636, -1.2272727, -0.8181818], [-0.27272725, 0.18181817, 0.6363636],
      [1.1428572, 1.4285715, 2.]]),
    (lambda: Q.quantize_and_dequantize_v2(W, [0.] * 3, [0.] * 3, num_bits=4, axis=1),
     [[-3., -2.5454545, -2.], [-1.5, -1.2727273, -0.8571429], [-0.375, 0.3181818, 0.5714286],
      [1.125, 1.590909, 2.]]),
    (lambda: Q.quantize_and_dequantize(Z, -1., 1., range_given=True, num_bits=3),
     [-1.3333334, -0.6666667, 0., 0.33333334, 0.33333334, 1., 1.]),
])
def test_values_are_tensorflows_bits(call, expected):
    out = call()
    assert out.dtype == tf.float32
    np.testing.assert_array_equal(out.numpy(), np.array(expected, np.float32))


def test_float64_quantize_and_dequantize_computes_in_float64():
    out = Q.quantize_and_dequantize_v2(tf.constant([0.1, 0.2], tf.float64), -1., 1.)
    assert out.dtype == tf.float64
    np.testing.assert_allclose(out.numpy(), [64 * 0.2 / 127, 0.2], rtol=1e-15)      # TF prints 0.100787402


def test_fake_quant_gradients_are_tensorflows():
    weights = tf.range(11, dtype=tf.float32)
    lo, hi, x = tf.Variable(-2.5), tf.Variable(3.1), tf.Variable(X)
    with tf.GradientTape(persistent=True) as tape:
        by_vars = tf.reduce_sum(Q.fake_quant_with_min_max_vars(x, lo, hi) * weights)
        by_args = tf.reduce_sum(Q.fake_quant_with_min_max_args(x, min=-2.5, max=3.1) * weights)
    gx, glo, ghi = tape.gradient(by_vars, [x, lo, hi])
    inside = [0., 0., 0., 0., 4., 5., 6., 0., 0., 0., 0.]
    assert gx.numpy().tolist() == inside and (glo.numpy(), ghi.numpy()) == (6., 34.)
    assert tape.gradient(by_args, x).numpy().tolist() == inside
    lo_c, hi_c, y = tf.Variable([-1., -3.]), tf.Variable([2., 0.5]), tf.Variable(Y)
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(Q.fake_quant_with_min_max_vars_per_channel(y, lo_c, hi_c, num_bits=3)
                             * tf.reshape(tf.range(10, dtype=tf.float32), [5, 2]))
    gy, glo, ghi = tape.gradient(loss, [y, lo_c, hi_c])
    assert gy.numpy().tolist() == [[0, 0], [0, 0], [0, 5], [6, 0], [0, 0]]
    assert glo.numpy().tolist() == [6, 4] and ghi.numpy().tolist() == [8, 16]


def test_gradient_functions_are_tensorflows():
    g = tf.ones_like(X) * 2
    assert Q.fake_quant_with_min_max_args_gradient(g, X, min=-2.5, max=3.1).numpy().tolist() == \
        [0, 0, 0, 0, 2, 2, 2, 0, 0, 0, 0]
    gx, glo, ghi = Q.fake_quant_with_min_max_vars_gradient(g, X, -2.5, 3.1)
    assert gx.numpy().tolist() == [0, 0, 0, 0, 2, 2, 2, 0, 0, 0, 0] and (glo.numpy(), ghi.numpy()) == (8, 8)
    gy, glo, ghi = Q.fake_quant_with_min_max_vars_per_channel_gradient(tf.ones_like(Y), Y, [-1., -3.], [2., 0.5],
                                                                       num_bits=3)
    assert gy.numpy().tolist() == [[0, 0], [0, 0], [0, 1], [1, 0], [0, 0]]
    assert glo.numpy().tolist() == [3, 2] and ghi.numpy().tolist() == [1, 2]


def test_quantize_and_dequantize_gradients_are_tensorflows():
    z, lo, hi = tf.Variable(Z), tf.Variable(-1.), tf.Variable(1.)
    weights = tf.range(7, dtype=tf.float32)
    with tf.GradientTape(persistent=True) as tape:
        v2 = tf.reduce_sum(Q.quantize_and_dequantize_v2(z, lo, hi, range_given=True) * weights)
        v1 = tf.reduce_sum(Q.quantize_and_dequantize(z, lo, hi, range_given=True) * weights)
        measured = tf.reduce_sum(Q.quantize_and_dequantize_v2(z, lo, hi) * weights)
    for loss in (v2, measured):       # clipped by the given bounds even when the range is measured
        gz, glo, ghi = tape.gradient(loss, [z, lo, hi])
        assert gz.numpy().tolist() == [0, 1, 2, 3, 4, 0, 0] and (glo.numpy(), ghi.numpy()) == (0, 0)
    gz, glo, ghi = tape.gradient(v1, [z, lo, hi], unconnected_gradients='none')
    assert gz.numpy().tolist() == [0, 1, 2, 3, 4, 5, 6] and glo is None and ghi is None


@pytest.mark.parametrize('call, text', [
    (lambda: Q.fake_quant_with_min_max_args(X, min=3., max=2.),
     'min has to be smaller than max, was: 3 >= 2 [Op:FakeQuantWithMinMaxArgs] name: '),
    (lambda: Q.fake_quant_with_min_max_args(X, num_bits=1), 'num_bits must be between 2 and 16, inclusive [Op:FakeQuantWithMinMaxArgs]'),
    (lambda: Q.fake_quant_with_min_max_args(X, num_bits=17), 'num_bits must be between 2 and 16, inclusive'),
    (lambda: Q.fake_quant_with_min_max_vars(X, [1.], [2.]), '`min` must be rank 0 but is rank 1 [Op:FakeQuantWithMinMaxVars]'),
    (lambda: Q.fake_quant_with_min_max_vars_per_channel(Y, [-1.], [2.]),
     'min has incorrect size, expected 2 was 1 [Op:FakeQuantWithMinMaxVarsPerChannel]'),
    (lambda: Q.quantize_and_dequantize_v2(Z, 1., -1., range_given=True),
     'Invalid range: input_min 1 > input_max -1 [Op:QuantizeAndDequantizeV4] name: '),
    (lambda: Q.quantize_and_dequantize_v2(W, [-1.] * 3, [1.] * 3, range_given=True, axis=1),
     'input_min must be a scalar. [Op:QuantizeAndDequantizeV4]'),
    (lambda: Q.quantize_and_dequantize_v2(W, [-1.] * 3, [1.] * 3, range_given=True, axis=2),
     'Shape must be at least rank 3 but is rank 2 [Op:QuantizeAndDequantizeV4]'),
    (lambda: Q.quantize_and_dequantize_v2(Z, -1., 1., num_bits=62),
     'num_bits is out of range: 62 with signed_input_ 1 [Op:QuantizeAndDequantizeV4] name: '),
    (lambda: Q.quantize_and_dequantize_v2(Z, -1., 1., num_bits=63, signed_input=False),
     'num_bits is out of range: 63 with signed_input_ 0'),
    (lambda: Q.quantize_and_dequantize_v2(Z, -1., 1., round_mode='UP'),
     'Value for attr \'round_mode\' of "UP" is not in the list of allowed values: "HALF_TO_EVEN", "HALF_UP"'),
    (lambda: Q.quantize_and_dequantize_v2(tf.constant([1, 2]), -1, 1),
     "Value for attr 'T' of int32 is not in the list of allowed values: bfloat16, half, float, double"),
])
def test_bad_arguments_raise_tensorflows_errors(call, text):
    with pytest.raises(InvalidArgumentError) as info:
        call()
    assert text in str(info.value)


@pytest.mark.parametrize('call', [lambda: Q.fake_quant_with_min_max_args(tf.constant([1, 2])),
                                  lambda: Q.fake_quant_with_min_max_args(tf.constant([0.1], tf.float64))])
def test_fake_quant_takes_float32_only(call):
    with pytest.raises(ValueError, match='Tensor conversion requested dtype float32 for Tensor with dtype'):
        call()
