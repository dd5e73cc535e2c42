"""A traced train step whose optimizer refuses the model's variables changes nothing.

After `keras.models.load_model('m.h5')` of a compiled model with a BatchNormalization, Keras 3.15 has
built the optimizer for no layer variable, so fit / train_on_batch raise "Unknown variable: ...". TF
2.21 raises it while tracing the step, before any of it runs: the moving statistics, the loss tracker
and the predictions are those the file held (progs/kerasio45/p7.py, TF 2.21: moving_mean after the
failed fit equal to the loaded one). tapeflow ran the forward pass first, so each failed call moved
the BatchNormalization's statistics (and counted the batch in the loss tracker).
"""
import numpy as np
import pytest

from framework import keras

X = np.linspace(0, 1, 64, dtype='float32').reshape(16, 4)
Y = np.linspace(1, 0, 32, dtype='float32').reshape(16, 2)
UNKNOWN = r'Unknown variable: <Variable path=sd/kernel, shape=\(4, 3\)'


def _reloaded(tmp_path):
    keras.utils.set_random_seed(3)
    inp = keras.Input((4,), name='inp')
    h = keras.layers.BatchNormalization(name='sbn')(keras.layers.Dense(3, name='sd')(inp))
    model = keras.Model(inp, keras.layers.Dense(2, name='head')(h), name='fm')
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss='mean_squared_error')
    model.fit(X, Y, epochs=1, batch_size=8, verbose=0)
    model.save(str(tmp_path / 'm.h5'))
    keras.utils.set_random_seed(0)
    return keras.models.load_model(str(tmp_path / 'm.h5'))


def _state(model):
    return [v.numpy().copy() for v in model.get_layer('sbn').weights] + [model.predict(X[:4], verbose=0)]


@pytest.mark.parametrize('call', ['fit', 'train_on_batch'])
def test_the_refused_step_leaves_the_moving_statistics(tmp_path, call):
    model = _reloaded(tmp_path)
    before = _state(model)
    with pytest.raises(ValueError, match=UNKNOWN):
        if call == 'fit':
            model.fit(X, Y, epochs=1, batch_size=8, verbose=0)
        else:
            model.train_on_batch(X[:8], Y[:8])
    for was, now in zip(before, _state(model)):
        np.testing.assert_array_equal(was, now)
    assert int(model.optimizer.iterations.numpy()) == 2


def test_a_wrapped_optimizer_still_trains_after_a_second_fit():
    # LossScaleOptimizer keeps its slots in the inner optimizer: the new trace of a second fit trains on
    keras.utils.set_random_seed(3)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3), keras.layers.BatchNormalization(),
                              keras.layers.Dense(2)])
    model.compile(optimizer=keras.mixed_precision.LossScaleOptimizer(keras.optimizers.SGD(0.1)),
                  loss='mean_squared_error')
    model.fit(X, Y, epochs=1, batch_size=8, verbose=0)
    model.fit(X, Y, epochs=1, batch_size=8, verbose=0)
    model.train_on_batch(X[:8], Y[:8])
    assert int(model.optimizer.iterations.numpy()) == 5


def test_a_loss_scale_optimizer_refuses_in_keras_cond_words_and_changes_nothing(tmp_path):
    # TF 2.21 (progs/kerasio45/p17.py): LossScaleOptimizer applies its inner optimizer in a branch of
    # ops.cond, so the refusal comes back worded by Keras's Cond operation, from fit, train_on_batch and an
    # eager apply_gradients alike; the traced steps change nothing. tapeflow raised the bare ValueError.
    keras.backend.clear_session()       # (the message names 'sequential/dense/kernel')
    keras.mixed_precision.set_global_policy('mixed_float16')
    try:
        keras.utils.set_random_seed(0)
        model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, activation='relu'),
                                  keras.layers.BatchNormalization(), keras.layers.Dense(1, dtype='float32')])
        model.compile('adam', 'mean_squared_error')
        model.fit(X[:8], Y[:8, :1], epochs=1, batch_size=4, verbose=0)
        model.save(str(tmp_path / 'p.h5'))
        loaded = keras.models.load_model(str(tmp_path / 'p.h5'))
    finally:
        keras.mixed_precision.set_global_policy('float32')
    assert type(loaded.optimizer).__name__ == 'LossScaleOptimizer'
    before = [v.numpy().copy() for v in loaded.layers[1].weights]
    for call in (lambda: loaded.fit(X[:8], Y[:8, :1], epochs=1, batch_size=4, verbose=0),
                 lambda: loaded.train_on_batch(X[:4], Y[:4, :1])):
        with pytest.raises(ValueError) as info:
            call()
        text = str(info.value)
        assert text.startswith('Exception encountered when calling Cond.call().\n\n\x1b[1mUnknown variable: '
                               '<Variable path=sequential/dense/kernel, shape=(4, 3), dtype=float32>. This optimizer')
        assert ("\x1b[0m\n\nArguments received by Cond.call():\n  \u2022 args=('tf.Tensor(shape=(), dtype=bool)', "
                "'<function LossScaleOptimizer._common_apply.<locals>.<lambda> at 0x") in text
        assert text.endswith("of <keras.src.optimizers.loss_scale_optimizer.LossScaleOptimizer object at 0x%x>>')\n"
                             "  \u2022 kwargs=<class 'inspect._empty'>" % id(loaded.optimizer))
        for was, variable in zip(before, loaded.layers[1].weights):
            np.testing.assert_array_equal(was, variable.numpy())
