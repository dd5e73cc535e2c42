"""model.summary() tables for tutorial models whose counts or shapes take a Keras 3 rule that is easy to
lose: a mixed-precision fit's LossScaleOptimizer with amsgrad (its own and the inner optimizer's variables
in 'Optimizer params'), tied weights (each layer's row counts the shared embedding, the totals count it
once), layers returning a dict / nested tuple (one flat list of shapes; a scalar per row shows '(None)'),
and a subclassed model whose layer is called twice (its first call's concrete batch). Expected text printed
by TF 2.21 / Keras 3.15 (probes in notes/progs/summary2: s49, s40, s62)."""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.keras import layers


@pytest.fixture(autouse=True)
def plain_80_columns(monkeypatch):
    # Keras sizes the table from the console: 80 columns, no colors, as in a pipe
    monkeypatch.setenv('COLUMNS', '80')
    monkeypatch.delenv('FORCE_COLOR', raising=False)
    monkeypatch.delenv('TTY_COMPATIBLE', raising=False)
    keras.backend.clear_session()
    yield
    keras.backend.clear_session()


def _summary(model):
    lines = []
    model.summary(print_fn=lambda text, **kwargs: lines.append(text))
    return '\n'.join(lines).rstrip('\n')


MIXED_AMSGRAD = '''\
Model: "sequential"
┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━┓
┃ Layer (type)                    ┃ Output Shape           ┃       Param # ┃
┡━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━┩
│ dense (Dense)                   │ (None, 3)              │            15 │
├─────────────────────────────────┼────────────────────────┼───────────────┤
│ batch_normalization             │ (None, 3)              │            12 │
│ (BatchNormalization)            │                        │               │
├─────────────────────────────────┼────────────────────────┼───────────────┤
│ dense_1 (Dense)                 │ (None, 1)              │             4 │
└─────────────────────────────────┴────────────────────────┴───────────────┘
 Total params: 112 (460.00 B)
 Trainable params: 25 (100.00 B)
 Non-trainable params: 6 (24.00 B)
 Optimizer params: 81 (336.00 B)'''


def test_mixed_precision_fit_with_amsgrad_counts_the_loss_scale_optimizers_variables():
    keras.mixed_precision.set_global_policy('mixed_float16')
    try:
        model = keras.Sequential([keras.Input((4,)), layers.Dense(3), layers.BatchNormalization(),
                                  layers.Dense(1, dtype='float32')])
        model.compile(keras.optimizers.Adam(amsgrad=True), 'mse')
        model.fit(np.ones((8, 4)), np.ones((8, 1)), verbose=0)
        assert type(model.optimizer).__name__ == 'LossScaleOptimizer'
        assert _summary(model) == MIXED_AMSGRAD
    finally:
        keras.mixed_precision.set_global_policy('float32')


TIED = '''\
Model: "functional"
┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━┓
┃ Layer (type)                    ┃ Output Shape           ┃       Param # ┃
┡━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━┩
│ input_layer (InputLayer)        │ (None, 5)              │             0 │
├─────────────────────────────────┼────────────────────────┼───────────────┤
│ embedding (Embedding)           │ (None, 5, 8)           │           400 │
├─────────────────────────────────┼────────────────────────┼───────────────┤
│ dense (Dense)                   │ (None, 5, 8)           │            72 │
├─────────────────────────────────┼────────────────────────┼───────────────┤
│ tied (Tied)                     │ (None, 5, 50)          │           400 │
└─────────────────────────────────┴────────────────────────┴───────────────┘
 Total params: 472 (1.84 KB)
 Trainable params: 472 (1.84 KB)
 Non-trainable params: 0 (0.00 B)'''


class Tied(layers.Layer):
    """The output projection that reuses an Embedding's matrix (tied input / output embeddings)."""

    def __init__(self, embedding, **kwargs):
        super().__init__(**kwargs)
        self.embedding = embedding

    def call(self, x):
        return tf.matmul(x, self.embedding.embeddings, transpose_b=True)


def test_tied_embedding_shows_in_both_rows_but_counts_once_in_the_totals():
    embedding = layers.Embedding(50, 8)
    inp = keras.Input((5,), dtype='int32')
    out = Tied(embedding)(layers.Dense(8)(embedding(inp)))
    model = keras.Model(inp, out)
    assert _summary(model) == TIED
    assert (model.count_params(), len(model.weights)) == (472, 3)


DICT_AND_TUPLE = '''\
Model: "functional"
┏━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━┓
┃ Layer (type)        ┃ Output Shape      ┃    Param # ┃ Connected to      ┃
┡━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━┩
│ input_layer         │ (None, 3)         │          0 │ -                 │
│ (InputLayer)        │                   │            │                   │
├─────────────────────┼───────────────────┼────────────┼───────────────────┤
│ dict_out (DictOut)  │ [(None, 3),       │          0 │ input_layer[0][0] │
│                     │ (None)]           │            │                   │
├─────────────────────┼───────────────────┼────────────┼───────────────────┤
│ tuple_out           │ [(None, 3),       │          0 │ input_layer[0][0] │
│ (TupleOut)          │ (None, 1), (None, │            │                   │
│                     │ 2)]               │            │                   │
└─────────────────────┴───────────────────┴────────────┴───────────────────┘
 Total params: 0 (0.00 B)
 Trainable params: 0 (0.00 B)
 Non-trainable params: 0 (0.00 B)'''


class DictOut(layers.Layer):
    def call(self, x):
        return {'a': x * 2, 'b': tf.reduce_sum(x, axis=-1)}


class TupleOut(layers.Layer):
    def call(self, x):
        return (x, [x[:, :1], x[:, 1:]])


def test_dict_and_nested_tuple_outputs_list_their_shapes_flat():
    inp = keras.Input((3,))
    d = DictOut()(inp)
    t = TupleOut()(inp)
    model = keras.Model(inp, [d['a'], d['b'], t[0], t[1][0]])
    assert _summary(model) == DICT_AND_TUPLE


SHARED_IN_SUBCLASS = '''\
Model: "sub"
┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━┓
┃ Layer (type)                    ┃ Output Shape           ┃       Param # ┃
┡━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━┩
│ dense (Dense)                   │ (2, 4)                 │            20 │
├─────────────────────────────────┼────────────────────────┼───────────────┤
│ dense_1 (Dense)                 │ (2, 2)                 │            10 │
└─────────────────────────────────┴────────────────────────┴───────────────┘
 Total params: 30 (120.00 B)
 Trainable params: 30 (120.00 B)
 Non-trainable params: 0 (0.00 B)'''


class Sub(keras.Model):
    def __init__(self):
        super().__init__()
        self.shared = layers.Dense(4)
        self.other = layers.Dense(2)

    def call(self, x):
        return self.other(self.shared(self.shared(x)))


def test_subclassed_model_calling_a_layer_twice_shows_its_eager_batch():
    model = Sub()
    model(tf.ones((2, 4)))
    assert _summary(model) == SHARED_IN_SUBCLASS
