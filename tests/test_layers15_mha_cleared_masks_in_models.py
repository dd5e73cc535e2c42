"""MultiHeadAttention clears its inputs' Keras masks, in a functional model's run as eagerly (Keras 3): layers
that read a mask off their input tensors afterwards (Add's OR of masks, a later attention layer's query / value
masks) find none, while those handed a mask through the graph (GlobalAveragePooling1D's recorded mask) keep it.
tapeflow put the masks back after the call in functional runs, so the second block of a masked Transformer
encoder masked its attention where TF 2.21 attends to the padding: every output of the padded sample differed.

Expected values printed by TF 2.21 (notes progs/layers15/mk7.py): bits of model(X)[0, 4, :4] below.
"""
import numpy as np
import pytest

from framework import keras

L = keras.layers
X = np.array([[1, 2, 3, 0, 0, 0], [4, 5, 6, 7, 8, 9]])
EXPECTED = {'two_blocks': [3199075228, 3173970816, 1074302589, 3211085442],
            'block_then_attention': [1051652064, 3199754336, 1070106624, 3207285305]}


def _block(x, seed):
    attended = L.MultiHeadAttention(2, 4, kernel_initializer=keras.initializers.GlorotUniform(seed=seed))(x, x)
    return L.LayerNormalization()(L.Add()([x, attended]))


def _model(variant):
    keras.backend.clear_session()
    inputs = keras.Input((6,), dtype='int32')
    x = L.Embedding(20, 8, mask_zero=True, embeddings_initializer=keras.initializers.RandomNormal(seed=1))(inputs)
    x = _block(x, 2)
    x = _block(x, 3) if variant == 'two_blocks' else L.Attention()([x, x])
    return keras.Model(inputs, x)


# TF 2.21's bits on the AVX-512 Xeon, which numpy's and OpenBLAS's rounding there decides too
@pytest.mark.avx512_bits
@pytest.mark.parametrize('variant', sorted(EXPECTED))
def test_later_layers_find_no_mask_on_the_run_tensors(variant):
    model = _model(variant)
    assert model.output._keras_mask is not None        # the symbolic graph keeps its masks
    out = np.asarray(model(X))
    assert out[0, 4, :4].view('uint32').tolist() == EXPECTED[variant]
    assert np.asarray(model.predict(X, verbose=0))[0, 4, :4].view('uint32').tolist() == EXPECTED[variant]


def test_eager_call_clears_the_callers_masks():
    embedded = L.Embedding(20, 8, mask_zero=True)(X)
    assert embedded._keras_mask is not None
    L.MultiHeadAttention(2, 4)(embedded, embedded)
    assert getattr(embedded, '_keras_mask', None) is None


def test_symbolic_group_query_attention_on_masked_inputs_warns_of_nothing():
    # TF 2.21 (notes progs/layers15/mk1.py): no "Layer 'query' (of type EinsumDense) was passed an input with a
    # mask" warning on a symbolic call (Keras infers it with compute_output_spec); the output keeps the query mask
    import warnings
    inputs = keras.Input((6,), dtype='int32')
    x = L.Embedding(20, 8, mask_zero=True)(inputs)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        out = L.GroupQueryAttention(4, 2, 1)(x, x)
    assert not [w for w in caught if 'mask attached' in str(w.message)]
    assert out._keras_mask is not None
