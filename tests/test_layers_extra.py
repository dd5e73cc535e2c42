"""Identity, ActivityRegularization, the noise and spatial-dropout layers, PReLU,
UnitNormalization, Dot, TimeDistributed, UpSampling, Conv2DTranspose and
EinsumDense against Keras 3.15 (TensorFlow 2.21).

Golden values were printed by Keras 3.15 running the same program with the
same weights: inputs ``_inp(shape, k)`` = cos(0.3 i + k) and weights
``_det(shape, k)`` = 0.5 sin(0.7 i + k) over the flat index i, reshaped. Each
entry gives the output shape, its first values (raveled) and its sum.
Random layers are checked by their formula's statistics and by their seeds.
"""
import os

import h5py
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import AbortedError
from framework.gradient_check import check_gradients
from framework.ops.conv_transpose import conv2d_transpose

L = keras.layers


def _det(shape, k):
    return (0.5 * np.sin(np.arange(int(np.prod(shape))) * 0.7 + k)).reshape(shape).astype('float32')


def _inp(shape, k):
    return np.cos(np.arange(int(np.prod(shape))) * 0.3 + k).reshape(shape).astype('float32')


def _assert_golden(out, golden, rtol=2e-6, atol=1e-6):
    shape, first, total = golden
    out = np.asarray(out)
    assert out.shape == shape
    np.testing.assert_allclose(out.ravel()[:len(first)], first, rtol=rtol, atol=atol)
    np.testing.assert_allclose(out.sum(), total, rtol=1e-5, atol=1e-5)


X = _inp((2, 3, 4), 0)
Y = _inp((2, 5, 4), 1)
IMG = _inp((1, 3, 3, 3), 0)

# ---- pass-through layers ---------------------------------------------------------------------------------

def test_identity_returns_its_input_and_has_keras_config():
    layer = L.Identity()
    assert layer(X) is not None and np.array_equal(layer(X).numpy(), X)
    assert list(layer.get_config()) == ['name', 'trainable', 'dtype']
    assert layer.compute_output_shape((None, 3, 4)) == (None, 3, 4)


def test_activity_regularization_adds_the_penalty_divided_by_the_batch():
    layer = L.ActivityRegularization(l1=0.1, l2=0.01)
    out = layer(X)
    np.testing.assert_array_equal(out.numpy(), X)
    expected = (0.1 * np.abs(X).sum() + 0.01 * (X ** 2).sum()) / 2      # Keras divides by the batch size
    np.testing.assert_allclose(float(layer.losses[0].numpy()), expected, rtol=1e-6)
    config = layer.get_config()
    assert list(config) == ['name', 'trainable', 'dtype', 'l1', 'l2'] and config['l1'] == 0.1
    assert L.ActivityRegularization.from_config(config).l2 == 0.01
    # Keras 3.15's L1L2 refuses it: 'Invalid value for argument l1: expected a non-negative float.Received: ...'
    with pytest.raises(ValueError, match='l1'):
        L.ActivityRegularization(l1='a lot')

# ---- noise ----------------------------------------------------------------------------------------------

NOISE = [(L.GaussianNoise, dict(stddev=0.3)), (L.GaussianDropout, dict(rate=0.3)),
         (L.AlphaDropout, dict(rate=0.3)), (L.SpatialDropout1D, dict(rate=0.3))]


@pytest.mark.parametrize('cls, kwargs', NOISE, ids=lambda v: getattr(v, '__name__', ''))
def test_noise_is_the_identity_unless_training_and_repeats_with_its_seed(cls, kwargs):
    layer = cls(seed=7, **kwargs)
    np.testing.assert_array_equal(layer(X).numpy(), X)
    np.testing.assert_array_equal(layer(X, training=False).numpy(), X)
    tf.random.set_seed(3)
    first = cls(seed=7, **kwargs)(X, training=True).numpy()
    tf.random.set_seed(3)
    again = cls(seed=7, **kwargs)(X, training=True).numpy()
    assert not np.array_equal(first, X) and np.array_equal(first, again)


