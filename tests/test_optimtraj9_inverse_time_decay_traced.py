"""InverseTimeDecay (not staircase) in a traced step that returns something (fit's train step, a
returning tf.function): grappler's ConstantPushDown makes ``decay_rate * (step * (1 / decay_steps))``
``step * (decay_rate * (1 / decay_steps))``, one rounding in another place; a tf.function returning
None keeps Keras's order. tapeflow kept Keras's order everywhere (1 ulp from step 13).

Golden values printed by TF 2.21 (Keras 3) on CPU with /work/notes/progs/optimtraj9/gold_inv.py:
the snippets below, then ``.view(np.uint32).tolist()`` / ``float(loss).hex()``.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

_WEIGHTS = {
    False: [3240356975, 3212370973, 3206261960, 3197572024, 1022004675, 1050986092, 1055479706, 1063873548,
            1067826158, 1070525570, 1073195730, 1074775673],
    True: [3240356975, 3212370973, 3206261959, 3197572026, 1022004635, 1050986091, 1055479706, 1063873547,
           1067826157, 1070525570, 1073195729, 1074775673],
}


@pytest.mark.parametrize('returns', [False, True])
def test_sgd_momentum_on_inverse_time_decay_in_tf_function(returns):
    keras.backend.clear_session()
    w = tf.Variable(np.linspace(-1.5, 2.0, 12, dtype=np.float32))
    opt = keras.optimizers.SGD(keras.optimizers.schedules.InverseTimeDecay(0.05, 5, 0.3), momentum=0.9)

    @tf.function
    def step(g):
        opt.apply_gradients([(g, w)])
        if returns:
            return opt.iterations

    for i in range(40):
        step(tf.constant(np.cos(np.arange(12, dtype=np.float32) * (i + 1))))
    assert w.numpy().view(np.uint32).tolist() == _WEIGHTS[returns]


def test_fit_on_inverse_time_decay():
    keras.backend.clear_session()
    keras.utils.set_random_seed(1)
    x = np.linspace(-1, 1, 40, dtype=np.float32).reshape(20, 2)
    y = (x[:, :1] * 0.7 - x[:, 1:] * 0.2).astype(np.float32)
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, kernel_initializer='ones')])
    schedule = keras.optimizers.schedules.InverseTimeDecay(0.1, 3, 0.7)
    model.compile(keras.optimizers.SGD(schedule, momentum=0.5), 'mse')
    history = model.fit(x, y, batch_size=4, epochs=6, verbose=0, shuffle=False)
    assert [float(v).hex() for v in history.history['loss']] == [
        '0x1.352b5c0000000p-1', '0x1.9346c20000000p-6', '0x1.f0913c0000000p-9', '0x1.7462c80000000p-10',
        '0x1.7eff7a0000000p-11', '0x1.c8a28a0000000p-12']
    assert model.weights[0].numpy().view(np.uint32).tolist() == [[1049082013], [1049053268]]
    assert model.weights[1].numpy().view(np.uint32).tolist() == [3163084628]


def test_eager_schedule_values_unchanged():
    # eagerly the schedule divides as Keras writes it: 0.05 / (1 + 0.3 * (7 / 5))
    schedule = keras.optimizers.schedules.InverseTimeDecay(0.05, 5, 0.3)
    expected = np.float32(0.05) / (np.float32(1) + np.float32(0.3) * (np.float32(7) / np.float32(5)))
    assert schedule(7).numpy() == expected
