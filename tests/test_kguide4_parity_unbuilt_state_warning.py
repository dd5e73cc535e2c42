"""``build(shape)`` called by hand on a model without a build of its own warns as Keras 3 does.

The subclassing guide's model whose sublayers are made in ``__init__`` and built in ``call``:
``model.build((None, 3))`` marks it built but builds nothing, and Keras 3's default ``Layer.build``
says so ('`build()` was called on layer 'unbuilt', however the layer does not have a `build()`
method implemented and it looks like it has unbuilt state. ...'). The layer's first call, which
builds the sublayers, says nothing. Goldens: /work/notes/progs/kguides4/p10.py under Keras 3 (TF 2.21).
"""
import warnings

import numpy as np

from framework import keras

TEXT = ("`build()` was called on layer 'unbuilt', however the layer does not have a `build()` method implemented "
        "and it looks like it has unbuilt state. This will cause the layer to be marked as built, despite not being "
        "actually built, which may cause failures down the line. Make sure to implement a proper `build()` method.")


class Unbuilt(keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.a = keras.layers.Dense(4)

    def call(self, x):
        return self.a(x)


class OwnBuild(Unbuilt):
    def build(self, input_shape):
        self.a.build(input_shape)


def caught(action):
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter('always')
        action()
    return [str(w.message) for w in seen]


def test_build_by_hand_warns_and_builds_nothing():
    model = Unbuilt(name='unbuilt')
    assert caught(lambda: model.build((None, 3))) == [TEXT]
    assert model.built and not model.a.built and model.count_params() == 0


def test_a_first_call_or_an_own_build_is_quiet():
    assert caught(lambda: Unbuilt(name='unbuilt')(np.ones((2, 3), 'float32'))) == []
    model = OwnBuild(name='own')
    assert caught(lambda: model.build((None, 3))) == [] and model.a.built
