"""SqrtGrad in a vectorized (pfor) jacobian: TensorFlow runs the kernel once over every row's values.

Eigen's packets compute mul_no_nan(0.5 / y, dy) and the last values past a whole packet take the scalar
functor (0.5 * dy) / y. pfor stacks SqrtGrad's inputs, so for the jacobian of tf.norm(x) * x (one root, one
value a row) the scalar functor takes only the stack's last rows, where tapeflow's sweeps each took it.
Goldens: TF 2.21 on this AMD EPYC (AVX2), /work/notes/progs/gradfuzz33/p7.py (jacobian with pfor, and the
loop jacobian, which runs the kernel row by row).
"""
import numpy as np
import pytest

import framework as tf

X64 = [0.3, -1.2, 0.7, 0.45, 2.0]
X32 = [0.3, -1.2, 0.7, 0.45, 2.0, -0.35, 1.1, 0.05, -0.8, 1.7]

# tf.norm(x) * x, float64: TF's pfor jacobian (4 of its 25 values differ from the loop jacobian's)
NORM64_PFOR = [
    '0x1.43e9d4425cfe5p+1', '-0x1.27901dd75f181p-3', '0x1.58d2cd7b4446bp-4', '0x1.bb582cc30ea41p-5',
    '0x1.ec9adc66f3d2cp-3', '-0x1.27901dd75f181p-3', '0x1.892f9b40d747fp+1', '-0x1.58d2cd7b4446bp-2',
    '-0x1.bb582cc30ea41p-3', '-0x1.ec9adc66f3d2cp-1', '0x1.58d2cd7b4446cp-4', '-0x1.58d2cd7b4446cp-2',
    '0x1.5870481bfc7c7p+1', '0x1.029e1a1c73351p-3', '0x1.1f5a55e6b8e5ap-1', '0x1.bb582cc30ea41p-5',
    '-0x1.bb582cc30ea41p-3', '0x1.029e1a1c73350p-3', '0x1.49afa4d791d9dp+1', '0x1.7174254d36de1p-2',
    '0x1.ec9adc66f3d2cp-3', '-0x1.ec9adc66f3d2cp-1', '0x1.1f5a55e6b8e5ap-1', '0x1.7174254d36de1p-2',
    '0x1.06460d259d379p+2']
NORM64_LOOP = [
    '0x1.43e9d4425cfe5p+1', '-0x1.27901dd75f181p-3', '0x1.58d2cd7b4446bp-4', '0x1.bb582cc30ea41p-5',
    '0x1.ec9adc66f3d2cp-3', '-0x1.27901dd75f181p-3', '0x1.892f9b40d747fp+1', '-0x1.58d2cd7b4446bp-2',
    '-0x1.bb582cc30ea41p-3', '-0x1.ec9adc66f3d2cp-1', '0x1.58d2cd7b4446cp-4', '-0x1.58d2cd7b4446cp-2',
    '0x1.5870481bfc7c7p+1', '0x1.029e1a1c73351p-3', '0x1.1f5a55e6b8e5ap-1', '0x1.bb582cc30ea42p-5',
    '-0x1.bb582cc30ea42p-3', '0x1.029e1a1c73351p-3', '0x1.49afa4d791d9dp+1', '0x1.7174254d36de2p-2',
    '0x1.ec9adc66f3d2cp-3', '-0x1.ec9adc66f3d2cp-1', '0x1.1f5a55e6b8e5ap-1', '0x1.7174254d36de1p-2',
    '0x1.06460d259d379p+2']
