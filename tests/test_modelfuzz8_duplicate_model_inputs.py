"""One keras.Input listed twice in keras.Model's inputs: Keras 3 accepts it (tapeflow refused it).

Golden values printed by TF 2.21 / Keras 3.15 with
    a = keras.Input((3,), name='a'); b = keras.Input((3,), name='b')
    m = keras.Model([a, b, a], keras.layers.concatenate([
        keras.layers.Dense(1, kernel_initializer='ones')(a), keras.layers.Dense(1, kernel_initializer='ones')(b)]))
    m.predict([x, 10 * x, 100 * x], verbose=0)   # x = [[1., 2., 3.]]
"""
import numpy as np
import pytest

from framework import keras


def _model():
    keras.backend.clear_session()
    a = keras.Input((3,), name='a')
    b = keras.Input((3,), name='b')
    branches = [keras.layers.Dense(1, kernel_initializer='ones')(t) for t in (a, b)]
    return keras.Model([a, b, a], keras.layers.concatenate(branches))


def test_the_input_given_twice_takes_its_last_value():
    x = np.array([[1., 2., 3.]], 'float32')
    model = _model()
    # TF 2.21: [[600.0, 60.0]] (the third value, 100 * x, feeds 'a')
    assert model.predict([x, 10 * x, 100 * x], verbose=0).tolist() == [[600.0, 60.0]]
    assert np.asarray(model([x, 10 * x, 100 * x])).tolist() == [[600.0, 60.0]]


def test_structure_and_config_keep_both_entries():
    model = _model()
    assert [t.name for t in model.inputs] == ['a', 'b', 'a']
    assert [layer.name for layer in model.layers][:2] == ['a', 'b']
    assert model.get_config()['input_layers'] == [['a', 0, 0], ['b', 0, 0], ['a', 0, 0]]


def test_errors_match_keras():
    model = _model()
    x = np.ones((1, 3), 'float32')
    with pytest.raises(ValueError, match=r"""expects 3 named input\(s\) with keys \['a', 'b', 'a'\], but it received """
                                         r"""2 input tensors\. Pass inputs as a dict, e\.g\. `layer\(\{'a': \.\.\., """
                                         r"""'b': \.\.\., 'a': \.\.\.\}\)`\."""):
        model.predict([x, x], verbose=0)
    with pytest.raises(ValueError, match='^The name "a" is used 2 times in the model. All operation names should be '
                                         'unique.'):
        keras.models.clone_model(model)


def test_fit_trains_through_the_shared_input():
    model = _model()
    model.compile('sgd', 'mse')
    x = np.ones((2, 3), 'float32')
    history = model.fit([x, x, x], np.zeros((2, 2), 'float32'), epochs=2, verbose=0).history
    assert history['loss'][1] < history['loss'][0]
