"""A recurrent layer's sequence output (return_sequences) is its steps joined by one op under one
GradientTape (layers/recurrent/step_outputs.py), and an LSTM's fit step adds its states' gradients
without the loop's grouping identities (two readers each: LSTMCell.states_read_twice). Both give the
values and gradients of ``stack`` and of the grouped loop.

Golden values: TF 2.21 + Keras 3.15 (x86-64) running the same program with ``import tensorflow as
tf`` / ``import keras`` (progs/workspeed/tf/stacked.py): fit's losses and the first LSTM's
recurrent kernel after three epochs, bit for bit."""
import numpy as np

import framework as tf
from framework import keras
from framework.ops import stack
from layers.recurrent.step_outputs import stacked_steps

L = keras.layers


def _weights(shape, k):
    n = int(np.prod(shape))
    return (((np.arange(n) * 7 + k) % 13 - 6) / 13).astype(np.float32).reshape(shape)


def test_stacked_lstm_fit_keeps_tensorflows_losses_and_weights(same_as_tf):
    x = (np.arange(2 * 5 * 3, dtype=np.float32).reshape(2, 5, 3) % 7 - 3) / 4
    y = np.array([[0.5], [-0.25]], np.float32)
    model = keras.Sequential([keras.Input((5, 3)), L.LSTM(4, return_sequences=True), L.LSTM(3, return_sequences=True),
                              L.GlobalAveragePooling1D(), L.Dense(1)])
    model.set_weights([_weights(w.shape, k) for k, w in enumerate(model.get_weights())])
    model.compile(optimizer=keras.optimizers.Adam(0.01), loss='mse')
    history = model.fit(np.concatenate([x, -x]), np.concatenate([y, -y]), batch_size=2, epochs=3, verbose=0,
                        shuffle=False)
    # (measured on an AMD EPYC without AVX-512, where TF runs Eigen's products: bit for bit on such a CPU)
    same_as_tf(history.history['loss'], [float.fromhex(h) for h in (
        '0x1.7490580000000p-3', '0x1.60e9e40000000p-3', '0x1.5307600000000p-3')], measured_on='avx2')
    same_as_tf(model.get_weights()[1].ravel()[:8].tolist(), np.array([
        3201105480, 1039332528, 3196007267, 1049648992, 3196892464, 1049250105, 3185329498, 1054928252],
        np.uint32).view(np.float32).tolist(), measured_on='avx2')


def _steps():
    rng = np.random.default_rng(0)
    return [tf.constant(rng.normal(size=(3, 4)).astype(np.float32)) for _ in range(5)]


def _gradients(join, steps, nested):
    weights = tf.constant(np.linspace(-1, 1, 5 * 4, dtype=np.float32).reshape(5, 4))

    def first_order():
        with tf.GradientTape() as tape:
            tape.watch(steps)
            loss = tf.reduce_sum(tf.sin(join(steps)) * weights)
        return tape.gradient(loss, steps)
    if not nested:
        return [g.numpy() for g in first_order()]
    with tf.GradientTape() as outer:
        outer.watch(steps)
        first = first_order()
        total = tf.add_n([tf.reduce_sum(g * g) for g in first])
    return [g.numpy() for g in first + outer.gradient(total, steps)]


def test_joined_steps_give_the_values_and_gradients_of_stack():
    steps = _steps()
    assert stacked_steps(steps).numpy().tobytes() == stack(steps, axis=1).numpy().tobytes()
    for nested in (False, True):        # one tape: the joined op; nested tapes: stack's ops
        ours = _gradients(stacked_steps, steps, nested)
        theirs = _gradients(lambda s: stack(s, axis=1), steps, nested)
        assert len(ours) == (10 if nested else 5)
        assert all(a.tobytes() == b.tobytes() for a, b in zip(ours, theirs))


def test_steps_of_two_shapes_keep_stacks_error():
    steps = _steps()[:2] + [tf.zeros((3, 5))]
    try:
        stacked_steps(steps)
    except Exception as error:      # stack's own (TF's Pack) error, whatever its class
        assert 'Shapes of all inputs must match' in str(error)
    else:
        raise AssertionError('steps of two shapes were joined')
