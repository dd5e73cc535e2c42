"""A one-Input model fed [x] after x (and the reverse) traces its step again, so its structure
warning shows, as on TensorFlow, whose traced step's input signature tells x from (x,).

Goldens from TF 2.21 + Keras 3.15 (/opt/tfref) running /work/notes/progs/fitsteps27/structure.py and
seqcall.py (warnings recorded with simplefilter('always')): the ported copies print the same lines.
predict's batch shape is the array's (8, 3); fit's and evaluate's trace sees (None, 3). A call that
a trace already serves (the second predict([x]), fit((x,)) after fit([x])) warns no more.
"""
import warnings

import numpy as np

from framework import keras

STRUCTURE = ("The structure of `inputs` doesn't match the expected structure.\nExpected: %s\n"
             "Received: inputs=('Tensor(shape=(%s, 3))',)")


def _functional():
    inputs = keras.Input((3,))
    model = keras.Model(inputs, keras.layers.Dense(1)(inputs))
    model.compile('sgd', 'mse')
    return model


def _sequential():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    return model


def _warned(call):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        call()
    return [str(w.message) for w in caught]


def _expected(model, batch):
    return [STRUCTURE % (model.inputs[0].name, batch)]


def test_predict_list_after_array_warns_once():
    x = np.ones((8, 3), 'float32')
    for make in (_functional, _sequential):
        model = make()
        assert _warned(lambda: model.predict(x, verbose=0)) == []
        assert _warned(lambda: model.predict([x], verbose=0)) == _expected(model, 8)
        assert _warned(lambda: model.predict([x], verbose=0)) == []
        assert _warned(lambda: model.predict((x,), verbose=0)) == []
        assert _warned(lambda: model.predict(x, verbose=0)) == []


def test_predict_list_first_then_array():
    x = np.ones((8, 3), 'float32')
    for make in (_functional, _sequential):
        model = make()
        assert _warned(lambda: model.predict([x], verbose=0)) == _expected(model, 8)
        assert _warned(lambda: model.predict(x, verbose=0)) == []


def test_evaluate_and_fit_list_after_array():
    x, y = np.ones((8, 3), 'float32'), np.ones((8, 1), 'float32')
    for make in (_functional, _sequential):
        model = make()
        assert _warned(lambda: model.evaluate(x, y, verbose=0)) == []
        assert _warned(lambda: model.evaluate([x], y, verbose=0)) == _expected(model, None)
        assert _warned(lambda: model.evaluate(x, y, verbose=0)) == []
        model = make()
        assert _warned(lambda: model.fit(x, y, verbose=0)) == []
        assert _warned(lambda: model.fit([x], y, verbose=0)) == _expected(model, None)
        assert _warned(lambda: model.fit((x,), y, verbose=0)) == []
        assert _warned(lambda: model.fit(x, y, verbose=0)) == []


def test_sequential_called_on_a_list_or_tuple_warns_as_given():
    """Keras's Sequential runs its Functional, which warns for any list or tuple, shown as given."""
    x = np.ones((8, 3), 'float32')
    model = _sequential()
    name = model.inputs[0].name
    head = "The structure of `inputs` doesn't match the expected structure.\nExpected: %s\n" % name
    assert _warned(lambda: model([x])) == [head + "Received: inputs=['Tensor(shape=(8, 3))']"]
    assert _warned(lambda: model((x,))) == [head + "Received: inputs=('Tensor(shape=(8, 3))',)"]
    assert _warned(lambda: model(x)) == []
    assert _warned(lambda: model([x, x])) == [
        head + "Received: inputs=['Tensor(shape=(8, 3))', 'Tensor(shape=(8, 3))']"]


def test_on_batch_calls_with_a_list_after_an_array():
    """TF 2.21 (/work/notes/progs/fitsteps27/onbatch.py): each *_on_batch function traces [x] apart
    from x and warns with the list as given."""
    x, y = np.ones((8, 3), 'float32'), np.ones((8, 1), 'float32')
    model = _functional()
    expected = ["The structure of `inputs` doesn't match the expected structure.\nExpected: %s\n"
                "Received: inputs=['Tensor(shape=(8, 3))']" % model.inputs[0].name]
    for call in (lambda inputs: model.predict_on_batch(inputs), lambda inputs: model.train_on_batch(inputs, y),
                 lambda inputs: model.test_on_batch(inputs, y)):
        assert _warned(lambda: call(x)) == []
        assert _warned(lambda: call([x])) == expected
