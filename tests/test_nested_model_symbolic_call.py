"""A model with a graph (functional, or a built Sequential) called on KerasTensors of its inputs'
shapes takes Keras 3's shortcut (Functional.compute_output_spec): new KerasTensors of its outputs'
shapes, no layer runs, so a print in a layer's call shows only when Keras's would. Expected lines
from TF 2.21 / Keras 3.15 running the same program (/work/notes/progs/me16/nest.py, nest2.py)."""
import numpy as np

import framework as tf
from framework import keras

L = keras.layers


class Show(L.Layer):
    def call(self, t):
        print(self.name, t)
        return t


def test_a_built_model_called_again_runs_no_layer_and_names_as_keras(capsys):
    keras.backend.clear_session()
    capsys.readouterr()
    inner = keras.Sequential([L.Dense(2, name='a'), Show(name='pa')], name='inner')
    i = keras.Input((2,))
    h = inner(i)           # builds it: its layers run once, on placeholders
    h2 = inner(h)          # built: Keras's shortcut
    built = keras.Sequential([keras.Input((2,)), L.Dense(2, name='b'), Show(name='pb')], name='inner2')
    built(h2)
    assert capsys.readouterr().out.splitlines() == ['pa Tensor("Placeholder:0", shape=(None, 2), dtype=float32)',
                                                    'pb Tensor("Placeholder:0", shape=(None, 2), dtype=float32)']
    assert (h.name, h2.name) == ('keras_tensor_4', 'keras_tensor_5')
    fi = keras.Input((2,))
    functional = keras.Model(fi, L.Dense(3)(fi))
    out = functional(keras.Input((2,)))
    assert out.shape == (None, 3) and out.dtype == 'float32'
    model = keras.Model(i, functional(h2))
    assert model(np.ones((1, 2))).shape == (1, 3)
    keras.backend.clear_session()


def test_a_masked_model_still_runs_to_find_its_masks():
    keras.utils.set_random_seed(3)
    emb = keras.Sequential([keras.Input((None,)), L.Embedding(5, 2, mask_zero=True)])
    x = keras.Input((None,))
    symbolic = emb(x)
    # Keras 3's Sequential does not support masking: its symbolic output carries no mask (TF 2.21),
    # but its eager output does, so the LSTM still skips the padding
    assert symbolic._mask is None
    model = keras.Model(x, L.LSTM(3)(symbolic))
    # the padded steps are skipped: the same output as on the two real steps alone
    np.testing.assert_array_equal(model(np.array([[1, 2, 0, 0]])), model(np.array([[1, 2]])))
    tf.random.set_seed(None)
