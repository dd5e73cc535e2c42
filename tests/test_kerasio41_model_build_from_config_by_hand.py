"""``model.build_from_config(config)`` called by a user follows Keras 3.15's Model.build_from_config.

A model with its own build gets ``build(input_shape)`` (or ``build(**shapes_dict)``); one without runs
``call`` on the shapes, which builds its sublayers but leaves the model itself unbuilt. A failure of
either is a UserWarning at the caller's line, not an exception. Golden values printed by TF 2.21 with
/work/notes/progs/kerasio41/p1.py and p1b.py, e.g.::

    n = Net(fail=True, name='n2'); n.build_from_config({'input_shape': [2, 3]})   # warns
    n.built, n.get_build_config()     # False {'input_shape': [2, 3]}
"""
import warnings

import numpy as np
import pytest

from framework import keras

L = keras.layers
CANNOT_BUILD = ("Model '%s' had a build config, but the model cannot be built automatically in "
                "`build_from_config(config)`. You should implement `def build_from_config(self, config)`, and you "
                "might also want to implement the method  that generates the config at saving time, "
                "`def get_build_config(self)`. The method `build_from_config()` is meant to create the state of "
                "the model (i.e. its variables) upon deserialization.")


class OwnBuild(keras.Model):
    def __init__(self, fail=False, **kwargs):
        super().__init__(**kwargs)
        self.fail = fail

    def build(self, input_shape):
        if self.fail:
            raise ValueError('nope')
        self.d = L.Dense(2)
        self.d.build(input_shape)

    def call(self, x):
        return self.d(x)


class CallOnly(keras.Model):
    def __init__(self, fail=False, **kwargs):
        super().__init__(**kwargs)
        self.fail = fail
        self.d = L.Dense(2)

    def call(self, x):
        if self.fail:
            raise ValueError('bad call')
        return self.d(x)


class TwoInputs(keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.a = L.Dense(2)
        self.b = L.Dense(3)

    def call(self, x, y):
        return self.a(x) + self.b(y)[:, :2]


def _build(model, config):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        model.build_from_config(config)
    return [(str(w.message), w.filename) for w in caught if issubclass(w.category, UserWarning)]


@pytest.mark.parametrize('config', [{'input_shape': [2, 3]}, {'shapes_dict': {'input_shape': [2, 3]}}])
def test_a_build_that_raises_is_warned_about_at_the_callers_line(config):
    model = OwnBuild(fail=True, name='n2')
    assert _build(model, config) == [(CANNOT_BUILD % 'n2', __file__)]
    # TF 2.21: built False, get_build_config {'input_shape': [2, 3]}, no weights
    assert not model.built
    assert model.get_build_config() == {'input_shape': [2, 3]}
    assert model.weights == []


def test_an_own_build_that_works_builds_the_model():
    model = OwnBuild(name='n1')
    assert _build(model, {'input_shape': [2, 3]}) == []
    assert model.built and [tuple(v.shape) for v in model.weights] == [(3, 2), (2,)]
    assert model.get_build_config() == {'input_shape': [2, 3]}


def test_a_call_only_model_builds_its_sublayers_but_stays_unbuilt():
    model = CallOnly(name='p1')
    assert _build(model, {'input_shape': [None, 3]}) == []
    # TF 2.21: built False, ['dense_1/kernel', 'dense_1/bias'] made by the symbolic run of call
    assert not model.built
    assert [tuple(v.shape) for v in model.weights] == [(3, 2), (2,)]
    out = model(np.ones((2, 3), 'float32'))
    assert tuple(out.shape) == (2, 2) and model.built
    assert model.get_build_config() == {'input_shape': (2, 3)}     # TF 2.21 prints the tuple here


def test_a_call_that_raises_is_warned_about():
    model = CallOnly(fail=True, name='b1')
    assert _build(model, {'input_shape': [None, 3]}) == [(CANNOT_BUILD % 'b1', __file__)]
    assert not model.built


def test_a_call_with_two_keyword_inputs_runs_on_the_shapes_dict():
    model = TwoInputs(name='t')
    shapes = {'x_shape': [None, 3], 'y_shape': [None, 4]}
    assert _build(model, {'shapes_dict': shapes}) == []
    assert not model.built
    assert [tuple(v.shape) for v in model.weights] == [(3, 2), (2,), (4, 3), (3,)]
    assert model.get_build_config() == {'shapes_dict': shapes}


def test_a_built_model_stays_built_when_rerun_on_a_shape_its_call_refuses():
    model = CallOnly(name='pl')
    model(np.ones((2, 3), 'float32'))
    assert _build(model, {'input_shape': [None, 5]}) == [(CANNOT_BUILD % 'pl', __file__)]
    assert model.built and model.get_build_config() == {'input_shape': [None, 5]}


@pytest.mark.parametrize('config', [{}, None])
def test_an_empty_config_does_nothing(config):
    model = OwnBuild(fail=True)
    assert _build(model, config) == []
    assert not model.built and model.get_build_config() is None
