"""SimpleRNN, LSTM, GRU, RNN and Bidirectional against Keras 3.15 (TensorFlow 2.21).

Golden values were printed by Keras 3.15 running the same program with the
same weights (``_set_weights``: N(0, 0.5^2) draws from default_rng(2) in
``get_weights()`` order), so they pin Keras's formulas, gate orders and
weight layouts; gradients are checked against central differences in float64.
"""
import os

import h5py
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.gradient_check import numerical_vjp
from layers.recurrent.time_steps import time_steps

L = keras.layers
DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'data')


def _inputs():
    return (np.random.default_rng(1).standard_normal((2, 4, 3)) * 0.8).astype('float32')


def _set_weights(layer, seed=2):
    rng = np.random.default_rng(seed)
    layer.set_weights([(rng.standard_normal(w.shape) * 0.5).astype(w.dtype) for w in layer.get_weights()])


# Printed by Keras 3.15: layer(_inputs()) after _set_weights(layer), each output raveled.
KERAS_OUTPUTS = [
    ('SimpleRNN(2)', [[0.6550865, 0.2600165, 0.7539885, -0.707944]]),
    ("SimpleRNN(2, return_sequences=True, go_backwards=True, activation='relu')", [[
        0.8998997, 0.0056741, 0.4689865, 0.0, 0.4856774, 0.0, 0.5380158, 0.0, 0.9788537, 0.0, 0.3187402,
        0.641837, 0.3553546, 0.0, 0.0551192, 0.0746476]]),
    ('LSTM(2)', [[0.0048723, 0.3176853, -0.1642546, 0.2276017]]),
    ('LSTM(2, return_sequences=True, return_state=True)', [
        [-0.0087056, 0.166138, -0.2476656, -0.0262551, -0.2055002, 0.0900591, 0.0048723, 0.3176853, -0.1626086,
         0.0729207, -0.0103794, 0.3284459, -0.1611784, 0.3031488, -0.1642546, 0.2276017],
        [0.0048723, 0.3176853, -0.1642546, 0.2276017], [0.0109178, 0.4961217, -0.3325617, 0.3659757]]),
    ("LSTM(2, go_backwards=True, use_bias=False, recurrent_activation='hard_sigmoid')",
     [[0.0110957, -0.0987204, -0.1162768, -0.0815352]]),
    ('GRU(2, return_state=True)', [[0.192146, 0.2708179, 0.1506045, 0.1826306],
                                   [0.192146, 0.2708179, 0.1506045, 0.1826306]]),
    ('GRU(2, reset_after=False, return_sequences=True)', [[
        0.2701846, 0.0545109, -0.0271936, -0.2048041, 0.0447728, -0.1829086, 0.2176011, 0.0427814, -0.2074078,
        -0.0242363, 0.0389922, 0.190811, -0.2274918, -0.0200929, 0.1422361, -0.1781572]]),
    ('GRU(2, go_backwards=True, use_bias=False)', [[0.2172257, -0.142881, -0.2425199, -0.0450658]]),
    ('Bidirectional(LSTM(2, return_sequences=True))', [[
        -0.0087056, 0.166138, 0.2880063, -0.0514096, -0.2476656, -0.0262551, 0.2521102, -0.1019375, -0.2055002,
        0.0900591, 0.1928715, -0.0940994, 0.0048723, 0.3176853, 0.1196261, -0.0509049, -0.1626086, 0.0729207,
        -0.0208027, -0.1219621, -0.0103794, 0.3284459, 0.0823426, -0.0546193, -0.1611784, 0.3031488, 0.1314959,
        -0.10099, -0.1642546, 0.2276017, 0.3370204, -0.0773273]]),
    ("Bidirectional(GRU(2, return_state=True), merge_mode='sum')", [
        [0.2650074, 0.8692837, 0.0963975, 0.7200336], [0.192146, 0.2708179, 0.1506045, 0.1826306],
        [0.0728614, 0.5984657, -0.054207, 0.537403]]),
]


@pytest.mark.parametrize('source, expected', KERAS_OUTPUTS, ids=[c[0] for c in KERAS_OUTPUTS])
def test_outputs_match_keras(source, expected, backend):
    layer = eval(source, {name: getattr(L, name) for name in ('SimpleRNN', 'LSTM', 'GRU', 'Bidirectional')})
    x = _inputs()
    layer(x)
    _set_weights(layer)
    out = layer(x)
    outs = out if isinstance(out, tuple) else (out,)
    assert len(outs) == len(expected)
    for o, e in zip(outs, expected):
        assert backend.holds(o)
        np.testing.assert_allclose(o.numpy().ravel(), e, atol=1e-6)


