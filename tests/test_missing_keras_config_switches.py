"""keras.config's flash-attention and NNX switches (framework/keras/global_switches.py): Keras 3.15.1's values
on the TF backend (/work/notes/progs/missing/tf_misc.py run with /opt/tfref)."""
from framework import keras


def test_flash_attention_switch_reports_keras_values():
    assert keras.config.is_flash_attention_enabled() is None
    keras.config.disable_flash_attention()
    assert keras.config.is_flash_attention_enabled() is False
    keras.config.enable_flash_attention()
    assert keras.config.is_flash_attention_enabled() is None


def test_nnx_is_off_and_the_names_are_listed():
    assert keras.config.is_nnx_enabled() is False
    assert {'enable_flash_attention', 'disable_flash_attention', 'is_flash_attention_enabled',
            'is_nnx_enabled'} <= set(dir(keras.config))
