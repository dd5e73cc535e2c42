"""keras.ops calls and operators on KerasTensors, recorded in the graph as Keras 3 records them.

``inputs / 127.5 - 1``, ``x[:, 0]``, ``keras.ops.sum(...)`` on ``keras.Input`` tensors make
Operation nodes: rows in ``summary()`` ('true_divide (TrueDivide)'), entries in the config
(module keras.src.ops.numpy, the op's settings as its config, its tensors as the call), and
steps when the model runs. tests/data/keras3_ops_graph.keras and the literals below were
written by Keras 3.15 (tests/data/make_keras_ops_graph_files.py), with keras3_ops_graph_summary.txt.
"""
import json
import os
import sys
import zipfile

import numpy as np
import pytest

from framework import keras
from framework.keras import layers, ops

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'data')
sys.path.insert(0, DATA)
import make_keras_ops_graph_files as graph_files  # noqa: E402

KERAS_FILE = os.path.join(DATA, 'keras3_ops_graph.keras')
KERAS_PREDICTIONS = [[-1.7997493743896484, 0.5610294342041016], [1.3725413084030151, -0.2566276788711548]]
# The rows Keras 3.15 printed for graph_files.build (names in the order the walk meets them).
KERAS_ROWS = ['seq (InputLayer)', 'true_divide (TrueDivide)', 'subtract (Subtract)', 'get_item_1 (GetItem)',
              'transpose (Transpose)', 'get_item (GetItem)', 'sum (Sum)', 'true_divide_1 (TrueDivide)',
              'concatenate (Concatenate)', 'add (Add)', 'hidden (Dense)', 'true_divide_2 (TrueDivide)',
              'greater (Greater)', 'multiply (Multiply)', 'mean (Mean)', 'where (Where)', 'get_item_2 (GetItem)',
              'add_1 (Add)', 'cast (Cast)', 'out (Dense)']
KERAS_SHAPES = {'get_item_1': (None, 2, 3), 'transpose': (None, 3, 2), 'get_item': (None, 3), 'mean': (None,),
                'get_item_2': (None, 1), 'where': (None, 5), 'greater': (None, 5)}


@pytest.fixture
def fresh_names():
    keras.backend.clear_session()
    keras.utils.set_random_seed(3)


def _archive_config(path):
    with zipfile.ZipFile(path) as archive:
        return json.loads(archive.read('config.json'))['config']


def _summary(model):
    lines = []
    model.summary(print_fn=lines.append)
    return '\n'.join(lines)


def test_ops_on_inputs_build_keras_graph_and_predictions(fresh_names):
    model = graph_files.build(keras)
    names = [op.name for op in model.operations]
    rows = ['%s (%s)' % (op.name, getattr(op, 'class_name', type(op).__name__)) for op in model.operations]
    assert rows == KERAS_ROWS
    assert [layer.name for layer in model.layers] == ['seq', 'hidden', 'out']       # ops are not layers
    assert len(model.weights) == 4
    for name, shape in KERAS_SHAPES.items():
        assert model.operations[names.index(name)]._inbound_nodes[0].outputs[0].shape == shape
    np.testing.assert_allclose(model.predict(graph_files.PROBE, verbose=0), KERAS_PREDICTIONS, rtol=1e-6)


def test_summary_is_keras_text(fresh_names):
    with open(os.path.join(DATA, 'keras3_ops_graph_summary.txt')) as keras_text:
        assert _summary(graph_files.build(keras)) == keras_text.read()


def test_config_entries_match_the_keras_file(fresh_names):
    ours = json.loads(json.dumps(graph_files.build(keras).get_config()))      # as written: tuples become lists
    theirs = _archive_config(KERAS_FILE)
    mine = {entry['name']: entry for entry in ours['layers']}
    for entry in theirs['layers']:
        if entry['module'].startswith('keras.src.ops'):
            assert {k: mine[entry['name']][k] for k in ('module', 'class_name', 'config', 'registered_name')} == \
                {k: entry[k] for k in ('module', 'class_name', 'config', 'registered_name')}
            assert mine[entry['name']]['inbound_nodes'] == entry['inbound_nodes']


