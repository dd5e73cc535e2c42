"""``del tensor._keras_mask`` (the Transformer tutorial deletes its logits' mask so that Keras's
compiled loss does not weight by it) works as on TensorFlow: the mask is gone, reading the
attribute raises AttributeError again, and deleting an absent one raises AttributeError."""
import pytest

import framework as tf
from framework import keras
from framework.losses.tensor_notes import get_keras_mask


def test_deleting_a_layer_outputs_mask():
    out = keras.layers.Embedding(5, 2, mask_zero=True)(tf.constant([[1, 0]]))
    assert out._keras_mask.numpy().tolist() == [[True, False]]
    del out._keras_mask
    assert get_keras_mask(out) is None
    with pytest.raises(AttributeError, match='_keras_mask'):
        out._keras_mask
    with pytest.raises(AttributeError, match='_keras_mask'):
        del out._keras_mask
