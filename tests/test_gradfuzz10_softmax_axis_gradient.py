"""The gradient of tf.nn.softmax / log_softmax on a non-last axis is computed in TF 2.21's layout: TF transposes
the axis last around its kernels, so SoftmaxGrad's sum and the log_softmax gradient's exp run over the
transposed tensor (framework/ops/activations.py, _in_class_layout). Summed in place along the axis, float64
gradients were an ulp off and float32 ones on longer axes (progs/gradfuzz10/t_lsm2.py: 26 -> 58 of 67 lines).

Values printed by TF 2.21 on the AVX-512 Xeon (probe /work/notes/progs/gradfuzz10/t_lsm_test.py; digests are
sha1 of the gradient's bytes, first 12 hex digits).
"""
import hashlib

import numpy as np
import pytest

import framework as tf

pytestmark = pytest.mark.usefixtures('xeon_cpu')     # TF 2.21's values on the AVX-512 Xeon (Eigen's exp, sums)


def _digest(t):
    return hashlib.sha1(np.ascontiguousarray(t.numpy()).tobytes()).hexdigest()[:12]


def _gradients(f, shape, ax, dtype, seed):
    rs = np.random.RandomState(seed)
    x = tf.Variable(rs.uniform(-3, 3, shape), dtype=dtype)
    g = tf.constant(rs.uniform(-2, 2, shape), dtype)
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            loss = tf.reduce_sum(f(x, axis=ax) * g)
        d = inner.gradient(loss, x)
        norm = tf.reduce_sum(tf.square(d))
    return d, outer.gradient(norm, x)


def test_float64_log_softmax_over_rows():
    d, _ = _gradients(tf.nn.log_softmax, (4, 4), 0, tf.float64, 0)
    assert [float(v).hex() for v in d.numpy().ravel()] == [
        '-0x1.d20d1a194c640p+0', '0x1.a180bf364b143p-1', '0x1.6cafaaa172ef0p+0', '0x1.dcfb71794ee26p-1',
        '0x1.f604d0dbd9c63p+0', '0x1.b6ad797d240a4p-1', '-0x1.39c0321e5a19ep-5', '-0x1.a30a7f22487c2p+1',
        '-0x1.5ab14ff604ee0p-2', '0x1.f50ec8e16ab78p-2', '-0x1.d44ab6967e06cp-2', '0x1.47c84cebab427p+0',
        '0x1.95a4e9d79ecaep-3', '-0x1.14ad6749091e9p+1', '-0x1.db9df6d5c1392p-1', '0x1.0fcef89c3e44dp+0']


# (function, dtype, shape, axis): digests of the gradient and of the second derivative
EXPECTED = [
    (tf.nn.softmax, tf.float32, (40, 3), 0, '30899f8fe637', '09d86b89a1e5'),
    (tf.nn.softmax, tf.float32, (3, 10, 5), 1, 'd6a9aa94ab48', 'e5ab135d280c'),
    (tf.nn.softmax, tf.float64, (40, 3), 0, '2ee04d3de3f3', 'a617da15bed3'),
    (tf.nn.softmax, tf.float64, (3, 10, 5), 1, 'de6a48e64ba2', 'b86d1b8b80d0'),
    (tf.nn.log_softmax, tf.float32, (40, 3), 0, 'dd1c3bde2acd', '46cfa9c0f281'),
    (tf.nn.log_softmax, tf.float32, (3, 10, 5), 1, '3ec05f639f68', 'ad0867af4034'),
    (tf.nn.log_softmax, tf.float64, (40, 3), 0, 'bb8b613ab3c7', '000afd120524'),
    (tf.nn.log_softmax, tf.float64, (3, 10, 5), 1, '6de20c4bd6e2', '7c5714dbd8a8'),
]


@pytest.mark.parametrize('f, dtype, shape, ax, first, second', EXPECTED)
def test_gradient_and_second_derivative_bits(f, dtype, shape, ax, first, second):
    d, dd = _gradients(f, shape, ax, dtype, 3)
    assert (_digest(d), _digest(dd)) == (first, second)
