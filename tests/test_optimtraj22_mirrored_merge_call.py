"""MirroredStrategy in fit and custom loops, as TF 2.21 (Keras 3.15) runs them.

Keras 3 runs each fit / train_on_batch step through ``model.distribute_strategy.run`` (a train_step sees
the strategy's replica context) and, for a model made under a strategy, builds the optimizer before
the callbacks. Its optimizer updates through a merge_call, which MirroredStrategy refuses inside a traced
ops.cond: gradient_accumulation_steps and use_ema with ema_overwrite_frequency put the update there, so
a traced step fails with TF's RuntimeError; eager steps train. Values from TF 2.21
(notes/progs/optimtraj22/p9_mirror.py, p10_mirror.py, p12_ctx.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

MERGE_CALL = ('`merge_call` called while defining a new graph or a tf.function. This can often happen if the '
              'function `fn` passed to `strategy.run()` contains a nested `@tf.function`')
ARGS = ("Arguments received by Cond.call():\n  \u2022 args=('tf.Tensor(shape=(), dtype=bool)', "
        "'<function BaseOptimizer._backend_apply_gradients.<locals>.<lambda> at ")

R = np.random.RandomState(7)
X = R.randn(30, 4).astype('float32')
Y = R.randn(30, 1).astype('float32')
W0 = [(R.randn(4, 1) * 0.5).astype('float32'), np.full(1, 0.1, 'float32')]


def _model(strategy, make_optimizer):
    with strategy.scope():
        model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
        model.set_weights(W0)
        optimizer = make_optimizer()
    return model, optimizer


OPTIONS = {
    'accumulation': lambda: keras.optimizers.Adam(0.05, gradient_accumulation_steps=2),
    'ema_overwrite': lambda: keras.optimizers.SGD(0.05, use_ema=True, ema_overwrite_frequency=2),
    'loss_scale_accumulation': lambda: keras.optimizers.LossScaleOptimizer(
        keras.optimizers.Adam(0.05, gradient_accumulation_steps=2)),
}


@pytest.mark.parametrize('name', sorted(OPTIONS))
def test_traced_fit_refuses_a_merge_call_in_a_cond(name):
    model, optimizer = _model(tf.distribute.MirroredStrategy(), OPTIONS[name])
    model.compile(optimizer, 'mse')
    seen = []

    class Begin(keras.callbacks.Callback):
        def on_train_begin(self, logs=None):
            seen.append((optimizer.built, int(optimizer.iterations.numpy())))

    with pytest.raises(RuntimeError) as info:
        model.fit(X, Y, epochs=1, batch_size=8, shuffle=False, verbose=0, callbacks=[Begin()])
    text = str(info.value)
    assert text.startswith('Exception encountered when calling Cond.call().\n\n\x1b[1m' + MERGE_CALL)
    assert ARGS in text and text.endswith("  \u2022 kwargs=<class 'inspect._empty'>")
    # TF 2.21: built before the callbacks (the strategy's symbolic build), and nothing trained
    assert seen == [(True, 0)]
    assert int(optimizer.iterations.numpy()) == 0
    np.testing.assert_array_equal(model.get_weights()[0], W0[0])
    with pytest.raises(RuntimeError, match='merge_call'):      # every later traced call fails the same
        model.train_on_batch(X[:8], Y[:8])
    assert int(optimizer.iterations.numpy()) == 0


@pytest.mark.parametrize('name, iterations', [('accumulation', 2), ('ema_overwrite', 4)])
def test_eager_fit_trains(name, iterations):
    model, optimizer = _model(tf.distribute.MirroredStrategy(), OPTIONS[name])
    model.compile(optimizer, 'mse', run_eagerly=True)
    model.fit(X, Y, epochs=1, batch_size=8, shuffle=False, verbose=0)
    assert int(optimizer.iterations.numpy()) == iterations     # TF 2.21
    assert not np.array_equal(model.get_weights()[0], W0[0])


def test_ema_without_overwrite_and_other_strategies_train_traced():
    for strategy, make in [(tf.distribute.MirroredStrategy(), lambda: keras.optimizers.Adam(0.05, use_ema=True)),
                           (tf.distribute.OneDeviceStrategy('/cpu:0'), OPTIONS['accumulation']),
                           (tf.distribute.get_strategy(), OPTIONS['accumulation'])]:
        model, optimizer = _model(strategy, make)
        model.compile(optimizer, 'mse')
        model.fit(X, Y, epochs=1, batch_size=8, shuffle=False, verbose=0)
        assert int(optimizer.iterations.numpy()) in (2, 4)


@pytest.mark.parametrize('traced', [False, True])
def test_custom_loop_strategy_run(traced):
    strategy = tf.distribute.MirroredStrategy()
    model, optimizer = _model(strategy, OPTIONS['accumulation'])

    def replica_step(x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(model(x) - y))
        optimizer.apply_gradients(zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables))
        return loss

    def step(x, y):
        return strategy.run(replica_step, args=(x, y))

    if traced:
        step = tf.function(step)
        with pytest.raises(RuntimeError) as info:
            step(X[:6], Y[:6])
        assert MERGE_CALL in str(info.value) and 'Exception encountered when calling Cond.call().' in str(info.value)
        assert int(optimizer.iterations.numpy()) == 0
        np.testing.assert_array_equal(model.get_weights()[0], W0[0])
        # TF 2.21: Keras's apply builds the optimizer before its update's Cond fails
        assert optimizer.built
    else:
        losses = [float(step(X[i * 6:(i + 1) * 6], Y[i * 6:(i + 1) * 6])) for i in range(4)]
        assert int(optimizer.iterations.numpy()) == 2
        # TF 2.21's float32 losses (0x1.caddb0p-2, 0x1.2464c4p+1, 0x1.ed9c36p+1, 0x1.803fbap-1)
        np.testing.assert_allclose(losses, [float.fromhex(h) for h in (
            '0x1.caddb0p-2', '0x1.2464c4p+1', '0x1.ed9c36p+1', '0x1.803fbap-1')], rtol=1e-6)


@pytest.mark.parametrize('run_eagerly', [False, True])
def test_train_step_sees_the_replica_context(run_eagerly):
    strategy = tf.distribute.MirroredStrategy()
    seen = []

    class Model(keras.Model):
        def train_step(self, data):
            seen.append((type(tf.distribute.get_replica_context()).__name__, type(tf.distribute.get_strategy()).__name__,
                         tf.distribute.has_strategy(), tf.distribute.in_cross_replica_context()))
            return super().train_step(data)

    with strategy.scope():
        inputs = keras.Input((2,))
        model = Model(inputs, keras.layers.Dense(1)(inputs))
    model.compile('sgd', 'mse', run_eagerly=run_eagerly)
    model.fit(np.ones((4, 2), 'f'), np.ones((4, 1), 'f'), verbose=0, epochs=1, batch_size=4)
    model.train_on_batch(np.ones((4, 2), 'f'), np.ones((4, 1), 'f'))
    # TF 2.21: the step runs in MirroredStrategy.run (traced: once per trace, here 2 traces)
    assert seen and set(seen) == {('_MirroredReplicaContext', 'MirroredStrategy', True, False)}
    # outside the step, the cross-replica (default) context again
    assert not tf.distribute.has_strategy()


def test_default_strategy_model_keeps_an_unbuilt_optimizer_until_its_first_step():
    model, optimizer = _model(tf.distribute.get_strategy(), lambda: keras.optimizers.Adam(0.05))
    model.compile(optimizer, 'mse')
    seen = []

    class Begin(keras.callbacks.Callback):
        def on_train_begin(self, logs=None):
            seen.append(optimizer.built)

    model.fit(X, Y, epochs=1, batch_size=8, shuffle=False, verbose=0, callbacks=[Begin()])
    assert seen == [False]      # TF 2.21: built in the first trace


EAGER_RUN = ('Using MirroredStrategy eagerly has significant overhead currently. We will be working on improving '
             'this in the future, but for now please wrap `call_for_each_replica` or `experimental_run` or `run` '
             'inside a tf.function to get the best performance.')


@pytest.mark.parametrize('call, first_call', [('fit', 4), ('evaluate', 4), ('predict', 4), ('train_on_batch', 3),
                                              ('test_on_batch', 3), ('predict_on_batch', 3)])
@pytest.mark.parametrize('run_eagerly', [False, True])
def test_eager_steps_log_the_eager_run_warning(call, first_call, run_eagerly, monkeypatch, caplog):
    # TF 2.21 (notes/progs/optimtraj22/p13_eagerwarn.py): Keras runs each eager step through
    # MirroredStrategy.run, which logs its overhead warning the first 5 times in a program; traced steps none
    from framework import distribute
    from framework.tf_logging import FirstN
    monkeypatch.setattr(distribute, '_EAGER_RUN_WARNING', FirstN(5))
    with tf.distribute.MirroredStrategy().scope():
        model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse', run_eagerly=run_eagerly)
    x, y = np.ones((8, 2), 'f'), np.ones((8, 1), 'f')
    counts = []
    with caplog.at_level('WARNING', logger='tensorflow'):
        for _ in range(2):
            if call in ('fit', 'evaluate'):
                getattr(model, call)(x, y, batch_size=2, verbose=0)
            elif call == 'predict':
                model.predict(x, batch_size=2, verbose=0)
            else:
                for _ in range(3):
                    getattr(model, call)(*((x,) if call == 'predict_on_batch' else (x, y)))
            counts.append(sum(r.getMessage() == EAGER_RUN for r in caplog.records if r.name == 'tensorflow'))
    assert counts == ([first_call, 5] if run_eagerly else [0, 0])


@pytest.mark.parametrize('call', ['evaluate', 'test_on_batch', 'train_on_batch'])
@pytest.mark.parametrize('under_strategy', [False, True])
def test_evaluate_and_on_batch_build_the_optimizer_of_a_strategy_model(call, under_strategy):
    # TF 2.21 (notes/progs/optimtraj22/p14_symbuild.py): Keras's _maybe_symbolic_build builds the optimizer of
    # a model made under a strategy before the first step, evaluate's and test_on_batch's too
    strategy = tf.distribute.MirroredStrategy() if under_strategy else tf.distribute.get_strategy()
    model, optimizer = _model(strategy, lambda: keras.optimizers.Adam(0.1))
    model.compile(optimizer, 'mse', metrics=['mae'])
    seen = []

    class Begin(keras.callbacks.Callback):
        def on_test_begin(self, logs=None):
            seen.append((optimizer.built, len(optimizer.variables)))

    if call == 'evaluate':
        model.evaluate(X, Y, verbose=0, callbacks=[Begin()])
        assert seen == [(under_strategy, 6 if under_strategy else 2)]
    else:
        getattr(model, call)(X[:8], Y[:8])
    trained = call == 'train_on_batch'
    assert (optimizer.built, len(optimizer.variables)) == ((True, 6) if under_strategy or trained else (False, 2))
    assert int(optimizer.iterations.numpy()) == int(trained)


@pytest.mark.parametrize('loss_scale', [False, True])
def test_refused_fit_step_leaves_batch_statistics_and_loss_tracker(loss_scale):
    # TF 2.21 traces the whole step before running it: the refusal leaves BatchNormalization's moving
    # statistics and the loss tracker untouched (notes/progs/optimtraj22/p18_bn.py)
    with tf.distribute.MirroredStrategy().scope():
        model = keras.Sequential([keras.Input((4,)), keras.layers.BatchNormalization(), keras.layers.Dense(1)])
        optimizer = keras.optimizers.Adam(0.05, gradient_accumulation_steps=2)
        if loss_scale:
            optimizer = keras.optimizers.LossScaleOptimizer(optimizer)
    model.compile(optimizer, 'mse', metrics=['mae'])
    with pytest.raises(RuntimeError, match='merge_call'):
        model.fit(X[:16], Y[:16], batch_size=8, verbose=0)
    mean, variance = model.layers[0].get_weights()[2:]
    np.testing.assert_array_equal(mean, np.zeros(4, 'f'))
    np.testing.assert_array_equal(variance, np.ones(4, 'f'))
    assert [float(np.asarray(v)) for v in model.metrics[0].variables] == [0.0, 0.0]
