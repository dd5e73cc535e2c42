"""Keras 3 passes ``training`` only to a call that names it: a ``call(self, x, **kwargs)`` gets no
training, even one given to the layer's call; and the base class's missing call() shows Keras's
``args=`` / ``kwargs=`` block. Printed by TF 2.21 (progs/me38/kwtrain.py, nocall.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


class Keywords(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.seen = []

    def call(self, x, **kwargs):
        self.seen.append(dict(kwargs))
        return x


def test_a_call_with_only_kwargs_gets_no_training():
    layer = Keywords()
    layer(tf.ones([1, 2]))
    layer(tf.ones([1, 2]), training=True)
    layer(tf.ones([1, 2]), training=False, mask=None)
    assert layer.seen == [{}, {}, {'mask': None}]
    model = keras.Sequential([keras.Input((2,)), layer])
    model.compile('sgd', 'mse')
    with pytest.warns(UserWarning, match='does not have any trainable weights'):
        model.fit(np.ones((2, 2)), np.ones((2, 2)), verbose=0)
    model.predict(np.ones((2, 2)), verbose=0)
    assert all(seen == {} for seen in layer.seen[3:])


def test_missing_call_shows_args_and_kwargs():
    class NoCall(keras.layers.Layer):
        pass
    for kwargs in ({}, {'training': True}):
        with pytest.raises(NotImplementedError) as info:
            NoCall()(tf.ones([1, 2]), **kwargs)
        text = str(info.value)
        assert "Layer NoCall does not have a `call` method implemented." in text
        assert ("Arguments received by NoCall.call():\n  • args=('tf.Tensor(shape=(1, 2), dtype=float32)',)\n"
                "  • kwargs=<class 'inspect._empty'>") in text
