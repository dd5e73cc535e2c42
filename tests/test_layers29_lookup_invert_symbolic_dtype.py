"""StringLookup / IntegerLookup with invert=True called on a KerasTensor give an int64 KerasTensor, as Keras 3 on
TF 2.21: its compute_output_spec declares int64 for output_mode 'int' whatever ``invert`` is, though the call
returns tokens. tapeflow declared the vocabulary's dtype ('string'), so a model's outputs, a symbolic call and
compute_output_spec printed another dtype than TF's. Running the model still gives tokens in both.
Goldens: /work/notes/progs/layers29/p15.py, p16.py and p22.py under TF 2.21.
"""
import numpy as np
import pytest

from framework import keras

L = keras.layers


@pytest.mark.parametrize('shape, expected', [((), (None,)), ((3,), (None, 3)), ((None, 2), (None, None, 2))],
                         ids=['vector', 'matrix', 'free_axis'])
def test_inverted_string_lookup_keras_tensor_is_int64(shape, expected):
    out = L.StringLookup(vocabulary=['a', 'b'], invert=True)(keras.Input(shape, dtype='int64'))
    assert (out.dtype, tuple(out.shape)) == ('int64', expected)


def test_model_outputs_declare_int64_and_run_as_tokens():
    inp = keras.Input((2,), dtype='int64')
    tokens = L.StringLookup(vocabulary=['a', 'b'], invert=True)(inp)
    indices = L.StringLookup(vocabulary=['b', 'a'])(tokens)
    model = keras.Model(inp, [tokens, indices])
    assert [t.dtype for t in model.outputs] == ['int64', 'int64']
    got_tokens, got_indices = model.predict(np.array([[0, 1], [2, 5]]), verbose=0)
    assert got_tokens.tolist() == [[b'[UNK]', b'a'], [b'b', b'[UNK]']]
    assert got_indices.tolist() == [[0, 2], [1, 0]]
    spec = model.compute_output_spec(keras.KerasTensor((None, 2), 'int64'))
    assert [t.dtype for t in spec] == ['int64', 'int64']


def test_inverted_integer_lookup_and_layer_spec():
    inp = keras.Input((2,), dtype='int64')
    model = keras.Model(inp, L.IntegerLookup(vocabulary=[7, 9], invert=True)(inp))
    assert model.output.dtype == 'int64'
    assert model.predict(np.array([[0, 1]]), verbose=0).tolist() == [[-1, 7]]
    spec = L.StringLookup(vocabulary=['a'], invert=True).compute_output_spec(keras.KerasTensor((None, 2), 'int64'))
    assert (spec.dtype, tuple(spec.shape)) == ('int64', (None, 2))
