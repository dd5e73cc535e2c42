"""digamma, zeta and polygamma as Eigen computes them in TF 2.21: float32 digamma in float32 arithmetic
(Eigen's four-term series, C's tanf / logf; tapeflow rounded a double result: lgamma's float32 gradient was
an ulp off for a third of x), zeta and polygamma by Cephes' steps in each dtype (ops/eigen_zeta.py; digamma's
gradient polygamma(1, x) was off in both dtypes). Bits printed by TF 2.21."""
import framework as tf

XS = [-3.7, -2.5, -1.2, -0.3, 0.4, 1.1, 2.9, 7.3, 12.5]
TF = {
    ('float32', 'digamma'): [
        '-0x1.b0ae080000000p-1', '0x1.1a687c0000000p+0', '0x1.37929c0000000p+2',
        '0x1.0e80f00000000p+1', '-0x1.47db720000000p+1', '-0x1.b1ecd00000000p-2',
        '0x1.c3d7100000000p-1', '0x1.eaf6460000000p+0', '0x1.3e1ae40000000p+1',
    ],
    ('float32', 'lgamma_grad'): [
        '-0x1.b0ae080000000p-1', '0x1.1a687c0000000p+0', '0x1.37929c0000000p+2',
        '0x1.0e80f00000000p+1', '-0x1.47db720000000p+1', '-0x1.b1ecd00000000p-2',
        '0x1.c3d7100000000p-1', '0x1.eaf6460000000p+0', '0x1.3e1ae40000000p+1',
    ],
    ('float32', 'digamma_grad'): [
        '0x1.daf5260000000p+3', '0x1.3141820000000p+3', '0x1.bfe7060000000p+4',
        '0x1.be3ec00000000p+3', '0x1.d19f740000000p+2', '0x1.6eecb00000000p+0',
        '0x1.a4d3ae0000000p-2', '0x1.2ca3440000000p-3', '0x1.5522e20000000p-4',
    ],
    ('float32', 'zeta'): [
        '0x1.9102080000000p-1', '0x1.01e9bc0000000p+4', '0x1.03a9f20000000p+5',
        '0x1.a402b60000000p-5',
    ],
    ('float32', 'polygamma'): [
        '0x1.225e700000000p+0', '-0x1.01e9bc0000000p+5', '0x1.ca8f280000000p-3',
        '0x1.d8772c0000000p-1',
    ],
    ('float64', 'digamma'): [
        '-0x1.b0ade9fee8e3ap-1', '0x1.1a68793defc16p+0', '0x1.3792a20abe1eep+2',
        '0x1.0e80ef52ecedbp+1', '-0x1.47db72e1bc88cp+1', '-0x1.b1ecd0aa56050p-2',
        '0x1.c3d708956be40p-1', '0x1.eaf646052b3c9p+0', '0x1.3e1ae41f318ecp+1',
    ],
    ('float64', 'lgamma_grad'): [
        '-0x1.b0ade9fee8e3ap-1', '0x1.1a68793defc16p+0', '0x1.3792a20abe1eep+2',
        '0x1.0e80ef52ecedbp+1', '-0x1.47db72e1bc88cp+1', '-0x1.b1ecd0aa56050p-2',
        '0x1.c3d708956be40p-1', '0x1.eaf646052b3c9p+0', '0x1.3e1ae41f318ecp+1',
    ],
    ('float64', 'digamma_grad'): [
        '0x1.daf51eb27b2c2p+3', '0x1.3141822e1697ap+3', '0x1.bfe7172bc586dp+4',
        '0x1.be3ec0bef688bp+3', '0x1.d19f713fc4030p+2', '0x1.6eecb1720a1aep+0',
        '0x1.a4d3ae45e447cp-2', '0x1.2ca3427a86824p-3', '0x1.5522e33e75f08p-4',
    ],
    ('float64', 'zeta'): [
        '0x1.910205b550059p-1', '0x1.01e9bc448e73ep+4', '0x1.03a9f1167e7d3p+5',
        '0x1.a402b577dccefp-5',
    ],
    ('float64', 'polygamma'): [
        '0x1.225e6ee0afa6fp+0', '-0x1.01e9bc448e73ep+5', '0x1.ca8f26506cfd9p-3',
        '0x1.d8773039049eap-1',
    ],
}


def _hex(t):
    return [float(v).hex() for v in t.numpy().ravel()]


def test_digamma_and_its_gradient():
    for dtype in (tf.float32, tf.float64):
        x = tf.constant(XS, dtype)
        with tf.GradientTape(persistent=True) as tape:
            tape.watch(x)
            y = tf.math.lgamma(x)
            d = tf.math.digamma(x)
        assert _hex(d) == TF[(dtype.name, 'digamma')]
        assert _hex(tape.gradient(y, x)) == TF[(dtype.name, 'lgamma_grad')]
        assert _hex(tape.gradient(d, x)) == TF[(dtype.name, 'digamma_grad')]


def test_zeta_and_polygamma():
    for dtype in (tf.float32, tf.float64):
        z = tf.math.zeta(tf.constant([2.5, 3.0, 4.0, 2.0], dtype), tf.constant([1.3, 0.4, -2.5, 20.0], dtype))
        assert _hex(z) == TF[(dtype.name, 'zeta')]
        p = tf.math.polygamma(tf.constant([1.0, 2.0, 3.0, 0.0], dtype), tf.constant([1.3, 0.4, 2.5, 3.0], dtype))
        assert _hex(p) == TF[(dtype.name, 'polygamma')]


def test_zeta_edges():
    z = tf.math.zeta(tf.constant([1.0, 0.5, 2.0, 3.0, 3.0]), tf.constant([2.0, 2.0, -2.0, -2.0, -2.5]))
    assert str(z.numpy().tolist()) == '[inf, nan, inf, nan, 0.05410207808017731]'
    far = tf.math.zeta(tf.constant([3.0, 3.0], tf.float64), tf.constant([-2.5, -12.25], tf.float64))
    assert far.numpy().tolist() == [0.0541020258208641, -62.00948233372928]     # (float64 sums past q + n = 9)
