"""GroupNormalization, RMSNormalization, AdditiveAttention, StackedRNNCells, Wrapper and
SpectralNormalization against Keras 3.15.

Golden values were computed with Keras 3.15 (TensorFlow 2.21 backend) from the same
deterministic inputs and weights ``_det`` makes here: each layer built, ``set_weights``
with ``_det(w.shape, 1 + i)`` for its i-th weight (in Keras's weight order), called on
the inputs shown; outputs rounded to 6 decimals.
"""
import numpy as np
import pytest

import framework as tf
import layers
from framework.gradient_check import check_gradients


def _det(shape, phase):
    return np.sin(np.arange(int(np.prod(shape))) * 0.37 + phase).reshape(shape).astype('float32')


def _set(layer):
    layer.set_weights([_det(tuple(w.shape), 1.0 + i) for i, w in enumerate(layer.weights)])


NORM_CASES = [
    (layers.GroupNormalization, dict(groups=2), (2, 3, 4),
     [0.191383, 0.645794, 1.001564, 0.847346, 2.04675, 1.946784, 1.181814, 0.37041, 0.527841, -0.545091, -0.773437,
      -1.329564, -0.034376, -0.441093, -1.10747, -1.007607, 0.606899, 0.78993, 0.611462, 0.593194, 1.929756,
      2.005727, 1.417898, 0.727477]),
    (layers.GroupNormalization, dict(groups=-1, axis=1, epsilon=0.1), (2, 3, 2),
     [0.182344, 1.636251, -0.012389, 1.406944, 0.550551, 0.231216, 1.574864, 0.243731, 1.547483, -0.152928,
      1.168724, -0.386955]),
    (layers.GroupNormalization, dict(groups=1, center=False), (1, 2, 3),
     [-1.508945, -0.776785, 0.07135, 0.576389, 0.942828, 0.854041]),
    (layers.RMSNormalization, dict(), (2, 2, 3),
     [0.0, 0.80215, 1.504602, 0.791824, 1.025227, 0.995471, 1.196334, 0.916527, 0.317727, -0.27906, -0.919306,
      -1.397457]),
    (layers.RMSNormalization, dict(axis=[1, 2], epsilon=0.01), (1, 2, 3),
     [0.0, 0.477068, 0.894843, 1.034802, 0.823737, 0.37205]),
]


@pytest.mark.parametrize('cls, kwargs, shape, want', NORM_CASES)
def test_normalization_outputs_match_keras(cls, kwargs, shape, want):
    layer = cls(**kwargs)
    layer.build(shape)
    _set(layer)
    y = layer(_det(shape, 0.0) * 3)         # inputs were _det(shape, 0) * 3 in Keras too
    np.testing.assert_allclose(y.numpy().ravel(), want, atol=2e-6)


@pytest.mark.parametrize('layer, shape, want', [
    (layers.GroupNormalization(2), (2, 3, 4), [('gamma', (4,)), ('beta', (4,))]),
    (layers.GroupNormalization(1, scale=False), (2, 3), [('beta', (3,))]),
    (layers.RMSNormalization(axis=[-1, 1]), (2, 3, 4), [('scale', (4, 3))]),      # sorted as written (TF 2.21)
    (layers.AdditiveAttention(), [(1, 2, 5), (1, 3, 5)], [('scale', (5,))]),
    (layers.AdditiveAttention(use_scale=False), [(1, 2, 5), (1, 3, 5)], []),
])
def test_weights_have_keras_names_and_shapes(layer, shape, want):
    layer.build(shape)
    assert [(w.name.split('/')[-1].split(':')[0], tuple(w.shape)) for w in layer.weights] == want


def test_group_normalization_checks_groups_against_channels():
    with pytest.raises(ValueError, match='groups'):
        layers.GroupNormalization(0)
    # Keras 3's words (the second says "multiple of" where it means a divisor)
    with pytest.raises(ValueError, match=r'^Number of groups \(3\) must be a multiple of the number of channels \(4\)\.\n'):
        layers.GroupNormalization(3).build((2, 4))
    with pytest.raises(ValueError, match=r'^Number of groups \(8\) cannot be more than the number of channels \(4\)\.\n'):
        layers.GroupNormalization(8).build((2, 4))
    # Keras 3 takes the batch axis too (TF 2.21: built, gamma and beta (2,)); see test_layers24_group_normalization_batch_axis
    layer = layers.GroupNormalization(1, axis=0)
    layer.build((2, 4))
    assert [tuple(w.shape) for w in layer.weights] == [(2,), (2,)]
    layer = layers.GroupNormalization(-1)
    layer.build((2, 5, 4))
    assert layer.groups == 4 and layer.get_config()['groups'] == 4