@pytest.mark.parametrize('layer, shapes, paths', [
    (lambda: L.SimpleRNN(4), [(3, 4), (4, 4), (4,)], ['simple_rnn_cell/kernel', 'simple_rnn_cell/recurrent_kernel',
                                                       'simple_rnn_cell/bias']),
    (lambda: L.LSTM(4), [(3, 16), (4, 16), (16,)], ['lstm_cell/kernel', 'lstm_cell/recurrent_kernel',
                                                     'lstm_cell/bias']),
    (lambda: L.GRU(4), [(3, 12), (4, 12), (2, 12)], ['gru_cell/kernel', 'gru_cell/recurrent_kernel', 'gru_cell/bias']),
    (lambda: L.GRU(4, reset_after=False, use_bias=False), [(3, 12), (4, 12)],
     ['gru_cell/kernel', 'gru_cell/recurrent_kernel']),
], ids=['simple_rnn', 'lstm', 'gru', 'gru_reset_before'])
def test_weights_have_keras_shapes_order_and_paths(layer, shapes, paths):
    layer = layer()
    layer(np.zeros((2, 5, 3), np.float32))
    assert [tuple(w.shape) for w in layer.get_weights()] == shapes
    assert [w.path for w in layer.weights] == ['%s/%s' % (layer.name, p) for p in paths]


def test_bidirectional_weights_are_forward_then_backward():
    layer = L.Bidirectional(L.LSTM(2, name='words'))
    layer(np.zeros((1, 3, 4), np.float32))
    assert [w.path for w in layer.weights] == [
        '%s/%s_words/lstm_cell/%s' % (layer.name, side, name)
        for side in ('forward', 'backward') for name in ('kernel', 'recurrent_kernel', 'bias')]
    assert layer.backward_layer.go_backwards and not layer.forward_layer.go_backwards


def test_initial_weights_follow_keras_initializers():
    layer = L.LSTM(3)
    layer(np.zeros((2, 4, 5), np.float32))
    kernel, recurrent, bias = layer.get_weights()
    np.testing.assert_array_equal(bias, [0] * 3 + [1] * 3 + [0] * 6)         # unit_forget_bias
    np.testing.assert_allclose(recurrent @ recurrent.T, np.eye(3), atol=1e-6)  # orthogonal rows
    assert recurrent.flags.c_contiguous          # (a Fortran-ordered kernel made every step's matmul slow)
    limit = np.sqrt(6 / (5 + 12))                                              # glorot_uniform
    assert np.abs(kernel).max() <= limit


# Printed by Keras 3.15 for the models below with _set_weights(model, seed=0) and data(kind):
# predict(x[:2]), then fit with SGD(0.1), batch 4, 3 epochs, shuffle=False.
KERAS_FITS = {
    'embedding_lstm': ([0.393412, 0.306477, 0.300111, 0.397824, 0.274275, 0.327901],
                       {'accuracy': [0.583333, 0.583333, 0.583333], 'loss': [1.036929, 1.019991, 1.006572]}),
    'gru_sequences': ([-0.068986, -0.282408],
                      {'loss': [1.941327, 1.640802, 1.496785], 'mae': [0.980177, 0.951444, 0.910814]}),
    'gru_reset_before': ([0.119971, 0.082869],
                         {'loss': [1.457496, 1.237513, 1.12986], 'mae': [0.856355, 0.819743, 0.787283]}),
    'simple_rnn': ([-0.988034, -0.604525],
                   {'loss': [1.965291, 1.631607, 1.566757], 'mae': [1.044922, 0.928073, 0.936628]}),
    'bidirectional': ([0.471788, 0.286214, 0.241999, 0.484106, 0.288536, 0.227358],
                      {'accuracy': [0.583333, 0.583333, 0.583333], 'loss': [1.004355, 0.992733, 0.984804]}),
}


def _fit_model(name):
    ints = keras.Input((6,), dtype='int32')
    seq = keras.Input((6, 3))
    return {
        'embedding_lstm': lambda: keras.Sequential([ints, L.Embedding(10, 4), L.LSTM(5),
                                                    L.Dense(3, activation='softmax')]),
        'gru_sequences': lambda: keras.Sequential([seq, L.GRU(4, return_sequences=True),
                                                   L.GlobalAveragePooling1D(), L.Dense(1)]),
        'gru_reset_before': lambda: keras.Sequential([seq, L.GRU(4, reset_after=False, go_backwards=True),
                                                      L.Dense(1)]),
        'simple_rnn': lambda: keras.Sequential([seq, L.SimpleRNN(4, return_sequences=True), L.SimpleRNN(3),
                                                L.Dense(1)]),
        'bidirectional': lambda: keras.Sequential([ints, L.Embedding(10, 3),
                                                   L.Bidirectional(L.LSTM(3, return_sequences=True)),
                                                   L.Bidirectional(L.GRU(2), merge_mode='sum'),
                                                   L.Dense(3, activation='softmax')]),
    }[name]()


