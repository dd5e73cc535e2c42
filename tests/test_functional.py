"""The functional API: keras.Input tensors, layers called on them, keras.Model(inputs, outputs).

Golden values come from Keras 3.15 (the reference venv) running the same
programs with the same weights and data, given here as literals.
"""
import json
import os
import shutil

import h5py
import numpy as np
import pytest

import layers
import framework as tf
from framework import keras
from framework.tensor import Tensor
from layers.functional.keras_tensor import KerasTensor


@pytest.fixture(autouse=True)
def fresh_names():
    layers.reset_names()


@pytest.fixture
def terminal_80(monkeypatch):
    """Keras sizes the summary from the terminal; pin it to 80 columns (line length 76)."""
    monkeypatch.setattr(shutil, 'get_terminal_size', lambda fallback=None: os.terminal_size((80, 24)))


def mnist_model():
    inputs = keras.Input(shape=(784,), name='digits')
    x = keras.layers.Dense(64, activation='relu', name='dense_1')(inputs)
    x = keras.layers.Dense(64, activation='relu', name='dense_2')(x)
    outputs = keras.layers.Dense(10, name='predictions')(x)
    return keras.Model(inputs=inputs, outputs=outputs)


def two_input_model():
    """Two inputs, a layer shared between them at two depths, a concatenation, two outputs."""
    a = keras.Input(shape=(3,), name='a')
    b = keras.Input(shape=(2,), name='b')
    shared = keras.layers.Dense(4, name='shared')
    xa = shared(a)
    xb = keras.layers.Dense(3)(b)
    xa2 = shared(xb)
    c = keras.layers.Concatenate()([xa, xa2])
    o1 = keras.layers.Dense(1, name='o1')(c)
    o2 = keras.layers.Dense(2, name='o2')(c)
    return keras.Model([a, b], [o1, o2], name='two')


def test_input_gives_a_symbolic_tensor_and_layers_record_calls():
    inputs = keras.Input(shape=(784,), name='digits')
    assert isinstance(inputs, KerasTensor) and inputs.shape == (None, 784) and inputs.dtype == 'float32'
    assert inputs.name == 'digits' and isinstance(inputs._keras_history[0], keras.InputLayer)
    dense = keras.layers.Dense(64)
    x = dense(inputs)
    assert isinstance(x, KerasTensor) and x.shape == (None, 64) and dense.built
    assert x._keras_history == (dense, 0, 0) and dense.input is inputs and dense.output is x
    assert repr(x) == '<KerasTensor shape=(None, 64), dtype=float32, sparse=False, ragged=False, name=keras_tensor>'


def test_mnist_model_trains_exactly_as_keras():
    model = mnist_model()
    assert type(model).__name__ == 'Functional' and model.name == 'functional'
    assert [layer.name for layer in model.layers] == ['digits', 'dense_1', 'dense_2', 'predictions']
    rng = np.random.default_rng(0)
    model.set_weights([rng.normal(0, 0.05, v.shape).astype('float32') for v in model.weights])
    x, y = rng.random((64, 784)).astype('float32'), rng.integers(0, 10, 64)
    x_val, y_val = rng.random((16, 784)).astype('float32'), rng.integers(0, 10, 16)
    model.compile(optimizer=keras.optimizers.RMSprop(),
                  loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=[keras.metrics.SparseCategoricalAccuracy()])
    history = model.fit(x, y, batch_size=16, epochs=2, shuffle=False, validation_data=(x_val, y_val), verbose=0)
    # keras.Model(inputs, outputs) in Keras 3.15, the same weights, data and calls.
    keras_history = {'loss': [2.3140859603881836, 2.2464258670806885],
                     'sparse_categorical_accuracy': [0.125, 0.1875],
                     'val_loss': [2.372952461242676, 2.439363718032837],
                     'val_sparse_categorical_accuracy': [0.0, 0.0]}
    assert sorted(history.history) == sorted(keras_history)
    for key, values in keras_history.items():
        np.testing.assert_allclose(history.history[key], values, rtol=2e-6, err_msg=key)
    keras_prediction = [0.39858877658843994, -0.5234414339065552, 0.2629052996635437, -0.3127395212650299,
                        -0.22178536653518677, -0.16506007313728333, 0.4029967188835144, 0.06936471909284592,
                        -0.1806565523147583, 0.012003008276224136]
    np.testing.assert_allclose(model.predict(x_val[:2], verbose=0)[0], keras_prediction, rtol=1e-5, atol=1e-6)


