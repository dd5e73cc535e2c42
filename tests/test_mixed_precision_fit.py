"""Mixed-precision training (mixed_float16, mixed_bfloat16) step for step as TensorFlow 2.21 / Keras 3.15.1: a fit with
loss scaling (one overflowing step skipped, the scale halved), traced and eager, and a custom loop
with LossScaleOptimizer.scale_loss. Golden values printed by TensorFlow running the same program
(/work/notes/progs/mixedprec/gold2_tf.py); the traced and eager fits end with different weights
because TF's traced step rounds Dense's matmul + bias once (grappler's fused kernel) where eager
rounds the product and then the sum."""
import numpy as np
import pytest

import framework as tf
from framework import keras

layers = keras.layers

W0 = [[[-0.003377854824066162, -0.7904881834983826, 0.5214099884033203, -0.668194055557251],
       [0.656633734703064, -0.24113327264785767, 0.3929767608642578, 0.5938061475753784],
       [0.4424668550491333, -0.6767404079437256, 0.778252363204956, -0.11090916395187378],
       [-0.3720906674861908, 0.19146668910980225, 0.7350306510925293, -0.000732123851776123],
       [0.010871410369873047, -0.15283089876174927, -0.6826249957084656, -0.02634209394454956]],
      [0.0, 0.0, 0.0, 0.0],
      [[0.3470156192779541, -0.48105740547180176], [-0.19350957870483398, 0.5031139850616455],
       [-0.3876054286956787, -0.7507877349853516], [0.7870447635650635, -0.1286325454711914]],
      [0.0, 0.0]]
HISTORY = {'loss': [1.553948998451233, 0.10101686418056488, 0.04564985632896423],
           'mae': [1.163212537765503, 0.2715439200401306, 0.19459468126296997]}
TRACED_WEIGHTS = [[[-0.14526933431625366, -0.7904881834983826, 0.05729866027832031, -0.6555330753326416],
                   [0.5594733953475952, -0.24113327264785767, -0.027433395385742188, 0.6741741895675659],
                   [0.3263169527053833, -0.6767404079437256, 0.33342814445495605, -0.08448857069015503],
                   [-0.5045522451400757, 0.19146668910980225, 0.2340540885925293, 0.04538756608963013],
                   [-0.06063532829284668, -0.15283089876174927, -0.8895341753959656, -0.05609959363937378]],
                  [-0.1761932373046875, 0.0, -0.7197265625, 0.085113525390625],
                  [[0.5218441486358643, -0.19032621383666992], [-0.19350957870483398, 0.5031139850616455],
                   [0.1846601963043213, 0.25897789001464844], [0.8306276798248291, -0.12422370910644531]],
                  [0.4427947998046875, 0.322906494140625]]
EAGER_WEIGHTS = [[[-0.14526933431625366, -0.7904881834983826, 0.05729866027832031, -0.6555368900299072],
                  [0.5594733953475952, -0.24113327264785767, -0.027433395385742188, 0.6741741895675659],
                  [0.3263169527053833, -0.6767404079437256, 0.33342814445495605, -0.08449620008468628],
                  [-0.5045522451400757, 0.19146668910980225, 0.2340540885925293, 0.04537993669509888],
                  [-0.06063532829284668, -0.15283089876174927, -0.8895341753959656, -0.05609959363937378]],
                 [-0.1761932373046875, 0.0, -0.7197265625, 0.0850982666015625],
                 [[0.5218441486358643, -0.19032692909240723], [-0.19350957870483398, 0.5031139850616455],
                  [0.1846601963043213, 0.25897789001464844], [0.8306200504302979, -0.12420845031738281]],
                 [0.4427947998046875, 0.322906494140625]]
LOOP_WEIGHTS = [[[-0.118283212184906, -0.7904881834983826, 0.09001350402832031, -0.668194055557251],
                 [0.558367133140564, -0.24113327264785767, 0.04532051086425781, 0.5938061475753784],
                 [0.31485188007354736, -0.6767404079437256, 0.28191447257995605, -0.11090916395187378],
                 [-0.5225919485092163, 0.19146668910980225, 0.1486048698425293, -0.000732123851776123],
                 [-0.05370950698852539, -0.15283089876174927, -0.9250566363334656, -0.02634209394454956]],
                [-0.1908130645751953, 0.0, -0.71142578125, 0.0],
                [[0.48256421089172363, -0.24436211585998535], [-0.19350957870483398, 0.5031139850616455],
                 [0.2525312900543213, 0.26874351501464844], [0.7870447635650635, -0.1286325454711914]],
                [0.460540771484375, 0.52294921875]]

BFLOAT16_HISTORY = {'loss': [0.8630157709121704, 0.053519394248723984, 0.043780747801065445],
                    'mae': [0.7395936250686646, 0.20307603478431702, 0.1950145661830902]}