def _fit_data(classify):
    rng = np.random.default_rng(5)
    if classify:
        return rng.integers(0, 10, (12, 6)).astype('int32'), rng.integers(0, 3, 12)
    return rng.standard_normal((12, 6, 3)).astype('float32'), rng.standard_normal((12, 1)).astype('float32')


@pytest.mark.parametrize('name', sorted(KERAS_FITS))
def test_predictions_and_fit_history_match_keras(name):
    expected_predictions, expected_history = KERAS_FITS[name]
    classify = 'accuracy' in expected_history
    x, y = _fit_data(classify)
    model = _fit_model(name)
    _set_weights(model, seed=0)
    model.compile(optimizer=keras.optimizers.SGD(0.1), metrics=['accuracy' if classify else 'mae'],
                  loss='sparse_categorical_crossentropy' if classify else 'mse')
    np.testing.assert_allclose(model.predict(x[:2], verbose=0).ravel(), expected_predictions, atol=2e-6)
    history = model.fit(x, y, batch_size=4, epochs=3, shuffle=False, verbose=0).history
    assert sorted(history) == sorted(expected_history)
    for key, values in expected_history.items():
        np.testing.assert_allclose(history[key], values, atol=2e-6)


@pytest.mark.parametrize('make', [
    lambda: L.SimpleRNN(2, return_sequences=True, dtype='float64'),
    lambda: L.LSTM(2, go_backwards=True, dtype='float64'),
    lambda: L.LSTM(2, return_sequences=True, return_state=True, dtype='float64'),
    lambda: L.GRU(2, return_sequences=True, dtype='float64'),
    lambda: L.GRU(2, reset_after=False, go_backwards=True, return_sequences=True, dtype='float64'),
    lambda: L.Bidirectional(L.GRU(2, return_sequences=True, dtype='float64'), merge_mode='mul', dtype='float64'),
], ids=['simple_rnn', 'lstm_backwards', 'lstm_states', 'gru', 'gru_reset_before', 'bidirectional'])
def test_gradients_match_central_differences(make):
    """Back-propagation through 5 steps (enough to cut the sequence in halves twice),
    for the input and every weight, against central differences of a weighted sum."""
    layer = make()
    x = np.random.default_rng(3).standard_normal((2, 5, 3))
    layer(x)
    _set_weights(layer)
    weights = layer.get_weights()

    def flat(out):
        parts = out if isinstance(out, tuple) else (out,)
        return tf.concat([tf.reshape(p, [-1]) for p in parts], 0)

    x_t = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(x_t)
        out = flat(layer(x_t))
    seed = np.random.default_rng(4).standard_normal(out.shape)
    analytic = tape.gradient(out, [x_t] + layer.trainable_weights, output_gradients=tf.constant(seed))

    def f(x, *ws):
        layer.set_weights([w.numpy() for w in ws])
        return flat(layer(x))
    numeric = numerical_vjp(f, [x] + weights, seed)
    for a, n in zip(analytic, numeric):
        np.testing.assert_allclose(a.numpy(), n, atol=1e-7, rtol=1e-6)


@pytest.mark.parametrize('steps', [1, 2, 5, 8])
def test_time_steps_are_the_slices_in_order_with_the_same_gradient(steps):
    x = tf.constant(np.random.default_rng(0).standard_normal((2, steps, 3)))
    weights = [float(i + 1) for i in range(steps)]
    for reverse in (False, True):
        with tf.GradientTape() as tape:
            tape.watch(x)
            parts = time_steps(x, reverse)
            loss = tf.add_n([tf.reduce_sum(p * w) for p, w in zip(parts, weights)])
        order = range(steps)[::-1] if reverse else range(steps)
        for part, t in zip(parts, order):
            np.testing.assert_array_equal(part.numpy(), x.numpy()[:, t])
        expected = np.broadcast_to(np.array([weights[list(order).index(t)] for t in range(steps)])[None, :, None],
                                   (2, steps, 3))
        np.testing.assert_array_equal(tape.gradient(loss, x).numpy(), expected)
    assert [p.numpy().tolist() for p in time_steps(x)] == [x.numpy()[:, t].tolist() for t in range(steps)]