def test_two_inputs_through_concatenate_train_exactly_as_keras():
    a, b = keras.Input((3,), name='a'), keras.Input((2,), name='b')
    joined = keras.layers.concatenate([a, b])
    hidden = keras.layers.Dense(4, activation='tanh')(joined)
    model = keras.Model([a, b], keras.layers.Dense(1)(hidden))
    assert joined.shape == (None, 5)
    rng = np.random.default_rng(1)
    model.set_weights([rng.normal(0, 0.5, v.shape).astype('float32') for v in model.weights])
    xa, xb = rng.normal(size=(20, 3)).astype('float32'), rng.normal(size=(20, 2)).astype('float32')
    y = rng.normal(size=(20, 1)).astype('float32')
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss='mse', metrics=['mae'])
    history = model.fit([xa, xb], y, batch_size=5, epochs=3, shuffle=False, verbose=0)
    # Keras 3.15 on the same program.
    np.testing.assert_allclose(history.history['loss'], [0.8063386678695679, 0.628678023815155, 0.5025187730789185],
                               rtol=2e-6)
    np.testing.assert_allclose(history.history['mae'], [0.7452166676521301, 0.6048641204833984, 0.5237509608268738],
                               rtol=2e-6)


def test_shared_layer_graph_order_weights_and_values_match_keras():
    model = two_input_model()
    # Keras 3.15's order (deepest first, ties in the order a walk back from the outputs meets them).
    assert [layer.name for layer in model.layers] == ['b', 'a', 'dense', 'shared', 'concatenate', 'o1', 'o2']
    assert [v.path for v in model.weights] == ['dense/kernel', 'dense/bias', 'shared/kernel', 'shared/bias',
                                               'o1/kernel', 'o1/bias', 'o2/kernel', 'o2/bias']
    assert len(model.get_layer('shared')._inbound_nodes) == 2
    rng = np.random.default_rng(2)
    model.set_weights([rng.normal(size=v.shape).astype('float32') for v in model.weights])
    xa = np.arange(6, dtype='float32').reshape(2, 3) / 5
    xb = np.arange(4, dtype='float32').reshape(2, 2) / 3
    o1, o2 = model([xa, xb])
    # keras.Model.predict on the same weights.
    np.testing.assert_allclose(o1.numpy(), [[4.124699115753174], [6.133260726928711]], rtol=1e-5)
    np.testing.assert_allclose(o2.numpy(), [[0.025319695472717285, -0.6431271433830261],
                                            [-1.2129842042922974, 1.9454624652862549]], rtol=1e-5, atol=1e-6)
    # The same by hand: the shared kernel serves both paths.
    dk, db, sk, sb, k1, b1, k2, b2 = model.get_weights()
    joined = np.concatenate([xa @ sk + sb, (xb @ dk + db) @ sk + sb], axis=1)
    np.testing.assert_allclose(o1.numpy(), joined @ k1 + b1, rtol=1e-5)
    np.testing.assert_allclose(model({'b': xb, 'a': xa})[1].numpy(), o2.numpy())


def test_summary_of_a_chain_matches_keras(terminal_80):
    lines = []
    mnist_model().summary(print_fn=lines.append)
    # keras.Model(...).summary() of the same model, Keras 3.15, 80 columns.
    assert lines == [
        'Model: "functional"\n'
        '┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━┓\n'
        '┃ Layer (type)                    ┃ Output Shape           ┃       Param # ┃\n'
        '┡━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━┩\n'
        '│ digits (InputLayer)             │ (None, 784)            │             0 │\n'
        '├─────────────────────────────────┼────────────────────────┼───────────────┤\n'
        '│ dense_1 (Dense)                 │ (None, 64)             │        50,240 │\n'
        '├─────────────────────────────────┼────────────────────────┼───────────────┤\n'
        '│ dense_2 (Dense)                 │ (None, 64)             │         4,160 │\n'
        '├─────────────────────────────────┼────────────────────────┼───────────────┤\n'
        '│ predictions (Dense)             │ (None, 10)             │           650 │\n'
        '└─────────────────────────────────┴────────────────────────┴───────────────┘\n'
        ' Total params: 55,050 (215.04 KB)\n'
        ' Trainable params: 55,050 (215.04 KB)\n'
        ' Non-trainable params: 0 (0.00 B)\n']


