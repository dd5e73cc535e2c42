"""Nadam on a schedule through fit and a traced custom loop, with an Embedding (IndexedSlices gradients) and
a BatchNormalization (non-trainable moving statistics) in the model: every weight bitwise TF 2.21's.

The golden values were printed by TF 2.21 / Keras 3 (tensorflow-cpu) running the same program with
`import tensorflow as tf; from tensorflow import keras` (/work/notes/progs/optimtraj15/p1_traj.py, cases
`nadam poly fit float32` and `nadam pw loop float64`: `[float(v).hex() for v in numpy(w).ravel()]` for each of
model.weights after the last step, and History's losses).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _data():
    rng = np.random.RandomState(0)
    return rng.randint(0, 7, size=(16, 3)), rng.randn(16, 2), rng.randn(16, 1)


def _model(dtype):
    keras.utils.set_random_seed(1)
    ids = keras.Input((3,), dtype='int32')
    dense_in = keras.Input((2,), dtype=dtype)
    e = keras.layers.Embedding(7, 2, dtype=dtype)(ids)
    e = keras.layers.Flatten(dtype=dtype)(e)
    h = keras.layers.Concatenate(dtype=dtype)([e, dense_in])
    h = keras.layers.Dense(3, activation='tanh', dtype=dtype)(h)
    h = keras.layers.BatchNormalization(dtype=dtype)(h)
    return keras.Model([ids, dense_in], keras.layers.Dense(1, dtype=dtype)(h))


def _hex(weights):
    return [[float(v).hex() for v in np.asarray(w).ravel()] for w in weights]


# TF 2.21: Nadam(PolynomialDecay(0.05, 6, 0.005, power=2.0, cycle=True)), fit batch 4, 5 epochs (20 steps)
FIT_WEIGHTS = [
    ['-0x1.121a9c0000000p-6', '-0x1.8f556e0000000p-7', '0x1.d633420000000p-4', '0x1.0be3400000000p-3', '-0x1.060fc20000000p-6', '-0x1.7b74500000000p-5', '0x1.f5d7600000000p-6', '0x1.6932620000000p-5', '-0x1.fd163c0000000p-4', '-0x1.965b700000000p-3', '0x1.0576dc0000000p-4', '-0x1.8547240000000p-4', '-0x1.575ec80000000p-5', '-0x1.e824420000000p-5'],
    ['0x1.0f82bc0000000p-6', '-0x1.81343c0000000p-4', '0x1.cac05e0000000p-2', '0x1.9650a40000000p-3', '-0x1.22f5d20000000p-2', '-0x1.de2f0c0000000p-5', '-0x1.2227f80000000p-2', '0x1.4bb5ae0000000p-1', '-0x1.de4e420000000p-4', '-0x1.1ef1320000000p-3', '-0x1.65b91c0000000p-4', '0x1.25c0fa0000000p-1', '0x1.07751c0000000p-6', '0x1.4e63f20000000p-2', '-0x1.6075f40000000p-4', '0x1.1745160000000p-2', '-0x1.df3efa0000000p-3', '0x1.0c6e280000000p-1', '-0x1.feeac20000000p-3', '-0x1.2c69c80000000p-5', '0x1.72f6620000000p-2', '-0x1.2bbaa00000000p-1', '0x1.356c4e0000000p-2', '-0x1.a874460000000p-3'],
    ['-0x1.9efbea0000000p-4', '0x1.d1671c0000000p-5', '-0x1.aae9680000000p-5'],
    ['0x1.c8496e0000000p-1', '0x1.0619600000000p+0', '0x1.ac31ac0000000p-1'],
    ['-0x1.d402100000000p-4', '0x1.ccf4c40000000p-6', '0x1.9183300000000p-6'],
    ['-0x1.ff02e00000000p-13', '0x1.1ea8ae0000000p-8', '-0x1.8983240000000p-8'],
    ['0x1.b087860000000p-1', '0x1.a7bd960000000p-1', '0x1.ae0ef40000000p-1'],
    ['0x1.2dd0720000000p-6', '-0x1.1f74ac0000000p-2', '-0x1.0d539e0000000p+0'],
    ['-0x1.843dd00000000p-6'],
]
FIT_LOSSES = ['0x1.4a2b700000000p+0', '0x1.cb5eca0000000p-1', '0x1.a008be0000000p-1', '0x1.7c82000000000p-1', '0x1.5a62720000000p-1']

# TF 2.21: Nadam(PiecewiseConstantDecay([np.float64(3.5), 8.0, 13.25], [0.05, 0.03, 0.02, 0.01])), float64
# model, 20 steps of a tf.function custom loop over 4-sample batches
LOOP_WEIGHTS = [
    ['-0x1.ea478d89ae49ap-7', '-0x1.4bfa384dec1f9p-3', '0x1.265c57ff24fbbp-2', '-0x1.4c351e7fec99ap-10', '0x1.abd5e7e79acf4p-4', '-0x1.0f98a0749c804p-5', '-0x1.6e7f478044e6cp-3', '-0x1.e01d3974b3463p-5', '-0x1.fee3e5d31335ap-3', '-0x1.c2cfe8b762166p-3', '-0x1.22728e13a4449p-3', '0x1.3e47d063aa66bp-3', '0x1.100f810ad3515p-2', '0x1.bdcefaab3da3ep-3'],
    ['0x1.2a592f32df0e5p-2', '-0x1.12ea4913fb58bp-2', '0x1.42602f93ecce8p-5', '0x1.6fdf3bdab5485p-1', '0x1.4acb9f2897ddbp-1', '-0x1.05fd8e9819d83p-2', '-0x1.940ea27ce7a1ap-1', '0x1.218d61fea12b4p-2', '0x1.36a5b7b48c1cbp-2', '-0x1.4c36013aae6a0p-9', '0x1.b45752e58c397p-1', '-0x1.4a7c9fd4bcdfep-1', '0x1.f5932d79dee8ap-2', '0x1.7126b5bc2e50cp-4', '-0x1.5cb1b7a6e012cp-1', '0x1.0f9dbfbc61e3ep-2', '0x1.09447393cd06ep-1', '0x1.0dc2d6e4d206dp-3', '0x1.46a94c4dd5821p-2', '-0x1.9e25b92667ed9p-3', '-0x1.0dda82c6e9a6bp-2', '0x1.4e9f6e2a19619p-2', '-0x1.0b45bc000e866p-2', '0x1.37efbdbc21373p-1'],
    ['0x1.58d4087a7a30cp-4', '-0x1.1e74973f08826p-4', '0x1.c8540c3e36171p-4'],
    ['0x1.84c6665e889b4p-1', '0x1.8a88fc74e03cfp-1', '0x1.81d1bdb0d8b9fp-1'],
    ['0x1.3049e7b3e3122p-6', '0x1.2c4a22883caadp-6', '0x1.0f898b23f6309p-6'],
    ['-0x1.45873623f7250p-9', '-0x1.143abd945d21ap-7', '-0x1.5094aca5d34f4p-9'],
    ['0x1.afbfb8f58b98cp-1', '0x1.ab9589224be3fp-1', '0x1.b66dd53883991p-1'],
    ['-0x1.dfcbee63d8ebap-1', '-0x1.d61d547fd4e67p-1', '-0x1.c983a28b52188p-3'],
    ['-0x1.3400649f7d4eep-6'],
]


# The Xeon's bits: on an AVX2 AMD EPYC TF 2.21 gives 0x1.4a2b6ap+0 first, tapeflow 0x1.4a2b6cp+0 (epyc1's report)
@pytest.mark.avx512_bits
def test_nadam_polynomial_cycle_fit_embedding_batchnorm_float32():
    keras.backend.clear_session()
    ids, dense, y = _data()
    model = _model('float32')
    schedule = keras.optimizers.schedules.PolynomialDecay(0.05, decay_steps=6, end_learning_rate=0.005,
                                                          power=2.0, cycle=True)
    model.compile(optimizer=keras.optimizers.Nadam(schedule), loss='mse')
    history = model.fit([ids, dense.astype('float32')], y.astype('float32'), batch_size=4, epochs=5,
                        shuffle=False, verbose=0)
    assert int(model.optimizer.iterations) == 20
    assert [float(v).hex() for v in history.history['loss']] == FIT_LOSSES
    assert _hex(model.weights) == FIT_WEIGHTS


def test_nadam_piecewise_float64_boundaries_traced_loop_float64():
    keras.backend.clear_session()
    ids, dense, y = _data()
    model = _model('float64')
    schedule = keras.optimizers.schedules.PiecewiseConstantDecay([np.float64(3.5), 8.0, 13.25],
                                                                 [0.05, 0.03, 0.02, 0.01])
    optimizer = keras.optimizers.Nadam(schedule)
    loss_fn = keras.losses.MeanSquaredError()

    @tf.function
    def step(a, b, target):
        with tf.GradientTape() as tape:
            loss = loss_fn(target, model([a, b], training=True))
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    for s in range(20):
        k = (s % 4) * 4
        step(tf.constant(ids[k:k + 4].astype('int32')), tf.constant(dense[k:k + 4]), tf.constant(y[k:k + 4]))
    assert _hex(model.weights) == LOOP_WEIGHTS
