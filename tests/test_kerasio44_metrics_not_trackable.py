"""A Keras 3 metric is not a TF Trackable on TF 2.21: checkpoints and SavedModels leave it out.

Keras 3's metrics hold variables but do not derive from TF's Trackable, so TF 2.21:
    tf.train.Checkpoint(met=keras.metrics.Mean())    # ValueError `Checkpoint` was expecting met to be a trackable
                                                     # object (an object derived from `Trackable`), got <Mean name=mean>. ...
    ck = tf.train.Checkpoint(); ck.met = Mean()      # a plain attribute: the save holds only save_counter
    tf.train.Checkpoint(lst=[Mean()]).save(...)      # saves only save_counter
    a tf.Module with self.m = Mean(), self.v = tf.Variable(1.)   # saves mod/v only
    tf.saved_model.save(keras.metrics.Mean(), d)     # ValueError Expected an object of type `Trackable`, such as
                                                     # `tf.Module` or a subclass of the `Trackable` class, for export.
                                                     # Got <Mean name=mean> with type
                                                     # <class 'keras.src.metrics.reduction_metrics.Mean'>.
tapeflow saved the metrics' variables ('met/_variables/0/...', 'mod/m/_variables/0/...') and saved_model
refused with its own text. Printed by TF 2.21 (/work/notes/progs/kerasio44/p21.py, p22.py).
"""
import pytest

import framework as tf
from framework import keras

ONLY_COUNTER = ['_CHECKPOINTABLE_OBJECT_GRAPH', 'save_counter/.ATTRIBUTES/VARIABLE_VALUE']


def _keys(path):
    return [name for name, _ in tf.train.list_variables(path)]


def test_checkpoint_refuses_a_metric():
    with pytest.raises(ValueError, match=r"^`Checkpoint` was expecting met to be a trackable object \(an object "
                                         r"derived from `Trackable`\), got <Mean name=mean>\. If you believe"):
        tf.train.Checkpoint(met=keras.metrics.Mean(name='mean'))
    with pytest.raises(ValueError, match='was expecting root to be a trackable object'):
        tf.train.Checkpoint(root=keras.metrics.Mean())


def test_metric_attributes_and_items_are_not_saved(tmp_path):
    checkpoint = tf.train.Checkpoint()
    checkpoint.met = keras.metrics.Mean()
    assert _keys(checkpoint.save(str(tmp_path / 'a'))) == ONLY_COUNTER
    assert _keys(tf.train.Checkpoint(lst=[keras.metrics.Sum()]).save(str(tmp_path / 'b'))) == ONLY_COUNTER

    class Holder(tf.Module):
        def __init__(self):
            super().__init__()
            self.m = keras.metrics.Mean()
            self.ms = [keras.metrics.Sum()]
            self.v = tf.Variable(1.0)
    holder = Holder()
    holder.m.update_state([2.0])
    assert _keys(tf.train.Checkpoint(mod=holder).save(str(tmp_path / 'c'))) == [
        '_CHECKPOINTABLE_OBJECT_GRAPH', 'mod/v/.ATTRIBUTES/VARIABLE_VALUE', 'save_counter/.ATTRIBUTES/VARIABLE_VALUE']


def test_saved_model_save_refuses_a_metric_in_tfs_words(tmp_path):
    with pytest.raises(ValueError, match=r"^Expected an object of type `Trackable`, such as `tf.Module` or a subclass "
                                         r"of the `Trackable` class, for export\. Got <Mean name=mean> with type "
                                         r"<class 'keras\.src\.metrics\.reduction_metrics\.Mean'>\."):
        tf.saved_model.save(keras.metrics.Mean(name='mean'), str(tmp_path / 'sm'))
    # TF 2.21: keras.export.ExportArchive().track(keras.metrics.Mean()) refuses it too
    with pytest.raises(ValueError, match=r"^Invalid resource type\. Expected a Keras `Layer` or `Model` or a "
                                         r"TensorFlow `Trackable` object\. Received object <Mean name=mean> of type "
                                         r"'<class 'keras\.src\.metrics\.reduction_metrics\.Mean'>'\. $"):
        keras.export.ExportArchive().track(keras.metrics.Mean(name='mean'))


def test_a_models_weights_still_save(tmp_path):
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, name='d')])
    model.compile('sgd', 'mse', metrics=['mae'])
    keys = _keys(tf.train.Checkpoint(m=model).save(str(tmp_path / 'm')))
    assert 'm/_functional/_operations/1/_kernel/.ATTRIBUTES/VARIABLE_VALUE' in keys
    assert not [key for key in keys if 'metric' in key or 'total' in key]