def test_summary_of_a_graph_has_keras_connected_to_column(terminal_80):
    lines = []
    two_input_model().summary(print_fn=lines.append)
    # Keras 3.15, 80 columns.
    assert lines == [
        'Model: "two"\n'
        '┏━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━┓\n'
        '┃ Layer (type)        ┃ Output Shape      ┃    Param # ┃ Connected to      ┃\n'
        '┡━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━┩\n'
        '│ b (InputLayer)      │ (None, 2)         │          0 │ -                 │\n'
        '├─────────────────────┼───────────────────┼────────────┼───────────────────┤\n'
        '│ a (InputLayer)      │ (None, 3)         │          0 │ -                 │\n'
        '├─────────────────────┼───────────────────┼────────────┼───────────────────┤\n'
        '│ dense (Dense)       │ (None, 3)         │          9 │ b[0][0]           │\n'
        '├─────────────────────┼───────────────────┼────────────┼───────────────────┤\n'
        '│ shared (Dense)      │ (None, 4)         │         16 │ a[0][0],          │\n'
        '│                     │                   │            │ dense[0][0]       │\n'
        '├─────────────────────┼───────────────────┼────────────┼───────────────────┤\n'
        '│ concatenate         │ (None, 8)         │          0 │ shared[0][0],     │\n'
        '│ (Concatenate)       │                   │            │ shared[1][0]      │\n'
        '├─────────────────────┼───────────────────┼────────────┼───────────────────┤\n'
        '│ o1 (Dense)          │ (None, 1)         │          9 │ concatenate[0][0] │\n'
        '├─────────────────────┼───────────────────┼────────────┼───────────────────┤\n'
        '│ o2 (Dense)          │ (None, 2)         │         18 │ concatenate[0][0] │\n'
        '└─────────────────────┴───────────────────┴────────────┴───────────────────┘\n'
        ' Total params: 52 (208.00 B)\n'
        ' Trainable params: 52 (208.00 B)\n'
        ' Non-trainable params: 0 (0.00 B)\n']


def _tensor_config(shape, source):
    return {'class_name': '__keras_tensor__', 'config': {'shape': shape, 'dtype': 'float32', 'keras_history': source}}


def test_config_has_keras_graph_layout_and_round_trips():
    model = two_input_model()
    config = json.loads(json.dumps(model.get_config()))
    # Keras 3.15's get_config() of the same model (after JSON), graph fields.
    call = lambda *tensors: {'args': list(tensors), 'kwargs': {}}      # noqa: E731
    assert [(entry['name'], entry['class_name'], entry['inbound_nodes']) for entry in config['layers']] == [
        ('b', 'InputLayer', []), ('a', 'InputLayer', []),
        ('dense', 'Dense', [call(_tensor_config([None, 2], ['b', 0, 0]))]),
        ('shared', 'Dense', [call(_tensor_config([None, 3], ['a', 0, 0])),
                             call(_tensor_config([None, 3], ['dense', 0, 0]))]),
        ('concatenate', 'Concatenate', [call([_tensor_config([None, 4], ['shared', 0, 0]),
                                              _tensor_config([None, 4], ['shared', 1, 0])])]),
        ('o1', 'Dense', [call(_tensor_config([None, 8], ['concatenate', 0, 0]))]),
        ('o2', 'Dense', [call(_tensor_config([None, 8], ['concatenate', 0, 0]))])]
    assert config['input_layers'] == [['a', 0, 0], ['b', 0, 0]]
    assert config['output_layers'] == [['o1', 0, 0], ['o2', 0, 0]]
    assert config['name'] == 'two' and config['trainable'] is True

    rebuilt = keras.Model.from_config(dict(config))     # (Keras 3 pops the keys of the dict it is given)
    assert type(rebuilt) is type(model) and rebuilt.name == 'two'
    assert [layer.name for layer in rebuilt.layers] == [layer.name for layer in model.layers]
    assert json.loads(json.dumps(rebuilt.get_config())) == config
    rebuilt.set_weights(model.get_weights())
    x = [np.ones((2, 3), 'float32'), np.full((2, 2), 0.5, 'float32')]
    for got, want in zip(rebuilt(x), model(x)):
        np.testing.assert_array_equal(got.numpy(), want.numpy())


def test_config_of_a_single_input_is_one_triple_and_counts_only_own_calls():
    inputs = keras.Input((3,), name='x')
    dense = keras.layers.Dense(2, name='d')
    dense(keras.Input((3,), name='elsewhere'))          # a call in another graph
    model = keras.Model(inputs, dense(inputs))
    config = model.get_config()
    assert config['input_layers'] == ['x', 0, 0] and config['output_layers'] == ['d', 0, 0]
    assert [entry['name'] for entry in config['layers']] == ['x', 'd']
    assert len(config['layers'][1]['inbound_nodes']) == 1


