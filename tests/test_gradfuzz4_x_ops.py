"""tf.math.xlogy, xdivy and xlog1py as TF 2.21's kernels with TF's gradient rules; float64 SigmoidGrad's tail.

TF's Xlogy / Xdivy / Xlog1py are kernels (x / y, not x * (1 / y); where x is 0 the packet code hands x
itself back, so -0 stays -0, while the last size % packet values are +0) whose math_grad rules are
xdivy(x, y) * g, xlogy(x != 0, y) * g and the like. tapeflow composed them from Mul, Log and Reciprocal, so
y's gradient went through float32 Reciprocal's estimate (dy of xlogy(1., 1.) * 3 was 2.9999998 where TF
gives 3.0) and zeros lost their sign. SigmoidGrad's scalar tail, (dy * y) * (1 - y), now covers float64's
size % 4 as float32's size % 8 (gradfuzz4's edge sweep: sigmoid(6.0)'s gradient an ulp off). Values printed
by TF 2.21 (float.hex): values, then dz/dx, then dz/dy of z = 1.5 * sum(op(x, y)) on 13 values.
"""
import numpy as np
import pytest

import framework as tf

pytestmark = pytest.mark.usefixtures('intel_reciprocal')

X = np.round(np.linspace(-2.0, 2.0, 13), 2)
X[1], X[-1] = 0.0, -0.0
Y = np.round(np.linspace(0.15, 2.9, 13), 2)
TF_BITS = {
    ('float32', 'xlogy'): (
        '0x1.e5a9a80000000p+1 0x0.0p+0 0x1.5098960000000p-1 0x1.6513680000000p-3 -0x1.735aae0000000p-5 '
        '-0x1.62a1ea0000000p-4 0x0.0p+0 0x1.7a35f40000000p-3 0x1.d4a8ba0000000p-2 0x1.96031e0000000p-1 '
        '0x1.2fb5200000000p+0 0x1.a3dbb20000000p+0 0x0.0p+0 -0x1.6c3f3e0000000p+1 0x0.0p+0 '
        '-0x1.7b9e9c0000000p-1 -0x1.0bce8e0000000p-2 0x1.9fb1ec0000000p-4 0x1.92fdce0000000p-2 0x0.0p+0 '
        '0x1.adc8f00000000p-1 0x1.064f260000000p+0 0x1.3082560000000p+0 0x1.5686fa0000000p+0 '
        '0x1.791e3e0000000p+0 0x0.0p+0 -0x1.4000000000000p+4 0x0.0p+0 -0x1.a29f7a0000000p+1 '
        '-0x1.c924920000000p+0 -0x1.e0e5ac0000000p-1 -0x1.85e8600000000p-2 0x0.0p+0 0x1.21a54e0000000p-2 '
        '0x1.03e0f80000000p-1 0x1.5b82e60000000p-1 0x1.a29f7a0000000p-1 0x1.e05c0a0000000p-1 0x0.0p+0 '),
    ('float32', 'xdivy'): (
        '-0x1.aaaaaa0000000p+3 0x0.0p+0 -0x1.1714fc0000000p+1 -0x1.30c30c0000000p+0 -0x1.40991e0000000p-1 '
        '-0x1.03f0400000000p-2 0x0.0p+0 0x1.8231be0000000p-3 0x1.5a814c0000000p-2 0x1.cf59320000000p-2 '
        '0x1.1714fc0000000p-1 0x1.403d5c0000000p-1 0x0.0p+0 0x1.4000000000000p+3 0x0.0p+0 '
        '0x1.3ac10c0000000p+1 0x1.c924920000000p+0 0x1.66e0e40000000p+0 0x1.2762760000000p+0 0x0.0p+0 '
        '0x1.b6db700000000p-1 0x1.83e0f80000000p-1 0x1.5b82e60000000p-1 0x1.3ac10c0000000p-1 '
        '0x1.1fa3f40000000p-1 0x0.0p+0 0x1.0aaaa80000000p+7 -0x0.0p+0 0x1.5722320000000p+2 '
        '0x1.101bde0000000p+1 0x1.c16fc40000000p-1 0x1.2bedd40000000p-2 -0x0.0p+0 -0x1.4b06100000000p-3 '
        '-0x1.0680fa0000000p-2 -0x1.3a7d680000000p-2 -0x1.5722300000000p-2 -0x1.67d1e20000000p-2 0x0.0p+0 '),
    ('float32', 'xlog1py'): (
        '-0x1.1e3b800000000p-2 0x0.0p+0 -0x1.444be40000000p-1 -0x1.3833320000000p-1 -0x1.f328160000000p-2 '
        '-0x1.1974e80000000p-2 0x0.0p+0 0x1.55d7180000000p-2 0x1.7692c80000000p-1 0x1.2a90bc0000000p+0 '
        '0x1.a4a7420000000p+0 0x1.15edd00000000p+1 0x0.0p+0 0x1.ad59400000000p-3 0x0.0p+0 '
        '0x1.6dbf740000000p-1 0x1.d44ccc0000000p-1 0x1.1760f20000000p+0 0x1.3fd64c0000000p+0 0x0.0p+0 '
        '0x1.84746c0000000p+0 0x1.a34c6c0000000p+0 0x1.bfd91a0000000p+0 0x1.da6bca0000000p+0 '
        '0x1.f3460a0000000p+0 0x0.0p+0 -0x1.4de9be0000000p+1 0x0.0p+0 -0x1.3d37a80000000p+0 '
        '-0x1.a164300000000p-1 -0x1.f128d00000000p-2 -0x1.b8c3e80000000p-3 0x0.0p+0 0x1.70a3d80000000p-3 '
        '0x1.5957a00000000p-2 0x1.de81320000000p-2 0x1.28ee240000000p-1 0x1.5d78ac0000000p-1 0x0.0p+0 '),
    ('float64', 'xlogy'): (
        '0x1.e5a9a7c3ac417p+1 0x0.0p+0 0x1.509894fbb201fp-1 0x1.6513637dde829p-3 -0x1.735a9d688339dp-5 '
        '-0x1.62a1ed6b9517fp-4 0x0.0p+0 0x1.7a35f2abd225bp-3 0x1.d4a8b9ad7ae8ap-2 0x1.96031d705867fp-1 '
        '0x1.2fb51e3931409p+0 0x1.a3dbb23e43738p+0 0x0.0p+0 -0x1.6c3f3dd2c1311p+1 0x0.0p+0 '
        '-0x1.7b9e9c7a2ec68p-1 -0x1.0bce8a9e66e1fp-2 0x1.9fb1da3bada40p-4 0x1.92fdd39d296cap-2 0x0.0p+0 '
        '0x1.adc8f0da86138p-1 0x1.064f26f805bf5p+0 0x1.30825614424dfp+0 0x1.5686f9aa5e0b3p+0 '
        '0x1.791e3dfdac7d4p+0 0x0.0p+0 -0x1.4000000000000p+4 0x0.0p+0 -0x1.a29f79b475822p+1 '
        '-0x1.c924924924924p+0 -0x1.e0e5aea77a04cp-1 -0x1.85e85e85e85e8p-2 0x0.0p+0 0x1.21a54d880bb3fp-2 '
        '0x1.03e0f83e0f83ep-1 0x1.5b82e55b82e56p-1 0x1.a29f79b475822p-1 0x1.e05c0b81702e0p-1 0x0.0p+0 '),
    ('float64', 'xdivy'): (
        '-0x1.aaaaaaaaaaaabp+3 0x0.0p+0 -0x1.1714fbcda3ac1p+1 -0x1.30c30c30c30c3p+0 -0x1.40991f1a51588p-1 '
        '-0x1.03f03f03f03f0p-2 0x0.0p+0 0x1.8231bcb564effp-3 0x1.5a814afd6a053p-2 0x1.cf5931cf5931dp-2 '
        '0x1.1714fbcda3ac1p-1 0x1.403d5d00f5740p-1 0x0.0p+0 0x1.4000000000000p+3 0x0.0p+0 '
        '0x1.3ac10c9714fbdp+1 0x1.c924924924924p+0 0x1.66e0e5aea77a0p+0 0x1.2762762762762p+0 0x0.0p+0 '
        '0x1.b6db6db6db6dbp-1 0x1.83e0f83e0f83ep-1 0x1.5b82e55b82e56p-1 0x1.3ac10c9714fbdp-1 '
        '0x1.1fa3f47e8fd20p-1 0x0.0p+0 0x1.0aaaaaaaaaaaap+7 -0x0.0p+0 0x1.57223165c0d7cp+2 '
        '0x1.101bdd2b89941p+1 0x1.c16fc71db76b6p-1 0x1.2bedd28e63f9fp-2 -0x0.0p+0 -0x1.4b060f76e8cdap-3 '
        '-0x1.0680fabffafc3p-2 -0x1.3a7d6877e22fcp-2 -0x1.57223165c0d7cp-2 -0x1.67d1e42f198b0p-2 0x0.0p+0 '),
    ('float64', 'xlog1py'): (
        '-0x1.1e3b825dd05ecp-2 0x0.0p+0 -0x1.444be29be94edp-1 -0x1.38333168ad4e2p-1 -0x1.f328138fad405p-2 '
        '-0x1.1974e7117b2bdp-2 0x0.0p+0 0x1.55d7160a9643ap-2 0x1.7692c84fb82abp-1 0x1.2a90bb6d4cc22p+0 '
        '0x1.a4a740691afadp+0 0x1.15edd0f508e14p+1 0x0.0p+0 0x1.ad59438cb88e2p-3 0x0.0p+0 '
        '0x1.6dbf7310149a4p-1 0x1.d44cca1d03f53p-1 0x1.1760f033c266ep+0 0x1.3fd64c6551c90p+0 0x0.0p+0 '
        '0x1.84746a8064efcp+0 0x1.a34c6d9a31800p+0 0x1.bfd91923f3233p+0 0x1.da6bc99b1c80ep+0 '
        '0x1.f3460a88a93eep+0 0x0.0p+0 -0x1.4de9bd37a6f4ep+1 0x0.0p+0 -0x1.3d37a6f4de9bep+0 '
        '-0x1.a1642c8590b22p-1 -0x1.f128cfc4a33f1p-2 -0x1.b8c3e54975fb9p-3 0x0.0p+0 0x1.70a3d70a3d70bp-3 '
        '0x1.59579fc905278p-2 0x1.de81323e34a2ap-2 0x1.28ee23b88ee24p-1 0x1.5d78acfde8489p-1 0x0.0p+0 '),
}


