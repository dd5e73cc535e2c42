"""Common mistakes in blog programs print TF's class name (`print(type(e).__name__, e)`) and TF's
traceback line, as TF 2.21 / Keras 3.15 did (/work/notes/progs/blogs31/p55.py):
- opt.apply_gradients([grads[0]]): 'ValueError too many values to unpack (expected 2)';
- model.fit(..., callbacks=['x']): "AttributeError 'str' object has no attribute 'set_model'";
- ModelCheckpoint(3): "AttributeError 'int' object has no attribute 'endswith'";
- image_dataset_from_directory of a missing folder: 'FileNotFoundError [Errno 2] No such file or directory'.
Before, tapeflow printed GradientPairError, NotACallbackError, FilepathTypeError, DirectoryNotFoundError.
"""
import traceback

import numpy as np
import pytest

import framework as tf
from framework import keras


def _fitted():
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2), keras.layers.Dense(1)])
    model.compile('adam', 'mse')
    return model


def _caught(call):
    with pytest.raises(Exception) as caught:
        call()
    error = caught.value
    return type(error).__name__, str(error), traceback.format_exception_only(type(error), error)[0]


def test_apply_gradients_of_bare_tensors():
    model = _fitted()
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(model(np.ones((4, 3), 'float32')))
    grads = tape.gradient(loss, model.trainable_variables)
    name, text, last = _caught(lambda: keras.optimizers.Adam().apply_gradients([grads[0]]))
    assert (name, text) == ('ValueError', 'too many values to unpack (expected 2)')
    assert last.startswith('ValueError: too many values to unpack')
    # numpy arrays in the variables' place: the missing '_unique_id', an AttributeError
    name, text, _ = _caught(lambda: keras.optimizers.Adam().apply_gradients(
        zip(grads, [w.numpy() for w in model.trainable_variables])))
    assert (name, text) == ('AttributeError', "'numpy.ndarray' object has no attribute '_unique_id'")


def test_callbacks_that_are_no_callbacks():
    model = _fitted()
    x, y = np.ones((4, 3), 'float32'), np.ones((4, 1), 'float32')
    name, text, last = _caught(lambda: model.fit(x, y, callbacks=['x'], verbose=0))
    assert (name, text) == ('AttributeError', "'str' object has no attribute 'set_model'")
    assert last.startswith("AttributeError: 'str' object")
    name, text, _ = _caught(lambda: keras.callbacks.ModelCheckpoint(3))
    assert (name, text) == ('AttributeError', "'int' object has no attribute 'endswith'")


def test_missing_image_folder(tmp_path):
    name, text, last = _caught(lambda: keras.utils.image_dataset_from_directory(str(tmp_path / 'nope')))
    assert name == 'FileNotFoundError'
    assert text == "[Errno 2] No such file or directory: '%s'" % (tmp_path / 'nope')
    assert last.startswith('FileNotFoundError: [Errno 2]')
