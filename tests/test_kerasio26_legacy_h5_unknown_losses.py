"""A legacy .h5 model compiled with a loss Keras 3.15's loader cannot find fails as it does on TF 2.21.

Its loader falls back on losses.get(<the entry's config 'name'>) for a loss it does not find: a
custom function's bare name is a string it indexes as a dict (TypeError "string indices must be
integers, not 'str'"; tapeflow said ValueError 'Could not interpret loss identifier: my_loss'), an
unregistered Loss class's entry reads its 'name' ('Could not interpret loss identifier: my_loss',
where tapeflow wrapped its own 'Unknown loss class' text). A lambda loss is filed as '<lambda>' in
the .h5 (the .keras file holds its bytecode), without the .keras writer's warning.
Expected values: TF 2.21 / Keras 3.15 running /work/notes/progs/kerasio26/p16_lambda_h5_loss.py and
p17_h5_custom_loss.py.
"""
import json
import warnings

import h5py
import numpy as np
import pytest

from framework import keras

X, Y = np.ones((8, 3), 'float32'), np.zeros((8, 1), 'float32')


def my_loss(yt, yp):
    return keras.ops.mean(keras.ops.square(yt - yp))


class MyLoss(keras.losses.Loss):
    def call(self, yt, yp):
        return keras.ops.mean(keras.ops.abs(yt - yp), axis=-1)


def _saved(tmp_path, loss, metrics=None):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1, kernel_initializer='ones')])
    model.compile('adam', loss=loss, metrics=metrics)
    model.fit(X, Y, verbose=0)
    path = str(tmp_path / 'm.h5')
    model.save(path)
    return path


def test_an_unknown_loss_function_is_keras_type_error(tmp_path):
    path = _saved(tmp_path, my_loss, ['mae'])
    with pytest.raises(TypeError) as info:
        keras.models.load_model(path)
    assert str(info.value) == "string indices must be integers, not 'str'"
    assert "custom_objects={'my_loss': my_loss}" in info.value.__notes__[0]
    assert not keras.models.load_model(path, compile=False).compiled
    loaded = keras.models.load_model(path, custom_objects={'my_loss': my_loss})
    np.testing.assert_allclose(loaded.evaluate(X, Y, verbose=0), [8.9760160446167, 2.996000051498413], rtol=1e-6)


def test_an_unknown_loss_class_falls_back_on_its_name(tmp_path):
    keras.backend.clear_session()       # a fresh program's names: an earlier test may have made a 'my_loss'
    path = _saved(tmp_path, MyLoss())
    with pytest.raises(ValueError) as info:
        keras.models.load_model(path)
    assert str(info.value) == 'Could not interpret loss identifier: my_loss'    # (tapeflow's advice a note)
    loaded = keras.models.load_model(path, custom_objects={'MyLoss': MyLoss})
    assert loaded.evaluate(X, Y, verbose=0) == pytest.approx(2.996000051498413, rel=1e-6)


def test_a_lambda_loss_is_filed_by_its_name_without_warning(tmp_path):
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        path = _saved(tmp_path, lambda yt, yp: (yt - yp) ** 2)
    with h5py.File(path) as f:
        assert json.loads(f.attrs['training_config'])['loss'] == '<lambda>'
    for safe_mode in (True, False):
        with pytest.raises(TypeError, match="string indices must be integers, not 'str'"):
            keras.models.load_model(path, safe_mode=safe_mode)


def test_a_lambda_metric_is_filed_by_its_name(tmp_path):
    path = _saved(tmp_path, my_loss, [lambda yt, yp: yp])
    with h5py.File(path) as f:
        assert json.loads(f.attrs['training_config'])['metrics'] == ['<lambda>']
    loaded = keras.models.load_model(path, custom_objects={'my_loss': my_loss})
    with pytest.raises(ValueError, match='Could not interpret metric identifier: <lambda>'):   # as TF, on first use
        loaded.evaluate(X, Y, verbose=0)


class MyMetric(keras.metrics.MeanSquaredError):
    pass


def test_a_short_loss_name_fails_before_an_unknown_metric_class(tmp_path):
    # Keras 3.15 reads the loss before the metrics: its 'mse' error comes first (TF 2.21, p18)
    path = _saved(tmp_path, 'mse', [MyMetric(name='mm')])
    for custom_objects in (None, {'MyMetric': MyMetric}):
        with pytest.raises(ValueError) as info:
            keras.models.load_model(path, custom_objects=custom_objects)
        assert str(info.value) == "Could not deserialize 'keras.metrics.mse' because it is not a KerasSaveable subclass"
