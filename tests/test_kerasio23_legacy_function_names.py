"""Keras 3.15's legacy .h5 loader reads a layer config's string that names a function as that function
(custom_objects, the registry, or keras.layers's own: add, dot, concatenate ...), and lets a layer's
from_config TypeError by unwrapped. Values pinned from TF 2.21."""
import numpy as np
import pytest

from framework import keras


def _double(x):
    return x * 2.0


class _Mode(keras.layers.Layer):
    def __init__(self, mode='plain', **kwargs):
        super().__init__(**kwargs)
        self.mode = mode

    def call(self, x):
        return self.mode(x) if callable(self.mode) else x

    def get_config(self):
        mode = self.mode if isinstance(self.mode, str) else self.mode.__name__
        return {**super().get_config(), 'mode': mode}


def _mode_model(mode):
    i = keras.Input((2,))
    return keras.Model(i, _Mode(mode, name='md')(i))


def test_a_config_string_naming_a_custom_function_becomes_it_in_h5_only(tmp_path):
    model = _mode_model('_double')
    model.save(tmp_path / 'm.h5')
    model.save(tmp_path / 'm.keras')
    x = np.ones((1, 2), 'float32')
    plain = keras.models.load_model(tmp_path / 'm.h5', custom_objects={'_Mode': _Mode})
    assert plain.get_layer('md').mode == '_double'         # TF 2.21: no function of that name, the string stays
    np.testing.assert_array_equal(plain.predict(x, verbose=0), [[1., 1.]])
    found = keras.models.load_model(tmp_path / 'm.h5', custom_objects={'_Mode': _Mode, '_double': _double})
    assert found.get_layer('md').mode is _double            # TF 2.21: [[2. 2.]]
    np.testing.assert_array_equal(found.predict(x, verbose=0), [[2., 2.]])
    archive = keras.models.load_model(tmp_path / 'm.keras', custom_objects={'_Mode': _Mode, '_double': _double})
    assert archive.get_layer('md').mode == '_double'        # the .keras loader keeps strings


def test_attention_score_mode_dot_fails_to_load_from_legacy_h5(tmp_path):
    keras.backend.clear_session()       # (the message pins the auto name 'attention')
    a, b = keras.Input((3, 2)), keras.Input((4, 2))
    keras.Model([a, b], keras.layers.Attention()([a, b])).save(tmp_path / 'a.h5')
    with pytest.raises(TypeError) as info:
        keras.models.load_model(tmp_path / 'a.h5')
    text = str(info.value)
    # TF 2.21's whole message, but for the function's address
    assert text.startswith("Error when deserializing class 'Attention' using config={'name': 'attention', "
                           "'trainable': True, 'dtype': 'float32', 'use_scale': False, 'score_mode': <function dot")
    assert text.endswith("\n\nException encountered: Invalid value for argument score_mode. Expected one of "
                         "{'dot', 'concat'}. Received: score_mode=%r" % (keras.layers.dot,))
    # the .keras loader knows 'dot' as the string it is
    keras.Model([a, b], keras.layers.Attention()([a, b])).save(tmp_path / 'a.keras')
    assert keras.models.load_model(tmp_path / 'a.keras').layers[-1].score_mode == 'dot'
