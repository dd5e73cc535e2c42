"""ConvLSTM1D / ConvLSTM2D / ConvLSTM3D: Keras 3.15's outputs, seeded weights and dropout masks,
weights, configs, files, a fit history, and gradients against central differences.

Golden values were computed with Keras 3.15 on TensorFlow 2.21 (CPU). Fixed-weight cases: each
layer built on the input shape, ``set_weights`` with ``0.5 * _det(w.shape, 1 + i)`` for its i-th
weight, called on ``_det(input_shape, 0)`` (every returned tensor, rounded to 6 decimals). The
seeded and fit cases are the programs in their tests, run on TensorFlow.
"""
import os

import numpy as np
import pytest

import framework as tf
import layers
from framework import keras
from framework.gradient_check import check_gradients


def _det(shape, phase):
    return np.sin(np.arange(int(np.prod(shape))) * 0.37 + phase).reshape(shape).astype('float32')


CASES = [
    ('ConvLSTM1D', {'filters': 2, 'kernel_size': 2, 'padding': 'same', 'return_sequences': True}, (1, 3, 3, 1),
     [[-0.101441, -0.095337, -0.102113, -0.09743, -0.061291, -0.079719, -0.135805, -0.129412, -0.134633, -0.130543,
       -0.076507, -0.110232, -0.143334, -0.140018, -0.140078, -0.139909, -0.116879, -0.136608]]),
    ('ConvLSTM1D', {'filters': 1, 'kernel_size': 3, 'dilation_rate': 2, 'go_backwards': True}, (2, 2, 6, 2),
     [[-0.07359, -0.093152, -0.042242, 0.008668]]),
    ('ConvLSTM2D', {'filters': 2, 'kernel_size': 2, 'strides': (1, 2), 'return_state': True}, (1, 3, 3, 4, 1),
     [[-0.122842, -0.118765, -0.136273, -0.127284, -0.145174, -0.135318, -0.146999, -0.140211],
      [-0.122842, -0.118765, -0.136273, -0.127284, -0.145174, -0.135318, -0.146999, -0.140211],
      [-0.300215, -0.285205, -0.33645, -0.299251, -0.368142, -0.313789, -0.391798, -0.329746]]),
    ('ConvLSTM2D', {'filters': 1, 'kernel_size': 3, 'padding': 'same', 'activation': 'relu',
                    'recurrent_activation': 'hard_sigmoid'}, (1, 2, 3, 3, 2),
     [[0.0, 0.0, 0.085105, 0.78582, 0.026825, 0.0, 0.0, 0.0, 0.381348]]),
    ('ConvLSTM3D', {'filters': 1, 'kernel_size': 2, 'return_sequences': True, 'use_bias': False}, (1, 2, 3, 2, 3, 1),
     [[0.044649, 0.098274, 0.08406, 0.029698, 0.120848, 0.21214, 0.072542, -0.002726]]),
]


@pytest.mark.parametrize('name, kwargs, shape, want', CASES, ids=[c[0] for c in CASES])
def test_outputs_match_keras(name, kwargs, shape, want):
    layer = getattr(layers, name)(**kwargs)
    layer.build(shape)
    layer.set_weights([0.5 * _det(w.shape, 1.0 + i) for i, w in enumerate(layer.get_weights())])
    out = layer(tf.constant(_det(shape, 0.0)))
    outs = list(out) if isinstance(out, (list, tuple)) else [out]
    expected = layer.compute_output_shape(shape)
    assert [tuple(o.shape) for o in outs] == ([expected] if not isinstance(expected[0], tuple) else list(expected))
    for got, values in zip(outs, want):
        np.testing.assert_allclose(got.numpy().ravel(), values, atol=2e-6)


