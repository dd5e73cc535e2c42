"""A tensor's gradients add in TensorFlow's order (framework/backward_order.py).

TensorFlow's eager tape visits ops from a first-in-first-out queue and adds the gradients a tensor
received with AddN in arrival order ((g0 + g1) + g2). Measured on TensorFlow 2.21
(notes progs/kernels/order_tf.py: each permutation's numpy sum compared with tape.gradient on
2,000 values): y = (x*a + x*b) + x*c adds x's gradients as (c + a) + b, y = x*a + (x*b + x*c)
as (a + b) + c; the reverse recording order gives (c + b) + a for both.
"""
import numpy as np

import framework as tf
from framework.backward_order import tf_backward_order

RNG = np.random.default_rng(0)
X = tf.constant(RNG.standard_normal(256).astype(np.float32))
A, B, C = ((RNG.standard_normal(256) * 10.0 ** RNG.integers(-3, 3, 256)).astype(np.float32) for _ in range(3))


def _gradient(f):
    with tf.GradientTape() as tape:
        tape.watch(X)
        y = f(X)
    return tape.gradient(y, X).numpy()


def test_three_gradients_add_in_tensorflows_queue_order():
    got = _gradient(lambda x: (x * A + x * B) + x * C)
    assert np.array_equal(got, (C + A) + B)
    assert not np.array_equal(got, (C + B) + A)       # the reverse recording order's sum differs here


def test_a_deeper_branch_is_visited_later():
    got = _gradient(lambda x: x * A + (x * B + x * C))
    assert np.array_equal(got, (A + B) + C)
    assert not np.array_equal(got, (C + B) + A)


def test_approximate_gelu_gradient_gives_tensorflow_bits():
    # x is read three times (0.5 * x, x + ..., x**3); TensorFlow 2.21's gradient bits for these inputs
    from tests.test_kernels_gelu import GELU, GELU_X, _assert_bits
    x = tf.constant(GELU_X)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.gelu(x, approximate=True)
    _assert_bits(tape.gradient(y, x).numpy(), GELU[True][1])


def test_a_chain_does_not_take_the_ordered_sweep():
    # the queue order costs a pass over the record: a chain, whose outputs are read twice here, does
    # not need it (two gradients add the same in either order)
    x = tf.constant(1.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * 1.0
        for _ in range(5):
            y = y * 1.5 + y
    assert not tape._shared
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * 2.0 + x * 3.0 + x * 4.0
    assert tape._shared


def test_order_visits_an_op_once_its_last_reader_is_done():
    x = tf.constant(np.ones(3, np.float32))
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        a = x * 2.0          # node 0
        b = x * 3.0          # node 1
        s = a + b            # node 2
        c = x * 4.0          # node 3
        y = s + c            # node 4
    assert tf_backward_order(tape._nodes, [y], tape._tracked) == [4, 2, 3, 0, 1]


def test_persistent_tape_gives_the_same_order_twice():
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(X)
        y = (X * A + X * B) + X * C
    first, second = tape.gradient(y, X).numpy(), tape.gradient(y, X).numpy()
    assert np.array_equal(first, second) and np.array_equal(first, (C + A) + B)