def test_keras_file_with_ops_loads_with_keras_predictions(tmp_path):
    model = keras.models.load_model(KERAS_FILE)
    assert [op.name for op in model.operations] == [row.split(' ')[0] for row in KERAS_ROWS]
    np.testing.assert_allclose(model.predict(graph_files.PROBE, verbose=0), KERAS_PREDICTIONS, rtol=1e-6)
    model.save(tmp_path / 'again.keras')
    again = keras.models.load_model(tmp_path / 'again.keras')
    assert [e['name'] for e in _archive_config(tmp_path / 'again.keras')['layers']] == \
        [e['name'] for e in _archive_config(KERAS_FILE)['layers']]
    np.testing.assert_allclose(again.predict(graph_files.PROBE, verbose=0), KERAS_PREDICTIONS, rtol=1e-6)


def test_gradients_flow_through_op_nodes():
    inputs = keras.Input((3,))
    outputs = layers.Dense(1, kernel_initializer='ones', use_bias=False)(ops.square(inputs) * 2.0)
    model = keras.Model(inputs, outputs)
    import framework as tf
    x = np.array([[1.0, 2.0, 3.0]], np.float32)
    with tf.GradientTape() as tape:
        y = model(x)
    grad = tape.gradient(y, model.trainable_variables)[0]
    np.testing.assert_allclose(grad.numpy().ravel(), 2.0 * x.ravel() ** 2)


