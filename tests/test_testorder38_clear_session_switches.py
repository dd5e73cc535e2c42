"""keras.backend.clear_session() puts the switches Keras 3 keeps in its global state back to their
defaults, as on TF 2.21 (/work/notes/progs/testorder/clear_settings.py, clear_safe.py): interactive
logging and traceback filtering on, flash attention None, and safe mode unset, so that a Lambda's code
is refused again after enable_unsafe_deserialization(). floatx, epsilon and the image data format live
in Keras's config instead and stay. tapeflow kept every switch, so a program's next model after
clear_session logged, and loaded, as the one before it had been set to."""
import numpy as np
import pytest

from framework import keras
from framework.keras import global_switches


@pytest.fixture(autouse=True)
def default_switches():
    yield
    keras.config.enable_interactive_logging()
    keras.config.enable_traceback_filtering()
    keras.config.enable_flash_attention()
    global_switches.forget_session_switches()
    keras.config.set_epsilon(1e-7)


def test_logging_filtering_and_flash_attention_switches_go_back_to_defaults():
    keras.config.disable_interactive_logging()
    keras.config.disable_traceback_filtering()
    keras.config.disable_flash_attention()
    keras.config.set_epsilon(1e-5)
    keras.backend.clear_session()
    assert keras.config.is_interactive_logging_enabled() is True
    assert keras.config.is_traceback_filtering_enabled() is True
    assert keras.config.is_flash_attention_enabled() is None
    assert keras.config.epsilon() == 1e-5       # a config value, not session state


def test_unsafe_deserialization_ends_with_the_session(tmp_path):
    model = keras.Sequential([keras.Input((2,)), keras.layers.Lambda(lambda x: x * 2)])
    path = str(tmp_path / 'lambda.keras')
    model.save(path)
    keras.config.enable_unsafe_deserialization()
    assert np.asarray(keras.models.load_model(path)(np.ones((1, 2), 'float32'))).tolist() == [[2.0, 2.0]]
    keras.backend.clear_session()
    with pytest.raises(ValueError, match='Requested the deserialization of a `Lambda` layer'):
        keras.models.load_model(path)
