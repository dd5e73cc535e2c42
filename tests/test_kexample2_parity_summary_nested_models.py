"""keras.io's "Variational AutoEncoder" holds a functional encoder (three outputs) and decoder in a
subclassed VAE whose train_step calls them eagerly; Keras 3's ``vae.summary()`` then reads each
model's own ``output_shape``: '((None, 2), (None, 2), (None, 2))' and '(None, 8, 8, 1)', where
tapeflow showed '?'. Expected rows: TensorFlow 2.21 / Keras 3.15 running
/work/notes/progs/kexamples2/g6_summary_nested.py.
"""
import numpy as np

from framework import keras
from framework.keras import layers


def _build():
    inputs = keras.Input((3,))
    enc = keras.Model(inputs, [layers.Dense(2, name='a')(inputs), layers.Dense(4, name='b')(inputs)], name='enc')
    seq = keras.Sequential([layers.Dense(2, name='c')], name='seq')
    seq2 = keras.Sequential([keras.Input((3,)), layers.Dense(2, name='e')], name='seq2')
    head = layers.Dense(5, name='head')

    class Holder(keras.Model):
        def __init__(self):
            super().__init__(name='holder')
            self.enc, self.seq, self.seq2, self.head = enc, seq, seq2, head

        def call(self, x):
            a, _ = self.enc(x)
            return self.head(self.seq(a)) + self.seq2(x)[:, :1]
    return Holder()


def _rows(model):
    lines = []
    model.summary(print_fn=lambda line, **kwargs: lines.append(line))
    return [line for line in '\n'.join(lines).splitlines() if line.startswith('│')]


def test_models_called_only_eagerly_show_their_own_output_shapes():
    model = _build()
    assert _rows(model) == [
        '│ enc (Functional)                │ ((None, 2), (None, 4)) │            24 │',
        '│ seq (Sequential)                │ ?                      │   0 (unbuilt) │',
        '│ seq2 (Sequential)               │ (None, 2)              │             8 │',
        '│ head (Dense)                    │ ?                      │   0 (unbuilt) │']
    model(np.ones((2, 3), 'float32'))
    assert _rows(model) == [
        '│ enc (Functional)                │ ((None, 2), (None, 4)) │            24 │',
        '│ seq (Sequential)                │ (2, 2)                 │             6 │',
        '│ seq2 (Sequential)               │ (None, 2)              │             8 │',
        '│ head (Dense)                    │ (2, 5)                 │            15 │']