BFLOAT16_TRACED_WEIGHTS = [[[-0.11366838216781616, -0.7904881834983826, 0.09367561340332031, -0.666912317276001],
                            [0.599199652671814, -0.24113327264785767, 0.04727363586425781, 0.6392163038253784],
                            [0.3338242769241333, -0.6767404079437256, 0.28606486320495605, -0.09235447645187378],
                            [-0.4921773672103882, 0.19146668910980225, 0.1529994010925293, 0.03204375505447388],
                            [-0.06601190567016602, -0.15283089876174927, -0.9228593707084656, -0.044259727001190186]],
                           [-0.1407470703125, 0.0, -0.7109375, 0.05517578125],
                           [[0.4844667911529541, -0.25331997871398926], [-0.19350957870483398, 0.5031139850616455],
                            [0.2491133213043213, 0.25702476501464844], [0.8102686405181885, -0.15848731994628906]],
                           [0.450439453125, 0.313232421875]]
BFLOAT16_EAGER_WEIGHTS = [[[-0.11366838216781616, -0.7904881834983826, 0.09367561340332031, -0.666912317276001],
                           [0.599199652671814, -0.24113327264785767, 0.04727363586425781, 0.6392163038253784],
                           [0.3338242769241333, -0.6767404079437256, 0.28606486320495605, -0.09235447645187378],
                           [-0.4921773672103882, 0.19146668910980225, 0.1529994010925293, 0.03204375505447388],
                           [-0.06601190567016602, -0.15283089876174927, -0.9228593707084656, -0.044259727001190186]],
                          [-0.1407470703125, 0.0, -0.7109375, 0.05517578125],
                          [[0.4843752384185791, -0.25327420234680176], [-0.19350957870483398, 0.5031139850616455],
                           [0.2491133213043213, 0.25702476501464844], [0.8103296756744385, -0.15854835510253906]],
                          [0.450439453125, 0.313232421875]]
BFLOAT16_LOOP_WEIGHTS = [[[-0.11938279867172241, -0.7904881834983826, 0.09367561340332031, -0.668194055557251],
                          [0.556505560874939, -0.24113327264785767, 0.04727363586425781, 0.5938061475753784],
                          [0.31369030475616455, -0.6767404079437256, 0.28606486320495605, -0.11090916395187378],
                          [-0.5232442617416382, 0.19146668910980225, 0.1529994010925293, -0.000732123851776123],
                          [-0.05515336990356445, -0.15283089876174927, -0.9228593707084656, -0.02634209394454956]],
                         [-0.19378662109375, 0.0, -0.7109375, 0.0],
                         [[0.4810678958892822, -0.2468254566192627], [-0.19350957870483398, 0.5031139850616455],
                          [0.2491133213043213, 0.25702476501464844], [0.7870447635650635, -0.1286325454711914]],
                         [0.46923828125, 0.4228515625]]


@pytest.fixture(params=['mixed_float16'])
def model(request, monkeypatch):
    # the goldens come from a TensorFlow with oneDNN on (its default on this project's Xeons), which
    # fuses a traced Dense's MatMul + BiasAdd (framework/onednn_policy.py)
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '1')
    keras.mixed_precision.set_global_policy(request.param)
    inputs = keras.Input(shape=(5,))
    hidden = layers.Dense(4, activation='relu')(inputs)
    outputs = layers.Activation('linear', dtype='float32')(layers.Dense(2)(hidden))
    made = keras.Model(inputs, outputs)
    made.set_weights([np.array(w, np.float32) for w in W0])
    yield made
    keras.mixed_precision._state['policy'] = None      # unset again: the global policy follows floatx


def _data():
    rng = np.random.RandomState(0)
    return rng.rand(8, 5).astype('float32'), rng.rand(8, 2).astype('float32')


@pytest.mark.parametrize('eager, weights', [(False, TRACED_WEIGHTS), (True, EAGER_WEIGHTS)])
def test_fit_with_loss_scaling_matches_tensorflow(model, eager, weights):
    x, y = _data()
    model.compile(optimizer=keras.optimizers.SGD(0.5), loss='mse', metrics=['mae'], run_eagerly=eager)
    history = model.fit(x, y, batch_size=4, epochs=3, verbose=0, shuffle=False)
    assert history.history == HISTORY
    assert [w.tolist() for w in model.get_weights()] == weights
    # one of the six steps overflowed in float16: skipped, and the scale halved from 2**15
    assert float(model.optimizer.dynamic_scale.numpy()) == 16384.0 and int(model.optimizer.iterations.numpy()) == 5


