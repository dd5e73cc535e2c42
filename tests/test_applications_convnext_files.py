"""A Keras-written file holding ConvNeXt's LayerScale (saved by bare name under
keras.src.applications.convnext) loads without custom_objects, as in Keras 3.15.
tests/data/keras3_layer_scale.keras and the predictions come from
tests/data/make_keras_layer_scale_file.py."""
import os

import numpy as np

from framework import keras

KERAS_PREDICTIONS = [[0.0033469200134277344, -0.05643762648105621, -0.05468694865703583, 0.11657201498746872],
                     [-0.007898509502410889, -0.31383174657821655, 0.059430718421936035, 0.25347205996513367]]


def test_keras_file_with_layer_scale_loads_with_keras_predictions():
    model = keras.models.load_model(os.path.join(os.path.dirname(__file__), 'data', 'keras3_layer_scale.keras'))
    assert type(model.get_layer('scale')).__name__ == 'LayerScale'
    probe = np.arange(8, dtype='float32').reshape(2, 4) / 8
    np.testing.assert_allclose(model.predict(probe, verbose=0), KERAS_PREDICTIONS, rtol=1e-6, atol=1e-7)
