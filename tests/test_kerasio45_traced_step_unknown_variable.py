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