@pytest.mark.parametrize('make', [lambda: L.LSTM(3, return_sequences=True, return_state=True),
                                  lambda: L.GRU(3, return_sequences=True, return_state=True),
                                  lambda: L.SimpleRNN(3, return_sequences=True, return_state=True)],
                         ids=['lstm', 'gru', 'simple_rnn'])
def test_final_states_continue_the_sequence(make):
    layer = make()
    x = np.random.default_rng(0).standard_normal((2, 7, 4)).astype('float32')
    whole, *_ = layer(x)
    first, *states = layer(x[:, :3])
    rest, *_ = layer(x[:, 3:], initial_state=states)
    np.testing.assert_allclose(np.concatenate([first.numpy(), rest.numpy()], 1), whole.numpy(), atol=1e-6)


def test_rnn_wraps_built_in_and_custom_cells():
    x = _inputs()
    lstm = L.LSTM(2, return_sequences=True)
    lstm(x)
    _set_weights(lstm)
    generic = L.RNN(L.LSTMCell(2), return_sequences=True)
    generic(x)
    generic.set_weights(lstm.get_weights())
    np.testing.assert_allclose(generic(x).numpy(), lstm(x).numpy(), atol=1e-7)

    class MinimalCell(L.Layer):          # Keras's documented example of a user cell
        def __init__(self, units, **kwargs):
            super().__init__(**kwargs)
            self.units = units
            self.state_size = units

        def build(self, input_shape):
            self.kernel = self.add_weight(shape=(input_shape[-1], self.units), name='kernel')
            self.recurrent_kernel = self.add_weight(shape=(self.units, self.units), name='recurrent_kernel')

        def call(self, inputs, states):
            output = tf.matmul(inputs, self.kernel) + tf.matmul(states[0], self.recurrent_kernel)
            return output, [output]

    rnn = L.RNN(MinimalCell(2), go_backwards=True)
    out = rnn(x).numpy()
    k, r = (w.numpy() for w in rnn.weights)
    h = np.zeros((2, 2), np.float32)
    for t in reversed(range(4)):
        h = x[:, t] @ k + h @ r
    np.testing.assert_allclose(out, h, atol=1e-6)
    assert [w.path for w in rnn.weights] == ['%s/minimal_cell/kernel' % rnn.name,
                                             '%s/minimal_cell/recurrent_kernel' % rnn.name]


def test_dropout_applies_only_in_training_and_keeps_gradients():
    x = _inputs()
    plain = L.GRU(3, return_sequences=True)
    dropped = L.GRU(3, return_sequences=True, dropout=0.5, recurrent_dropout=0.5, seed=1)
    plain(x)
    dropped(x)
    _set_weights(plain)
    dropped.set_weights(plain.get_weights())
    np.testing.assert_allclose(dropped(x).numpy(), plain(x).numpy(), atol=1e-7)
    np.testing.assert_allclose(dropped(x, training=False).numpy(), plain(x).numpy(), atol=1e-7)
    with tf.GradientTape() as tape:
        out = dropped(x, training=True)
        loss = tf.reduce_sum(out * out)
    assert not np.allclose(out.numpy(), plain(x).numpy())
    grads = tape.gradient(loss, dropped.trainable_weights)
    assert all(g is not None and np.isfinite(g.numpy()).all() for g in grads)


# The config keys Keras 3.15 prints for each layer (values as in Keras for the defaults).
KERAS_CONFIG_KEYS = {
    'SimpleRNN': ['activation', 'activity_regularizer', 'bias_constraint', 'bias_initializer', 'bias_regularizer',
                  'dropout', 'dtype', 'go_backwards', 'kernel_constraint', 'kernel_initializer',
                  'kernel_regularizer', 'name', 'recurrent_constraint', 'recurrent_dropout',
                  'recurrent_initializer', 'recurrent_regularizer', 'return_sequences', 'return_state', 'stateful',
                  'trainable', 'units', 'unroll', 'use_bias', 'zero_output_for_mask'],
}
KERAS_CONFIG_KEYS['LSTM'] = sorted(KERAS_CONFIG_KEYS['SimpleRNN'] + ['recurrent_activation', 'seed',
                                                                     'unit_forget_bias'])
KERAS_CONFIG_KEYS['GRU'] = sorted(KERAS_CONFIG_KEYS['SimpleRNN'] + ['recurrent_activation', 'reset_after', 'seed'])


@pytest.mark.parametrize('name', sorted(KERAS_CONFIG_KEYS))
def test_config_has_keras_keys_and_round_trips(name):
    layer = getattr(L, name)(3, return_sequences=True, dropout=0.25)
    config = layer.get_config()
    assert sorted(config) == KERAS_CONFIG_KEYS[name]
    assert config['recurrent_initializer']['class_name'] == 'Orthogonal'
    assert config['dropout'] == 0.25 and config['return_sequences'] is True
    assert type(layer).from_config(config).get_config() == config


