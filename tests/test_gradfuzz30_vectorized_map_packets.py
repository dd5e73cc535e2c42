"""tf.vectorized_map of an elementwise float32 function has TF 2.21's bits (gradfuzz30, notes/progs/gradfuzz30/
p12.py, p13.py): pfor runs fn's kernels once over the stacked elements, so Eigen's packets of 8 cover all but the
stack's last size % 8 values, and the result equals fn of the whole array bit for bit. tapeflow ran fn on each
element alone, where a row of 4 is all scalar tail: tf.sigmoid, tf.exp, softplus, log and elu differed in the
last bit (46 of 64 printed values and gradients of p13.py differed, 13 after; what is left is the backward
kernels of the per-element sweep)."""
import numpy as np
import pytest

import framework as tf

X = [[-0.33, 0.88, -2.0, -0.79], [-1.41, -1.63, -1.25, -0.62], [-0.41, 0.16, -0.32, 0.74], [-1.18, 1.51, -1.89, 0.68]]
FUNCTIONS = {
    'sigmoid': lambda r: tf.sigmoid(r) * r,
    'tanh': tf.tanh,
    'exp': tf.exp,
    'softplus': tf.nn.softplus,
    'log': lambda r: tf.math.log(tf.abs(r) + 0.5),
    'erf': tf.math.erf,
    'elu': tf.nn.elu,
}


def _hexes(t):
    return [float(v).hex() for v in np.ravel(t.numpy())]


def test_vectorized_exp_and_sigmoid_have_tensorflows_bits():
    x = tf.constant(X, tf.float32)
    # TF 2.21 (p13.py): each equal to the function of the whole (4, 4) array
    assert _hexes(tf.vectorized_map(tf.exp, x)) == [
        '0x1.7016c40000000p-1', '0x1.34985c0000000p+1', '0x1.152aaa0000000p-3', '0x1.d0bcb00000000p-2',
        '0x1.f401660000000p-3', '0x1.9143860000000p-3', '0x1.2561840000000p-2', '0x1.136d740000000p-1',
        '0x1.53c9f80000000p-1', '0x1.2c6b340000000p+0', '0x1.73c9ce0000000p-1', '0x1.0c479e0000000p+1',
        '0x1.3aa7480000000p-2', '0x1.21b5f40000000p+2', '0x1.3565240000000p-3', '0x1.f9500e0000000p+0']
    assert _hexes(tf.vectorized_map(FUNCTIONS['sigmoid'], x)) == [
        '-0x1.1aa9ea0000000p-3', '0x1.3e77400000000p-1', '-0x1.e841580000000p-3', '-0x1.f910640000000p-3',
        '-0x1.1b54a20000000p-2', '-0x1.1173d60000000p-2', '-0x1.1d0e5e0000000p-2', '-0x1.bc23740000000p-3',
        '-0x1.4ef5600000000p-3', '0x1.61d6b00000000p-4', '-0x1.13b1ac0000000p-3', '0x1.00800e0000000p-1',
        '-0x1.1c04ac0000000p-2', '0x1.3c9dc40000000p+0', '-0x1.fc02bc0000000p-3', '0x1.ce2cb00000000p-2']


@pytest.mark.parametrize('shape', [(4, 4), (2, 8), (8, 2), (2, 2, 4)])
@pytest.mark.parametrize('name', sorted(FUNCTIONS))
def test_vectorized_map_equals_the_function_of_the_stack(name, shape):
    # TF 2.21 printed the same bits for (4, 4), (3, 5), (5, 3) and (2, 3, 3) stacks of these values (p13.py)
    x = tf.constant(np.reshape(X, shape), tf.float32)
    f = FUNCTIONS[name]
    assert _hexes(tf.vectorized_map(f, x)) == _hexes(f(x))


def test_a_scalar_per_element_is_all_tail():
    # fn's exp of one number an element: the stack of 3 is under a packet, C's expf each (TF 2.21, p13.py)
    x = tf.constant(np.reshape(np.round(np.random.RandomState(1).uniform(-2, 2, (3, 5)), 2), (3, 5)), tf.float32)
    y = tf.vectorized_map(lambda r: tf.exp(tf.reduce_sum(r) * 0.1), x)
    assert _hexes(y) == ['0x1.636dbe0000000p-1', '0x1.5fe4620000000p-1', '0x1.c8d60a0000000p-1']


def test_a_jacobians_loop_invariant_kernels_stay_unstacked():
    # pfor computes what does not vary with the row once: softplus's sigmoid(x) of 5 values, all scalar tail
    # (TF 2.21, p19.py); stacking the jacobian's sweeps there gave 0x1.ac4742p-2, 0x1.e84158p-4, 0x1.3fa928p-2
    x = tf.constant([-0.33, 0.88, -2.0, -0.79, 1.3], tf.float32)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.softplus(x)
    assert [float(v).hex() for v in np.diag(tape.jacobian(y, x).numpy())] == [
        '0x1.ac47440000000p-2', '0x1.69e49a0000000p-1', '0x1.e841520000000p-4', '0x1.3fa9240000000p-2',
        '0x1.9258f80000000p-1']