# float32: 10 rows, the stack's first 8 in one packet, the last 2 the scalar functor's
NORM32_PFOR = [
    '0x1.adac380000000p+1', '-0x1.bad6be0000000p-4', '0x1.0252980000000p-4', '0x1.4c210e0000000p-5',
    '0x1.7108480000000p-3', '-0x1.0252980000000p-5', '0x1.95ef820000000p-4', '0x1.2739d40000000p-8',
    '-0x1.2739d40000000p-4', '0x1.39ad700000000p-3', '-0x1.bad6be0000000p-4', '0x1.e191640000000p+1',
    '-0x1.0252980000000p-2', '-0x1.4c210e0000000p-3', '-0x1.7108480000000p-1', '0x1.0252980000000p-3',
    '-0x1.95ef820000000p-2', '-0x1.2739d40000000p-6', '0x1.2739d40000000p-2', '-0x1.39ad700000000p-1',
    '0x1.0252980000000p-4', '-0x1.0252980000000p-2', '0x1.bd0c900000000p+1', '0x1.837be40000000p-4',
    '0x1.ae89a80000000p-2', '-0x1.2d605c0000000p-4', '0x1.d9976c0000000p-3', '0x1.586e200000000p-7',
    '-0x1.586e200000000p-3', '0x1.6df5020000000p-2', '0x1.4c210c0000000p-5', '-0x1.4c210c0000000p-3',
    '0x1.837be20000000p-4', '0x1.b1ff540000000p+1', '0x1.14c6340000000p-2', '-0x1.837be20000000p-5',
    '0x1.3073a00000000p-3', '0x1.bad6ba0000000p-8', '-0x1.bad6ba0000000p-4', '0x1.d684260000000p-3',
    '0x1.7108480000000p-3', '-0x1.7108480000000p-1', '0x1.ae89a80000000p-2', '0x1.14c6340000000p-2',
    '0x1.21fd000000000p+2', '-0x1.ae89a80000000p-3', '0x1.5247980000000p-1', '0x1.ec0b0a0000000p-6',
    '-0x1.ec0b0a0000000p-2', '0x1.0565de0000000p+0', '-0x1.0252980000000p-5', '0x1.0252980000000p-3',
    '-0x1.2d605c0000000p-4', '-0x1.837be40000000p-5', '-0x1.ae89a80000000p-3', '0x1.aeec0c0000000p+1',
    '-0x1.d9976c0000000p-4', '-0x1.586e200000000p-8', '0x1.586e200000000p-4', '-0x1.6df5020000000p-3',
    '0x1.95ef840000000p-4', '-0x1.95ef840000000p-2', '0x1.d9976e0000000p-3', '0x1.3073a20000000p-3',
    '0x1.5247980000000p-1', '-0x1.d9976e0000000p-4', '0x1.d8b9fc0000000p+1', '0x1.0e9fae0000000p-6',
    '-0x1.0e9fae0000000p-2', '0x1.1f89a80000000p-1', '0x1.2739d40000000p-8', '-0x1.2739d40000000p-6',
    '0x1.586e200000000p-7', '0x1.bad6bc0000000p-8', '0x1.ec0b0a0000000p-6', '-0x1.586e200000000p-8',
    '0x1.0e9fac0000000p-6', '0x1.aa4f280000000p+1', '-0x1.89a26e0000000p-7', '0x1.a23c960000000p-6',
    '-0x1.2739d20000000p-4', '0x1.2739d20000000p-2', '-0x1.586e1e0000000p-3', '-0x1.bad6ba0000000p-4',
    '-0x1.ec0b080000000p-2', '0x1.586e1e0000000p-4', '-0x1.0e9fac0000000p-2', '-0x1.89a26e0000000p-7',
    '0x1.c2d0b40000000p+1', '-0x1.a23c940000000p-2', '0x1.39ad700000000p-3', '-0x1.39ad700000000p-1',
    '0x1.6df5000000000p-2', '0x1.d684240000000p-3', '0x1.0565dc0000000p+0', '-0x1.6df5000000000p-3',
    '0x1.1f89a60000000p-1', '0x1.a23c940000000p-6', '-0x1.a23c940000000p-2', '0x1.0ca7520000000p+2']
