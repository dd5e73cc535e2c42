"""keras.activations on a functional model's KerasTensors record Keras 3's op nodes.

The keras.io "memory-efficient embeddings" example writes ``keras.activations.sigmoid(logits) * 5``
on KerasTensors; Keras 3's activations are keras.ops calls, so each records an Operation.
Goldens (op class, module, config) from TF 2.21 + Keras 3 (/work/notes/progs/kerasio9/d4b.py, d4c.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

# activation -> (Keras's op class, its module's last part, the config Keras writes besides the name)
_GOLDEN = {
    'relu': ('ReLU', 'activations.activations', {'negative_slope': 0.0, 'max_value': None, 'threshold': 0.0}),
    'sigmoid': ('Sigmoid', 'ops.nn', {}), 'tanh': ('Tanh', 'ops.numpy', {}),
    'softmax': ('Softmax', 'ops.nn', {'axis': -1}), 'gelu': ('Gelu', 'ops.nn', {'approximate': False}),
    'elu': ('Elu', 'ops.nn', {'alpha': 1.0}), 'selu': ('Selu', 'ops.nn', {}),
    'softplus': ('Softplus', 'ops.nn', {}), 'softsign': ('Softsign', 'ops.nn', {}),
    'silu': ('Silu', 'ops.nn', {}), 'swish': ('Silu', 'ops.nn', {}), 'exponential': ('Exp', 'ops.numpy', {}),
    'hard_sigmoid': ('HardSigmoid', 'ops.nn', {}), 'log_softmax': ('LogSoftmax', 'ops.nn', {'axis': -1}),
    'relu6': ('Relu6', 'ops.nn', {}), 'leaky_relu': ('LeakyRelu', 'ops.nn', {'negative_slope': 0.2}),
    'celu': ('Celu', 'ops.nn', {'alpha': 1.0}), 'glu': ('Glu', 'ops.nn', {'axis': -1}),
    'tanh_shrink': ('TanhShrink', 'ops.nn', {}), 'hard_tanh': ('HardTanh', 'ops.nn', {}),
    'soft_shrink': ('SoftShrink', 'ops.nn', {'threshold': 0.5}),
    'hard_shrink': ('HardShrink', 'ops.nn', {'threshold': 0.5}),
    'sparse_plus': ('SparsePlus', 'ops.nn', {}), 'log_sigmoid': ('LogSigmoid', 'ops.nn', {}),
}


@pytest.mark.parametrize('name', sorted(_GOLDEN))
def test_activation_on_keras_tensor_records_keras_op(name):
    keras.backend.clear_session()
    fn = getattr(keras.activations, name)
    x = keras.Input((4,))
    y = fn(x)
    model = keras.Model(x, y)
    entry = model.get_config()['layers'][1]
    class_name, module, config = _GOLDEN[name]
    assert (entry['class_name'], entry['module']) == (class_name, 'keras.src.' + module)
    assert {k: v for k, v in entry['config'].items() if k != 'name'} == config
    data = np.linspace(-3, 3, 8, dtype='float32').reshape(2, 4)
    np.testing.assert_array_equal(np.asarray(model(data)), np.asarray(fn(tf.constant(data))))


def test_node_names_follow_keras():
    keras.backend.clear_session()
    x = keras.Input((4,))
    y = keras.activations.get('sigmoid')(x) * 5
    z = keras.activations.relu(x)
    model = keras.Model(x, [y, z])
    assert [layer['name'] for layer in model.get_config()['layers'][1:]] == ['sigmoid', 'multiply', 're_lu']


def test_relu_settings_survive_a_config_round_trip():
    keras.backend.clear_session()
    x = keras.Input((4,))
    model = keras.Model(x, keras.activations.relu(x, max_value=2.0))
    assert model.get_config()['layers'][1]['config'] == {'name': 're_lu', 'negative_slope': 0.0,
                                                          'max_value': 2.0, 'threshold': 0.0}
    again = keras.Model.from_config(model.get_config())
    out = again(np.array([[-1, 1, 3, 0.5]], 'float32'))
    np.testing.assert_array_equal(np.asarray(out), [[0.0, 1.0, 2.0, 0.5]])


def test_settings_by_keyword_reach_the_op():
    keras.backend.clear_session()
    x = keras.Input((4,))
    model = keras.Model(x, keras.activations.celu(x, alpha=2.0))
    assert model.get_config()['layers'][1]['config']['alpha'] == 2.0
    assert keras.Model(x, keras.ops.celu(x, alpha=3.0)).get_config()['layers'][1]['config']['alpha'] == 3.0


def test_wrong_call_keeps_pythons_error():
    x = keras.Input((4,))
    with pytest.raises(TypeError, match=r"threshold\(\) missing 2 required positional arguments"):
        keras.activations.threshold(x)


@pytest.mark.parametrize('name', ['mish', 'hard_silu', 'sparsemax'])
def test_activations_that_convert_first_still_refuse_keras_tensors(name):
    # Keras 3 converts the input to a tensor first in these: ValueError (a KerasTensor has no value)
    with pytest.raises(ValueError, match='KerasTensor cannot be used as input'):
        getattr(keras.activations, name)(keras.Input((4,)))


def test_symbolic_string_lookup_without_oov_builds():
    # num_oov_indices=0 on a string Input: Keras traces it symbolically; only real inputs are checked
    keras.backend.clear_session()
    inp = keras.Input(shape=(), dtype=tf.string)
    lookup = keras.layers.StringLookup(vocabulary=['a', 'b'], mask_token=None, num_oov_indices=0)
    out = keras.layers.Embedding(2, 3)(lookup(inp))
    model = keras.Model(inp, out)
    assert model.output_shape == (None, 3)
    assert np.asarray(model(tf.constant(['b', 'a']))).shape == (2, 3)
    with pytest.raises(tf.errors.InvalidArgumentError, match='num_oov_indices=0'):
        model(tf.constant(['c']))
