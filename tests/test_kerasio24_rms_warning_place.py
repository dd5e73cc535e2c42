"""LayerNormalization(rms_scaling=True)'s deprecation warning is reported from the layer's own
file, as Keras 3.15 reports it (warnings.warn without a stacklevel): Python then shows it once
per process, so loading a saved model with such a layer does not warn a second time from
from_config. tapeflow reported it from the caller's line, so each place warned again."""
import warnings

from framework import keras


def test_rms_scaling_warning_comes_from_the_layer_file():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        keras.layers.LayerNormalization(rms_scaling=True)
    layer_warnings = [w for w in caught if 'keras.layers.RMSNormalization' in str(w.message)]
    assert len(layer_warnings) == 1
    assert layer_warnings[0].filename.replace('\\', '/').endswith('layers/normalization.py')


def test_rms_scaling_warns_once_across_places():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('default')
        keras.layers.LayerNormalization(rms_scaling=True)
        config = keras.layers.LayerNormalization(rms_scaling=True).get_config()
        keras.layers.LayerNormalization.from_config(config)
    assert len([w for w in caught if 'keras.layers.RMSNormalization' in str(w.message)]) == 1