def test_rms_normalization_keeps_axis_as_a_list_once_built_as_keras():
    layer = layers.RMSNormalization()
    assert layer.get_config()['axis'] == -1
    layer.build((2, 3))
    assert layer.get_config()['axis'] == [-1] and layer.get_config()['epsilon'] == 1e-6
    # TF 2.21: Keras indexes the shape with the axes in build, and takes any axis in the constructor
    with pytest.raises(IndexError, match='^tuple index out of range$'):
        layers.RMSNormalization(axis=3).build((2, 3))
    with pytest.raises(TypeError):
        layers.RMSNormalization(axis='last').build((2, 3))


def _qvk():
    return _det((2, 2, 3), 0.0), _det((2, 3, 3), 1.0), _det((2, 3, 3), 2.0)


def test_additive_attention_matches_keras():
    q, v, k = _qvk()
    layer = layers.AdditiveAttention()
    layer.build([q.shape, v.shape])
    _set(layer)
    out, scores = layer([q, v, k], return_attention_scores=True)
    np.testing.assert_allclose(out.numpy().ravel(), [
        0.821008, 0.905832, 0.868056, 0.795411, 0.816434, 0.726956, -0.187759, 0.109615, 0.392154, -0.007134,
        0.302959, 0.572048], atol=2e-6)
    np.testing.assert_allclose(scores.numpy().ravel(), [
        0.866782, 0.108998, 0.02422, 0.708633, 0.237001, 0.054366, 0.044268, 0.394563, 0.561168, 0.028597, 0.234281,
        0.737123], atol=2e-6)
    masked = layer([q, v], mask=[None, np.array([[True, True, False], [True, False, True]])])
    np.testing.assert_allclose(masked.numpy().ravel(), [
        0.848582, 0.823769, 0.687464, 0.849183, 0.810572, 0.662254, 0.224685, 0.542475, 0.786844, 0.186353, 0.491173,
        0.729515], atol=2e-6)
    unscaled = layers.AdditiveAttention(use_scale=False)([q, v])
    np.testing.assert_allclose(unscaled.numpy().ravel(), [
        0.813971, 0.777159, 0.635163, 0.745526, 0.671712, 0.506985, 0.133458, 0.450576, 0.70671, 0.122805, 0.430152,
        0.67928], atol=2e-6)


def test_additive_attention_config_is_keras_and_round_trips():
    config = layers.AdditiveAttention(use_scale=False, dropout=0.25).get_config()
    assert [k for k in config if k not in ('name', 'trainable', 'dtype')] == ['use_scale', 'dropout', 'seed']
    again = layers.AdditiveAttention.from_config(config)
    assert again.use_scale is False and again.dropout == 0.25
    with pytest.raises(ValueError, match='list of inputs'):
        layers.AdditiveAttention()(_det((1, 2, 3), 0.0))


@pytest.mark.parametrize('make, shapes', [
    (lambda: layers.GroupNormalization(2, dtype='float64'), [(2, 3, 4)]),
    (lambda: layers.RMSNormalization(axis=[1, 2], dtype='float64'), [(2, 2, 3)]),
], ids=['group', 'rms'])
def test_input_gradients_match_central_differences(make, shapes):
    layer = make()
    layer.build(shapes[0])
    layer.set_weights([_det(tuple(w.shape), 1.0 + i).astype('float64') for i, w in enumerate(layer.weights)])
    check_gradients(layer, [np.random.default_rng(3).standard_normal(s) for s in shapes])


def test_additive_attention_gradients_match_central_differences():
    layer = layers.AdditiveAttention(dtype='float64')
    q, v, k = (a.astype('float64') for a in _qvk())
    layer.build([q.shape, v.shape])
    _set(layer)
    check_gradients(lambda q, v, k: layer([q, v, k]), [q, v, k])


def test_stacked_cells_in_rnn_match_keras():
    cells = layers.StackedRNNCells([layers.SimpleRNNCell(3), layers.LSTMCell(2)])
    rnn = layers.RNN(cells, return_state=True)
    x = _det((2, 4, 3), 0.0)
    rnn.build(x.shape)
    assert [(w.name.split('/')[-1].split(':')[0], tuple(w.shape)) for w in rnn.weights] == [
        ('kernel', (3, 3)), ('recurrent_kernel', (3, 3)), ('bias', (3,)),
        ('kernel', (3, 8)), ('recurrent_kernel', (2, 8)), ('bias', (8,))]
    _set(rnn)
    output, [simple], [h, c] = rnn(x)      # nested per cell, as Keras 3 returns them
    np.testing.assert_allclose(output.numpy().ravel(), [0.316718, 0.442566, 0.394148, 0.520883], atol=2e-6)
    np.testing.assert_allclose(simple.numpy().ravel(), [0.750108, 0.617514, 0.355014, 0.985572, 0.918051, 0.44412],
                               atol=2e-6)
    np.testing.assert_allclose(h.numpy().ravel(), [0.316718, 0.442566, 0.394148, 0.520883], atol=2e-6)
    np.testing.assert_allclose(c.numpy().ravel(), [0.484441, 0.758416, 0.620322, 0.951655], atol=2e-6)
    assert cells.state_size == [3, [2, 2]] and cells.output_size == 2


