"""errors23: x=None at fit / evaluate / predict and the single-batch methods, as TF 2.21 + Keras 3.15 answer
(/work/notes/progs/errors23/p_none.py, p_none_tf.txt).

- fit(), fit(None, None), evaluate(None), predict(None): Keras's array adapter counts the samples of nothing
  (a sample_weight alone is dropped with y None): KeyError 'pop from an empty set'. tapeflow said ValueError
  'fit: x (the inputs) is required' / 'Unrecognized data type: x=None ...' (kept as notes).
- train_on_batch / test_on_batch / predict_on_batch(None): Keras's step calls the model on None, so a Sequential's
  Input refuses it in the call banner (training=True for train_on_batch); tapeflow said
  'train_on_batch: x (the batch of inputs) is required, got None'.
Nothing is trained."""
import numpy as np
import pytest

from framework import keras
from tests.helpers_error_texts import assert_raises_exactly

_NOT_OPTIONAL = ("Exception encountered when calling Sequential.call().\n\n\x1b[1mThe input 'keras_tensor' is not "
                 "optional, but None was passed. Please provide a valid tensor.\x1b[0m\n\nArguments received by "
                 "Sequential.call():\n  \u2022 inputs=None\n  \u2022 training=%s\n  \u2022 mask=None\n  \u2022 "
                 "kwargs=<class 'inspect._empty'>")


def _model():
    keras.backend.clear_session()
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.compile('sgd', 'mse')
    return model


def _assert_untouched(model, before):
    assert all((a == b).all() for a, b in zip(before, model.get_weights()))
    assert int(model.optimizer.iterations.numpy()) == 0


@pytest.mark.parametrize('call', [
    lambda m: m.fit(verbose=0),
    lambda m: m.fit(None, None, verbose=0),
    lambda m: m.fit(None, None, sample_weight=np.ones(4), verbose=0),
    lambda m: m.fit(None, None, validation_data=(np.ones((4, 3)), np.ones((4, 2))), verbose=0),
    lambda m: m.evaluate(verbose=0),
    lambda m: m.evaluate(None, verbose=0),
    lambda m: m.predict(None, verbose=0),
], ids=['fit()', 'fit(None, None)', 'fit(sample_weight only)', 'fit(validation_data only)', 'evaluate()',
        'evaluate(None)', 'predict(None)'])
def test_no_data_at_all_is_keras_empty_set_pop(call):
    model = _model()
    before = model.get_weights()
    with pytest.raises(KeyError) as caught:
        call(model)
    assert type(caught.value) is KeyError and str(caught.value) == "'pop from an empty set'"
    assert any('x (the inputs) is required' in note for note in caught.value.__notes__)
    _assert_untouched(model, before)


@pytest.mark.parametrize('call, training', [
    (lambda m: m.train_on_batch(None, np.ones((4, 2))), True),
    (lambda m: m.train_on_batch(None), True),
    (lambda m: m.test_on_batch(None, np.ones((4, 2))), False),
    (lambda m: m.test_on_batch(None), False),
    (lambda m: m.predict_on_batch(None), False),
], ids=['train_on_batch(None, y)', 'train_on_batch(None)', 'test_on_batch(None, y)', 'test_on_batch(None)',
        'predict_on_batch(None)'])
def test_single_batch_of_none_is_refused_by_the_model_call(call, training):
    model = _model()
    before = model.get_weights()
    assert_raises_exactly(lambda: call(model), ValueError, _NOT_OPTIONAL % training)
    _assert_untouched(model, before)


def test_functional_input_refuses_none_in_train_on_batch():
    keras.backend.clear_session()
    a, b = keras.Input((3,)), keras.Input((3,))
    model = keras.Model([a, b], keras.layers.Add()([a, b]))
    model.compile('sgd', 'mse')
    with pytest.raises(ValueError, match="^The input 'keras_tensor(_[0-9]+)?' is not optional, but None was passed. "
                                         "Please provide a valid tensor.\n"):
        model.train_on_batch(None, np.ones((4, 3)))
