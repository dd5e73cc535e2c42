"""Embedding, reshaping, normalization, merging and 1-D convolution layers
against Keras 3.15 (TensorFlow 2.21).

Golden values were printed by Keras 3.15 running the same program with the
same weights (``_set_weights``: N(0, 0.5^2) draws from default_rng(2) in
``get_weights()`` order). Layers that only move elements are checked against
the numpy expression Keras computes. Gradients are checked against central
differences in float64.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.data import Dataset
from framework.gradient_check import check_gradients, numerical_vjp

L = keras.layers


def _inputs(shape, seed=1):
    return np.random.default_rng(seed).standard_normal(shape).astype('float32')


def _set_weights(layer, seed=2):
    rng = np.random.default_rng(seed)
    layer.set_weights([(rng.standard_normal(w.shape) * 0.5).astype(w.dtype) if w.dtype.kind == 'f' else w
                       for w in layer.get_weights()])


# Printed by Keras 3.15: layer(_inputs(shape)) after _set_weights(layer), raveled.
KERAS_OUTPUTS = [
    ('LayerNormalization()', (2, 3, 4), [
        0.9346954, 0.3213092, -0.2349542, 2.4350798, 0.9974404, 0.5248453, 0.1767951, -0.1389228, 0.9279517,
        0.5919209, 0.1436725, -1.1538093, 0.7981638, 0.5550553, -0.0450208, -1.5424368, 1.0155159, 0.5451859,
        0.1570778, 0.1160476, 0.8280527, 0.8832431, -0.4091464, -0.537015]),
    ('LayerNormalization(axis=[1, 2], epsilon=0.01)', (2, 3, 4), [
        -0.1468435, -0.6544343, 0.1943682, 3.1169753, 1.28917, -0.1000491, 0.2752869, -0.220581, 0.4513665,
        0.0665736, -0.0052471, 0.1237357, -0.273872, -0.3302235, 0.3836586, -1.2110428, 0.3339844, -0.5647978,
        0.2635142, -0.6012378, 0.4233026, 0.2130787, 1.1671387, -0.0425361]),
    ('LayerNormalization(axis=1, center=False)', (2, 3, 4), [
        -0.0697528, 0.1270325, 0.1020971, -0.1335777, -0.3667613, 0.0867707, 0.3458851, -0.1897815, 0.1374029,
        0.2089895, -0.0502379, -0.1418937, -0.1330783, 0.1162984, -0.0507457, 0.0267625, -0.1954482, 0.1943477,
        0.2257918, 0.3500492, -0.1363249, 0.1005318, -0.2892899, -0.218127]),
    ('Conv1D(2, 3)', (2, 5, 3), [
        1.101125, -2.1014464, 0.6093564, -1.6645236, 0.3966381, -0.3394403, 0.5578538, -1.311687, 0.7372003,
        0.6761319, 0.9433715, -1.7859645]),
    ("Conv1D(2, 3, strides=2, padding='same', activation='relu')", (2, 5, 3), [
        0.8261252, 0.0, 0.6093564, 0.0, 0.4385803, 0.0, 0.0, 0.1399489, 0.7372003, 0.6761319, 0.2449666,
        2.2122366]),
    ("Conv1D(2, 2, padding='causal', use_bias=False)", (2, 5, 3), [
        0.2208057, -0.1451175, 0.7178387, -1.7284777, 0.4387777, -0.9345007, 0.3806481, -0.3394413, 0.3751664,
        0.0362283, -0.2348021, 0.2661082, -0.1197226, -0.6048903, 0.7054004, -0.0983032, 0.7026936, -1.430472,
        0.1815527, 2.6583736]),
    ("MaxPooling1D(3, strides=2, padding='same')", (2, 5, 3), [
        0.3455842, 0.9053559, 0.4463746, 0.2941325, 0.9053559, 0.546713, 0.2941325, 0.0284222, 0.546713,
        0.5988462, 0.0397221, 0.0081422, -0.2756029, 1.2940638, 1.0067244, -0.4221904, 0.213643, 0.2173219]),
    ("AveragePooling1D(3, strides=1, padding='same')", (2, 5, 3), [
        -0.4787865, 0.863487, 0.3884058, -0.4981754, 0.7693641, 0.3804613, -0.515326, 0.5049654, 0.4525533,
        -0.3264249, 0.1488768, 0.1430554, -0.2211608, -0.0672439, 0.0322968, -0.0915311, -0.1087351, -0.1421573,
        -0.1528884, 0.3588645, 0.2408033, -1.2562246, -0.2840472, 0.2800315, -1.1363186, -0.1271022, 0.3497581,
        -1.5666765, -0.8376852, 0.0212749]),
]
_NAMES = ('LayerNormalization', 'Conv1D', 'MaxPooling1D', 'AveragePooling1D')


@pytest.mark.parametrize('source, shape, expected', KERAS_OUTPUTS, ids=[c[0] for c in KERAS_OUTPUTS])
def test_outputs_match_keras(source, shape, expected, backend):
    layer = eval(source, {name: getattr(L, name) for name in _NAMES})
    x = _inputs(shape)
    layer(x)
    _set_weights(layer)
    out = layer(x)
    assert backend.holds(out)
    assert tuple(out.shape) == tuple(layer.compute_output_shape(shape))
    np.testing.assert_allclose(out.numpy().ravel(), expected, atol=1e-6)


# Layers that only move or combine elements: Keras computes these numpy expressions.
x4 = _inputs((2, 3, 4))
ab = [_inputs((3, 4), 1), _inputs((3, 4), 2)]
EXACT = [
    (lambda: L.Reshape((2, -1)), x4, x4.reshape(2, 2, 6)),
    (lambda: L.Permute((2, 1)), x4, x4.transpose(0, 2, 1)),
    (lambda: L.RepeatVector(3), x4[:, 0], np.repeat(x4[:, None, 0], 3, axis=1)),
    (lambda: L.Cropping1D((1, 0)), x4, x4[:, 1:]),
    (lambda: L.ZeroPadding1D(2), x4, np.pad(x4, ((0, 0), (2, 2), (0, 0)))),
    (lambda: L.Cropping2D(((1, 0), (0, 2))), x4[..., None], x4[:, 1:, :2, None]),
    (lambda: L.ZeroPadding2D(((1, 0), (0, 2))), x4[..., None], np.pad(x4[..., None], ((0, 0), (1, 0), (0, 2), (0, 0)))),
    (lambda: L.ZeroPadding2D(1, data_format='channels_first'), x4[:, None],
     np.pad(x4[:, None], ((0, 0), (0, 0), (1, 1), (1, 1)))),
    (lambda: L.Rescaling(1 / 255., offset=-1), np.arange(6, dtype='uint8').reshape(2, 3),
     np.arange(6).reshape(2, 3).astype('float32') * np.float32(1 / 255.) - 1),
    (lambda: L.Rescaling([1., 2., 3.], offset=0.5), x4[:, :, :3], x4[:, :, :3] * [1, 2, 3] + 0.5),
    (lambda: L.Normalization(mean=[1., 2., 3., 4.], variance=[4., 0.25, 1., 9.]), x4,
     (x4 - [1, 2, 3, 4]) / np.sqrt([4., 0.25, 1., 9.])),
    (lambda: L.Normalization(axis=None, mean=0.5, variance=4.0, invert=True), x4, x4 * 2 + 0.5),
    (lambda: L.Concatenate(), ab, np.concatenate(ab, -1)),
    (lambda: L.Concatenate(axis=0), ab, np.concatenate(ab, 0)),
    (lambda: L.Add(), ab + [ab[0]], ab[0] * 2 + ab[1]),
    (lambda: L.Subtract(), ab, ab[0] - ab[1]),
    (lambda: L.Multiply(), [x4, ab[0][:2]], x4 * ab[0][:2, None]),      # lower rank: expanded at axis 1
    (lambda: L.Average(), ab, (ab[0] + ab[1]) / 2),
    (lambda: L.Maximum(), ab, np.maximum(*ab)),
    (lambda: L.Minimum(), ab, np.minimum(*ab)),
    (lambda: L.GlobalAveragePooling1D(), x4, x4.mean(1)),
    (lambda: L.GlobalMaxPooling1D(keepdims=True), x4, x4.max(1, keepdims=True)),
]


@pytest.mark.parametrize('make, x, expected', EXACT, ids=[str(i) for i in range(len(EXACT))])
def test_element_moving_layers_compute_what_keras_computes(make, x, expected, backend):
    layer = make()
    out = layer(x)
    assert backend.holds(out)
    np.testing.assert_allclose(out.numpy(), expected, rtol=1e-6, atol=1e-7)
    in_shape = [a.shape for a in x] if isinstance(x, list) else x.shape
    assert tuple(layer.compute_output_shape(in_shape)) == expected.shape


def test_merge_functions_are_the_layers():
    a, b = ab
    for function, expected in [(L.add, a + b), (L.subtract, a - b), (L.multiply, a * b), (L.average, (a + b) / 2),
                               (L.maximum, np.maximum(a, b)), (L.minimum, np.minimum(a, b)),
                               (L.concatenate, np.concatenate([a, b], -1))]:
        np.testing.assert_allclose(function([a, b]).numpy(), expected, rtol=1e-6)
    np.testing.assert_array_equal(L.concatenate([a, b], axis=0).numpy(), np.concatenate([a, b]))


def test_embedding_looks_up_rows_and_casts_floats():
    layer = L.Embedding(5, 3)
    ids = np.array([[0, 4, 4], [2, 1, 0]])
    out = layer(ids)
    table = layer.get_weights()[0]
    np.testing.assert_array_equal(out.numpy(), table[ids])
    np.testing.assert_array_equal(layer(ids.astype('float32')).numpy(), table[ids])   # Keras casts to int32
    assert np.abs(table).max() <= 0.05 and layer.get_config()['embeddings_initializer']['class_name'] == 'RandomUniform'
    assert layer.compute_output_shape((None, 3)) == (None, 3, 3)
    preset = L.Embedding(2, 2, weights=np.eye(2, dtype='float32'))
    np.testing.assert_array_equal(preset(np.array([1, 0])).numpy(), [[0, 1], [1, 0]])


def test_embedding_gradient_adds_up_repeated_rows():
    layer = L.Embedding(4, 2, dtype='float64')
    ids = np.array([[1, 3, 1], [1, 0, 0]])
    layer(ids)
    seed = np.random.default_rng(0).standard_normal((2, 3, 2))
    with tf.GradientTape() as tape:
        out = layer(ids)
    (grad,) = tape.gradient(out, layer.trainable_weights, output_gradients=tf.constant(seed))
    grad = tf.convert_to_tensor(grad)       # an IndexedSlices, as TensorFlow's gather from a variable

    def f(table):
        layer.set_weights([table.numpy()])
        return layer(ids)
    (numeric,) = numerical_vjp(f, [layer.get_weights()[0]], seed)
    np.testing.assert_allclose(grad.numpy(), numeric, atol=1e-8)
    np.testing.assert_allclose(grad.numpy()[1], seed[0, 0] + seed[0, 2] + seed[1, 0])
    np.testing.assert_array_equal(grad.numpy()[2], [0, 0])


@pytest.mark.parametrize('make, shapes', [
    (lambda: L.LayerNormalization(dtype='float64'), [(2, 3, 4)]),
    (lambda: L.LayerNormalization(axis=[1, 2], dtype='float64'), [(2, 3, 4)]),
    (lambda: L.Conv1D(2, 3, padding='causal', dtype='float64'), [(2, 5, 3)]),
    (lambda: L.Conv1D(2, 2, strides=2, padding='same', dtype='float64'), [(2, 5, 3)]),
    (lambda: L.MaxPooling1D(2, dtype='float64'), [(2, 5, 3)]),
    (lambda: L.AveragePooling1D(3, strides=1, padding='same', dtype='float64'), [(2, 5, 3)]),
    (lambda: L.Normalization(mean=[1., 2.], variance=[4., 0.5], dtype='float64'), [(3, 2)]),
    (lambda: L.Reshape((-1, 2), dtype='float64'), [(2, 3, 4)]),
    (lambda: L.RepeatVector(2, dtype='float64'), [(2, 3)]),
    (lambda: L.Cropping2D(1, dtype='float64'), [(1, 4, 4, 1)]),
    (lambda: L.Concatenate(axis=1, dtype='float64'), [(2, 3), (2, 2)]),
    (lambda: L.Average(dtype='float64'), [(2, 3), (2, 3), (2, 3)]),
    (lambda: L.Maximum(dtype='float64'), [(2, 3), (2, 3)]),
], ids=['layer_norm', 'layer_norm_2_axes', 'conv1d_causal', 'conv1d_same', 'max_pool1d', 'avg_pool1d',
        'normalization', 'reshape', 'repeat', 'cropping2d', 'concatenate', 'average', 'maximum'])
def test_input_gradients_match_central_differences(make, shapes):
    layer = make()
    inputs = [np.random.default_rng(i).standard_normal(s) for i, s in enumerate(shapes)]
    if layer.weights or not layer.built:
        layer(inputs if len(inputs) > 1 else inputs[0])
        _set_weights(layer)
    check_gradients(lambda *xs: layer(list(xs) if len(xs) > 1 else xs[0]), inputs)


@pytest.mark.parametrize('make, shape', [(lambda: L.LayerNormalization(dtype='float64'), (2, 3, 4)),
                                         (lambda: L.Conv1D(2, 3, padding='same', dtype='float64'), (2, 5, 3))],
                         ids=['layer_norm', 'conv1d'])
def test_weight_gradients_match_central_differences(make, shape):
    layer = make()
    x = np.random.default_rng(0).standard_normal(shape)
    layer(x)
    _set_weights(layer)
    seed = np.random.default_rng(1).standard_normal(layer(x).shape)
    with tf.GradientTape() as tape:
        out = layer(x)
    analytic = tape.gradient(out, layer.trainable_weights, output_gradients=tf.constant(seed))

    def f(*ws):
        layer.set_weights([w.numpy() for w in ws])
        return layer(x)
    for a, n in zip(analytic, numerical_vjp(f, layer.get_weights(), seed)):
        np.testing.assert_allclose(a.numpy(), n, atol=1e-7, rtol=1e-6)


def test_normalization_adapts_to_arrays_batches_and_datasets():
    data = _inputs((40, 3)) * [1, 10, 0.1] + [5, -2, 0]
    mean, var = data.mean(0), data.var(0)
    for source in (data, tf.constant(data), [data[:7], data[7:25], data[25:]],
                   Dataset.from_tensor_slices(data).batch(16), (b for b in np.split(data, 4))):
        layer = L.Normalization()
        layer.adapt(source)
        np.testing.assert_allclose(layer.adapt_mean.numpy(), mean, rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(layer.adapt_variance.numpy(), var, rtol=1e-5)
        np.testing.assert_allclose(layer(data).numpy(), (data - mean) / np.sqrt(var), atol=1e-5)
    assert [(w.name, w.dtype.name, w.trainable) for w in layer.weights] == [
        ('mean', 'float32', False), ('variance', 'float32', False), ('count', 'int64', False)]
    whole = L.Normalization(axis=None)
    whole.adapt(data)
    np.testing.assert_allclose(whole(data).numpy(), (data - data.mean()) / data.std(), atol=1e-4)


# Printed by Keras 3.15 for the models below with _set_weights(model, seed=0), data(kind):
# predict(x[:2]), then fit with SGD(0.1), batch 4, 3 epochs, shuffle=False ('norm_layers'
# adapts its Normalization to x after setting the weights).
KERAS_FITS = {
    'conv1d': ([1.03514, 0.152572], {'loss': [3.314036, 0.740223, 0.655207], 'mae': [1.546097, 0.764718, 0.71037]}),
    'norm_layers': ([0.267785, 0.481162],
                    {'loss': [0.321098, 0.255854, 0.222458], 'mae': [0.445923, 0.409423, 0.381601]}),
    'reshaping': ([0.25673, -0.14107], {'loss': [0.48002, 0.33616, 0.276216], 'mae': [0.568001, 0.459375, 0.415798]}),
    'merging': ([1.684763, 0.975744], {'loss': [4.361958, 2.841364, 1.173461], 'mae': [1.666438, 1.478217, 0.799252]}),
}


class _Merged(keras.Model):
    def __init__(self):
        super().__init__()
        self.a = L.Dense(4, activation='tanh')
        self.b = L.Dense(4, activation='sigmoid')
        self.out = L.Dense(1)

    def call(self, x):
        a, b = self.a(x), self.b(x)
        merged = [L.add([a, b]), L.subtract([a, b]), L.multiply([a, b]), L.average([a, b]),
                  L.maximum([a, b]), L.minimum([a, b])]
        return self.out(L.concatenate(merged))


def _fit_model(name):
    return {
        'conv1d': lambda: keras.Sequential([
            keras.Input((8, 3)), L.Conv1D(4, 3, padding='causal', activation='relu'), L.MaxPooling1D(),
            L.Conv1D(4, 2, padding='same'), L.AveragePooling1D(2), L.GlobalMaxPooling1D(), L.Dense(1)]),
        'norm_layers': lambda: keras.Sequential([
            keras.Input((5,)), L.Normalization(), L.Dense(6, activation='relu'), L.LayerNormalization(),
            L.Rescaling(0.5, offset=0.1), L.Dense(1)]),
        'reshaping': lambda: keras.Sequential([
            keras.Input((5,)), L.Dense(4), L.RepeatVector(3), L.LSTM(2, return_sequences=True), L.Permute((2, 1)),
            L.Reshape((-1,)), L.Dense(1)]),
        'merging': _Merged,
    }[name]()


@pytest.mark.parametrize('name', sorted(KERAS_FITS))
def test_predictions_and_fit_history_match_keras(name):
    expected_predictions, expected_history = KERAS_FITS[name]
    rng = np.random.default_rng(5)
    if name == 'conv1d':
        x, y = rng.standard_normal((12, 8, 3)).astype('float32'), rng.standard_normal((12, 1)).astype('float32')
    else:
        x, y = rng.standard_normal((12, 5)).astype('float32') * 3 + 1, rng.standard_normal((12, 1)).astype('float32')
    model = _fit_model(name)
    model(x[:2])
    _set_weights(model, seed=0)
    if name == 'norm_layers':
        model.layers[0].adapt(x)
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss='mse', metrics=['mae'])
    np.testing.assert_allclose(model.predict(x[:2], verbose=0).ravel(), expected_predictions, atol=2e-6)
    history = model.fit(x, y, batch_size=4, epochs=3, shuffle=False, verbose=0).history
    assert sorted(history) == sorted(expected_history)
    for key, values in expected_history.items():
        np.testing.assert_allclose(history[key], values, atol=2e-6)


# Configs as Keras 3.15 prints them (without name, trainable and dtype).
KERAS_CONFIGS = [
    (lambda: L.Embedding(10, 4), {
        'input_dim': 10, 'output_dim': 4, 'embeddings_initializer': {
            'module': 'keras.initializers', 'class_name': 'RandomUniform',
            'config': {'seed': None, 'minval': -0.05, 'maxval': 0.05}, 'registered_name': None},
        'embeddings_regularizer': None, 'activity_regularizer': None, 'embeddings_constraint': None,
        'mask_zero': False, 'quantization_config': None}),
    (lambda: L.Reshape((2, 3)), {'target_shape': (2, 3)}),
    (lambda: L.Permute((2, 1)), {'dims': (2, 1)}),
    (lambda: L.RepeatVector(3), {'n': 3}),
    (lambda: L.Cropping2D(1), {'cropping': ((1, 1), (1, 1)), 'data_format': 'channels_last'}),
    (lambda: L.ZeroPadding2D(1), {'padding': ((1, 1), (1, 1)), 'data_format': 'channels_last'}),
    (lambda: L.Cropping1D(1), {'cropping': (1, 1)}),
    (lambda: L.ZeroPadding1D(1), {'padding': (1, 1), 'data_format': 'channels_last'}),
    (lambda: L.Normalization(), {'axis': (-1,), 'invert': False, 'mean': None, 'variance': None}),
    (lambda: L.Rescaling(0.5), {'scale': 0.5, 'offset': 0.0}),
    (lambda: L.Concatenate(), {'axis': -1}),
    (lambda: L.Add(), {}),
    (lambda: L.Conv1D(2, 3), {
        'filters': 2, 'kernel_size': (3,), 'strides': (1,), 'padding': 'valid', 'data_format': 'channels_last',
        'dilation_rate': (1,), 'groups': 1, 'activation': 'linear', 'use_bias': True, 'kernel_initializer': {
            'module': 'keras.initializers', 'class_name': 'GlorotUniform',
            'config': {'seed': None, 'input_axes': None, 'output_axes': None}, 'registered_name': None},
        'bias_initializer': {'module': 'keras.initializers', 'class_name': 'Zeros', 'config': {},
                             'registered_name': None},
        'kernel_regularizer': None, 'bias_regularizer': None, 'activity_regularizer': None,
        'kernel_constraint': None, 'bias_constraint': None}),
    (lambda: L.MaxPooling1D(), {'pool_size': (2,), 'padding': 'valid', 'strides': (2,),
                                'data_format': 'channels_last'}),
    (lambda: L.GlobalAveragePooling1D(), {'data_format': 'channels_last', 'keepdims': False}),
]


@pytest.mark.parametrize('make, expected', KERAS_CONFIGS, ids=[str(i) for i in range(len(KERAS_CONFIGS))])
def test_configs_equal_keras_and_round_trip(make, expected):
    layer = make()
    config = layer.get_config()
    assert {k: v for k, v in config.items() if k not in ('name', 'trainable', 'dtype')} == expected
    assert type(layer).from_config(config).get_config() == config


def test_layer_normalization_config_after_build_lists_axes_like_keras():
    layer = L.LayerNormalization()
    assert layer.get_config()['axis'] == -1
    layer(x4)
    assert layer.get_config()['axis'] == [-1] and [w.name for w in layer.weights] == ['gamma', 'beta']


@pytest.mark.parametrize('make, call, error, message', [
    (lambda: L.Embedding(0, 3), None, ValueError, '`input_dim` must be a positive integer'),
    (lambda: L.Embedding(4, 3), lambda layer: layer(np.array([[1, 4]])), IndexError, r'\[0, 4\)'),
    (lambda: L.Reshape((2, -1, -1)), None, ValueError, r'at most one unknown dimension \(-1\)'),
    (lambda: L.Permute((1, 3)), None, ValueError, 'start from 1'),
    (lambda: L.Cropping1D(3), lambda layer: layer(np.zeros((1, 5, 2), 'float32')), ValueError, 'smaller than'),
    (lambda: L.Normalization(mean=1.0), None, ValueError, 'both `mean` and `variance`'),
    (lambda: L.Normalization(), lambda layer: layer.adapt([]), ValueError, 'no batches'),
    (lambda: L.LayerNormalization(axis='last'), None, TypeError, "argument 'axis'"),
    (lambda: L.Subtract(), lambda layer: layer([np.zeros((1, 2), 'float32')] * 3), ValueError, 'exactly 2 inputs'),
    (lambda: L.Add(), lambda layer: layer(np.zeros((1, 2), 'float32')), ValueError, 'list of at least'),
    (lambda: L.Add(), lambda layer: layer([np.zeros((1, 2), 'float32'), np.zeros((1, 3), 'float32')]),
     ValueError, 'incompatible shapes'),
    (lambda: L.Concatenate(), lambda layer: layer([np.zeros((1, 2), 'float32'), np.zeros((2, 2), 'float32')]),
     ValueError, 'matching shapes except for the concatenation axis'),
    # TF 2.21's text (the layer's name rides in a note)
    (lambda: L.Conv1D(2, 3, strides=2, dilation_rate=2), None, ValueError,
     r'^`strides > 1` not supported in conjunction with `dilation_rate > 1`. Received: strides=\(2,\) and '
     r'dilation_rate=\(2,\)\n'),
    (lambda: L.Conv1D(2, 3, padding='full'), None, ValueError, "'causal'"),
    # Keras 3's InputSpec is min_ndim=3; a higher rank fails its kernel shape check (TF 2.21's text)
    (lambda: L.Conv1D(2, 3), lambda layer: layer(np.zeros((1, 4, 4, 1), 'float32')), ValueError,
     r'Kernel shape must have the same length as input, but received kernel of shape \(3, 1, 2\) and input of '
     r'shape \(1, 4, 4, 1\)'),
    (lambda: L.Conv1D(2, 3), lambda layer: layer(np.zeros((4, 1), 'float32')), ValueError, 'expected min_ndim=3'),
    (lambda: L.GlobalMaxPooling1D(data_format='NCW'), None, ValueError,
     r"must be one of \{'channels_first', 'channels_last'\}. Received: data_format=ncw"),
])
def test_errors_name_the_layer_and_the_fix(make, call, error, message):
    with pytest.raises(error, match=message):
        layer = make()
        call(layer)
