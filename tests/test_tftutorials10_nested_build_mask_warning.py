"""A layer without build() whose MultiHeadAttention is unbuilt, called inside another such layer
(the transformer tutorial's EncoderLayer inside its Encoder): TF 2.21 warns on the first call that it
'destroys the mask', as on every later call. Keras 3 builds the outer layer by running its call on
graph tensors; the inner layer is built in that run, so the real run finds it built and reads the
input's mask before its MultiHeadAttention clears it. Called alone (no enclosing build run), the inner
layer's build run clears the caller's masks and no warning comes (test_transformer_parity_build_run_masks).

Expected warnings printed by TF 2.21 (/opt/tfref) for the same program
(/work/notes/progs/tftutorials10/probe_mask.py, probe_mask2.py)."""
import warnings

import numpy as np

from framework import keras


class Inner(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.mha = keras.layers.MultiHeadAttention(num_heads=2, key_dim=4)

    def call(self, x):
        return self.mha(query=x, value=x, key=x)


class Outer(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.emb = keras.layers.Embedding(10, 4, mask_zero=True)
        self.inner = Inner()

    def call(self, x):
        return self.inner(self.emb(x))


def _destroyed(fn):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        fn()
    return [str(w.message).split(' was passed')[0] for w in caught if 'destroy the mask' in str(w.message)]


IDS = np.array([[1, 2, 0]])


def test_the_inner_layer_warns_on_the_first_call_of_the_outer_one():
    outer = Outer()
    name = outer.inner.name
    assert _destroyed(lambda: outer(IDS)) == ["Layer '%s' (of type Inner)" % name]
    assert _destroyed(lambda: outer(IDS)) == ["Layer '%s' (of type Inner)" % name]


def test_called_alone_its_build_run_clears_the_mask_first():
    emb = keras.layers.Embedding(10, 4, mask_zero=True)
    inner = Inner()
    assert _destroyed(lambda: inner(emb(IDS))) == []
    assert _destroyed(lambda: inner(emb(IDS))) == ["Layer '%s' (of type Inner)" % inner.name]