@pytest.mark.parametrize('make, shape', [
    (lambda x: ops.reshape(x, (-1, 6)), (None, 6)),
    (lambda x: x.reshape((-1, 2, 3)), (None, 2, 3)),
    (lambda x: ops.transpose(x, (1, 0, 2)), (2, None, 3)),
    (lambda x: ops.sum(x, axis=0), (2, 3)),
    (lambda x: ops.matmul(x, np.ones((3, 4), np.float32)), (None, 2, 4)),
    (lambda x: ops.expand_dims(x, 1), (None, 1, 2, 3)),
    (lambda x: 1.0 - x, (None, 2, 3)),
    (lambda x: abs(-x) ** 2 // 3 % 2, (None, 2, 3)),
    (lambda x: ops.stack([x, x], axis=-1), (None, 2, 3, 2)),
    (lambda x: x[..., None, 0], (None, 2, 1)),
])
def test_free_axes_follow_the_inputs(make, shape):
    assert make(keras.Input((2, 3))).shape == shape


def test_comparisons_and_logic_give_bool_tensors():
    x = keras.Input((3,))
    mask = (x > 0) & ~(x >= 2) | (x != 1) ^ (x < -1)
    assert mask.dtype == 'bool' and mask.shape == (None, 3)
    model = keras.Model(x, ops.cast(mask, 'int32'))
    expected = ((np.array([[-2.0, 0.5, 3.0]]) > 0) & ~(np.array([[-2.0, 0.5, 3.0]]) >= 2)) | (
        (np.array([[-2.0, 0.5, 3.0]]) != 1) ^ (np.array([[-2.0, 0.5, 3.0]]) < -1))
    np.testing.assert_array_equal(model(np.array([[-2.0, 0.5, 3.0]], np.float32)).numpy(), expected.astype(int))


def test_shape_queries_answer_without_recording():
    x = keras.Input((2, 3), name='q')
    assert ops.shape(x) == (None, 2, 3) and ops.dtype(x) == 'float32'
    assert not ops.is_tensor(x)
    # ndim records Keras 3.15's Ndim op: a float32 KerasTensor of shape (rank,) (TF 2.21, kerasops14/s4.py)
    rank = ops.ndim(x)
    assert (rank.shape, rank.dtype) == ((3,), 'float32')


def test_embedding_mask_is_a_not_equal_node_like_keras(fresh_names):
    tokens = keras.Input((5,), dtype='int32', name='tok')
    outputs = layers.LSTM(3)(layers.Embedding(10, 4, mask_zero=True)(tokens))
    model = keras.Model(tokens, outputs)
    # Keras 3.15: tok, embedding, not_equal (NotEqual), lstm; lstm connected to embedding and not_equal.
    assert ['%s (%s)' % (op.name, getattr(op, 'class_name', type(op).__name__)) for op in model.operations] == \
        ['tok (InputLayer)', 'embedding (Embedding)', 'not_equal (NotEqual)', 'lstm (LSTM)']
    assert 'embedding[0][0],' in _summary(model) and 'not_equal[0][0]' in _summary(model)
    lstm = model.get_config()['layers'][3]
    assert lstm['inbound_nodes'][0]['kwargs']['mask']['config']['keras_history'] == ['not_equal', 0, 0]
    probe = np.array([[1, 2, 0, 0, 0]])
    np.testing.assert_allclose(model(probe).numpy(), keras.Sequential(
        [keras.Input((5,), dtype='int32'), model.layers[1], model.layers[2]])(probe).numpy(), rtol=1e-6)


def test_ops_that_run_callers_functions_ask_for_a_layer():
    with pytest.raises(ValueError, match='keras.ops.cond runs your functions.*Lambda'):
        from layers.functional.symbolic_ops import record_op
        record_op('cond', (keras.Input((1,)), lambda: 1, lambda: 2), {})


def test_an_op_that_cannot_take_the_shapes_names_itself_and_them():
    # ((None, 3) @ (None, 4) is (None, 4) to Keras 3: the batch axes may be the matrices' rows and columns;
    # (None, 3) @ (None, 4, 5) fails Keras's own compute_output_spec check, in TF 2.21's words)
    with pytest.raises(ValueError, match=r"^Inner dimensions \(`x1.shape\[-1\]` and `x2.shape\[-2\]`\) must be equal, "
                                         r"but received `x1.shape=\(None, 3\)` and `x2.shape=\(None, 4, 5\)`.$"):
        ops.matmul(keras.Input((3,)), keras.Input((4, 5)))
    # cumsum's compute_output_spec canonicalizes the axis, in TF 2.21's (numpy's) words
    with pytest.raises(ValueError, match=r"^axis 4 is out of bounds for an array with dimension 2."):
        ops.cumsum(keras.Input((3,)), axis=4)


def test_matrix_ops_get_regular_stand_ins():
    # Ones and zeros are singular matrices; inv and cholesky are probed on identities.
    square = keras.Input((3, 3))
    assert ops.inv(square).shape == (None, 3, 3) and ops.cholesky(square).shape == (None, 3, 3)
    model = keras.Model(square, ops.inv(square))
    matrix = np.array([[[2.0, 0, 0], [0, 4.0, 0], [0, 0, 8.0]]], np.float32)
    np.testing.assert_allclose(model(matrix).numpy(), np.linalg.inv(matrix), rtol=1e-6)


def test_a_legacy_h5_file_with_ops_loads_back(tmp_path, fresh_names):
    # Keras 3.15 writes such a file but cannot read it back ("Unknown layer: 'TrueDivide'"): the legacy
    # config names op classes without their module. Here an op class whose config has no 'trainable'
    # (every layer's has) is an op, even where a layer class shares its name (Subtract).
    model = graph_files.build(keras)
    model.save(tmp_path / 'ops.h5')
    again = keras.models.load_model(tmp_path / 'ops.h5')
    assert [op.name for op in again.operations] == [op.name for op in model.operations]
    np.testing.assert_allclose(again.predict(graph_files.PROBE, verbose=0), KERAS_PREDICTIONS, rtol=1e-6)


def test_identity_keeps_an_integer_dtype_in_a_graph():
    # Keras 3's Identity gives its inputs' own specs (compute_output_spec): int32 stays int32.
    assert keras.layers.Identity()(keras.Input((2,), dtype='int32')).dtype == 'int32'


def test_a_strided_conv_in_a_sequential_takes_free_spatial_axes():
    # TF 2.21: (None, None, None, 4); the stand-in run used 1-long spatial axes, which a 4x4/4 window cannot take.
    stack = keras.Sequential([keras.layers.Conv2D(4, 4, strides=4)])
    assert stack(keras.Input((None, None, 3))).shape == (None, None, None, 4)