def test_stacked_cells_config_round_trips_and_bad_cells_are_named():
    cells = layers.StackedRNNCells([layers.GRUCell(2), layers.SimpleRNNCell(4)])
    config = cells.get_config()
    assert [c['class_name'] for c in config['cells']] == ['GRUCell', 'SimpleRNNCell']
    again = layers.StackedRNNCells.from_config(config)
    assert again.state_size == [2, 4] and again.cells[1].units == 4
    with pytest.raises(ValueError, match='state_size'):
        layers.StackedRNNCells([layers.Dense(2)])
    with pytest.raises(ValueError, match='expected 2 states'):
        cells.build((1, 3))
        cells(tf.zeros((1, 3)), [tf.zeros((1, 2))])


def test_wrapper_holds_builds_and_serializes_its_layer():
    wrapper = layers.Wrapper(layers.Dense(2, name='inner'))
    y = wrapper(tf.ones((3, 4)))
    assert tuple(y.shape) == (3, 2) and [tuple(w.shape) for w in wrapper.weights] == [(4, 2), (2,)]
    config = wrapper.get_config()
    assert config['layer']['class_name'] == 'Dense' and config['layer']['config']['name'] == 'inner'
    again = layers.Wrapper.from_config(config)
    assert again.layer.units == 2
    with pytest.raises(ValueError, match='Layer instance'):
        layers.Wrapper('dense')


def test_spectral_normalization_matches_keras():
    layer = layers.SpectralNormalization(layers.Dense(3), power_iterations=2)
    x = _det((2, 4), 0.0)
    layer.build(x.shape)
    assert [(w.name.split('/')[-1].split(':')[0], w.trainable) for w in layer.weights] == [
        ('kernel', True), ('vector_u', False), ('bias', True)]     # Keras 3's order
    _set(layer)
    np.testing.assert_allclose(layer(x).numpy().ravel(), [-0.432394, -1.192214, -1.790673, 1.255424, 0.470688,
                                                          -0.377753], atol=2e-6)
    np.testing.assert_allclose(layer(x, training=True).numpy().ravel(), [
        -0.076941, -0.593638, -1.029988, 0.5648, 0.03863, -0.492768], atol=2e-6)
    np.testing.assert_allclose(layer.layer.kernel.numpy().ravel(), [
        0.319944, 0.37258, 0.37479, 0.326273, 0.233597, 0.109305, -0.029781, -0.164837, -0.277582, -0.352758,
        -0.38019, -0.356165], atol=2e-6)
    np.testing.assert_allclose(layer.vector_u.numpy().ravel(), [0.553652, 0.604234, 0.573036], atol=2e-6)
    # With enough power iterations the kernel's largest singular value is 1.
    for _ in range(20):
        layer(x, training=True)
    assert abs(np.linalg.svd(layer.layer.kernel.numpy(), compute_uv=False)[0] - 1) < 1e-5


def test_spectral_normalization_trains_and_leaves_a_zero_kernel_alone():
    tf.random.set_seed(0)
    model = layers.Sequential([layers.Input((4,)), layers.SpectralNormalization(layers.Dense(1))])
    model.compile(optimizer='sgd', loss='mse')
    x = _det((16, 4), 0.0)
    history = model.fit(x, x.sum(1, keepdims=True) * 0.1, epochs=4, verbose=0)
    assert history.history['loss'][-1] < history.history['loss'][0]
    zero = layers.SpectralNormalization(layers.Dense(2, kernel_initializer='zeros'))
    zero(x, training=True)
    assert not zero.layer.kernel.numpy().any()


def test_spectral_normalization_config_and_bad_arguments():
    layer = layers.SpectralNormalization(layers.Conv2D(2, 3), power_iterations=3)
    config = layer.get_config()
    assert config['power_iterations'] == 3 and config['layer']['class_name'] == 'Conv2D'
    assert layers.SpectralNormalization.from_config(config).power_iterations == 3
    with pytest.raises(ValueError, match='power_iterations'):
        layers.SpectralNormalization(layers.Dense(2), power_iterations=0)
    with pytest.raises(ValueError, match="no attribute 'kernel' nor 'embeddings'"):
        layers.SpectralNormalization(layers.Dropout(0.5))(tf.ones((2, 3)))