def test_custom_loop_with_scale_loss_matches_tensorflow(model):
    x, y = _data()
    optimizer = keras.mixed_precision.LossScaleOptimizer(keras.optimizers.SGD(0.5))
    loss_fn = keras.losses.MeanSquaredError()
    seen = []
    for _ in range(3):
        with tf.GradientTape() as tape:
            out = model(x[:4])
            loss = loss_fn(y[:4], out)
            scaled = optimizer.scale_loss(loss)
        grads = tape.gradient(scaled, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        seen.append((out.dtype.name, float(loss), float(scaled), [g.dtype.name for g in grads],
                     float(optimizer.dynamic_scale.numpy())))
    f32 = ['float32'] * 4
    assert seen == [('float32', 1.6095540523529053, 52741.8671875, f32, 16384.0),
                    ('float32', 1.6095540523529053, 26370.93359375, f32, 16384.0),
                    ('float32', 0.1306852549314499, 2141.147216796875, f32, 16384.0)]
    assert [w.tolist() for w in model.get_weights()] == LOOP_WEIGHTS


@pytest.mark.parametrize('model', ['mixed_bfloat16'], indirect=True)
@pytest.mark.parametrize('eager, weights', [(False, BFLOAT16_TRACED_WEIGHTS), (True, BFLOAT16_EAGER_WEIGHTS)])
def test_mixed_bfloat16_fit_matches_tensorflow(model, eager, weights):
    # no loss scaling under bfloat16 (/work/notes/progs/mixedprec/bfit_tf.py): the optimizer stays SGD
    x, y = _data()
    model.compile(optimizer=keras.optimizers.SGD(0.5), loss='mse', metrics=['mae'], run_eagerly=eager)
    assert type(model.optimizer).__name__ == 'SGD'
    history = model.fit(x, y, batch_size=4, epochs=3, verbose=0, shuffle=False)
    assert history.history == BFLOAT16_HISTORY
    assert [w.tolist() for w in model.get_weights()] == weights


@pytest.mark.parametrize('model', ['mixed_bfloat16'], indirect=True)
def test_mixed_bfloat16_custom_loop_matches_tensorflow(model):
    x, y = _data()
    optimizer = keras.optimizers.SGD(0.5)
    loss_fn = keras.losses.MeanSquaredError()
    losses = []
    for _ in range(3):
        with tf.GradientTape() as tape:
            loss = loss_fn(y[:4], model(x[:4]))
        grads = tape.gradient(loss, model.trainable_variables)
        assert [g.dtype.name for g in grads] == ['float32'] * 4
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    assert losses == [1.5950995683670044, 0.13011281192302704, 0.07165328413248062]
    assert [w.tolist() for w in model.get_weights()] == BFLOAT16_LOOP_WEIGHTS


def test_deep_float16_dense_eager_and_traced_carry_tensorflows_bits(monkeypatch):
    # TF 2.21 (/work/notes/progs/mixedprec/deep_tf.py): depth 700. Eager TF rounds the product (summed in
    # order in float32) and adds the bias in float16; a traced step's fused kernel adds the bias to the
    # float32 sum and rounds once, and its relu leaves -0.0 below zero. 15 of the 128 values differ.
    # (With TF_ENABLE_ONEDNN_OPTS=0 TensorFlow fuses nothing and its Eigen product sums in blocks.)
    import hashlib
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '1')      # TF's default here, as the goldens'
    rng = np.random.RandomState(11)
    x = rng.randn(16, 700).astype(np.float32)
    kernel = (rng.randn(700, 8) * 0.05).astype(np.float32)
    bias = (rng.randn(8) * 0.1).astype(np.float32)
    keras.mixed_precision.set_global_policy('mixed_float16')
    try:
        dense = layers.Dense(8, activation='relu', kernel_initializer=keras.initializers.Constant(kernel),
                             bias_initializer=keras.initializers.Constant(bias))
        eager = dense(x).numpy()
        traced = tf.function(lambda t: dense(t))(tf.constant(x)).numpy()
    finally:
        keras.mixed_precision._state['policy'] = None
    assert eager.dtype == traced.dtype == np.float16 and int((eager != traced).sum()) == 15
    assert hashlib.sha256(eager.tobytes()).hexdigest() == \
        '8c36a9c71b5d34b5981681cebf86d2b44ec62b69f9f8759bf4d32ab48f2386bf'
    assert hashlib.sha256(traced.tobytes()).hexdigest() == \
        '1ada973722725ab1f7505695f5148ae6c69131292f1ab24475c709e8f15c5d85'


def test_without_onednn_a_traced_float16_dense_is_the_eager_one(monkeypatch):
    # TF 2.21 with TF_ENABLE_ONEDNN_OPTS=0 fuses nothing: its traced Dense equals its eager one
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '0')
    rng = np.random.RandomState(11)
    x = rng.randn(16, 700).astype(np.float32)
    keras.mixed_precision.set_global_policy('mixed_float16')
    try:
        dense = layers.Dense(8, activation='relu')
        eager = dense(x).numpy()
        traced = tf.function(lambda t: dense(t))(tf.constant(x)).numpy()
    finally:
        keras.mixed_precision._state['policy'] = None
    assert np.array_equal(eager, traced) and not np.signbit(traced).any()