def test_seeded_weights_and_dropout_masks_match_keras():
    keras.utils.set_random_seed(5)
    layer = layers.ConvLSTM2D(2, 2, padding='same', dropout=0.4, recurrent_dropout=0.3, return_sequences=True)
    y = layer(tf.constant(_det((2, 3, 3, 3, 1), 0.0)), training=True)
    for w, want in zip(layer.weights, [[0.352347, 0.057099, 0.254217, 0.216583],      # glorot_uniform
                                       [0.312777, 0.379652, -0.27379, -0.270384],    # orthogonal
                                       [0.0, 0.0, 1.0, 1.0]]):                       # unit forget bias
        np.testing.assert_allclose(w.numpy().ravel()[:4], want, atol=1e-5)
    np.testing.assert_allclose(y.numpy().ravel()[:12], [-0.037622, 0.280844, 0.002879, 0.078672, 0.0, 0.0,
                                                        0.006403, 0.169932, -0.003655, 0.036179, -0.005074, 0.037544],
                               atol=1e-5)
    assert abs(float(tf.reduce_sum(y)) - 1.86115) < 1e-4


def test_weights_configs_and_summary_shapes_are_keras():
    keras.backend.clear_session()
    layer = layers.ConvLSTM2D(3, 3, padding='same', return_sequences=True)
    layer(tf.zeros((2, 4, 5, 5, 2)))
    assert [(w.path, tuple(w.shape)) for w in layer.weights] == [
        ('conv_lstm2d/conv_lstm_cell/kernel', (3, 3, 2, 12)),
        ('conv_lstm2d/conv_lstm_cell/recurrent_kernel', (3, 3, 3, 12)),
        ('conv_lstm2d/conv_lstm_cell/bias', (12,))]
    config = layer.get_config()
    # Keras 3.15's key order for ConvLSTM2D (no 'units', no 'cell').
    assert list(config)[3:] == [
        'return_sequences', 'return_state', 'go_backwards', 'stateful', 'unroll', 'zero_output_for_mask', 'filters',
        'kernel_size', 'strides', 'padding', 'data_format', 'dilation_rate', 'activation', 'recurrent_activation',
        'use_bias', 'kernel_initializer', 'recurrent_initializer', 'bias_initializer', 'unit_forget_bias',
        'kernel_regularizer', 'recurrent_regularizer', 'bias_regularizer', 'activity_regularizer',
        'kernel_constraint', 'recurrent_constraint', 'bias_constraint', 'dropout', 'recurrent_dropout', 'seed']
    assert layers.ConvLSTM2D.from_config(config).get_config() == config
    assert layers.ConvLSTM1D(2, 2, return_state=True).compute_output_shape((3, 4, 7, 2)) == \
        ((3, 6, 2), (3, 6, 2), (3, 6, 2))
    assert layers.ConvLSTM3D(2, 2, strides=2).compute_output_shape((3, 4, 7, 6, 5, 2)) == (3, 3, 3, 2, 2)
    model = keras.Sequential([keras.Input((None, 6, 6, 1)),
                              layers.ConvLSTM2D(4, 3, padding='same', return_sequences=True),
                              layers.BatchNormalization(), layers.Conv3D(1, 3, padding='same')])
    assert model.output_shape == (None, None, 6, 6, 1)
    assert model.layers[0].count_params() == 736          # Keras's summary row


def test_next_frame_model_fits_as_keras_and_round_trips_files(tmp_path):
    keras.utils.set_random_seed(11)
    model = keras.Sequential([keras.Input((3, 4, 4, 1)),
                              layers.ConvLSTM2D(2, 3, padding='same', return_sequences=True),
                              layers.BatchNormalization(),
                              layers.Conv3D(1, 3, padding='same', activation='sigmoid')])
    model.compile('adam', 'binary_crossentropy')
    x = np.abs(_det((8, 3, 4, 4, 1), 0.3))
    history = model.fit(x, x, batch_size=4, epochs=3, verbose=0)
    np.testing.assert_allclose(history.history['loss'], [0.687458, 0.675856, 0.664655], atol=2e-6)
    want = model.predict(x[:2], verbose=0)
    for name in ('m.keras', 'm.h5'):
        path = os.path.join(str(tmp_path), name)
        model.save(path)
        loaded = keras.models.load_model(path)
        np.testing.assert_array_equal(loaded.predict(x[:2], verbose=0), want)


