"""An optimizer's get_config writes a lambda learning rate as Keras 3's '__lambda__' entry (its bytecode,
with Keras's warning), so the compile config is JSON as TF's; from_config and deserialize load it only
with unsafe deserialization, as TF 2.21 (progs/me38/lamlr.py)."""
import json
import os

import numpy as np
import pytest

from framework import keras


def test_lambda_rate_config_is_keras_lambda_entry(tmp_path, monkeypatch):
    optimizer = keras.optimizers.Adam(learning_rate=lambda: 0.01)
    with pytest.warns(UserWarning, match='The object being serialized includes a `lambda`'):
        config = optimizer.get_config()
    assert config['learning_rate']['class_name'] == '__lambda__'
    with pytest.raises(ValueError, match='Requested the deserialization of a Python lambda'):
        keras.optimizers.Adam.from_config(config)
    with pytest.raises(ValueError, match='Requested the deserialization of a Python lambda'):
        keras.optimizers.deserialize(keras.optimizers.serialize(optimizer))
    from framework.keras import global_switches
    with monkeypatch.context() as patch:
        patch.setitem(global_switches._switches, 'safe_mode', None)
        keras.config.enable_unsafe_deserialization()
        again = keras.optimizers.Adam.from_config(optimizer.get_config())
    assert float(again.learning_rate) == pytest.approx(0.01)
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile(optimizer, 'mse')
    assert json.loads(json.dumps(model.get_compile_config()))['optimizer']['class_name'] == 'Adam'
    path = os.path.join(tmp_path, 'm.keras')
    model.fit(np.ones((4, 2)), np.ones((4, 1)), verbose=0)
    model.save(path)
    with pytest.raises(ValueError, match='Requested the deserialization of a Python lambda'):
        keras.models.load_model(path)
    loaded = keras.models.load_model(path, safe_mode=False)
    assert float(loaded.optimizer.learning_rate) == pytest.approx(0.01)
