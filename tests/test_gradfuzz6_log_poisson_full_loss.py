"""tf.nn.log_poisson_loss(compute_full_loss=True) by TF 2.21's steps on the targets themselves: Stirling's term
z log z - z + 0.5 log(2 pi z) masked by where(0 <= z <= 1, zeros, .), so a negative target's value and a zero
target's gradient are TF's NaN, and the gradients add in TF's order (tapeflow's guarded copy of the targets
and 0 * stirling mask put ~1/5 of the float32 and float64 gradients an ulp off). Bits printed by TF 2.21."""
import pytest

import framework as tf

# TF 2.21's bits on the AVX-512 Xeon the goldens were printed on (oneDNN's kernels and 16-lane vectors)
pytestmark = pytest.mark.usefixtures('xeon_cpu')

Z = [0.0, 0.5, 1.0, 1.5, 3.0, -1.0, 7.25, 2.0, 0.3]
C = [0.3, -1.2, 0.8, 1.1, -0.4, 0.2, 2.0, 0.0, -2.5]
TF = {
    ('float32', 'VALUES'): [
        '0x1.5990580000000p+0', '0x1.cd69540000000p-1', '0x1.6cf0400000000p+0',
        '0x1.95834c0000000p+0', '0x1.d134140000000p+1', 'nan',
        '0x1.e927500000000p+0', '0x1.a6dcca0000000p+0', '0x1.aa070c0000000p-1',
    ],
    ('float32', 'GRAD_LOG_INPUT'): [
        '0x1.5990580000000p+0', '-0x1.9727800000000p-3', '0x1.39bd0c0000000p+0',
        '0x1.8111080000000p+0', '-0x1.2a32f40000000p+1', '0x1.1c56ec0000000p+1',
        '0x1.1cc9800000000p-3', '-0x1.0000000000000p+0', '-0x1.be4a3a0000000p-3',
    ],
    ('float32', 'GRAD_TARGETS'): [
        'nan', '0x1.3333340000000p+0', '-0x1.99999a0000000p-1',
        '-0x1.71dece0000000p-2', '0x1.aa4fb60000000p+0', 'nan',
        '0x1.99546c0000000p-5', '0x1.e2e42e0000000p-1', '0x1.4000000000000p+1',
    ],
    ('float64', 'VALUES'): [
        '0x1.5990590dde87fp+0', '0x1.cd69543872169p-1', '0x1.6cf04051bb794p+0',
        '0x1.95834e255dd38p+0', '0x1.d134125db4926p+1', 'nan',
        '0x1.e9274e66b77e8p+0', '0x1.a6dcca2eb27c5p+0', '0x1.aa070c8129e85p-1',
    ],
    ('float64', 'GRAD_LOG_INPUT'): [
        '0x1.5990590dde87fp+0', '-0x1.97277f1e37a5cp-3', '0x1.39bd0d51bb794p+0',
        '0x1.8111077c3b1b8p+0', '-0x1.2a32f3eecabd8p+1', '0x1.1c56ecfa9689ep+1',
        '0x1.1cc971a9bb5c0p-3', '-0x1.0000000000000p+0', '-0x1.be4a39fb585eep-3',
    ],
    ('float64', 'GRAD_TARGETS'): [
        'nan', '0x1.3333340000000p+0', '-0x1.99999a0000000p-1',
        '-0x1.71ded3deb125fp-2', '0x1.aa4fb8d57adb5p+0', 'nan',
        '0x1.99545d66d40ccp-5', '0x1.e2e42fefa39efp-1', '0x1.4000000000000p+1',
    ],
}


def _hex(t):
    return [float(v).hex() for v in t.numpy()]


def test_full_loss_values_and_gradients():
    for dtype in (tf.float32, tf.float64):
        z, c = tf.cast(tf.constant(Z), dtype), tf.cast(tf.constant(C), dtype)     # (float32 values, as printed)
        with tf.GradientTape(persistent=True) as tape:
            tape.watch([z, c])
            y = tf.nn.log_poisson_loss(z, c, compute_full_loss=True)
        assert _hex(y) == TF[(dtype.name, 'VALUES')]
        assert _hex(tape.gradient(y, c)) == TF[(dtype.name, 'GRAD_LOG_INPUT')]
        assert _hex(tape.gradient(y, z)) == TF[(dtype.name, 'GRAD_TARGETS')]
