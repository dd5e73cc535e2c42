"""ndtri / erfinv / erfcinv with TF 2.21's bits: float64 ndtri and erfinv by Eigen's generic_ndtri in double with
C's log (new ops/eigen_ndtri64.py; the float64 Newton iterations were an ulp or a few off for ~3/4 of values),
and erfcinv as TF's -ndtri(0.5 * x) * sqrt(1/2) op by op, so its gradient is NdtriGrad's at ndtri's output
(one rule at erfcinv's output was an ulp off for ~3/4 of float32 gradients). Bits printed by TF 2.21."""
import pytest

import framework as tf

# TF 2.21's bits on the AVX-512 Xeon the goldens were printed on (oneDNN's kernels and 16-lane vectors)
pytestmark = pytest.mark.usefixtures('xeon_cpu')

INPUTS = {
    'ndtri': [0.0, 1e-20, 0.003, 0.05, 0.13, 0.2, 0.5, 0.77, 0.9, 0.999, 1.0, 1.2],
    'erfinv': [-1.0, -0.999, -0.7, -0.2, 0.0, 0.3, 0.86, 0.95, 0.9999, 1.0, 1.5],
    'erfcinv': [0.0, 0.001, 0.24, 0.26, 0.7, 1.0, 1.3, 1.8, 1.999, 2.0, 2.5],
}
TF = {
    ('float32', 'ndtri'): (
        [
            '-inf', '-0x1.2865160000000p+3', '-0x1.5fb74e0000000p+1', '-0x1.a515200000000p+0',
            '-0x1.205b2c0000000p+0', '-0x1.aee8fa0000000p-1', '0x0.0p+0', '0x1.7a4a200000000p-1',
            '0x1.4813bc0000000p+0', '0x1.8b8cdc0000000p+1', 'inf', 'nan',
        ],
        [
            'inf', '0x1.2848060000000p+63', '0x1.b532820000000p+6', '0x1.36455e0000000p+3',
            '0x1.2e89360000000p+2', '0x1.c9347e0000000p+1', '0x1.40d9320000000p+1', '0x1.a58a640000000p+1',
            '0x1.6cacf60000000p+2', '0x1.28fef40000000p+8', 'inf', 'nan',
        ],
    ),
    ('float32', 'erfinv'): (
        [
            '-inf', '-0x1.29d3260000000p+1', '-0x1.773a9e0000000p-1', '-0x1.6ee2c20000000p-3',
            '0x0.0p+0', '0x1.1700740000000p-2', '0x1.0b258e0000000p+0', '0x1.62ca9c0000000p+0',
            '0x1.6021ea0000000p+1', 'inf', 'nan',
        ],
        [
            'inf', '0x1.8de2320000000p+7', '0x1.8430620000000p+0', '0x1.d48bd40000000p-1',
            '0x1.c5bf8a0000000p-1', '0x1.e8b6e40000000p-1', '0x1.510c7a0000000p+1', '0x1.8328420000000p+2',
            '0x1.acdaaa0000000p+10', 'inf', 'nan',
        ],
    ),
    ('float32', 'erfcinv'): (
        [
            'inf', '0x1.29d3100000000p+1', '0x1.a964000000000p-1', '0x1.97cc120000000p-1',
            '0x1.1700780000000p-2', '-0x0.0p+0', '-0x1.1700740000000p-2', '-0x1.cff89c0000000p-1',
            '-0x1.29d2c20000000p+1', '-inf', 'nan',
        ],
        [
            '-inf', '-0x1.8de0fa0000000p+7', '-0x1.c474ea0000000p+0', '-0x1.abd9b80000000p+0',
            '-0x1.e8b6e20000000p-1', '-0x1.c5bf880000000p-1', '-0x1.e8b6e20000000p-1', '-0x1.01dd5c0000000p+1',
            '-0x1.8ddc9c0000000p+7', '-inf', 'nan',
        ],
    ),
    ('float64', 'ndtri'): (
        [
            '-inf', '-0x1.2865170b43a4dp+3', '-0x1.5fb74ce9859bbp+1', '-0x1.a515209676abep+0',
            '-0x1.205b2b45b9e5fp+0', '-0x1.aee8fa73a1333p-1', '0x0.0p+0', '0x1.7a4a225c019b3p-1',
            '0x1.4813c36e26d32p+0', '0x1.8b8cbb7204470p+1', 'inf', 'nan',
        ],
        [
            'inf', '0x1.28487c443a55ap+63', '0x1.b532765b4556ep+6', '0x1.3645615a28c61p+3',
            '0x1.2e8933d7127b5p+2', '0x1.c9347d4354dc7p+1', '0x1.40d931ff62705p+1', '0x1.a58a65ba12182p+1',
            '0x1.6cad033f2b125p+2', '0x1.28fe0ac0f5e12p+8', 'inf', 'nan',
        ],
    ),
    ('float64', 'erfinv'): (
        [
            '-inf', '-0x1.29d311405cdb4p+1', '-0x1.773a9da42b452p-1', '-0x1.6ee2c37720943p-3',
            '0x0.0p+0', '0x1.1700774485ed4p-2', '0x1.0b258eea70b80p+0', '0x1.62ca97d0fbb2bp+0',
            '0x1.6022dcb01ea50p+1', 'inf', 'nan',
        ],
        [
            'inf', '0x1.8de10878f06ecp+7', '0x1.8430613b4e4cep+0', '0x1.d48bd5764e894p-1',
            '0x1.c5bf891b4ef6ap-1', '0x1.e8b6e4792c354p-1', '0x1.510c7b7a56dc8p+1', '0x1.83283026b3455p+2',
            '0x1.acec2258002dfp+10', 'inf', 'nan',
        ],
    ),
    ('float64', 'erfcinv'): (
        [
            'inf', '0x1.29d311405cdb4p+1', '0x1.a9640225f0a01p-1', '0x1.97cc11ec1e6cfp-1',
            '0x1.1700774485ed4p-2', '-0x0.0p+0', '-0x1.1700774485ed4p-2', '-0x1.cff8a2529bab4p-1',
            '-0x1.29d311405cde5p+1', '-inf', 'nan',
        ],
        [
            '-inf', '-0x1.8de10878f06dfp+7', '-0x1.c474edd6d937cp+0', '-0x1.abd9b66b10847p+0',
            '-0x1.e8b6e4792c354p-1', '-0x1.c5bf891b4ef6ap-1', '-0x1.e8b6e4792c354p-1', '-0x1.01dd6071faee5p+1',
            '-0x1.8de10878f09b0p+7', '-inf', 'nan',
        ],
    ),
}


def test_values_and_gradients():
    functions = {'ndtri': tf.math.ndtri, 'erfinv': tf.math.erfinv, 'erfcinv': tf.math.erfcinv}
    for dtype in (tf.float32, tf.float64):
        for name, f in functions.items():
            x = tf.constant(INPUTS[name], dtype)
            with tf.GradientTape() as tape:
                tape.watch(x)
                y = f(x)
            values = [float(v).hex() for v in y.numpy()]
            grads = [float(v).hex() for v in tape.gradient(y, x).numpy()]
            assert (values, grads) == TF[(dtype.name, name)], (dtype.name, name)
