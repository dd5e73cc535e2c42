"""tf.train.CheckpointManager's checks as TF 2.21 makes them (guide/checkpoint): a Keras model passed
where a tf.train.Checkpoint belongs is taken, and fails at save / restore_or_initialize with TF's
AttributeError; checkpoint_interval without step_counter is TF's ValueError text (tapeflow's words
in a note). Values printed by TF 2.21 (/work/notes/progs/tfguides/ckpt4.py)."""
import pytest

import framework as tf
from framework import keras


def _model():
    return keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])


def test_a_model_is_taken_and_save_fails_as_tf(tmp_path):
    manager = tf.train.CheckpointManager(_model(), str(tmp_path), max_to_keep=1)
    assert manager.restore_or_initialize() is None      # nothing to restore: TF reads nothing of it
    assert manager.latest_checkpoint is None and manager.checkpoints == []
    with pytest.raises(AttributeError) as caught:
        manager.save()
    assert str(caught.value) == "'Sequential' object has no attribute 'save_counter'"
    assert 'tf.train.Checkpoint(model=model)' in ''.join(caught.value.__notes__)
    assert not list(tmp_path.iterdir())


def test_restore_or_initialize_of_a_model_fails_as_tf(tmp_path):
    model = _model()
    tf.train.CheckpointManager(tf.train.Checkpoint(model=model), str(tmp_path), max_to_keep=1).save()
    manager = tf.train.CheckpointManager(model, str(tmp_path), max_to_keep=1)
    assert manager.latest_checkpoint == str(tmp_path / 'ckpt-1')
    with pytest.raises(AttributeError, match=r"^'Sequential' object has no attribute 'restore'"):
        manager.restore_or_initialize()
    with pytest.raises(AttributeError, match=r"^'int' object has no attribute 'restore'"):
        tf.train.CheckpointManager(5, str(tmp_path), max_to_keep=1).restore_or_initialize()


def test_interval_without_step_counter_is_tf_text(tmp_path):
    with pytest.raises(ValueError) as caught:
        tf.train.CheckpointManager(tf.train.Checkpoint(), str(tmp_path), max_to_keep=1, checkpoint_interval=5)
    assert str(caught.value) == '`step_counter` should be passed if `checkpoint_interval` is not None.'
    assert 'step_counter' in ''.join(caught.value.__notes__)
