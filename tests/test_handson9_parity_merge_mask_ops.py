"""A merge layer's mask in a functional model is Keras 3's LogicalOr op node when a layer that takes
a mask reads it, as in TF 2.21: Géron's Transformer block, Add([attention(Z), Z]) -> LayerNormalization
-> GlobalAveragePooling1D over Embedding(mask_zero=True) tokens, lists ``not_equal`` and
``logical_or`` among its operations and summary rows, and the pooling's recorded call takes
``mask=logical_or``. Before, the or-ed mask rode on the tensors unrecorded (the summary lacked the
rows and the 'Connected to' entry). Golden values printed by TF 2.21 (/opt/tfref)."""
import os

import numpy as np
import pytest

from framework import keras

# TF 2.21's bits on the AVX-512 Xeon the goldens were printed on (oneDNN's kernels and 16-lane vectors)
pytestmark = pytest.mark.usefixtures('xeon_cpu')

OPS = ['input_layer', 'embedding', 'dense', 'add', 'not_equal', 'layer_normalization', 'logical_or',
       'global_average_pooling1d', 'dense_1']


def _model():
    keras.backend.clear_session()
    keras.utils.set_random_seed(42)
    inp = keras.layers.Input(shape=[None], dtype='int64')
    Z = keras.layers.Embedding(30, 4, mask_zero=True)(inp)
    A = keras.layers.Add()([keras.layers.Dense(4)(Z), Z])
    A = keras.layers.LayerNormalization()(A)
    G = keras.layers.GlobalAveragePooling1D()(A)
    return keras.Model(inp, keras.layers.Dense(1)(G))


X = np.array([[3, 4, 5, 0, 0], [6, 0, 0, 0, 0]])


def test_operations_and_config_record_the_or_ed_mask():
    model = _model()
    assert [op.name for op in model.operations] == OPS
    layers = model.get_config()['layers']
    assert [l['class_name'] for l in layers] == ['InputLayer', 'Embedding', 'Dense', 'Add', 'NotEqual',
                                                 'LayerNormalization', 'LogicalOr', 'GlobalAveragePooling1D', 'Dense']
    logical_or = layers[6]
    assert logical_or['module'] == 'keras.src.ops.numpy'
    assert [a['config']['keras_history'] for a in logical_or['inbound_nodes'][0]['args']] == \
        [['not_equal', 0, 0], ['not_equal', 0, 0]]
    mask = layers[7]['inbound_nodes'][0]['kwargs']['mask']
    assert mask['config']['keras_history'] == ['logical_or', 0, 0] and mask['config']['shape'] == (None, None)


def test_predictions_average_the_unpadded_steps_and_survive_save_load(tmp_path):
    model = _model()
    p = model.predict(X, verbose=0)
    np.testing.assert_array_equal(p.ravel(), np.array([-0.5137141942977905, 0.7916980385780334], np.float32))
    path = os.path.join(str(tmp_path), 'merge_mask.keras')
    model.save(path)
    loaded = keras.models.load_model(path)
    np.testing.assert_array_equal(loaded.predict(X, verbose=0), p)
    assert [op.name for op in loaded.operations] == OPS
    assert [op.name for op in keras.Model.from_config(model.get_config()).operations] == OPS


def test_summary_rows(capsys):
    _model().summary()
    out = capsys.readouterr().out
    assert '│ not_equal           │ (None, None)      │          0 │ input_layer[0][0] │' in out
    assert '│ logical_or          │ (None, None)      │          0 │ not_equal[0][0],  │' in out
    assert '│ (GlobalAveragePool… │                   │            │ logical_or[0][0]  │' in out
