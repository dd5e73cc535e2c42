"""The distribute tutorial's Keras 2 checkpoint prefix, ``ModelCheckpoint(filepath=os.path.join(
checkpoint_dir, 'ckpt_{epoch}'), save_weights_only=True)``, stops on TF 2.21 with Keras 3's
ValueError; the same words here (copied from what TF printed), so the program ends on the same line.
"""
import pytest

from framework import keras


def test_a_weights_checkpoint_needs_the_weights_suffix():
    with pytest.raises(ValueError) as caught:
        keras.callbacks.ModelCheckpoint(filepath='/tmp/training_checkpoints/ckpt_{epoch}', save_weights_only=True)
    assert str(caught.value) == ('When using `save_weights_only=True` in `ModelCheckpoint`, the filepath provided '
                                 'must end in `.weights.h5` (Keras weights format). Received: '
                                 'filepath=/tmp/training_checkpoints/ckpt_{epoch}')


def test_a_model_checkpoint_needs_the_keras_suffix():
    with pytest.raises(ValueError) as caught:
        keras.callbacks.ModelCheckpoint(filepath='/tmp/training_checkpoints/ckpt_{epoch}')
    assert str(caught.value) == ('The filepath provided must end in `.keras` (Keras model format). Received: '
                                 'filepath=/tmp/training_checkpoints/ckpt_{epoch}')
    assert keras.callbacks.ModelCheckpoint('/tmp/m.h5').filepath == '/tmp/m.h5'      # legacy .h5 stays allowed
