"""TF's checkpoint and saving helpers print Python's default repr naming TF 2.21's (or Keras 3's) module.

tapeflow printed its own module: <framework.train.checkpoint_options.CheckpointOptions object at 0x...>
where TF 2.21 prints <tensorflow.python.checkpoint.checkpoint_options.CheckpointOptions object at 0x...>.

Printed by TF 2.21 (/work/notes/progs/kerasio44/p13.py: `print(repr(x))` for each, addresses elided):
    tf.train.CheckpointOptions()          <tensorflow.python.checkpoint.checkpoint_options.CheckpointOptions object at 0x>
    tf.saved_model.SaveOptions()          <tensorflow.python.saved_model.save_options.SaveOptions object at 0x>
    tf.saved_model.LoadOptions()          <tensorflow.python.saved_model.load_options.LoadOptions object at 0x>
    tf.train.load_checkpoint(dir)         <tensorflow.python.util._pywrap_checkpoint_reader.CheckpointReader object at 0x>
    Checkpoint(...).restore(None)         <tensorflow.python.checkpoint.checkpoint.InitializationOnlyStatus object at 0x>
    tf.train.Coordinator()                <tensorflow.python.training.coordinator.Coordinator object at 0x>
    tf.train.ExponentialMovingAverage(.9) <tensorflow.python.training.moving_averages.ExponentialMovingAverage object at 0x>
    keras.saving.custom_object_scope({})  <keras.src.saving.object_registration.CustomObjectScope object at 0x>
"""
import re

import pytest

import framework as tf
from framework import keras


def _shown(obj):
    return re.sub(r' at 0x[0-9a-f]+>$', ' at 0x>', repr(obj))


@pytest.mark.parametrize('make, expected', [
    (lambda: tf.train.CheckpointOptions(), 'tensorflow.python.checkpoint.checkpoint_options.CheckpointOptions'),
    (lambda: tf.saved_model.SaveOptions(), 'tensorflow.python.saved_model.save_options.SaveOptions'),
    (lambda: tf.saved_model.LoadOptions(), 'tensorflow.python.saved_model.load_options.LoadOptions'),
    (lambda: tf.train.Checkpoint(v=tf.Variable(1.0)).restore(None),
     'tensorflow.python.checkpoint.checkpoint.InitializationOnlyStatus'),
    (lambda: tf.train.Coordinator(), 'tensorflow.python.training.coordinator.Coordinator'),
    (lambda: tf.train.ExponentialMovingAverage(0.9), 'tensorflow.python.training.moving_averages.ExponentialMovingAverage'),
    (lambda: keras.saving.custom_object_scope({}), 'keras.src.saving.object_registration.CustomObjectScope'),
    (lambda: keras.utils.CustomObjectScope({}), 'keras.src.saving.object_registration.CustomObjectScope'),
])
def test_repr_names_tfs_module(make, expected):
    assert _shown(make()) == '<%s object at 0x>' % expected


def test_checkpoint_reader_repr(tmp_path):
    tf.train.Checkpoint(v=tf.Variable(1.0)).save(str(tmp_path / 'c'))
    reader = tf.train.load_checkpoint(str(tmp_path))
    assert _shown(reader) == '<tensorflow.python.util._pywrap_checkpoint_reader.CheckpointReader object at 0x>'


def test_a_users_subclass_keeps_its_own_module():
    class MyOptions(tf.train.CheckpointOptions):
        pass
    assert _shown(MyOptions()) == '<%s.%s object at 0x>' % (__name__, MyOptions.__qualname__)
