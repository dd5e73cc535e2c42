"""exclude_from_weight_decay after updates began: a traced step keeps the exclusions it was traced with.

Keras 3 checks the exclusions in Python, so TF 2.21's graph of a tf.function step (and Keras's cached train
function across fit calls) goes on decaying a variable excluded later; eagerly the exclusion holds from the next
update. tapeflow applied it in every later call (optim/weight_decay.py's rules, now kept per trace).

Golden values printed by TF 2.21 (/work/notes/progs/optimtraj18/gold_wdlate.py under tensorflow-cpu 2.21), float32
bits, 8 hex digits each, of
    X, Y = RandomState(9).randn(8, 3), .randn(8, 2); set_random_seed(4);
    m = Sequential([Input((3,)), Dense(4, 'tanh'), Dense(2)])
    AdamW(0.01, weight_decay=0.1), six steps of reduce_mean(square(m(X) - Y)), eager or in a tf.function,
    exclude_from_weight_decay(var_names=['kernel']) before the fourth: the losses, then the first kernel;
    SGD(0.05, weight_decay=0.2, momentum=0.5) compiled with 'mse', fit(batch_size=4, epochs=2, shuffle=False),
    the same exclusion, fit again: the second fit's losses, then the first kernel.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

GOLD = {
    'loop_eager': ('400212853ffc03933ff44a193fecfaf43fe62b3d3fdfc1d5',
                   '3e65d9a43e79229d3e9ba245bebdcdb7be0ceeefbebce626bf144b023f7447e03e9abbaf3efd5dbdbe8ef56abe8693da'),
    'loop_traced': ('400212853ffc03933ff44a193fecfaf43fe617763fdf9f97',
                    '3e651a3b3e7873863e9b3222bebd3490be0c91d2bebc5b8abf13d5683f73902a3e9a3d993efca34abe8e803fbe862539'),
    'fit_again': ('3fbd65f93fb056de',
                  '3e3fa43b3e3611c13eab9446be841cc4be7593c2be9b8a6cbf03a94b3f7fe6613cbd795e3ee37a39be4f9c713d9c894a'),
    # TF 2.21 on an AVX2 AMD EPYC (oneDNN off: Eigen's product order; notes/progs/epyc3/cmp.sh)
    'loop_eager_avx2': (
        '400212853ffc03933ff44a193fecfaf43fe62b3d3fdfc1d6',
        '3e65d9a43e79229e3e9ba245bebdcdb7be0ceeefbebce626bf144b023f7447e03e9abbaf3efd5dbdbe8ef56abe8693da'),
}


def bits(value):
    return ''.join('%08x' % u for u in np.asarray(value, np.float32).ravel().view(np.uint32))


def data():
    r = np.random.RandomState(9)
    return r.randn(8, 3).astype('float32'), r.randn(8, 2).astype('float32')


def model():
    keras.utils.set_random_seed(4)
    return keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation='tanh'), keras.layers.Dense(2)])


# traced=True holds the Xeon's bits: on an AVX2 AMD EPYC TF 2.21 gives ...bebd348f...3f73902a..., tapeflow
# ...bebd348f...3f739029... (epyc1's report)
@pytest.mark.parametrize('traced', [False, pytest.param(True, marks=pytest.mark.avx512_bits)])
def test_exclusion_after_three_steps(traced, cpu_kind):
    x, y = data()
    m = model()
    opt = keras.optimizers.AdamW(0.01, weight_decay=0.1)

    def step():
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(m(x) - y))
        opt.apply_gradients(zip(tape.gradient(loss, m.trainable_variables), m.trainable_variables))
        return loss
    if traced:
        step = tf.function(step)
    losses = []
    for s in range(6):
        if s == 3:
            opt.exclude_from_weight_decay(var_names=['kernel'])
        losses.append(step())
    assert (bits(losses), bits(m.layers[0].kernel)) == GOLD['loop_traced' if traced else
                                                            'loop_eager_avx2' if cpu_kind == 'avx2' else 'loop_eager']


# The Xeon's bits: on an AVX2 AMD EPYC TF 2.21 gives ...3eab9446...3cbd79623ee37a39be4f9c713d9c8948, tapeflow
# ...3eab9445...3cbd795f3ee37a39be4f9c713d9c8949 (epyc1's report)
@pytest.mark.avx512_bits
def test_exclusion_between_fits_keeps_the_train_function_rules():
    x, y = data()
    m = model()
    opt = keras.optimizers.SGD(0.05, weight_decay=0.2, momentum=0.5)
    m.compile(opt, 'mse')
    m.fit(x, y, batch_size=4, epochs=2, shuffle=False, verbose=0)
    opt.exclude_from_weight_decay(var_names=['kernel'])
    history = m.fit(x, y, batch_size=4, epochs=2, shuffle=False, verbose=0)
    assert (bits(history.history['loss']), bits(m.layers[0].kernel)) == GOLD['fit_again']