def test_noise_statistics_follow_the_formulas():
    ones = np.ones((200, 500), np.float32)
    noisy = L.GaussianNoise(0.2, seed=1)(ones, training=True).numpy()
    assert abs(noisy.mean() - 1) < 0.005 and abs(noisy.std() - 0.2) < 0.005
    scaled = L.GaussianDropout(0.2, seed=1)(ones, training=True).numpy()       # N(1, rate / (1 - rate))
    assert abs(scaled.mean() - 1) < 0.005 and abs(scaled.std() - np.sqrt(0.25)) < 0.005
    # AlphaDropout keeps zero mean and unit variance of standard normal inputs
    normal = np.random.default_rng(0).standard_normal((400, 500)).astype(np.float32)
    alpha = L.AlphaDropout(0.2, seed=1)(normal, training=True).numpy()
    assert abs(alpha.mean()) < 0.01 and abs(alpha.std() - 1) < 0.01
    # dropped entries all take one value: a * alpha' + b with alpha' = -1.6733 * 1.0507
    a_p = -1.6732632423543772 * 1.0507009873554805
    a = ((1 - 0.2) * (1 + 0.2 * a_p ** 2)) ** -0.5
    dropped = np.isclose(alpha, a * a_p - a * a_p * 0.2, atol=1e-6)
    assert abs(dropped.mean() - 0.2) < 0.005


def test_noise_configs_and_bad_arguments():
    assert L.GaussianNoise(0.1).get_config()['stddev'] == 0.1
    # TF 2.21's AlphaDropout is Keras's legacy layer: rate and seed, no noise_shape (errors42)
    assert list(L.AlphaDropout(0.1).get_config())[-2:] == ['rate', 'seed']
    # Keras 3's words (tapeflow's note names the layer); a value that is no number fails Keras's
    # comparison with Python's TypeError
    for cls, kwargs in [(L.GaussianNoise, dict(stddev=1.5)), (L.GaussianDropout, dict(rate=-0.1))]:
        with pytest.raises(ValueError, match='^Invalid value received for argument `%s`. Expected a float value '
                                             'between 0 and 1. Received: ' % list(kwargs)[0]) as info:
            cls(**kwargs)
        assert cls.__name__ in info.value.__notes__[0]
    with pytest.raises(TypeError, match="'>' not supported"):       # (the legacy AlphaDropout: when called)
        L.AlphaDropout(rate='half')(np.ones((1, 2), 'float32'), training=True)


@pytest.mark.parametrize('cls, shape, kept_axes', [(L.SpatialDropout1D, (4, 6, 8), (0, 2)),
                                                   (L.SpatialDropout2D, (4, 5, 6, 8), (0, 3))])
def test_spatial_dropout_drops_whole_channels(cls, shape, kept_axes):
    x = np.ones(shape, np.float32)
    out = cls(0.5, seed=2)(x, training=True).numpy()
    assert set(np.unique(out)) == {0.0, 2.0}
    spread = [a for a in range(len(shape)) if a not in kept_axes]
    assert np.all(out.min(axis=tuple(spread)) == out.max(axis=tuple(spread)))    # one decision per channel
    with pytest.raises(ValueError, match='spatial_dropout.d.*expected ndim'):
        cls(0.5)(np.ones((2, 3), np.float32), training=True)


def test_spatial_dropout_configs_are_keras_3s():
    config = L.SpatialDropout1D(0.2, name='sd').get_config()
    assert config == {'rate': 0.2, 'seed': None, 'name': 'sd', 'dtype': 'float32'}
    config = L.SpatialDropout2D(0.2, name='sd2').get_config()
    assert config['data_format'] == 'channels_last' and L.SpatialDropout2D.from_config(config).rate == 0.2
    first = L.SpatialDropout2D(0.5, data_format='channels_first', seed=1)(np.ones((2, 3, 4, 4), np.float32),
                                                                           training=True).numpy()
    assert np.all(first.min(axis=(2, 3)) == first.max(axis=(2, 3)))

# ---- PReLU, UnitNormalization, Dot ---------------------------------------------------------------------

PRELU = ((2, 3, 4), [1.0, 0.9553365, 0.8253356, 0.62161, 0.3623578, 0.0707372, 0.1003614, 0.09437509], 7.467429)
UNIT_LAST = ((2, 3, 4), [0.5792605, 0.5533887, 0.4780844, 0.3600741, 0.5445467, 0.106303], 1.431304)
UNIT_12 = ((2, 3, 4), [0.3852044, 0.3679999, 0.3179229, 0.2394469, 0.1395818, 0.02724828], 1.125052)
DOT_22 = ((2, 3, 5), [0.5707942, -2.752585, -2.565635, 0.8932292, 3.212972, 0.3845505], -0.680269)
DOT_1_NORM = ((2, 1), [0.4828765, -0.9658307], -0.4829542)
DOT_12 = ((2, 4, 4), [-0.02571274, -0.6421607, -0.7726343, -0.3183936, 0.3299985, -0.151584], -0.4028986)


