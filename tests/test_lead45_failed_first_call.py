"""A user's layer whose first call() fails is left as Keras 3 leaves it (TF 2.21 printed every line below;
notes/progs/lead45/fb.py, fb2.py): Keras built it before calling, so it stays built with what its build and the
call's sublayers made. A layer without a build() whose sublayers are unbuilt is built by Keras's symbolic run of
its call: when that run fails in an eager call Keras gives up building and runs call() again, so its prints show
twice, the layer stays unbuilt and the sublayers the run reached stay built.
(tapeflow's own layers, whose checks run after the build, are put back: tests/test_bad_input2_layers.py.)"""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.ones((2, 2), 'float32')


class Decoder(keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.dense = keras.layers.Dense(3)

    def call(self, x):
        print('decoder call')
        return self.dense(x) * {}['k']


class FailsFirst(keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.dense = keras.layers.Dense(3)

    def call(self, x):
        print('fails-first call')
        return self.dense(x + {}['k'])


class Plain(keras.layers.Layer):
    def call(self, x):
        print('plain call')
        return x + {}['k']


class OwnBuild(keras.layers.Layer):
    def build(self, shape):
        self.w = self.add_weight(shape=(shape[-1], 3))
        self.inner = keras.layers.Dense(2)

    def call(self, x):
        print('own call')
        return self.inner(x @ self.w) * {}['k']


def _attempt(layer, traced):
    with pytest.raises(KeyError):
        if traced:
            tf.function(lambda v: layer(v))(X)
        else:
            layer(X)


@pytest.mark.parametrize('traced', [False, True])
def test_a_failed_build_run_prints_twice_and_keeps_the_sublayer_it_built(traced, capsys):
    layer = Decoder()
    _attempt(layer, traced)
    assert capsys.readouterr().out == 'decoder call\n' * 2
    assert not layer.built and layer.dense.built and len(layer.weights) == 2
    kernel = layer.dense.kernel.numpy()
    _attempt(layer, traced)     # nothing left unbuilt: Keras builds the layer and calls it once
    assert capsys.readouterr().out == 'decoder call\n'
    assert layer.built and len(layer.weights) == 2
    np.testing.assert_array_equal(layer.dense.kernel.numpy(), kernel)


@pytest.mark.parametrize('traced', [False, True])
def test_a_run_that_fails_before_its_sublayer_runs_twice_every_time(traced, capsys):
    layer = FailsFirst()
    for _ in range(2):
        _attempt(layer, traced)
        assert capsys.readouterr().out == 'fails-first call\n' * 2
        assert not layer.built and not layer.dense.built and layer.weights == []


@pytest.mark.parametrize('traced', [False, True])
def test_a_layer_without_build_or_sublayers_stays_built(traced, capsys):
    layer = Plain()
    _attempt(layer, traced)
    assert capsys.readouterr().out == 'plain call\n'
    assert layer.built


@pytest.mark.parametrize('traced', [False, True])
def test_a_layer_with_its_own_build_keeps_its_weights(traced, capsys):
    layer = OwnBuild()
    _attempt(layer, traced)
    assert capsys.readouterr().out == 'own call\n'
    assert layer.built and layer.inner.built and len(layer.weights) == 3
    w = layer.w.numpy()
    _attempt(layer, traced)
    np.testing.assert_array_equal(layer.w.numpy(), w)
    assert len(layer.weights) == 3