def _floats(hexes):
    return np.array([float.fromhex(h) for h in hexes.split()])


@pytest.mark.parametrize('dtype', ['float32', 'float64'])
@pytest.mark.parametrize('name', ['xlogy', 'xdivy', 'xlog1py'])
def test_x_ops_and_gradients_have_tfs_bits_and_signs(dtype, name):
    x = tf.Variable(X, dtype=dtype)
    y = tf.Variable(Y, dtype=dtype)
    with tf.GradientTape() as t:
        z = getattr(tf.math, name)(x, y)
        loss = tf.reduce_sum(z * 1.5)
    gx, gy = t.gradient(loss, [x, y])
    got = np.concatenate([z.numpy(), gx.numpy(), gy.numpy()])
    expected = _floats(TF_BITS[dtype, name]).astype(dtype)
    np.testing.assert_array_equal(got, expected)
    np.testing.assert_array_equal(np.signbit(got), np.signbit(expected))


def test_float64_sigmoid_gradient_tail_is_the_scalar_functors():
    s = tf.constant(np.linspace(-3, 6, 10), tf.float64)
    with tf.GradientTape() as t:
        t.watch(s)
        q = tf.sigmoid(s)
    np.testing.assert_array_equal(t.gradient(q, s).numpy(), _floats(
        '0x1.72165282c6f74p-5 0x1.ae0dc0f990c44p-4 0x1.92a946fa34394p-3 0x1.0000000000000p-2 '
        '0x1.92a946fa34394p-3 0x1.ae0dc0f990c46p-4 0x1.72165282c6f6ep-5 0x1.2162c262e0518p-6 '
        '0x1.b3afe1fba5c6dp-8 0x1.434a517bbc5e6p-9 '))