def test_prelu_matches_keras_and_shares_axes():
    layer = L.PReLU()
    layer(X)
    assert [w.path for w in layer.weights] == [layer.name + '/alpha'] and layer.alpha.shape == (3, 4)
    layer.set_weights([_det((3, 4), 1)])
    _assert_golden(layer(X).numpy(), PRELU)
    shared = L.PReLU(shared_axes=[1])
    shared(X)
    assert shared.alpha.shape == (1, 4)
    config = L.PReLU(alpha_initializer='ones', shared_axes=2).get_config()
    assert config['shared_axes'] == [2] and config['alpha_initializer']['class_name'] == 'Ones'
    with pytest.raises(ValueError, match='PReLU'):
        L.PReLU(shared_axes=3)(X)


def test_prelu_gradient_matches_central_differences():
    layer = L.PReLU(alpha_initializer='ones', dtype='float64')
    layer(X.astype(np.float64))
    layer.set_weights([_det((3, 4), 1).astype(np.float64)])
    x = np.where(np.abs(X) < 0.05, 0.3, X).astype(np.float64)      # away from the kink at 0
    check_gradients(lambda t: layer(t), [x])


def test_unit_normalization_matches_keras():
    _assert_golden(L.UnitNormalization()(X).numpy(), UNIT_LAST)
    _assert_golden(L.UnitNormalization(axis=[1, 2])(X).numpy(), UNIT_12)
    np.testing.assert_array_equal(L.UnitNormalization()(np.zeros((1, 3), np.float32)).numpy(), 0)
    with pytest.raises(TypeError, match='UnitNormalization'):
        L.UnitNormalization(axis='last')
    with pytest.raises(ValueError, match=r'Invalid reduction dimension \(3 for input'):     # TF's Sum kernel
        L.UnitNormalization(axis=3)(X)


def test_dot_matches_keras_batch_dot():
    _assert_golden(L.Dot((2, 2))([X, Y]).numpy(), DOT_22)
    _assert_golden(L.Dot(1, normalize=True)([X[:, 0], Y[:, 0]]).numpy(), DOT_1_NORM)
    _assert_golden(L.Dot((1, 2))([X, _inp((2, 4, 3), 2)]).numpy(), DOT_12)
    assert L.Dot(-1).compute_output_shape([(None, 3, 4), (None, 5, 4)]) == (None, 3, 5)
    assert L.Dot(1).compute_output_shape([(None, 4), (None, 4)]) == (None, 1)
    assert L.Dot((2, 1), normalize=True).get_config()['axes'] == (2, 1)
    with pytest.raises(ValueError, match='Dot'):
        L.Dot((2, 2))([X, _inp((2, 5, 3), 1)])
    with pytest.raises(ValueError, match='Dot'):
        L.Dot(0)([X, X])
    with pytest.raises(TypeError, match='Dot'):
        L.Dot('last')

# ---- TimeDistributed, UpSampling -----------------------------------------------------------------------

TD = ((2, 3, 3), [0.3804549, -0.1602724, -0.6256211, -0.01192576, -0.3924584, -0.5884117], -3.765897)


def test_time_distributed_dense_matches_keras_and_saves_under_layer(tmp_path):
    inputs = L.Input((3, 4))
    model = L.Model(inputs, L.TimeDistributed(L.Dense(3))(inputs))
    wrapper = model.layers[-1]
    assert [w.shape for w in wrapper.weights] == [(4, 3), (3,)]
    assert wrapper.compute_output_shape((None, 3, 4)) == (None, 3, 3)
    wrapper.set_weights([_det((4, 3), 2), _det((3,), 3)])
    _assert_golden(model(X).numpy(), TD)
    path = os.path.join(tmp_path, 'td.weights.h5')
    model.save_weights(path)
    with h5py.File(path) as f:              # Keras 3's layout for a wrapped layer
        assert f['layers/time_distributed/layer/vars/0'].shape == (4, 3)
    config = wrapper.get_config()
    assert config['layer']['class_name'] == 'Dense'
    again = L.TimeDistributed.from_config(config)
    assert isinstance(again.layer, L.Dense) and again.layer.units == 3
    with pytest.raises(ValueError, match='TimeDistributed'):
        L.TimeDistributed(L.Dense(3))(X[:, 0])
    with pytest.raises(ValueError, match='TimeDistributed'):
        L.TimeDistributed('dense')


