"""A CallbackList built without a model has no model to read, as in Keras 3 (TF 2.21).

Goldens from /work/notes/progs/callbacks11/p11.py run under TF 2.21 / Keras 3:
    cl = keras.callbacks.CallbackList([keras.callbacks.EarlyStopping()], add_history=True, add_progbar=True,
                                      verbose=1, epochs=3, steps=5)
    cl.model  ->  AttributeError: 'CallbackList' object has no attribute '_model'
"""
import numpy as np
import pytest

from framework import keras

C = keras.callbacks


def _model():
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    return model


def test_model_of_a_callback_list_without_one_is_attribute_error():
    cl = C.CallbackList([C.EarlyStopping()], add_history=True, add_progbar=True, verbose=1, epochs=3, steps=5)
    with pytest.raises(AttributeError) as caught:
        cl.model
    assert str(caught.value) == "'CallbackList' object has no attribute '_model'"
    # the rest as TF printed it
    assert [type(c).__name__ for c in cl.callbacks] == ['EarlyStopping', 'History', 'ProgbarLogger']
    assert cl.params == {'verbose': 1, 'epochs': 3, 'steps': 5}
    assert C.CallbackList().params == {}
    assert C.CallbackList(model=None, verbose=0).params == {'verbose': 0}


def test_set_model_none_leaves_it_missing_and_a_model_sets_it():
    cl = C.CallbackList([C.History()])
    cl.set_model(None)          # Keras: `if not model: return`
    with pytest.raises(AttributeError):
        cl.model
    model = _model()
    cl.set_model(model)
    assert cl.model is model and cl.callbacks[0].model is model
    assert C.CallbackList(model=model).model is model


def test_a_callback_list_given_to_fit_is_used_as_is():
    # /work/notes/progs/callbacks11/p12.py under TF 2.21: the list runs its callbacks; without a History in
    # it, fit's return fails with AttributeError: 'Sequential' object has no attribute 'history'
    model = _model()
    seen = []
    cl = C.CallbackList([C.LambdaCallback(on_epoch_end=lambda epoch, logs: seen.append(epoch))], model=model)
    x = np.arange(8, dtype='float32').reshape(4, 2) / 10
    with pytest.raises(AttributeError, match="'Sequential' object has no attribute 'history'"):
        model.fit(x, x[:, :1], epochs=2, verbose=0, callbacks=cl)
    assert seen == [0, 1]
    cl = C.CallbackList([C.LambdaCallback(on_epoch_end=lambda epoch, logs: seen.append(epoch))],
                        add_history=True, model=model)
    assert list(model.fit(x, x[:, :1], epochs=1, verbose=0, callbacks=cl).history) == ['loss']
    assert seen == [0, 1, 0]
