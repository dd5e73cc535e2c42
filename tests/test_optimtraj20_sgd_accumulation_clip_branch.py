"""SGD with gradient_accumulation_steps and global_clipnorm in a traced step, as TF 2.21 (probes
/work/notes/progs/optimtraj20/p13_acc.py, p14_cand.py, p15_golden.py; found by p7_sweep.py case 72).
Keras 3 runs the accumulated update in an ops.cond branch, which grappler optimizes apart, so every
variable's step is m * momentum - g * (s * lr), the clip scale s merged into the rate, as inside a
LossScaleOptimizer. tapeflow took its one-value rule ((g * lr) * s) for a (1,) bias and a (1, 1) kernel
there, which left their momentum 1 ulp off TF from the 4th update (a returning tf.function) and a
Dense(1) regression's fit off from its 3rd epoch.

Goldens: TF 2.21 on this AVX2 AMD EPYC (elementwise float32 products and a 7-value norm).
"""
import numpy as np

import framework as tf
from framework import keras
from tests.conftest import hexes_as_tf


def _tf(hexes):
    return [float.fromhex(h).hex() for h in hexes]


def _hexes(array):
    return [float(x).hex() for x in np.asarray(array, dtype=np.float64).ravel()]


def _loop(weight_decay):
    r = np.random.RandomState(5)
    shapes = [(4, 1), (1,), (1, 1), (1,)]
    variables = [tf.Variable(r.randn(*s).astype('float32')) for s in shapes]
    grads = [[r.randn(*s).astype('float32') for s in shapes] for _ in range(12)]
    optimizer = keras.optimizers.SGD(0.3, momentum=0.5, weight_decay=weight_decay, global_clipnorm=0.125,
                                     gradient_accumulation_steps=3)

    @tf.function
    def step(g):
        optimizer.apply_gradients(zip(g, variables))
        return g[0][0, 0]

    for g in grads:
        step([tf.constant(x) for x in g])
    return ([h for v in variables for h in _hexes(v.numpy())]
            + [h for v in optimizer.variables if 'momentum' in v.path for h in _hexes(v.numpy())])


_MOMENTUMS = ['0x1.f04b0ep-7', '-0x1.f6c65cp-6', '-0x1.1128e2p-6', '-0x1.fa5ea2p-7', '0x1.82b3ccp-7',
              '0x1.3a3054p-6', '-0x1.ac28f8p-6']


def test_returning_function_merges_clip_scale_into_rate():
    # TF 2.21 gives these; tapeflow's last variable was -0x1.d817b6p-1, its last momentums 1 ulp off
    expected = (['0x1.0492f0p-1', '-0x1.7f83d8p-2', '0x1.2ed962p+1', '-0x1.366ad4p-2', '0x1.b24fa6p-4',
                 '0x1.9c8dd6p+0', '-0x1.d817b4p-1'] + _MOMENTUMS)
    assert hexes_as_tf(_loop(None), _tf(expected))


def test_with_weight_decay():
    expected = (['0x1.00f8bep-1', '-0x1.7a8490p-2', '0x1.2a3f40p+1', '-0x1.3242c0p-2', '0x1.abe696p-4',
                 '0x1.9682aap+0', '-0x1.d13948p-1'] + _MOMENTUMS)
    assert hexes_as_tf(_loop(0.0125), _tf(expected))


def test_fit_dense_regression():
    r = np.random.RandomState(7)
    x = r.randn(48, 4).astype('float32')
    y = r.randn(48, 1).astype('float32')
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1, activation='tanh'), keras.layers.Dense(1)])
    model.set_weights([(r.randn(4, 1) * 0.5).astype('float32'), np.zeros(1, 'float32'),
                       r.randn(1, 1).astype('float32'), np.full(1, 0.1, 'float32')])
    model.compile(keras.optimizers.SGD(0.3, momentum=0.5, global_clipnorm=0.125, gradient_accumulation_steps=3),
                  'mse')
    history = model.fit(x, y, batch_size=8, epochs=4, shuffle=False, verbose=0)
    got = [float(v).hex() for v in history.history['loss']] + [h for w in model.get_weights() for h in _hexes(w)]
    # TF 2.21; tapeflow's first bias was 0x1.700688p-6 and the last 0x1.b86408p-7
    expected = ['0x1.df5aaap-1', '0x1.cbc40ap-1', '0x1.b8735ap-1', '0x1.a9fe72p-1',
                '-0x1.0f94a0p-10', '-0x1.d6be0cp-1', '0x1.248cbap-1', '0x1.021e9cp-3', '0x1.70068cp-6',
                '0x1.be6fcap-2', '0x1.b863e8p-7']
    assert hexes_as_tf(got, _tf(expected))


def test_scalar_keeps_its_order_in_the_branch():
    # (probe p20_one.py) a () variable beside (1,) and (1, 1) ones: TF 2.21 keeps (g * s) * lr for the scalar
    r = np.random.RandomState(11)
    shapes = [(4, 1), (1,), (1, 1), (), (3, 2)]
    variables = [tf.Variable(np.asarray(r.randn(*s), 'float32')) for s in shapes]
    grads = [[np.asarray(r.randn(*s), 'float32') for s in shapes] for _ in range(12)]
    rate = keras.optimizers.schedules.CosineDecay(0.3, 20, warmup_target=0.5, warmup_steps=3)
    optimizer = keras.optimizers.SGD(rate, momentum=0.5, nesterov=True, global_clipnorm=0.125,
                                     gradient_accumulation_steps=2)

    @tf.function
    def step(g):
        optimizer.apply_gradients(zip(g, variables))
        return g[0][0, 0]

    for g in grads:
        step([tf.constant(x) for x in g])
    got = [h for v in variables for h in _hexes(v.numpy())]
    # TF 2.21 gives these (merging the scalar's scale into the rate left it at -0x1.183da6p-1)
    expected = ['0x1.adb7e4p+0', '-0x1.d75766p-3', '-0x1.bf82cap-2', '-0x1.4b6c8ap+1', '-0x1.1785c8p-3',
                '-0x1.8fc382p-2', '-0x1.183da4p-1', '0x1.49a046p-2', '0x1.044c0ap-1', '-0x1.2bff5cp+0',
                '-0x1.b81300p-1', '-0x1.20e418p-1', '0x1.4b3a78p-1']
    assert hexes_as_tf(got, _tf(expected))