@pytest.mark.parametrize('suffix', ['.keras', '.h5'])
def test_save_and_load_model_round_trip(tmp_path, suffix):
    model = two_input_model()
    model.compile(optimizer='adam', loss='mean_squared_error')      # ('mse' does not compile from .h5 in Keras 3.15)
    x = [np.ones((4, 3), 'float32'), np.ones((4, 2), 'float32')]
    model.fit(x, [np.ones((4, 1)), np.zeros((4, 2))], verbose=0)
    path = str(tmp_path / ('model' + suffix))
    model.save(path)
    loaded = keras.models.load_model(path)
    assert type(loaded).__name__ == 'Functional' and [layer.name for layer in loaded.layers] == \
        [layer.name for layer in model.layers]
    for got, want in zip(loaded(x), model(x)):
        np.testing.assert_array_equal(got.numpy(), want.numpy())
    assert int(loaded.optimizer.iterations.numpy()) == 1


def test_weights_file_has_keras_layout(tmp_path):
    model = two_input_model()
    path = str(tmp_path / 'two.weights.h5')
    model.save_weights(path)
    with h5py.File(path, 'r') as f:
        names = []
        f.visit(names.append)
    # What keras.Model(...).save_weights writes for the same model (Keras 3.15).
    assert sorted(names) == sorted([
        'layers', 'layers/concatenate', 'layers/concatenate/vars', 'layers/dense', 'layers/dense/vars',
        'layers/dense/vars/0', 'layers/dense/vars/1', 'layers/dense_1', 'layers/dense_1/vars', 'layers/dense_1/vars/0',
        'layers/dense_1/vars/1', 'layers/dense_2', 'layers/dense_2/vars', 'layers/dense_2/vars/0',
        'layers/dense_2/vars/1', 'layers/dense_3', 'layers/dense_3/vars', 'layers/dense_3/vars/0',
        'layers/dense_3/vars/1', 'layers/input_layer', 'layers/input_layer/vars', 'layers/input_layer_1',
        'layers/input_layer_1/vars', 'vars'])
    other = two_input_model()
    other.load_weights(path)
    for got, want in zip(other.get_weights(), model.get_weights()):
        np.testing.assert_array_equal(got, want)


def test_output_not_connected_to_the_inputs_names_the_tensor():
    used, unused = keras.Input((3,), name='used'), keras.Input((3,), name='forgotten')
    out = keras.layers.Dense(2, name='head')(keras.layers.Concatenate()([used, unused]))
    with pytest.raises(ValueError, match=r"output tensor '%s' .*layer 'head'.* Input 'forgotten'.*\['used'\]"
                       % out.name):
        keras.Model(used, out)


def test_calling_with_the_wrong_number_of_inputs_names_the_model_and_counts():
    model = two_input_model()
    # Keras 3's InputSpec texts (TF 2.21, grid12 xerr.py)
    with pytest.raises(ValueError, match=r'^Layer "two" expects 2 named input\(s\) with keys \[\'a\', \'b\'\], but it '
                                         r'received 1 input tensors'):
        model([np.ones((1, 3))])
    with pytest.raises(ValueError, match=r'^Missing data for input "b"\. You passed a data dictionary with keys \[\'a\'\]'):
        model({'a': np.ones((1, 3))})


@pytest.mark.parametrize('make, message', [
    (lambda x: keras.Model(np.ones(3), keras.layers.Dense(1)(x)),
     r'^All `inputs` values must be KerasTensors\. Received: inputs=\[1\. 1\. 1\.\] including invalid value'),
    (lambda x: keras.Model(x, np.ones(3)), r'^All `outputs` values must be KerasTensors\. Received: outputs='),
    # Keras 3 clones the start; TF 2.21's words
    (lambda x: keras.Model(keras.layers.Dense(2)(x), x), r'^Output with path `` is not connected to `inputs`'),
    (lambda x: keras.Model(x, keras.layers.Dense(1, name='d')(keras.layers.Dense(1, name='d')(x))),
     r'^The name "d" is used 2 times in the model\. All operation names should be unique\.\n'),
])
def test_bad_graphs_are_refused_with_the_reason(make, message):
    with pytest.raises(ValueError, match=message):
        make(keras.Input((3,)))


def test_symbolic_tensors_have_no_values():
    x = keras.Input((3,), name='x')
    # As Keras 3: ValueError, for numpy and for framework (TensorFlow) functions alike, with Keras's
    # texts (tests/test_handson7_parity_keras_tensor_values.py); tapeflow's notes name the tensor and op.
    with pytest.raises(ValueError, match="You cannot convert it to a NumPy array") as info:
        np.asarray(x)
    assert "KerasTensor 'x' (shape (None, 3))" in info.value.__notes__[0]
    with pytest.raises(ValueError, match="cannot be used as input to a TensorFlow function") as info:
        tf.square(x)
    assert info.value.__notes__[-1] == 'raised by square'
    with pytest.raises(TypeError, match='cannot be used as a boolean'):
        bool(x)
    with pytest.raises(AttributeError, match='The layer never has never been called and thus has no defined output'):
        keras.layers.Dense(1, name='never').output


