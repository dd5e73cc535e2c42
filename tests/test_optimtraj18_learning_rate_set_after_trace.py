"""A schedule or callable set as the learning rate after a traced step's trace: the trace keeps its old rate.

TF 2.21's graph captures the optimizer's rate (its float variable, schedule or callable) when it is traced, so a
tf.function step traced before ``optimizer.learning_rate = schedule`` goes on with the old rate (and returns the
old ``optimizer.learning_rate``), as does the train function Keras keeps across fit calls; eager steps and
run_eagerly fits take the new one at once. tapeflow took the new one everywhere (optimtraj17's item 2).

Golden values printed by TF 2.21 (/work/notes/progs/optimtraj18/gold_swap.py under tensorflow-cpu 2.21), float32
bits, 8 hex digits each, of
    X, Y = RandomState(2).randn(8, 3), .randn(8, 1); set_random_seed(5);
    m = Sequential([Input((3,)), Dense(4, 'tanh'), Dense(1)])
    Adam(0.01), six steps returning (reduce_mean(square(m(X) - Y)), opt.learning_rate), eager or in a
    tf.function, learning_rate = ExponentialDecay(0.05, 2, 0.5) before the fourth: losses, rates, first kernel;
    compile(RMSprop(lambda: 0.01), 'mse', run_eagerly=...), fit(batch_size=4, epochs=2, shuffle=False),
    learning_rate = CosineDecay(0.02, 4), fit again: its losses, learning_rate after, the first kernel.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

O = keras.optimizers
S = O.schedules
GOLD = {
    'adam_eager': ('3f05e2f83f034ce13f00bb463efc5e0f3ef3799e3eed4c50',
                  '3c23d70a3c23d70a3c23d70a3c4ccccd3c10d0c33bcccccd',
                  '3f0409ee3eeb3fd7be38fb9b3f1f59433f68c1f03ef906463f0edc1f3e5a99f8bf0a52403e5099733f00d53ebf17ca68'),
    'adam_traced': ('3f05e2f83f034ce23f00bb463efc5e103ef7519a3ef251d3',
                   '3c23d70a3c23d70a3c23d70a3c23d70a3c23d70a3c23d70a',
                   '3f01b7513ee69fbdbe42485d3f1d05e03f66bedd3ef517f53f0c8f003e516c95bf0c9e323e59d5803efd545abf1a1ae0'),
    'fit_traced': ('3f0682d83f0360d8',
                  '00000000',
                  '3f01424c3ed98819be7b32c53f151c483f57f24b3ed49b603f1aa60a3e843a65bf19b3d63e74bf843ee56f1fbf28bc7b'),
    'fit_eager': ('3f00c5293f00c529',
                 '00000000',
                 '3ef5be8c3ed21259be7afbd03f119e743f56402a3ed3f7b73f116ec03e66128cbf1ab45f3e84587e3ee3ac9bbf28b746'),
    # TF 2.21 on an AVX2 AMD EPYC (oneDNN off: Eigen's product order; notes/progs/epyc3/cmp.sh): the losses a bit lower
    'fit_eager_avx2': ('3f00c5283f00c528', '00000000',
        '3ef5be8c3ed21259be7afbd03f119e743f56402a3ed3f7b73f116ec03e66128cbf1ab45f3e84587e3ee3ac9bbf28b746'),
}


def bits(value):
    return ''.join('%08x' % u for u in np.asarray(value, np.float32).ravel().view(np.uint32))


def data():
    r = np.random.RandomState(2)
    return r.randn(8, 3).astype('float32'), r.randn(8, 1).astype('float32')


def model():
    keras.utils.set_random_seed(5)
    return keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation='tanh'), keras.layers.Dense(1)])


# The Xeon's bits: on an AVX2 AMD EPYC TF 2.21 and tapeflow differ from them and from each other in last bits
# (traced=False: TF ...3efc5e103ef3799e3eed4c4e, tapeflow ...3efc5e0f3ef3799e3eed4c50; epyc1's report)
@pytest.mark.avx512_bits
@pytest.mark.parametrize('traced', [False, True])
def test_custom_step_schedule_set_after_three_steps(traced):
    x, y = data()
    m = model()
    opt = O.Adam(0.01)

    def step():
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(m(x) - y))
        opt.apply_gradients(zip(tape.gradient(loss, m.trainable_variables), m.trainable_variables))
        return loss, opt.learning_rate
    if traced:
        step = tf.function(step)
    losses, rates = [], []
    for s in range(6):
        if s == 3:
            opt.learning_rate = S.ExponentialDecay(0.05, 2, 0.5)
        loss, rate = step()
        losses.append(loss)
        rates.append(rate)
    got = (bits(losses), bits(rates), bits(m.layers[0].kernel))
    assert got == GOLD['adam_traced' if traced else 'adam_eager']


# eager=False holds the Xeon's bits: on an AVX2 AMD EPYC TF 2.21 gives ...be7b32c53f151c49..., tapeflow
# ...be7b32c43f151c49... (epyc1's report)
@pytest.mark.parametrize('eager', [pytest.param(False, marks=pytest.mark.avx512_bits), True])
def test_fit_again_after_setting_a_schedule(eager, cpu_kind):
    x, y = data()
    m = model()
    m.compile(O.RMSprop(lambda: 0.01), 'mse', run_eagerly=eager)
    m.fit(x, y, batch_size=4, epochs=2, verbose=0, shuffle=False)
    m.optimizer.learning_rate = S.CosineDecay(0.02, 4)
    history = m.fit(x, y, batch_size=4, epochs=2, verbose=0, shuffle=False)
    got = (bits(history.history['loss']), bits(m.optimizer.learning_rate), bits(m.layers[0].kernel))
    assert got == GOLD[('fit_eager_avx2' if cpu_kind == 'avx2' else 'fit_eager') if eager else 'fit_traced']
