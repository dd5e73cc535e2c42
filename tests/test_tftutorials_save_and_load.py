"""The save-and-load tutorial: ModelCheckpoint's epoch-numbered files and messages, the error for
``model.save`` without an extension and for ``load_model`` of a SavedModel directory. Expected texts
were printed by TensorFlow 2.21 + Keras 3.15 running the same code.
"""
import os

import numpy as np
import pytest

import framework as tf
from framework import keras


def _model():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.compile('sgd', keras.losses.MeanSquaredError())
    return model


def test_checkpoints_every_four_batches_are_named_by_epoch(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    callback = keras.callbacks.ModelCheckpoint('training_2/cp-{epoch:04d}.weights.h5', verbose=1,
                                               save_weights_only=True, save_freq=4)
    _model().fit(np.ones((64, 3)), np.zeros((64, 2)), batch_size=32, epochs=5, callbacks=[callback], verbose=0)
    assert sorted(os.listdir('training_2')) == ['cp-0002.weights.h5', 'cp-0004.weights.h5']
    assert capsys.readouterr().out == ''.join(
        '\nEpoch %d: saving model to training_2/cp-%04d.weights.h5\n'
        '\nEpoch %d: finished saving model to training_2/cp-%04d.weights.h5\n' % (e, e, e, e) for e in (2, 4))
    assert tf.train.latest_checkpoint('training_2') is None       # no TF checkpoint index there


def test_saving_without_an_extension_points_to_export(tmp_path):
    path = str(tmp_path / 'saved_model' / 'my_model')
    with pytest.raises(ValueError) as err:
        _model().save(path)
    assert str(err.value) == (
        'Invalid filepath extension for saving. Please add either a `.keras` extension for the native Keras '
        'format (recommended) or a `.h5` extension. Use `model.export(filepath)` if you want to export a '
        'SavedModel for use with TFLite/TFServing/etc. Received: filepath=%s.' % path)
    assert not os.path.exists(path)


def test_load_model_of_a_saved_model_directory_says_the_format_is_not_supported(tmp_path):
    path = str(tmp_path / 'my_model')
    model = _model()
    tf.saved_model.save(model, path)
    with pytest.raises(ValueError, match=r'^File format not supported: filepath=%s\. Keras 3 only supports V3 '
                                         r'`\.keras` files, legacy H5 format files \(`\.h5` extension\)\. Note that '
                                         r'the legacy SavedModel format is not supported by `load_model\(\)` in '
                                         r'Keras 3\. In order to reload a TensorFlow SavedModel as an inference-only '
                                         r"layer in Keras 3, use `keras\.layers\.TFSMLayer\(%s, call_endpoint="
                                         r"'serving_default'\)` \(note that your `call_endpoint` might have a different "
                                         r'name\)\.' % (path, path)):
        keras.models.load_model(path)
    restored = tf.saved_model.load(path)                            # the advice (and tapeflow's note) works
    assert restored is not None
    assert keras.layers.TFSMLayer(path, call_endpoint='serving_default').built
