"""fit / evaluate / predict with argument structures the first fuzz did not try, as TF 2.21 (fuzz2).

Outcomes printed by TF 2.21 / Keras 3.15 for the same calls (progs/fuzz2/cases_model2.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.random.RandomState(0).rand(8, 4).astype('float32')
Y = np.random.RandomState(1).rand(8, 1).astype('float32')


def _model():
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
    model.compile(optimizer='sgd', loss='mse')
    return model


def _repeat(batch):
    while True:
        yield batch


@pytest.mark.parametrize('call', [
    lambda m: m.fit(_repeat([X[:2], Y[:2]]), steps_per_epoch=2, verbose=0),          # a list, not a tuple
    lambda m: m.fit(_repeat(X[:2]), steps_per_epoch=2, verbose=0),                   # a bare array
    lambda m: m.fit(X, Y, validation_data=_repeat([X[:2], Y[:2]]), validation_steps=2, verbose=0),
    lambda m: m.predict((b for b in [X[:2]] * 3), verbose=0),
])
def test_a_generator_must_yield_tuples(call):
    with pytest.raises(ValueError, match='the generator must return a tuple, either \\(input,\\)'):
        call(_model())


def test_an_empty_generator_is_refused():
    with pytest.raises(ValueError, match='the generator must yield at least one batch. Received an empty '
                                         'generator.'):
        _model().fit((b for b in []), verbose=0)


def test_tuple_generators_and_datasets_of_arrays_still_work():
    model = _model()
    assert 'loss' in model.fit(_repeat((X[:2], Y[:2])), steps_per_epoch=2, verbose=0).history
    assert model.predict(tf.data.Dataset.from_tensor_slices(X).batch(4), verbose=0).shape == (8, 1)
    assert model.predict((b for b in [(X[:2],)] * 3), verbose=0).shape == (6, 1)


def test_an_empty_dataset_logs_nothing_instead_of_a_zero_loss():
    # TF 2.21: history {} with epochs [0, 1]; evaluate [] (return_dict: {}); validation on an
    # empty dataset adds no val_ entries.
    model = _model()
    empty = tf.data.Dataset.from_tensor_slices((X, Y)).take(0).batch(4)
    history = model.fit(empty, epochs=2, verbose=0)
    assert history.history == {} and history.epoch == [0, 1]
    assert model.evaluate(empty, verbose=0) == []
    assert model.evaluate(empty, verbose=0, return_dict=True) == {}
    assert list(model.fit(X, Y, validation_data=empty, verbose=0).history) == ['loss']