def test_states_masks_and_statefulness():
    x = tf.constant(_det((2, 4, 3, 2), 0.1))
    layer = layers.ConvLSTM1D(2, 2, padding='same', return_sequences=True, return_state=True)
    seq, h, c = layer(x)
    np.testing.assert_array_equal(seq.numpy()[:, -1], h.numpy())
    # a masked last step keeps the states and repeats the previous output
    mask = tf.constant(np.array([[True, True, True, False]] * 2))
    seq_m, h_m, _ = layer(x, mask=mask)
    np.testing.assert_array_equal(seq_m.numpy()[:, 3], seq_m.numpy()[:, 2])
    np.testing.assert_array_equal(h_m.numpy(), seq.numpy()[:, 2])
    # initial_state continues a sequence: two halves give the whole
    _, h1, c1 = layer(x[:, :2])
    _, h2, _ = layer(x[:, 2:], initial_state=[h1, c1])
    np.testing.assert_allclose(h2.numpy(), h.numpy(), atol=1e-6)
    stateful = layers.ConvLSTM1D(2, 2, padding='same', stateful=True)
    stateful.build((2, 2, 3, 2))
    stateful.set_weights(layer.get_weights())
    stateful(x[:, :2])
    np.testing.assert_allclose(stateful(x[:, 2:]).numpy(), h.numpy(), atol=1e-6)
    with pytest.raises(ValueError, match='initial_state must be 2 tensor'):
        layer(x, initial_state=[h1[:, :2], c1])


def test_gradients_match_central_differences():
    rng = np.random.default_rng(2)
    for layer, shape in ((layers.ConvLSTM2D(2, 2, padding='same', return_sequences=True, dtype='float64'),
                          (1, 3, 3, 2, 1)),
                         (layers.ConvLSTM1D(1, 2, strides=2, go_backwards=True, dtype='float64'), (2, 2, 5, 2))):
        layer.build(shape)
        layer.set_weights([0.5 * rng.standard_normal(tuple(w.shape)) for w in layer.weights])
        check_gradients(layer, [rng.standard_normal(shape)])


def test_gradients_through_seeded_dropout_match_keras():
    # d sum(y**2) / d (input, kernel, recurrent_kernel, bias), first six values of each (TF 2.21)
    layer = layers.ConvLSTM2D(2, 2, padding='same', return_sequences=True, dropout=0.3, recurrent_dropout=0.3, seed=3)
    shape = (2, 3, 3, 4, 1)
    layer.build(shape)
    layer.set_weights([0.5 * _det(w.shape, 1.0 + i) for i, w in enumerate(layer.get_weights())])
    x = tf.constant(_det(shape, 0.0))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = layer(x, training=True)
        loss = tf.reduce_sum(y * y)
    grads = tape.gradient(loss, [x] + layer.trainable_weights)
    want = [[-0.019618, -0.02351, 0.017446, 0.01359, -0.003644, -0.052736],
            [-0.079382, -0.020074, -0.020852, -0.013632, 0.054356, -0.011839],
            [-0.037827, -0.041819, -0.032938, -0.03475, 0.197059, 0.225943],
            [0.856091, 0.938757, 0.271749, 0.306934, -2.772335, -3.171307]]
    for g, values in zip(grads, want):
        np.testing.assert_allclose(g.numpy().ravel()[:6], values, atol=5e-6)


@pytest.mark.parametrize('make, match', [
    (lambda: layers.ConvLSTM2D(2, 3, strides=2, dilation_rate=2), 'not compatible with `dilation_rate > 1`'),
    (lambda: layers.ConvLSTM2D(0, 3), 'filters'),
    (lambda: layers.ConvLSTM1D(2, 3, padding='causal'), 'padding'),
    (lambda: layers.ConvLSTM2D(2, 3, data_format='channels_middle'), 'The `data_format` argument must be one of'),
    (lambda: layers.ConvLSTM2D(2, 3)(keras.Input((4, None, 5, 1))), 'static input shapes for the spatial'),
    (lambda: layers.ConvLSTM2D(2, 3)(tf.zeros((1, 2, 5, 5))), 'conv_lstm2d.*expected ndim=5'),
    (lambda: layers.ConvLSTM2D(2, 7)(tf.zeros((1, 2, 5, 5, 1))), 'Computed output size would be zero or negative'),
])
def test_bad_arguments_are_refused_with_keras_words(make, match):
    with pytest.raises(ValueError, match=match):
        make()
