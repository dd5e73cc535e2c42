"""keras.ops window functions, tf.signal.kaiser_window, float32 bessel_i0e / i1e and keras.ops.nextafter
carry TensorFlow 2.21's float32 bits.

Keras 3's TensorFlow backend builds hamming / hanning from tf.signal's cosine windows,
kaiser from tf.signal.kaiser_window (exp(num - beta) * i0e(num) / i0e(beta) in float32),
bartlett and blackman from float32 ops, and steps nextafter in float64 before casting
back. Golden values: the same calls under TF 2.21 + Keras 3.15 (.numpy().tolist(), so
every float32 is exact); arrays of at most 7 elements take Eigen's scalar path everywhere.
"""
import math

import numpy as np
import pytest

import framework as tf
from framework.keras import ops

GOLDEN = {
    'hamming(1)': [1.0],
    'hanning(1)': [1.0],
    'bartlett(1)': [1.0],
    'blackman(1)': [1.0],
    'kaiser(1, 3.0)': [1.0],
    'kaiser(1, 14.0)': [1.0],
    'hamming(2)': [0.08000001311302185, 0.08000001311302185],
    'hanning(2)': [0.0, 0.0],
    'bartlett(2)': [0.0, 0.0],
    'blackman(2)': [-1.4901161193847656e-08, -1.4901161193847656e-08],
    'kaiser(2, 3.0)': [0.20488470792770386, 0.20488470792770386],
    'kaiser(2, 14.0)': [7.726866897428408e-06, 7.726866897428408e-06],
    'hamming(5)': [0.08000001311302185, 0.5400000214576721, 1.0, 0.5400000214576721, 0.08000001311302185],
    'hanning(5)': [0.0, 0.5, 1.0, 0.5, 0.0],
    'bartlett(5)': [0.0, 0.5, 1.0, 0.5, 0.0],
    'blackman(5)': [-1.4901161193847656e-08, 0.3400000333786011, 0.9999999403953552, 0.3399999737739563, -1.4901161193847656e-08],
    'kaiser(5, 3.0)': [0.20488470792770386, 0.7269253730773926, 1.0, 0.7269253730773926, 0.20488470792770386],
    'kaiser(5, 14.0)': [7.726866897428408e-06, 0.16493214666843414, 1.0, 0.16493214666843414, 7.726866897428408e-06],
    'hamming(6)': [0.08000001311302185, 0.39785221219062805, 0.9121478796005249, 0.9121478199958801, 0.3978521227836609, 0.08000001311302185],
    'hanning(6)': [0.0, 0.34549152851104736, 0.9045085310935974, 0.9045084714889526, 0.3454914391040802, 0.0],
    'bartlett(6)': [0.0, 0.4000000059604645, 0.800000011920929, 0.7999999523162842, 0.3999999761581421, 0.0],
    'blackman(6)': [-1.4901161193847656e-08, 0.20077012479305267, 0.8492299318313599, 0.8492297530174255, 0.2007700800895691, -1.4901161193847656e-08],
    'kaiser(6, 3.0)': [0.20488470792770386, 0.6247462630271912, 0.9522216320037842, 0.9522216320037842, 0.6247462630271912, 0.20488470792770386],
    'kaiser(6, 14.0)': [7.726866897428408e-06, 0.06815372407436371, 0.7615090012550354, 0.7615090012550354, 0.06815372407436371, 7.726866897428408e-06],
    'hamming(7)': [0.08000001311302185, 0.3100000321865082, 0.7700000405311584, 1.0, 0.7699999809265137, 0.30999985337257385, 0.08000001311302185],
    'hanning(7)': [0.0, 0.25, 0.75, 1.0, 0.7499999403953552, 0.24999982118606567, 0.0],
    'bartlett(7)': [0.0, 0.3333333432674408, 0.6666666865348816, 1.0, 0.6666666269302368, 0.3333333730697632, 0.0],
    'blackman(7)': [-1.4901161193847656e-08, 0.12999999523162842, 0.6299999952316284, 0.9999999403953552, 0.6299999356269836, 0.12999986112117767, -1.4901161193847656e-08],
    'kaiser(7, 3.0)': [0.20488470792770386, 0.5530527830123901, 0.8712419271469116, 1.0, 0.8712419271469116, 0.5530527830123901, 0.20488470792770386],
    'kaiser(7, 14.0)': [7.726866897428408e-06, 0.03288549929857254, 0.4627164602279663, 1.0, 0.4627164602279663, 0.03288549929857254, 7.726866897428408e-06],
    'i0e[-12.5, -8.0, -3.25, -0.5, 0.0, 0.75, 2.0]': [0.11402194201946259, 0.14343179762363434, 0.2322317510843277, 0.6450353860855103, 1.0, 0.5411652326583862, 0.30850833654403687],
    'i1e[-12.5, -8.0, -3.25, -0.5, 0.0, 0.75, 2.0]': [-0.1093614399433136, -0.13414257764816284, -0.19203108549118042, -0.15642082691192627, 0.0, 0.18988779187202454, 0.2152693271636963],
    'i0e[7.900000095367432, 8.100000381469727, 30.0, inf]': [0.14436987042427063, 0.142511785030365, 0.07314594089984894, 0.0],
    'i1e[7.900000095367432, 8.100000381469727, 30.0, inf]': [0.13489657640457153, 0.13340067863464355, 0.07191632688045502, 0.0],
    'nextafter32': [1.0, 1.0, 0.0, -2.5],
    'nextafter64': [1.0000000000000002, 5e-324],
    'nextafter_int': ["<dtype: 'float32'>", 1.0],
}