NORM32_LOOP = [
    '0x1.adac380000000p+1', '-0x1.bad6be0000000p-4', '0x1.0252980000000p-4', '0x1.4c210e0000000p-5',
    '0x1.7108480000000p-3', '-0x1.0252980000000p-5', '0x1.95ef820000000p-4', '0x1.2739d40000000p-8',
    '-0x1.2739d40000000p-4', '0x1.39ad700000000p-3', '-0x1.bad6be0000000p-4', '0x1.e191640000000p+1',
    '-0x1.0252980000000p-2', '-0x1.4c210e0000000p-3', '-0x1.7108480000000p-1', '0x1.0252980000000p-3',
    '-0x1.95ef820000000p-2', '-0x1.2739d40000000p-6', '0x1.2739d40000000p-2', '-0x1.39ad700000000p-1',
    '0x1.0252980000000p-4', '-0x1.0252980000000p-2', '0x1.bd0c900000000p+1', '0x1.837be20000000p-4',
    '0x1.ae89a60000000p-2', '-0x1.2d605a0000000p-4', '0x1.d9976a0000000p-3', '0x1.586e1e0000000p-7',
    '-0x1.586e1e0000000p-3', '0x1.6df5000000000p-2', '0x1.4c210c0000000p-5', '-0x1.4c210c0000000p-3',
    '0x1.837be20000000p-4', '0x1.b1ff540000000p+1', '0x1.14c6340000000p-2', '-0x1.837be20000000p-5',
    '0x1.3073a00000000p-3', '0x1.bad6ba0000000p-8', '-0x1.bad6ba0000000p-4', '0x1.d684260000000p-3',
    '0x1.7108480000000p-3', '-0x1.7108480000000p-1', '0x1.ae89a80000000p-2', '0x1.14c6340000000p-2',
    '0x1.21fd000000000p+2', '-0x1.ae89a80000000p-3', '0x1.5247980000000p-1', '0x1.ec0b0a0000000p-6',
    '-0x1.ec0b0a0000000p-2', '0x1.0565de0000000p+0', '-0x1.0252980000000p-5', '0x1.0252980000000p-3',
    '-0x1.2d605a0000000p-4', '-0x1.837be20000000p-5', '-0x1.ae89a60000000p-3', '0x1.aeec0c0000000p+1',
    '-0x1.d9976a0000000p-4', '-0x1.586e1e0000000p-8', '0x1.586e1e0000000p-4', '-0x1.6df5000000000p-3',
    '0x1.95ef820000000p-4', '-0x1.95ef820000000p-2', '0x1.d9976c0000000p-3', '0x1.3073a00000000p-3',
    '0x1.5247960000000p-1', '-0x1.d9976c0000000p-4', '0x1.d8b9fc0000000p+1', '0x1.0e9fac0000000p-6',
    '-0x1.0e9fac0000000p-2', '0x1.1f89a60000000p-1', '0x1.2739d20000000p-8', '-0x1.2739d20000000p-6',
    '0x1.586e1e0000000p-7', '0x1.bad6ba0000000p-8', '0x1.ec0b080000000p-6', '-0x1.586e1e0000000p-8',
    '0x1.0e9fac0000000p-6', '0x1.aa4f280000000p+1', '-0x1.89a26e0000000p-7', '0x1.a23c940000000p-6',
    '-0x1.2739d20000000p-4', '0x1.2739d20000000p-2', '-0x1.586e1e0000000p-3', '-0x1.bad6ba0000000p-4',
    '-0x1.ec0b080000000p-2', '0x1.586e1e0000000p-4', '-0x1.0e9fac0000000p-2', '-0x1.89a26e0000000p-7',
    '0x1.c2d0b40000000p+1', '-0x1.a23c940000000p-2', '0x1.39ad700000000p-3', '-0x1.39ad700000000p-1',
    '0x1.6df5000000000p-2', '0x1.d684240000000p-3', '0x1.0565dc0000000p+0', '-0x1.6df5000000000p-3',
    '0x1.1f89a60000000p-1', '0x1.a23c940000000p-6', '-0x1.a23c940000000p-2', '0x1.0ca7520000000p+2']


def _hexes(t):
    return [float(v).hex() for v in np.asarray(t.numpy()).ravel()]


def _jacobians(values, dtype):
    x = tf.constant(values, dtype)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = tf.norm(x) * x
    return tape.jacobian(y, x), tape.jacobian(y, x, experimental_use_pfor=False)


@pytest.mark.parametrize('dtype, values, pfor, loop', [
    ('float64', X64, NORM64_PFOR, NORM64_LOOP), ('float32', X32, NORM32_PFOR, NORM32_LOOP)])
def test_norm_jacobian_rows_share_the_sqrt_grad_kernel(epyc_cpu, dtype, values, pfor, loop):
    vectorized, looped = _jacobians(values, getattr(tf, dtype))
    assert vectorized.dtype == getattr(tf, dtype) and vectorized.shape == (len(values), len(values))
    assert _hexes(vectorized) == pfor
    assert _hexes(looped) == loop


def test_gradient_outside_a_jacobian_keeps_its_own_tail(epyc_cpu):
    # one gradient is one kernel run: its single value is the scalar functor's, as in the loop jacobian's
    # row 3 (TF 2.21, p7b.py), where the pfor jacobian's row 3 lies in the stack's packet
    x = tf.constant(X64, tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.norm(x) * x[3]
    assert NORM64_LOOP[15:20] != NORM64_PFOR[15:20]
    assert _hexes(tape.gradient(y, x)) == NORM64_LOOP[15:20]
