"""A layer Keras 3 builds by running its call first (no build() of its own, unbuilt sublayers).

That run gets the caller's real tensors: the MultiHeadAttention inside clears their masks, so
the real call attends to padding, the layer sees no mask to warn about, and Keras warns that
build() left unbuilt state (a sublayer the call never used). The NMT-with-attention tutorial's
CrossAttention, called alone, shows it. Expected values printed by TF 2.21 / Keras 3.15 for
the same program.
"""
import warnings

import numpy as np

from framework import keras


class Cross(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.mha = keras.layers.MultiHeadAttention(num_heads=1, key_dim=2)
        self.unused = keras.layers.Dense(3)

    def call(self, x, context):
        return self.mha(query=x, value=context, return_attention_scores=True)


def _call(layer, emb):
    ids = np.array([[1, 2, 0], [3, 0, 0]])
    x, context = emb(ids), emb(ids)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        out, scores = layer(x, context)
    return ([str(w.message)[:40] for w in caught], np.round(scores.numpy().sum(-1).astype(np.float64), 4).tolist(),
            np.round(out.numpy()[:, :, 0].astype(np.float64), 4).tolist())


def test_first_call_attends_to_padding_and_warns_of_unbuilt_state():
    keras.backend.clear_session()       # the warnings name the layer 'cross'
    keras.utils.set_random_seed(2)
    emb = keras.layers.Embedding(6, 2, mask_zero=True)
    layer = Cross()
    warned, sums, out = _call(layer, emb)
    assert warned == ["`build()` was called on layer 'cross', h"]
    assert sums == [[[1.0, 1.0, 1.0]], [[1.0, 1.0, 1.0]]]
    assert out == [[0.0004, 0.0004, 0.0004], [0.0434, 0.0434, 0.0434]]
    warned, sums, out = _call(layer, emb)           # built now: the masks apply
    assert warned == ["Layer 'cross' (of type Cross) was passed"]
    assert sums == [[[1.0, 1.0, 0.0]], [[1.0, 0.0, 0.0]]]
    assert out == [[-0.0226, -0.0226, 0.0], [0.0375, 0.0, 0.0]]


def test_text_vectorization_has_a_build_of_its_own_as_in_keras():
    layer = keras.layers.TextVectorization(max_tokens=10)
    layer.adapt(['a b c', 'b c'])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        assert layer(["a c"]).numpy().tolist() == [[4, 2]]
    assert not [w for w in caught if 'build()' in str(w.message)]
