"""A keras.Model subclass built from inputs and outputs is rebased in place, as Keras 3 does.

Keras 3's inject_functional_model_class replaces Model with Functional among the class's own bases, so
``type(model) is P`` and a port's ``super(type(self), self).train_step(data)`` work (TF 2.21: fit trains);
tapeflow made instances of a variant class deriving from P, where that super() call reached P's own
train_step again (RecursionError). Expected values printed by TF 2.21 (notes/progs/tutorials51/cfit3.py,
/tmp/t51_rebase.py): True, (Functional,), the TypeError of a later P().
"""
import numpy as np
import pytest

import framework as tf  # noqa: F401
from framework import keras
from layers.functional.functional_model import Functional


def test_type_is_the_class_and_super_of_type_self_trains():
    class P(keras.Model):
        def train_step(self, data):
            return super(type(self), self).train_step(data)

    keras.backend.clear_session()
    keras.utils.set_random_seed(1)
    inputs = keras.Input((3,))
    model = P(inputs, keras.layers.Dense(1)(inputs))
    assert type(model) is P
    assert P.__bases__ == (Functional,)
    model.compile("sgd", "mse")
    history = model.fit(np.ones((4, 3)), np.ones((4, 1)), verbose=0, epochs=2)
    assert len(history.history["loss"]) == 2


def test_the_class_stays_rebased_as_in_keras():
    class Base(keras.Model):
        pass

    class R(Base):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)

    inputs = keras.Input((3,))
    model = R(inputs, keras.layers.Dense(1)(inputs))
    assert type(model).__mro__[:3] == (R, Base, Functional)
    with pytest.raises(TypeError, match=r"__init__\(\) missing 2 required positional arguments: 'inputs' and 'outputs'"):
        R()


def test_a_subclass_used_only_subclass_style_keeps_model():
    class Q(keras.Model):
        def __init__(self):
            super().__init__()
            self.dense = keras.layers.Dense(2)

        def call(self, x):
            return self.dense(x)

    assert Q()(np.ones((1, 3))).shape == (1, 2)
    assert Q.__bases__ == (keras.Model,)