def test_bidirectional_and_rnn_configs_round_trip():
    wrapper = L.Bidirectional(L.LSTM(3, return_sequences=True), merge_mode='ave')
    config = wrapper.get_config()
    assert config['layer']['config']['name'] == 'forward_' + wrapper.forward_layer.name[len('forward_'):]
    assert config['backward_layer']['config']['go_backwards'] is True
    assert config['layer']['config']['zero_output_for_mask'] is True      # Keras ties it to return_sequences
    copy = L.Bidirectional.from_config(config)
    assert copy.merge_mode == 'ave' and copy.backward_layer.go_backwards
    rnn = L.RNN(L.GRUCell(2), go_backwards=True)
    again = L.RNN.from_config(rnn.get_config())
    assert isinstance(again.cell, L.GRUCell) and again.go_backwards and again.cell.units == 2


# Printed by tests/data/make_keras_recurrent_files.py (Keras 3.15) for its model and PROBE.
PROBE = [[1, 2, 3, 4, 5], [6, 0, 6, 0, 1]]
KERAS3_RECURRENT_PREDICTIONS = [-0.7142525911331177, -0.6909486055374146]


def _recurrent_model():
    return keras.Sequential([keras.Input((5,), dtype='int32'), L.Embedding(7, 3),
                             L.Bidirectional(L.LSTM(2, return_sequences=True)),
                             L.GRU(3, return_sequences=True), L.SimpleRNN(2), L.Dense(1)])


@pytest.mark.parametrize('name', ['keras3_recurrent.weights.h5', 'keras3_recurrent.keras'])
def test_loads_keras_made_recurrent_files(name):
    model = _recurrent_model()                # its layer names differ from the file's
    model.load_weights(os.path.join(DATA, name))
    np.testing.assert_allclose(model.predict(np.array(PROBE, 'int32'), verbose=0).ravel(),
                               KERAS3_RECURRENT_PREDICTIONS, atol=1e-6)


def test_whole_keras_model_loads_and_saves_in_keras_layout(tmp_path):
    model = keras.models.load_model(os.path.join(DATA, 'keras3_recurrent.keras'))
    np.testing.assert_allclose(model.predict(np.array(PROBE, 'int32'), verbose=0).ravel(),
                               KERAS3_RECURRENT_PREDICTIONS, atol=1e-6)
    path = str(tmp_path / 'ours.weights.h5')
    _recurrent_model().save_weights(path)

    def datasets(file):
        names = []
        file.visititems(lambda name, obj: names.append((name, obj.shape)) if isinstance(obj, h5py.Dataset) else None)
        return sorted(names)
    with h5py.File(path, 'r') as ours, h5py.File(os.path.join(DATA, 'keras3_recurrent.weights.h5'), 'r') as theirs:
        assert datasets(ours) == datasets(theirs)     # e.g. layers/bidirectional/forward_layer/cell/vars/0


@pytest.mark.parametrize('make, call, message', [
    (lambda: L.LSTM(0), None, 'units'),
    (lambda: L.GRU(2, stateful=True),      # its states were made for a batch of 2
     lambda layer: [layer(np.zeros((2, 3, 1), np.float32)), layer(np.zeros((3, 3, 1), np.float32))],
     'Expected batch size: 2\n- Received batch size: 3'),
    (lambda: L.LSTM(2, use_cudnn=True), None, 'no cuDNN'),
    (lambda: L.Bidirectional(L.LSTM(2), merge_mode='max'), None, 'merge mode'),
    (lambda: L.LSTM(2), lambda layer: layer(np.zeros((2, 3), np.float32)), 'expected ndim=3'),
    (lambda: L.LSTM(2), lambda layer: layer(np.zeros((2, 3, 1), np.float32), mask=np.ones((2, 4), bool)),
     r'mask must have shape \(batch, steps\) = \(2, 3\)'),
    (lambda: L.LSTM(2), lambda layer: layer(np.zeros((2, 3, 1), np.float32), initial_state=[np.zeros((3, 2))] * 2),
     r'initial_state must be 2 tensor\(s\)'),       # (too few: IndexError; too wide: test_rnnparity_state_*)
    (lambda: L.SimpleRNN(2), lambda layer: layer(np.zeros((2, 0, 1), np.float32)), 'no time steps'),
])
def test_errors_name_the_layer_and_the_fix(make, call, message):
    with pytest.raises(ValueError, match=message):
        layer = make()
        call(layer)
