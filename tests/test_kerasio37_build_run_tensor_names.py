"""Building a loaded subclassed model takes the KerasTensor names Keras 3's build run takes.

Keras 3's Model.build_from_config (load_model, model_from_json, clone_model of a subclassed model
without a build method) maps the saved input shape to KerasTensors and runs call on them through
compute_output_spec, which makes a KerasTensor of each output: later unnamed tensors are numbered
after them. Golden numbers printed by TF 2.21 (/work/notes/progs/kerasio37/p28.py): after
``keras.Input((1,)).name`` gave keras_tensor_3, ``load_model('one.keras')`` then another Input gave
keras_tensor_6 (one input, one output: two names); a two-input model keras_tensor_16 -> _20; a
model with a dict of two inputs and two outputs keras_tensor_33 -> _38; one with its own build()
keras_tensor_51 -> _52 (none).
"""
import numpy as np
import pytest

from framework import keras

L = keras.layers


class One(keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.d = L.Dense(2)

    def call(self, x):
        return self.d(x)


class Wide(keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.a, self.b = L.Dense(2), L.Dense(2)

    def call(self, inputs):
        wide, deep = inputs
        return self.a(wide) + self.b(deep)


class TwoOut(keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.a, self.b = L.Dense(2), L.Dense(1)

    def call(self, inputs):
        return self.a(inputs['x']), self.b(inputs['y'])


class OwnBuild(keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.d = L.Dense(2)

    def build(self, shape):
        self.d.build(shape)

    def call(self, x):
        return self.d(x)


def _number():
    name = keras.Input((1,)).name
    return int(name.rsplit('_', 1)[1]) if name != 'keras_tensor' else 0


CASES = {'one': (One, np.ones((2, 3)), 2), 'wide': (Wide, (np.ones((2, 3)), np.ones((2, 4))), 3),
         'two_out': (TwoOut, {'x': np.ones((2, 3)), 'y': np.ones((2, 5))}, 4), 'own_build': (OwnBuild, np.ones((2, 3)), 0)}


@pytest.mark.parametrize('case', sorted(CASES))
def test_loading_rebuilding_and_cloning_take_the_build_runs_names(tmp_path, case):
    cls, x, taken = CASES[case]
    custom = {cls.__name__: cls}
    model = cls()
    model(x)
    model.save(tmp_path / 'm.keras')
    steps = [lambda: keras.models.load_model(tmp_path / 'm.keras', custom_objects=custom),
             lambda: keras.models.model_from_json(model.to_json(), custom_objects=custom),
             lambda: keras.models.clone_model(model)]
    for step in steps:
        before = _number()
        rebuilt = step()
        assert rebuilt.built
        assert _number() - before == taken + 1      # + 1: the probing Input's own name
