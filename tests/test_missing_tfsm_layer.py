"""keras.layers.TFSMLayer (layers/tfsm_layer.py) against Keras 3.15.1 on TF 2.21
(/work/notes/progs/missing/tf_tfsm.py run with /opt/tfref: the ported program prints the same weights,
outputs, fit losses and errors)."""
import functools
import tempfile

import numpy as np
import pytest

from framework import keras


@functools.lru_cache(maxsize=None)
def exported(input_width=3):
    """A directory holding ``Sequential([Input((input_width,)), Dense(2, ones, zeros)]).export(...)``."""
    directory = tempfile.mkdtemp(prefix='tfsm_layer_')
    model = keras.Sequential([keras.Input((input_width,)),
                              keras.layers.Dense(2, kernel_initializer='ones', bias_initializer='zeros')])
    model.export(directory, verbose=False)
    return directory


def test_weights_outputs_and_config_as_keras():
    keras.backend.clear_session()
    layer = keras.layers.TFSMLayer(exported(), call_endpoint='serve')
    assert layer.name == 'tfsm_layer'
    assert [w.name for w in layer.weights] == ['sequential_dense_kernel:0', 'sequential_dense_bias:0']
    assert len(layer.trainable_weights) == 2
    np.testing.assert_array_equal(np.asarray(layer(np.ones((2, 3), 'float32'))), np.full((2, 2), 3.0))
    config = layer.get_config()
    assert (config['filepath'], config['call_endpoint'], config['call_training_endpoint']) == (exported(), 'serve',
                                                                                              None)


def test_fitting_a_model_around_it_fine_tunes_the_artifact():
    layer = keras.layers.TFSMLayer(exported())
    inputs = keras.Input((3,))
    outputs = layer(inputs)
    assert outputs.shape == (None, 2)
    model = keras.Model(inputs, outputs)
    model.compile('sgd', 'mse')
    x = np.ones((2, 3), 'float32')
    history = model.fit(x, np.zeros((2, 2), 'float32'), epochs=2, verbose=0)
    # Keras 3.15.1: losses [9.0, 8.2944], then outputs 2.7648
    np.testing.assert_allclose(history.history['loss'], [9.0, 8.2944], rtol=1e-6)
    np.testing.assert_allclose(np.asarray(layer(x)), np.full((2, 2), 2.7648), rtol=1e-6)


def test_bad_endpoints_paths_and_safe_mode_raise_as_keras():
    with pytest.raises(ValueError, match="The endpoint 'nope' is neither an attribute of the reloaded SavedModel.*"
                                         "Available endpoints for this SavedModel: \\['serve', 'serving_default'\\]"):
        keras.layers.TFSMLayer(exported(), call_endpoint='nope')
    with pytest.raises(OSError, match='SavedModel file does not exist at'):
        keras.layers.TFSMLayer(tempfile.gettempdir() + '/no_such_artifact_here')
    layer = keras.layers.TFSMLayer(exported())
    with pytest.raises(ValueError, match='Requested the deserialization of a `TFSMLayer`'):
        keras.layers.TFSMLayer.from_config(layer.get_config())
    again = keras.layers.TFSMLayer.from_config(layer.get_config(), safe_mode=False)
    assert again.call_endpoint == 'serve'
