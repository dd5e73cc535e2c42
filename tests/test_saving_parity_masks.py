"""Keras 3's functional files whose calls carry masks load here, and ours carry them as Keras's.

Keras 3.15 records, with each call of a layer whose ``call`` takes ``mask``, the
mask it filled in: ``None``, or the output of the ``NotEqual`` op an
``Embedding(mask_zero=True)`` adds to the graph (an entry of module
``keras.src.ops.numpy``). tests/data/keras3_parity_masked.keras was written by
Keras 3.15 (tests/data/make_keras_parity_files.py), which printed the predictions.
"""
import json
import os
import zipfile

import numpy as np
import pytest

from framework import keras

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'data')
MASKED = os.path.join(DATA, 'keras3_parity_masked.keras')
PROBE = np.array([[1, 2, 0, 0, 0], [3, 4, 5, 6, 0]])
KERAS_MASKED_PREDICTIONS = [[-0.004570709075778723], [-0.0021733723115175962]]


def _config(path):
    with zipfile.ZipFile(path) as archive:
        return json.loads(archive.read('config.json'))


def _calls(config):
    return {entry['name']: [node['kwargs'] for node in entry['inbound_nodes']] for entry in config['config']['layers']}


def test_keras_file_with_a_mask_op_in_its_graph_loads_with_keras_predictions():
    keras_calls = _calls(_config(MASKED))
    assert keras_calls['lstm'][0]['mask']['config']['keras_history'][0] == 'not_equal'   # what Keras wrote
    model = keras.models.load_model(MASKED)
    assert [layer.name for layer in model.layers] == ['tokens', 'embed', 'lstm', 'bn', 'out']
    np.testing.assert_allclose(model.predict(PROBE, verbose=0), KERAS_MASKED_PREDICTIONS, rtol=1e-5, atol=1e-7)


def test_resaved_masked_model_records_keras_mask_arguments(tmp_path):
    keras.models.load_model(MASKED).save(tmp_path / 'again.keras')
    calls = _calls(_config(tmp_path / 'again.keras'))
    # The LSTM's mask rides on its input here (no op entry to point at); BatchNormalization, given
    # the LSTM's unmasked output, gets mask=None as in Keras's file.
    assert calls['bn'] == [{'mask': None}] == _calls(_config(MASKED))['bn']
    np.testing.assert_allclose(keras.models.load_model(tmp_path / 'again.keras').predict(PROBE, verbose=0),
                               KERAS_MASKED_PREDICTIONS, rtol=1e-5, atol=1e-7)