def test_time_distributed_gradient_reaches_the_wrapped_weights():
    layer = L.TimeDistributed(L.Dense(2))
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(layer(X) ** 2)
    grads = tape.gradient(loss, layer.trainable_weights)
    # d/dW sum((xW + b)^2) = 2 sum over batch and time of x^T (xW + b)
    y = X @ layer.layer.kernel.numpy() + layer.layer.bias.numpy()
    np.testing.assert_allclose(grads[0].numpy(), 2 * np.einsum('btf,bto->fo', X, y), rtol=1e-5)


def test_upsampling_repeats_steps_and_pixels(backend):
    np.testing.assert_array_equal(L.UpSampling1D(3)(X).numpy(), np.repeat(X, 3, axis=1))
    images = _inp((2, 3, 4, 2), 1)
    np.testing.assert_array_equal(L.UpSampling2D((2, 3))(images).numpy(),
                                  np.repeat(np.repeat(images, 2, axis=1), 3, axis=2))
    first = L.UpSampling2D(2, data_format='channels_first')(images).numpy()
    np.testing.assert_array_equal(first, np.repeat(np.repeat(images, 2, axis=2), 2, axis=3))
    assert L.UpSampling2D((2, 3)).compute_output_shape((None, 3, None, 2)) == (None, 6, None, 2)
    assert L.UpSampling2D().get_config()['size'] == (2, 2)
    # every resize method upsamples, as in Keras 3.15 (test_errors13_upsampling_interpolation.py)
    assert L.UpSampling2D(interpolation='area').interpolation == 'area'
    with pytest.raises(TypeError, match='UpSampling1D'):
        L.UpSampling1D(2.5)


def test_upsampling_gradient_sums_the_copies():
    x = tf.constant(X)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = L.UpSampling1D(2)(x)
    np.testing.assert_array_equal(tape.gradient(y, x).numpy(), np.full(X.shape, 2.0, np.float32))

# ---- Conv2DTranspose ------------------------------------------------------------------------------------

CONV_T = [
    (dict(strides=2, padding='same'), ((1, 6, 6, 2), [-1.65439, 0.2566807, 0.1582859, -1.451295, -0.3735746,
                                                      0.4117624, -0.1024697, -0.7220708], -26.50938)),
    (dict(strides=2, padding='valid'), ((1, 7, 7, 2), [-1.65439, 0.2566807, 0.1582859, -1.451295, -0.3735746,
                                                       0.4117624, -0.1024697, -0.7220708], -37.02366)),
    (dict(strides=2, padding='valid', output_padding=1), ((1, 8, 8, 2), [-1.65439, 0.2566807, 0.1582859, -1.451295,
                                                                         -0.3735746, 0.4117624, -0.1024697,
                                                                         -0.7220708], -48.34573)),
    (dict(), ((1, 5, 5, 2), [-1.65439, 0.2566807, -0.2854287, -1.385214, 1.070426, -0.5509166, -0.5744603,
                             0.7171735], -18.90834)),
]


@pytest.mark.parametrize('kwargs, golden', CONV_T, ids=lambda v: str(v) if isinstance(v, dict) else '')
def test_conv2d_transpose_matches_keras(kwargs, golden, backend):
    layer = L.Conv2DTranspose(2, 3, **kwargs)
    layer(IMG)
    assert [w.shape for w in layer.weights] == [(3, 3, 2, 3), (2,)]
    layer.set_weights([_det((3, 3, 2, 3), 4), _det((2,), 5)])
    _assert_golden(layer(IMG).numpy(), golden, rtol=1e-5)
    # Keras 3's transposed convolutions give the shape as a list
    assert layer.compute_output_shape((None, 3, 3, 3)) == [None] + list(golden[0][1:])


def test_conv2d_transpose_config_is_keras_3s():
    config = L.Conv2DTranspose(2, 3, strides=2, padding='same').get_config()
    assert list(config) == ['name', 'trainable', 'dtype', 'filters', 'kernel_size', 'strides', 'padding',
                            'output_padding', 'data_format', 'dilation_rate', 'activation', 'use_bias',
                            'kernel_initializer', 'bias_initializer', 'kernel_regularizer', 'bias_regularizer',
                            'activity_regularizer', 'kernel_constraint', 'bias_constraint']
    assert L.Conv2DTranspose.from_config(config).strides == (2, 2)
    with pytest.raises(ValueError, match='Conv2DTranspose'):
        L.Conv2DTranspose(2, 3, strides=2, output_padding=2)
    with pytest.raises(ValueError, match='Conv2DTranspose'):
        L.Conv2DTranspose(0, 3)