def test_sequential_still_takes_a_leading_input():
    model = keras.Sequential([keras.Input((8,)), keras.layers.Dense(3)])
    assert model.built and model.output_shape == (None, 3) and len(model.layers) == 1


def test_nested_models_and_sequential_inside_a_graph():
    inner_input = keras.Input((3,))
    inner = keras.Model(inner_input, keras.layers.Dense(2)(inner_input), name='inner')
    stack = keras.Sequential([keras.layers.Dense(5)], name='stack')
    x = keras.Input((3,), name='outer_input')
    out = keras.layers.Dense(1)(stack(inner(x)))
    model = keras.Model(x, out)
    assert [layer.name for layer in model.layers] == ['outer_input', 'inner', 'stack', 'dense_2']
    assert len(model.trainable_weights) == 6 and out.shape == (None, 1)
    rebuilt = keras.Model.from_config(json.loads(json.dumps(model.get_config())))
    rebuilt.set_weights(model.get_weights())
    data = np.ones((2, 3), 'float32')
    np.testing.assert_allclose(rebuilt(data).numpy(), model(data).numpy())


class _Halves(keras.layers.Layer):
    """No compute_output_shape: the functional API finds the shapes by running it on zeros."""

    def call(self, x):
        return [x[:, :2], x[:, 2:] * 2.0]


def test_layer_without_compute_output_shape_and_several_outputs():
    x = keras.Input((5,))
    first, second = _Halves()(x)
    assert first.shape == (None, 2) and second.shape == (None, 3)
    model = keras.Model(x, [keras.layers.Dense(1)(first), second])
    data = np.arange(10, dtype='float32').reshape(2, 5)
    out = model(data)
    assert isinstance(out, list) and out[0].shape == (2, 1)
    np.testing.assert_array_equal(out[1].numpy(), data[:, 2:] * 2)


def test_training_reaches_the_layers_and_shape_inference_leaves_state_alone():
    x = keras.Input((4,))
    norm = keras.layers.BatchNormalization()
    model = keras.Model(x, keras.layers.Dropout(0.5)(norm(x)))
    assert np.all(norm.moving_mean.numpy() == 0)
    data = np.random.default_rng(0).normal(size=(16, 4)).astype('float32')
    np.testing.assert_array_equal(model(data).numpy(), model(data).numpy())
    trained = model(data, training=True).numpy()
    assert (trained == 0).mean() > 0.2 and not np.all(norm.moving_mean.numpy() == 0)


def test_dict_inputs_integer_inputs_and_frozen_model():
    ids = keras.Input((6,), dtype='int32', name='ids')
    extra = keras.Input((2,), name='extra')
    embedded = keras.layers.Flatten()(keras.layers.Embedding(10, 3)(ids))
    joined = keras.layers.concatenate([embedded, extra])
    model = keras.Model({'ids': ids, 'extra': extra}, keras.layers.Dense(1)(joined), trainable=False)
    out = model({'ids': np.arange(12).reshape(2, 6) % 10, 'extra': np.ones((2, 2))})
    assert isinstance(out, Tensor) and out.shape == (2, 1)
    # TF 2.21: the model's own flag; its layers keep theirs (kerasio29's t10c_trainable_kw.py)
    assert model.trainable_weights == [] and all(layer.trainable for layer in model.layers)
    # TF 2.21: Keras maps input_shape over the flat inputs, a list in sorted-key order
    assert model.input_shape == [(None, 2), (None, 6)] and model.output_shape == (None, 1)
    assert model.get_layer(index=0).name in ('ids', 'extra')
    with pytest.raises(ValueError, match=r"No such layer: nope. Existing layers are: \["):
        model.get_layer('nope')


def test_model_subclass_may_pass_inputs_to_model_init_as_in_keras_3():
    class Wrapped(keras.Model):
        def __init__(self):
            x = keras.Input((2,))
            super().__init__(x, keras.layers.Dense(1)(x))
    wrapped = Wrapped()
    assert isinstance(wrapped, layers.Functional) and wrapped(np.ones((3, 2))).shape == (3, 1)

    class Subgraph(layers.Functional):
        def __init__(self, **kwargs):
            x = keras.Input((2,))
            super().__init__(x, keras.layers.Dense(1)(x), **kwargs)
    assert Subgraph(name='sub')(np.ones((3, 2))).shape == (3, 1)
