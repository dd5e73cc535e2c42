"""A layer's add_loss losses after a traced Keras step are what TF 2.21 leaves: fit / evaluate / predict /
train_on_batch run the model's call as Python only when they trace, so model.losses then holds the trace's
graph tensors (printed by name, refused by float() and by ops), and replayed steps leave the losses as
they were (after an eager model(x), a second fit keeps that call's values). tapeflow kept the last
batch's values. TF 2.21 texts below; probe /work/notes/progs/modelfuzz16/p11.py."""
import numpy as np
import pytest

import framework as tf
from framework import keras

L = keras.layers
OUT_OF_SCOPE = ("<tf.Tensor 'net_1/pen_1/mul:0' shape=() dtype=float32> is out of scope and cannot be used here. "
                "Use return values, explicit Python locals or TensorFlow collections to access it.")


class Penalty(L.Layer):
    def call(self, x):
        self.add_loss(tf.reduce_mean(x) * 0.1)
        return x


def _model(run_eagerly=False):
    rng = np.random.default_rng(0)
    x = rng.normal(size=(10, 4)).astype('float32')
    y = rng.normal(size=(10, 2)).astype('float32')
    i = keras.Input((4,))
    h = Penalty(name='pen')(L.Dense(3, name='d')(i))
    model = keras.Model(i, L.Dense(2, name='o')(h), name='net')
    model.set_weights([np.full(w.shape, 0.1 * (k + 1), 'float32') for k, w in enumerate(model.get_weights())])
    model.compile('sgd', 'mse', run_eagerly=run_eagerly)
    return model, x, y


def test_fit_leaves_the_traces_graph_tensor():
    model, x, y = _model()
    model.fit(x, y, batch_size=4, epochs=1, verbose=0)
    # TF 2.21: ["<tf.Tensor 'net_1/pen_1/mul:0' shape=() dtype=float32>"], type SymbolicTensor
    assert [repr(loss) for loss in model.losses] == ["<tf.Tensor 'net_1/pen_1/mul:0' shape=() dtype=float32>"]
    assert type(model.losses[0]).__name__ == 'SymbolicTensor'
    with pytest.raises(TypeError, match="float.. argument must be a string or a real number, not 'SymbolicTensor'"):
        float(model.losses[0])
    with pytest.raises(TypeError) as raised:
        model.losses[0] + 1.0
    assert str(raised.value).startswith(OUT_OF_SCOPE)


def test_replayed_steps_keep_the_losses_found():
    model, x, y = _model()
    model.fit(x, y, batch_size=4, epochs=1, verbose=0)
    model(x[:3])
    eager = [float(loss) for loss in model.losses]
    model.fit(x, y, batch_size=4, epochs=1, verbose=0)      # traced already: TF replays, its Python runs not
    assert [float(loss) for loss in model.losses] == eager
    model.evaluate(x, y, batch_size=3, verbose=0)           # a new trace (test function)
    assert [repr(loss) for loss in model.losses] == ["<tf.Tensor 'net_1/pen_1/mul:0' shape=() dtype=float32>"]
    model(x[:3])
    model.predict(x, batch_size=4, verbose=0)
    assert [repr(loss) for loss in model.losses] == ["<tf.Tensor 'net_1/pen_1/mul:0' shape=() dtype=float32>"]
    model.train_on_batch(x[:4], y[:4])
    model.train_on_batch(x[:4], y[:4])
    assert [repr(loss) for loss in model.losses] == ["<tf.Tensor 'net_1/pen_1/mul:0' shape=() dtype=float32>"]


def test_run_eagerly_keeps_values():
    model, x, y = _model(run_eagerly=True)
    model.fit(x, y, batch_size=4, epochs=1, verbose=0)
    assert type(model.losses[0]).__name__ != 'SymbolicTensor'
    model(x[:3])
    eager = float(model.losses[0])
    model.fit(x, y, batch_size=4, epochs=1, verbose=0)      # every step's Python runs: the last batch's value
    assert float(model.losses[0]) != eager


def test_subclassed_and_sequential_names():
    class Sub(keras.Model):
        def __init__(self):
            super().__init__(name='sub')
            self.d = L.Dense(2, name='sd')

        def call(self, x):
            y = self.d(x)
            self.add_loss(tf.reduce_sum(y) * 0.01)
            return y
    x = np.ones((8, 4), 'float32')
    sub = Sub()
    sub.compile('sgd', 'mse')
    sub.fit(x, np.ones((8, 2), 'float32'), batch_size=4, verbose=0)
    assert [repr(loss) for loss in sub.losses] == ["<tf.Tensor 'sub_1/mul:0' shape=() dtype=float32>"]     # TF 2.21
    seq = keras.Sequential([keras.Input((4,)), L.Dense(3, name='qd'), Penalty(name='qp')], name='seqm')
    seq.compile('sgd', 'mse')
    seq.fit(x, np.ones((8, 3), 'float32'), batch_size=4, verbose=0)
    assert [repr(loss) for loss in seq.losses] == ["<tf.Tensor 'seqm_1/qp_1/mul:0' shape=() dtype=float32>"]  # TF 2.21
