"""ConvLSTM1D/2D/3D with data_format='channels_first' (were refused): (batch, steps, channels, *spatial)
sequences, states and outputs with the filters on axis 1 (2 for sequences), computed channels_last between
transposes. Goldens are Keras 3.15 on TF 2.21 (tensorflow-cpu), from the same program: weights filled from
RandomState(10 + i) * 0.6 - 0.3, inputs from RandomState(0); values agree to ~1e-6 (TF's NCHW convolutions
sum in another order), shapes and configs exactly.
"""
import os

import numpy as np
import pytest

import framework as tf
from framework import keras

L = keras.layers

# TF 2.21 computes channels_first ConvLSTM1D/2D only where oneDNN runs its convolutions (the AVX-512 Xeon these
# goldens come from); on CPUs where TF turns oneDNN off its own Conv2D kernel refuses NCHW
# (tests/test_errors46_conv_lstm_call_banner.py)
pytestmark = pytest.mark.usefixtures('xeon_cpu')

CASES = [
    (L.ConvLSTM1D, (2, 3, 4, 6), dict(filters=2, kernel_size=3, padding='same'),
     [(None, 2, 6)], [0.70174, 9.81838, -0.14174, 1.842],
     [([-0.159071, -0.213561, -0.189971, -0.226433, -0.232784, -0.163497, 0.176851, 0.157741], -0.39341428875923157)]),
    (L.ConvLSTM1D, (2, 3, 4, 7), dict(filters=3, kernel_size=2, strides=2, return_sequences=True),
     [(None, 3, 3, 3)], [-0.13117, 8.29637, 0.29404, 1.98711],
     [([0.020554, 0.061056, 0.04666, 0.065654, 0.00367, 0.009961, 0.091698, 0.097507], 2.4527440071105957)]),
    (L.ConvLSTM2D, (2, 3, 2, 5, 4), dict(filters=2, kernel_size=3, padding='same', return_state=True),
     [(None, 2, 5, 4)] * 3, [15.45387, 231.14105, -8.33959, 34.63588],
     [([-0.183427, -0.110955, -0.115082, -0.087069, -0.200219, -0.186776, -0.216819, -0.162758], -0.7376767992973328),
      ([-0.183427, -0.110955, -0.115082, -0.087069, -0.200219, -0.186776, -0.216819, -0.162758], -0.7376767992973328),
      ([-0.369326, -0.241076, -0.239843, -0.18699, -0.446572, -0.457223, -0.629671, -0.275703], -2.1518263816833496)]),
    (L.ConvLSTM2D, (2, 4, 3, 6, 5), dict(filters=2, kernel_size=(2, 3), return_sequences=True, return_state=True,
                                         go_backwards=True),
     [(None, 4, 2, 5, 3), (None, 2, 5, 3), (None, 2, 5, 3)], [26.22355, 460.3775, -8.19058, 48.84823],
     [([-0.14374, -0.176651, -0.124123, -0.13031, -0.238382, -0.182449, -0.155915, -0.213354], -5.198601245880127),
      ([-0.228958, -0.211678, -0.209128, -0.201083, -0.248847, -0.166455, -0.284741, -0.256955], -1.4139755964279175),
      ([-0.564471, -0.602797, -0.48156, -0.677392, -0.530558, -0.416889, -0.540667, -0.524549], -5.950263023376465)]),
    (L.ConvLSTM2D, (2, 3, 2, 7, 7), dict(filters=2, kernel_size=3, dilation_rate=2, padding='same',
                                         return_sequences=True),
     [(None, 3, 2, 7, 7)], [11.04234, 222.38345, -2.94833, 34.35043],
     [([-0.191013, -0.186252, -0.144735, -0.142526, -0.164917, -0.039397, -0.058516, -0.150161], -2.508780002593994)]),
    (L.ConvLSTM3D, (1, 2, 2, 3, 4, 4), dict(filters=2, kernel_size=2, padding='same', return_sequences=True),
     [(None, 2, 2, 3, 4, 4)], [3.11766, 40.86478, -0.79751, 6.74398],
     [([-0.133061, -0.148992, -0.123091, -0.095192, -0.148879, -0.139764, -0.084281, -0.11886], -3.0422990322113037)]),
]


def _fill(layer):
    weights = []
    for i, w in enumerate(layer.get_weights()):
        weights.append((np.random.RandomState(10 + i).rand(*w.shape).astype('float32') - 0.5) * 0.6)
    layer.set_weights(weights)


def _draws():
    """The program's draws from RandomState(0), in its order: each case's input, and after case 2's
    the two initial states of its initial_state call."""
    rng = np.random.RandomState(0)
    inputs, states = [], []
    for k, (_, shape, *_) in enumerate(CASES):
        inputs.append(tf.constant(rng.rand(*shape).astype('float32')))
        if k == 2:
            states = [tf.constant(rng.rand(2, 2, 5, 4).astype('float32')) for _ in range(2)]
    return inputs, states


