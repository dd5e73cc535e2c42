"""A layer without a build() of its own called on keras.Input warns where a sublayer stays unbuilt.

keras.io's "Train a Vision Transformer on small datasets" builds its vanilla model with a
ShiftedPatchTokenization whose LayerNormalization only the shifted mode calls. Keras 3 builds such a
layer by running its call symbolically, then its default build() finds the LayerNormalization unbuilt:
TF 2.21 warns "`build()` was called on layer 'shifted_patch_tokenization_5', however the layer does not
have a `build()` method implemented and it looks like it has unbuilt state. ..." while the model is made.
tapeflow warned so on an eager first call only. Goldens: /work/notes/progs/kerasexamples6/p1.py, p2.py.
"""
import warnings

import numpy as np

from framework import keras

TEXT = ("`build()` was called on layer '%s', however the layer does not have a `build()` method implemented "
        "and it looks like it has unbuilt state. This will cause the layer to be marked as built, despite not being "
        "actually built, which may cause failures down the line. Make sure to implement a proper `build()` method.")


class Tokens(keras.layers.Layer):
    """The example's tokenizer in small: patches, flattened, normalized only when not vanilla, projected."""
    def __init__(self, vanilla, **kwargs):
        super().__init__(**kwargs)
        self.vanilla = vanilla
        self.flatten_patches = keras.layers.Reshape((4, -1))
        self.projection = keras.layers.Dense(3)
        self.layer_norm = keras.layers.LayerNormalization()

    def call(self, images):
        flat = self.flatten_patches(keras.ops.image.extract_patches(images, 2))
        if not self.vanilla:
            flat = self.layer_norm(flat)
        return self.projection(flat), flat


def messages(action):
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter('always')
        action()
    return [str(w.message) for w in seen]


def test_a_sublayer_the_symbolic_call_leaves_unbuilt_warns():
    # TF 2.21 warns once, naming the layer, and the LayerNormalization stays unbuilt
    layer = Tokens(True, name='vanilla_tokens')
    assert messages(lambda: layer(keras.Input((4, 4, 1)))) == [TEXT % 'vanilla_tokens']
    assert layer.built and not layer.layer_norm.built and layer.projection.built


def test_sublayers_all_used_are_quiet_and_the_model_runs():
    # TF 2.21: no warning; the tokens (None, 4, 3) and flattened patches (None, 4, 4)
    layer = Tokens(False, name='shifted_tokens')
    inputs = keras.Input((4, 4, 1))
    seen = messages(lambda: layer(inputs))
    assert seen == [] and layer.layer_norm.built
    tokens, flat = layer(inputs)
    assert tokens.shape == (None, 4, 3) and flat.shape == (None, 4, 4)


def test_the_eager_first_call_still_warns_once():
    layer = Tokens(True, name='eager_tokens')
    assert messages(lambda: layer(np.ones((1, 4, 4, 1), 'float32'))) == [TEXT % 'eager_tokens']