WINDOWS = [k for k in GOLDEN if k.split('(')[0] in ('hamming', 'hanning', 'bartlett', 'blackman', 'kaiser')]


@pytest.mark.parametrize('call', WINDOWS)
def test_window_bits_match_keras_on_tensorflow(call):
    out = eval('ops.' + call)
    assert out.dtype.name == 'float32'
    np.testing.assert_array_equal(out.numpy(), np.array(GOLDEN[call], np.float32))


def test_tf_signal_kaiser_window_bits_and_its_empty_window_error():
    np.testing.assert_array_equal(tf.signal.kaiser_window(6, beta=3.0).numpy(), np.array(GOLDEN['kaiser(6, 3.0)'],
                                                                                         np.float32))
    with pytest.raises(tf.errors.InvalidArgumentError, match='Requires start <= limit when delta > 0: 0.5/-0.4'):
        tf.signal.kaiser_window(0)


@pytest.mark.parametrize('key', [k for k in GOLDEN if k.startswith(('i0e', 'i1e'))])
def test_float32_scaled_bessel_bits(key):
    x = np.array(eval(key[3:], {'inf': np.inf}), np.float32)
    fn = tf.math.bessel_i0e if key.startswith('i0e') else tf.math.bessel_i1e
    np.testing.assert_array_equal(fn(x).numpy(), np.array(GOLDEN[key], np.float32))


def test_float64_scaled_bessel_keeps_its_accuracy():
    x = np.array([-12.5, -3.25, 0.0, 0.75, 7.9, 30.0])
    # exp(-|x|) I0(x) by its power series sum (x/2)^(2k) / (k!)^2, in float64
    series = sum((x / 2) ** (2 * k) / math.factorial(k) ** 2 for k in range(80)) * np.exp(-np.abs(x))
    np.testing.assert_allclose(tf.math.bessel_i0e(x).numpy(), series, rtol=1e-13)


def test_nextafter_steps_in_float64_and_casts_back():
    got = ops.nextafter(np.array([1.0, 1.0, 0.0, -2.5], 'float32'), np.array([2.0, 0.0, 1.0, -3.0], 'float32'))
    assert got.dtype.name == 'float32'
    np.testing.assert_array_equal(got.numpy(), np.array(GOLDEN['nextafter32'], np.float32))
    np.testing.assert_array_equal(ops.nextafter(np.array([1.0, 0.0]), np.array([2.0, 1.0])).numpy(),
                                  GOLDEN['nextafter64'])
    out = ops.nextafter(1, 2)
    assert [str(out.dtype), out.numpy().tolist()] == GOLDEN['nextafter_int']
