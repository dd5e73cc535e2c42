"""tf.saved_model.load / keras.layers.TFSMLayer read the path as TF 2.21's compat.as_str: str, bytes or a path-like
object; anything else is TF's TypeError 'Expected binary or unicode string, got None'."""
import os
import pathlib

import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('value', [None, -1, 1.5, [1, 2], ('a',)])
@pytest.mark.parametrize('loader', ['load', 'TFSMLayer'])
def test_non_paths_are_tf_type_error(loader, value):
    # TF 2.21 gives 'Expected binary or unicode string, got [1, 2]' for both
    load = tf.saved_model.load if loader == 'load' else keras.layers.TFSMLayer
    with pytest.raises(TypeError) as info:
        load(value)
    assert str(info.value) == 'Expected binary or unicode string, got %r' % (value,)


@pytest.mark.parametrize('path', [b'/nonexistent_ctorsweep2', '/nonexistent_ctorsweep2',
                                  pathlib.Path('/nonexistent_ctorsweep2')])
def test_missing_directory_text(path):
    # TF 2.21: "SavedModel file does not exist at: b'/nonexistent_ctorsweep2'/{saved_model.pbtxt|saved_model.pb}"
    with pytest.raises(OSError) as info:
        tf.saved_model.load(path)
    shown = path if isinstance(path, bytes) else str(path)
    assert str(info.value) == 'SavedModel file does not exist at: %s%s{saved_model.pbtxt|saved_model.pb}' % (
        shown, os.sep)


def test_bytes_and_pathlib_paths_load(tmp_path):
    module = tf.Module()
    module.v = tf.Variable([1.0, 2.0])
    tf.saved_model.save(module, str(tmp_path))
    for path in (os.fsencode(str(tmp_path)), tmp_path):
        np.testing.assert_array_equal(np.asarray(tf.saved_model.load(path).v), [1.0, 2.0])
