"""fit / evaluate / predict take an integer scalar tensor or 0-d array as a step count
(``steps_per_epoch=ds.cardinality()``), as Keras 3 counts with its ``__index__``.

Golden values printed by TF 2.21 + Keras 3 (/work/notes/progs/data12/p4.py, p5.py): the model is
``Sequential([Input((3,)), Dense(2, activation='elu'), Dense(1)])`` after ``keras.utils.set_random_seed(1)``,
compiled with SGD(0.1), 'mse', metrics=['mae'], on ``np.random.RandomState(0)``'s x (10, 3), y (10, 1) batched by 4.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _data():
    rng = np.random.RandomState(0)
    x = rng.rand(10, 3).astype('float32')
    y = rng.rand(10, 1).astype('float32')
    return x, y, tf.data.Dataset.from_tensor_slices((x, y)).batch(4)


def _model():
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, activation='elu'), keras.layers.Dense(1)])
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss='mse', metrics=['mae'])
    return model


class _Params(keras.callbacks.Callback):
    seen = None

    def on_train_begin(self, logs=None):
        self.seen = self.params['steps']

    on_test_begin = on_predict_begin = on_train_begin


def _rounded(history):
    return {k: [round(float(v), 6) for v in vs] for k, vs in history.history.items()}


@pytest.mark.parametrize('steps', [tf.constant(2), tf.constant(2, tf.int64), np.array(2)])
def test_integer_scalar_counts_steps_and_reaches_callbacks_as_given(steps):
    x, y, ds = _data()
    params = _Params()
    history = _model().fit(ds, epochs=2, steps_per_epoch=steps, verbose=0, callbacks=[params])
    # TF 2.21: {'loss': [0.24443, 0.383216], 'mae': [0.458899, 0.618986]} (the same as steps_per_epoch=2)
    assert _rounded(history) == {'loss': [0.24443, 0.383216], 'mae': [0.458899, 0.618986]}
    assert params.seen is steps
    params = _Params()
    assert np.allclose(_model().evaluate(ds, steps=steps, verbose=0, callbacks=[params]),
                       [0.2988276481628418, 0.4959060847759247], rtol=0, atol=1e-7)
    assert params.seen is steps
    assert _model().predict(ds, steps=steps, verbose=0).shape == (8, 1)
    history = _model().fit(ds, epochs=1, validation_data=ds, validation_steps=steps, verbose=0)
    assert _rounded(history) == {'loss': [0.272187], 'mae': [0.490916], 'val_loss': [0.077576], 'val_mae': [0.239475]}
    assert _rounded(_model().fit(x, y, epochs=1, steps_per_epoch=steps, verbose=0)) == {
        'loss': [0.306575], 'mae': [0.505662]}


def test_zero_tensor_reads_all_batches_and_reports_the_data_count():
    _, _, ds = _data()
    params = _Params()
    history = _model().fit(ds, epochs=2, steps_per_epoch=tf.constant(0), verbose=0, callbacks=[params])
    assert _rounded(history) == {'loss': [0.272187, 0.096186], 'mae': [0.490916, 0.270523]}
    assert params.seen == 3


def test_negative_tensor_reads_until_the_data_end_and_reports_it_as_given():
    _, _, ds = _data()
    params = _Params()
    steps = tf.constant(-1)
    with pytest.warns(UserWarning, match='Your input ran out of data'):
        loss = _model().evaluate(ds, steps=steps, verbose=0, callbacks=[params])
    assert np.allclose(loss, [0.36868903040885925, 0.5576533675193787], rtol=0, atol=1e-7)
    assert params.seen is steps


def test_progress_bar_arithmetic_on_a_tensor_target_fails_as_in_tf():
    # TF 2.21: TypeError 'Cannot convert 0.847... to EagerTensor of dtype int32' (the bar's time per step
    # times its target), after the first epoch's steps
    _, _, ds = _data()
    with pytest.raises(TypeError, match='to EagerTensor of dtype int32'):
        _model().fit(ds, epochs=1, steps_per_epoch=tf.constant(2), verbose=2)


@pytest.mark.parametrize('steps, error, text', [
    (tf.constant(2.0), AttributeError, "'numpy.float32' object has no attribute '__index__'"),
    (tf.constant(2.5, tf.float64), AttributeError, "'numpy.float64' object has no attribute '__index__'"),
    (tf.Variable(2), TypeError, "'ResourceVariable' object cannot be interpreted as an integer"),
    (tf.constant([2]), TypeError, 'only integer scalar arrays can be converted to a scalar index'),
])
def test_other_tensors_fail_with_tf_words(steps, error, text):
    _, _, ds = _data()
    with pytest.raises(error, match=text):
        _model().fit(ds, epochs=1, steps_per_epoch=steps, verbose=0)
    with pytest.raises(error, match=text):
        _model().predict(ds, steps=steps, verbose=0)


def test_vector_tensor_on_arrays_fails_with_tf_words():
    x, y, _ = _data()
    with pytest.raises(TypeError, match='only 0-dimensional arrays can be converted to Python scalars'):
        _model().fit(x, y, epochs=1, steps_per_epoch=tf.constant([2]), verbose=0)