@pytest.mark.parametrize('strides, padding, out', [(1, 'VALID', (2, 5, 6, 3)), (2, 'SAME', (2, 6, 8, 3)),
                                                   (2, 'VALID', (2, 7, 9, 3)), (2, 'SAME', (2, 5, 7, 3))])
def test_conv2d_transpose_op_gradient_matches_central_differences(strides, padding, out, backend):
    rng = np.random.default_rng(strides)
    x, w = rng.standard_normal((2, 3, 4, 2)), rng.standard_normal((3, 3, 3, 2))
    check_gradients(lambda x, w: conv2d_transpose(x, w, out, strides, padding), [x, w])


def test_conv2d_transpose_second_derivative_exists():
    x, w = tf.constant(_inp((1, 2, 2, 1), 0).astype(np.float64)), tf.constant(_det((2, 2, 1, 1), 1).astype(np.float64))
    with tf.GradientTape() as outer:
        outer.watch(w)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.reduce_sum(conv2d_transpose(x, w, (1, 4, 4, 1), 2, 'SAME') ** 2)
        gx = inner.gradient(y, x)
        total = tf.reduce_sum(gx)
    assert outer.gradient(total, w) is not None


def test_conv2d_transpose_op_rejects_mismatched_shapes(xeon_cpu):
    with pytest.raises(ValueError, match='conv2d_transpose'):
        conv2d_transpose(IMG, np.zeros((3, 3, 2, 4), np.float32), (1, 6, 6, 2), 2, 'SAME')
    # an output_shape that does not convolve back: TF 2.21's oneDNN kernel fails to build its primitive
    with pytest.raises(AbortedError, match='MklNativeConv2DBackpropInput'):
        conv2d_transpose(IMG, np.zeros((3, 3, 2, 3), np.float32), (1, 9, 9, 2), 2, 'SAME')

# ---- EinsumDense ---------------------------------------------------------------------------------------

EINSUM = ((2, 3, 5), [0.1050512, 0.426218, 0.5469278, 0.4104089, 0.08086829, 0.4071507], 8.716469)


def test_einsum_dense_matches_keras():
    layer = L.EinsumDense('abc,cd->abd', (None, 5), bias_axes='d', activation='relu')
    layer(X)
    assert [w.shape for w in layer.weights] == [(4, 5), (5,)]
    layer.set_weights([_det((4, 5), 6), _det((5,), 7)])
    _assert_golden(layer(X).numpy(), EINSUM)


@pytest.mark.parametrize('equation, output_shape, bias_axes, shape, kernel, bias, out', [
    ('abc,cde->abde', (None, 2, 3), 'de', (2, 5, 6), (6, 2, 3), (2, 3), (2, 5, 2, 3)),
    ('...b,bc->...c', 4, 'c', (2, 5, 6), (6, 4), (4,), (2, 5, 4)),
    ('ab...,bc->ac...', (3,), 'c', (2, 5, 6, 7), (5, 3), (3, 1, 1), (2, 3, 6, 7)),   # Keras's shapes
])
def test_einsum_dense_shapes_follow_keras(equation, output_shape, bias_axes, shape, kernel, bias, out):
    layer = L.EinsumDense(equation, output_shape, bias_axes=bias_axes)
    assert layer(np.ones(shape, np.float32)).shape == out
    assert layer.kernel.shape == kernel and layer.bias.shape == bias


def test_einsum_dense_config_and_errors():
    config = L.EinsumDense('ab,bc->ac', 4, name='e').get_config()
    assert list(config) == ['name', 'trainable', 'dtype', 'output_shape', 'equation', 'activation', 'bias_axes',
                            'kernel_initializer', 'bias_initializer', 'kernel_regularizer', 'bias_regularizer',
                            'activity_regularizer', 'kernel_constraint', 'bias_constraint', 'quantization_config']
    assert config['output_shape'] == (4,) and config['activation'] == 'linear'
    assert L.EinsumDense.from_config(config).equation == 'ab,bc->ac'
    # TF 2.21: the equation is read at build (Keras 3's words; errors26)
    layer = L.EinsumDense('ab->b', 4)
    with pytest.raises(ValueError, match=r"^Invalid einsum equation 'ab->b'\. Equations must be in the form"):
        layer(X[:, 0])
    with pytest.raises(ValueError, match="^Bias dimension 'x' was requested, but is not part of the output spec 'ac'"):
        L.EinsumDense('ab,bc->ac', 4, bias_axes='x')(X[:, 0])
