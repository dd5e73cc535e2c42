"""A persistent tape asked for a gradient inside its own context records that gradient's ops, as
TF 2.21 does (its warning says the ops are recorded 'in order to compute higher order derivatives'):
the gradient is differentiable by the same tape. tapeflow paused the tape for the sweep, so the
gradient of dy was None and z = dy * x treated dy as a constant (12.0 for TF's 36.0).
Values printed by TF 2.21 (notes/progs/me27/selfgrad.py, selfgrad2.py)."""
import numpy as np

import framework as tf


def test_the_gradient_of_a_gradient_taken_inside_the_context():
    x = tf.Variable(2.0)
    with tf.GradientTape(persistent=True) as tape:
        y = x ** 3
        dy = tape.gradient(y, x)
        z = dy * x
    assert float(dy) == 12.0
    assert float(tape.gradient(dy, x)) == 12.0
    assert float(tape.gradient(z, x)) == 36.0


def test_a_watched_constant_and_repeated_derivatives():
    c = tf.constant(3.0)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(c)
        g = tape.gradient(tf.sin(c) * c, c)
    assert np.float32(tape.gradient(g, c)) == np.float32(-2.403345)
    a = tf.constant(0.7)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(a)
        b = a * a * a
        derivatives = []
        for _ in range(3):
            b = tape.gradient(b, a)
            derivatives.append(float(b))
    assert derivatives == [1.46999990940094, 4.199999809265137, 6.0]


def test_hessian_rows_and_jacobians_inside_the_context():
    x = tf.Variable([1.0, 2.0])
    w = tf.constant([[1.0, -2.0], [0.5, 3.0]])
    with tf.GradientTape(persistent=True) as tape:
        y = tf.tanh(tf.linalg.matvec(w, x)) * x
        g = tape.gradient(tf.reduce_sum(y ** 2), x)
        h_row = tape.gradient(g[0], x)
        j = tape.jacobian(y, x)
        q = tf.reduce_sum(g * g)
    assert g.numpy().tolist() == [1.9606698751449585, 4.039453029632568]
    assert h_row.numpy().tolist() == [1.8628120422363281, 0.15611590445041656]
    assert j.numpy().tolist() == [[-0.9851886034011841, -0.019732236862182617], [9.179115295410156e-06, 1.0000505447387695]]
    assert tape.gradient(q, x).numpy().tolist() == [8.565964698791504, 15.506280899047852]
    assert tape.jacobian(g, x).numpy().tolist() == [[1.8628120422363281, 0.15611590445041656],
                                                    [0.15611588954925537, 1.8435786962509155]]
    assert tape.gradient(h_row, x).numpy().tolist() == [0.11492584645748138, -0.07280630618333817]
    assert tape.gradient(j, x).numpy().tolist() == [-0.019694320857524872, 0.019211217761039734]


def test_a_one_shot_tape_still_stops_recording_at_its_gradient():
    x = tf.Variable(2.0)
    with tf.GradientTape() as tape:
        y = x * x
        dy = tape.gradient(y, x)
        z = dy * x          # not recorded: TF pops a non-persistent tape for good
    assert float(dy) == 4.0 and float(z) == 8.0
