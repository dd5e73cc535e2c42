"""load_model inside keras.utils.custom_object_scope finds the scope's names in every format, as
Keras 3.15 (TF 2.21) does: a custom layer class in a legacy .h5 file, and a custom loss function
in a .keras file's compile config (both loaded there; tapeflow raised 'Unknown layer' and
'Could not locate function')."""
import numpy as np
import pytest

import framework as tf
from framework import keras


class Scale(keras.layers.Layer):
    def call(self, x):
        return x * 2.0


def scope_loss(y, p):
    return keras.ops.mean(keras.ops.abs(y - p))


def _saved(tmp_path, ext):
    model = keras.Sequential([keras.Input((3,)), Scale(name='sc')])
    model.compile('sgd', scope_loss)
    path = str(tmp_path / ('m.' + ext))
    model.save(path)
    return path


@pytest.mark.parametrize('ext', ['keras', 'h5'])
def test_scope_names_layer_and_loss(tmp_path, ext):
    path = _saved(tmp_path, ext)
    with keras.utils.custom_object_scope({'Scale': Scale, 'scope_loss': scope_loss}):
        model = keras.models.load_model(path)
    assert isinstance(model.get_layer('sc'), Scale)
    assert model.loss is scope_loss
    np.testing.assert_allclose(model.predict(np.ones((1, 3), 'float32'), verbose=0), [[2., 2., 2.]])


@pytest.mark.parametrize('ext', ['keras', 'h5'])
def test_scope_and_custom_objects_together(tmp_path, ext):
    path = _saved(tmp_path, ext)
    with keras.utils.custom_object_scope({'Scale': Scale}):
        model = keras.models.load_model(path, custom_objects={'scope_loss': scope_loss})
    assert isinstance(model.get_layer('sc'), Scale)


def test_h5_without_scope_still_unknown(tmp_path):
    path = _saved(tmp_path, 'h5')
    with pytest.raises(ValueError, match="Unknown layer: 'Scale'"):
        keras.models.load_model(path, custom_objects={'scope_loss': scope_loss})