@pytest.mark.parametrize('k', range(len(CASES)))
def test_channels_first_conv_lstm_matches_keras_on_tf(k):
    cls, shape, kwargs, symbolic, grad_sums, outputs = CASES[k]
    x = _draws()[0][k]
    layer = cls(data_format='channels_first', **kwargs)
    sym = layer(keras.Input(shape[1:]))
    sym = sym if isinstance(sym, (list, tuple)) else [sym]
    assert [tuple(t.shape) for t in sym] == symbolic
    _fill(layer)
    with tf.GradientTape() as tape:
        tape.watch(x)
        out = layer(x)
        outs = out if isinstance(out, (list, tuple)) else [out]
        loss = sum(tf.reduce_sum(o * o) for o in outs)
    grads = tape.gradient(loss, [x] + layer.trainable_weights)
    expected_shapes = [(shape[0],) + s[1:] for s in symbolic]
    assert [tuple(o.shape) for o in outs] == expected_shapes
    computed = layer.compute_output_shape(shape)
    assert (list(computed) if isinstance(computed[0], tuple) else [computed]) == expected_shapes
    for o, (head, total) in zip(outs, outputs):
        np.testing.assert_allclose(o.numpy().ravel()[:8], head, atol=2e-6)
        np.testing.assert_allclose(float(tf.reduce_sum(o)), total, rtol=2e-6)
    np.testing.assert_allclose([float(tf.reduce_sum(g)) for g in grads], grad_sums, rtol=2e-5, atol=1e-5)
    config = layer.get_config()
    assert config['data_format'] == 'channels_first'
    assert cls.from_config(config).data_format == 'channels_first'


def test_channels_first_initial_state_and_get_initial_state():
    cls, shape, kwargs = CASES[2][:3]
    inputs, init = _draws()
    x = inputs[2]
    layer = cls(data_format='channels_first', **kwargs)
    layer(x)
    _fill(layer)
    outs = layer(x, initial_state=init)
    # TF 2.21: [1.3529551029205322, 1.3529551029205322, 2.077235698699951]
    np.testing.assert_allclose([float(tf.reduce_sum(o)) for o in outs],
                               [1.3529551029205322, 1.3529551029205322, 2.077235698699951], rtol=2e-6)
    assert [tuple(s.shape) for s in layer.get_initial_state(3)] == [(3, 2, 5, 4)] * 2


@pytest.mark.parametrize('cls, shape', [(L.ConvLSTM1D, (2, 3, 4, 6)), (L.ConvLSTM2D, (2, 3, 2, 5, 4)),
                                        (L.ConvLSTM3D, (1, 2, 2, 3, 4, 4))])
def test_channels_first_is_channels_last_between_transposes(cls, shape):
    x = tf.constant(np.random.RandomState(1).rand(*shape).astype('float32'))
    first = cls(2, 2, padding='same', return_sequences=True, data_format='channels_first')
    last = cls(2, 2, padding='same', return_sequences=True)
    moved = tf.transpose(x, [0, 1] + list(range(3, x.ndim)) + [2])
    first(x)
    last(moved)
    last.set_weights(first.get_weights())       # the same kernel layout either way
    want = tf.transpose(last(moved), [0, 1, x.ndim - 1] + list(range(2, x.ndim - 1)))
    np.testing.assert_array_equal(first(x).numpy(), want.numpy())


def test_channels_first_model_saves_and_loads(tmp_path):
    model = keras.Sequential([keras.Input((3, 2, 5, 4)),
                              L.ConvLSTM2D(2, 3, padding='same', data_format='channels_first')])
    x = np.random.RandomState(2).rand(2, 3, 2, 5, 4).astype('float32')
    path = os.path.join(str(tmp_path), 'm.keras')
    model.save(path)
    loaded = keras.models.load_model(path)
    assert loaded.layers[0].data_format == 'channels_first'
    np.testing.assert_array_equal(loaded.predict(x, verbose=0), model.predict(x, verbose=0))
    keras.backend.clear_session()


def test_stateful_channels_first_is_refused_with_a_reason():
    # Keras accepts it; tapeflow keeps a stateful layer's states channels_last, so it refuses
    with pytest.raises(NotImplementedError, match='stateful=True with data_format=.channels_first'):
        L.ConvLSTM2D(2, 3, data_format='channels_first', stateful=True)


@pytest.mark.parametrize('data_format, shape, sums', [
    ('channels_last', (2, 3, 5, 4, 2), [-1.8558087348937988, -1.50225830078125]),
    ('channels_first', (2, 3, 2, 5, 4), [-0.23263218998908997, 1.2833013534545898]),
])
def test_dropout_masks_are_drawn_in_the_data_formats_layout(data_format, shape, sums):
    # TF 2.21: ConvLSTM2D(2, 3, padding='same', dropout=0.3, recurrent_dropout=0.2, seed=5), two training calls
    layer = L.ConvLSTM2D(2, 3, padding='same', data_format=data_format, dropout=0.3, recurrent_dropout=0.2, seed=5)
    x = tf.constant(np.random.RandomState(0).rand(*shape).astype('float32'))
    layer(x)
    _fill(layer)
    got = [float(tf.reduce_sum(layer(x, training=True))) for _ in range(2)]
    np.testing.assert_allclose(got, sums, rtol=2e-6)
