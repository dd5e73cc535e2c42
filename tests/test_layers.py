"""Layer base class and the core layers: shapes, names, errors, weights, gradients.

Golden numbers come from the formulas in each test (checked against Keras 3.15
with TensorFlow 2.21, where a comment says so).
"""
import re
import threading

import numpy as np
import pytest

import framework as tf
import layers
from framework import check_gradients
from layers import (ELU, Activation, BatchNormalization, Dense, Dropout, Flatten, Input, InputLayer, Lambda,
                    Layer, LeakyReLU, ReLU, Softmax, current_layer)


@pytest.fixture(autouse=True)
def fresh_names():
    layers.reset_names()
    yield


def rng(seed=0):
    return np.random.default_rng(seed)


# ---- names, arguments ---------------------------------------------------------------
def test_auto_names_follow_keras_snake_case_and_numbering():
    assert [Dense(1).name, Dense(1).name, Dense(1).name] == ['dense', 'dense_1', 'dense_2']
    assert LeakyReLU().name == 'leaky_re_lu'
    assert ReLU().name == 're_lu'
    assert BatchNormalization().name == 'batch_normalization'
    assert ELU().name == 'elu'
    assert Dense(1, name='head').name == 'head'


def test_unknown_keyword_names_the_class_and_keyword():
    with pytest.raises(TypeError, match=r"Dense.*'foo'"):
        Dense(3, foo=1)
    with pytest.raises(ValueError, match='foo'):      # Keras 3 raises ValueError: both work
        Dense(3, foo=1)


def test_legacy_input_shape_keywords_are_stored():
    assert Dense(2, input_shape=(8,))._batch_input_shape == (None, 8)
    assert Dense(2, input_dim=5)._batch_input_shape == (None, 5)
    # Keras 3 (TF 2.21) refuses Keras 2's batch_input_shape / batch_size on a layer: "Unrecognized keyword
    # arguments passed to Dense: {'batch_input_shape': (4, 3)}"; a note says to give keras.Input a batch_size
    for keyword, value in (('batch_input_shape', (4, 3)), ('batch_size', 3)):
        with pytest.raises(ValueError, match=r"^Unrecognized keyword arguments passed to Dense: \{'%s': %s\}"
                           % (keyword, re.escape(repr(value)))) as caught:
            Dense(2, **{keyword: value})
        assert 'keras.Input(shape=..., batch_size=...)' in caught.value.__notes__[0]


# (True is no bad size: Keras 3.15's isinstance(units, int) takes it, Dense(True) has one unit on TF 2.21)
@pytest.mark.parametrize('units', [0, -3, 2.5, 'x', np.int64(3)])
def test_dense_rejects_bad_units(units):
    with pytest.raises(ValueError, match='units'):
        Dense(units)


# ---- building and calling ---------------------------------------------------------------
def test_dense_builds_on_first_call_with_keras_shapes_and_paths():
    d = Dense(4)
    assert not d.built and d.weights == []
    y = d(rng().standard_normal((3, 5)))
    assert d.built
    assert tuple(y.shape) == (3, 4) and y.dtype == tf.float32
    assert tuple(d.kernel.shape) == (5, 4) and tuple(d.bias.shape) == (4,)
    assert (d.kernel.name, d.kernel.path, d.bias.path) == ('kernel', 'dense/kernel', 'dense/bias')
    assert d.kernel.dtype == tf.float32
    assert d.count_params() == 24


def test_float64_numpy_input_becomes_float32_and_ints_are_promoted():
    d = Dense(2)
    assert d(np.ones((2, 3), np.float64)).dtype == tf.float32
    assert d(np.ones((2, 3), np.int32)).dtype == tf.float32
    assert d(tf.constant(np.ones((2, 3)))).dtype == tf.float32
    with pytest.raises(ValueError, match='Only input tensors may be passed as positional arguments'):
        d([[1.0, 2.0, 3.0]])          # Keras 3 converts array-likes only, then refuses Python numbers


def test_dense_output_matches_the_formula(backend):
    d = Dense(3, activation='relu')
    x = rng(1).standard_normal((4, 2)).astype(np.float32)
    d.build((None, 2))
    k = rng(2).standard_normal((2, 3)).astype(np.float32)
    b = np.array([0.1, -0.2, 0.3], np.float32)
    d.set_weights([k, b])
    y = d(x)
    assert backend.holds(y)
    np.testing.assert_allclose(y.numpy(), np.maximum(x @ k + b, 0), rtol=1e-6)


def test_dense_on_rank3_input_multiplies_over_the_last_axis():
    d = Dense(5, use_bias=False)
    x = rng().standard_normal((2, 3, 4)).astype(np.float32)
    y = d(x)
    assert tuple(y.shape) == (2, 3, 5)
    # (atol: the kernel is drawn from the global seed's state, and where a sum cancels to ~3e-4 the float32
    # product orders of numpy and of TF's kernels differ by ~1e-5 relative)
    np.testing.assert_allclose(y.numpy(), x @ d.kernel.numpy(), rtol=1e-5, atol=1e-6)
    assert d.compute_output_shape((None, 3, 4)) == (None, 3, 5)


def test_incompatible_input_names_layer_expected_and_received_shape():
    d = Dense(8)
    d(np.ones((32, 5)))
    with pytest.raises(ValueError) as err:
        d(np.ones((32, 6)))
    # Keras 3.15's words, printed by TF 2.21 for the same calls (the spec's name is unset: 'None')
    assert str(err.value) == ("Input 0 with name 'None' of layer 'dense' is incompatible with the layer: expected "
                              "axis -1 of input shape to have value 5, but received input with shape (32, 6)")
    with pytest.raises(ValueError, match='expected min_ndim=2, found ndim=1'):
        Dense(3)(np.ones(3))


def test_dense_gradients_match_central_differences():
    d = Dense(3, activation='tanh', dtype='float64')
    d.build((None, 4))
    x0 = rng(3).standard_normal((2, 4))

    def through_layer(x, kernel, bias):
        # the layer reads its weights at call time; the check feeds its own tensors, past Keras 3's
        # read-only kernel property
        d.__dict__['kernel'], d.bias = kernel, bias
        return d(x)
    check_gradients(through_layer, [x0, d.kernel.numpy(), d.bias.numpy() + 0.1])


def test_tape_watches_trainable_weights_automatically():
    d = Dense(2, activation='elu')
    x = rng().standard_normal((5, 3)).astype(np.float32)
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(d(x))
    gk, gb = tape.gradient(loss, d.trainable_variables)
    z = x @ d.kernel.numpy() + d.bias.numpy()
    dz = np.where(z > 0, 1.0, np.exp(z))
    np.testing.assert_allclose(gk.numpy(), x.T @ dz, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(gb.numpy(), dz.sum(0), rtol=1e-5, atol=1e-5)


# ---- weights -------------------------------------------------------------------------
def test_get_and_set_weights_round_trip_and_validate_everything_first():
    d = Dense(3)
    d.build((None, 2))
    k, b = np.arange(6, dtype=np.float32).reshape(2, 3), np.ones(3, np.float32)
    d.set_weights([k, b])
    np.testing.assert_array_equal(d.get_weights()[0], k)
    with pytest.raises(ValueError, match=r"layer 'dense' with a weight list of length 1, but the layer was "
                                         r'expecting 2 weights'):
        d.set_weights([k])
    with pytest.raises(ValueError, match=r'Layer dense weight shape \(3,\) is not compatible with provided '
                                         r'weight shape \(4,\)'):
        d.set_weights([k * 0, np.zeros(4)])
    np.testing.assert_array_equal(d.kernel.numpy(), k)    # nothing assigned on failure


def test_count_params_before_build_raises_naming_the_layer():
    with pytest.raises(ValueError, match="count_params.*'dense'"):
        Dense(2).count_params()


def test_trainable_false_moves_weights_to_non_trainable():
    d = Dense(2)
    d.build((None, 3))
    d.trainable = False
    assert d.trainable_weights == [] and len(d.non_trainable_weights) == 2
    with tf.GradientTape() as tape:
        out = tf.reduce_sum(d(np.ones((1, 3))))
    # TF 2.21 still watches them: the tf.Variable under a Keras weight keeps its trainable flag from creation
    np.testing.assert_array_equal(tape.gradient(out, d.kernel).numpy(), np.ones((3, 2)))
    d.trainable = True
    assert len(d.trainable_variables) == 2


class TwoBlocks(Layer):
    """A user subclass holding sublayers in attributes, a list and a dict."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.first = Dense(4, activation='relu')
        self.stack = [Dense(3), Dropout(0.5)]
        self.heads = {'out': Dense(1)}
        self.shared = self.first          # the same layer twice counts once

    def call(self, inputs, training=None):
        x = self.first(inputs)
        for layer in self.stack:
            x = layer(x)
        return self.heads['out'](x)


def test_subclass_sublayers_are_found_through_attributes():
    model = TwoBlocks()
    out = model(np.ones((2, 5)))
    assert tuple(out.shape) == (2, 1)
    assert [v.path for v in model.weights] == [
        'two_blocks/dense/kernel', 'two_blocks/dense/bias', 'two_blocks/dense_1/kernel',
        'two_blocks/dense_1/bias', 'two_blocks/dense_2/kernel', 'two_blocks/dense_2/bias']
    # (a plain Layer has no `layers` in Keras 3: its direct sublayers, as Keras's tracker keeps them)
    assert [layer.name for layer in model._flatten_layers(include_self=False, recursive=False)] == \
        ['dense', 'dense_1', 'dropout', 'dense_2']
    assert model.count_params() == (5 * 4 + 4) + (4 * 3 + 3) + (3 * 1 + 1)


def test_training_flag_is_inherited_by_nested_calls():
    seen = []

    class Probe(Layer):
        def call(self, inputs, training=None):
            seen.append(training)
            return inputs

    class Outer(Layer):
        def __init__(self):
            super().__init__()
            self.probe = Probe()

        def call(self, inputs):
            return self.probe(inputs)

    outer = Outer()
    outer(np.ones((1, 2)), training=True)
    outer(np.ones((1, 2)))
    assert seen == [True, None]


def test_current_layer_names_the_running_layer_per_thread():
    seen = []

    class Spy(Layer):
        def call(self, inputs):
            seen.append(current_layer().name)
            return inputs

    spy = Spy(name='spy')
    spy(np.ones((1, 1)))
    assert seen == ['spy'] and current_layer() is None
    thread = threading.Thread(target=lambda: seen.append(current_layer()))
    thread.start()
    thread.join()
    assert seen[-1] is None


def test_add_weight_follows_keras3_signature():
    layer = Layer(name='custom')
    w = layer.add_weight(shape=(2, 3), name='w', initializer='ones')
    n = layer.add_weight((4,), 'zeros', name='n', trainable=False)
    assert (w.path, w.trainable, n.trainable) == ('custom/w', True, False)
    assert layer.weights == [w, n] and layer.non_trainable_weights == [n]
    with pytest.raises(ValueError, match='`name` must be passed as a keyword argument'):
        layer.add_weight('kernel', (2, 2))
    with pytest.raises(ValueError, match='fully defined shape'):
        layer.add_weight(shape=(None, 2), name='bad')


def test_activity_regularizer_loss_is_divided_by_batch_size():
    d = Dense(2, kernel_initializer='ones', activity_regularizer='l1')
    y = d(np.ones((4, 3)))
    # l1 default 0.01 * sum(|y|) / batch; y is all 3s: 0.01 * 24 / 4 = 0.06
    assert len(d.losses) == 1
    np.testing.assert_allclose(float(d.losses[0]), 0.01 * np.abs(y.numpy()).sum() / 4, rtol=1e-6)
    d(np.ones((2, 3)))
    assert len(d.losses) == 1      # replaced on the next call, not accumulated


def test_config_round_trip_dense():
    d = Dense(7, activation='elu', kernel_initializer='he_normal', kernel_regularizer=layers.regularizers.l2(0.05),
              name='hidden')
    config = d.get_config()
    assert list(config) == ['name', 'trainable', 'dtype', 'units', 'activation', 'use_bias', 'kernel_initializer',
                            'bias_initializer', 'kernel_regularizer', 'bias_regularizer', 'kernel_constraint',
                            'bias_constraint', 'quantization_config']
    assert config['kernel_initializer']['class_name'] == 'HeNormal'
    assert config['kernel_regularizer']['config'] == {'l2': 0.05}
    clone = Dense.from_config(config)
    assert clone.get_config() == config


# ---- the other layers ---------------------------------------------------------------------
X = np.array([[-2.0, -0.5, 0.0, 0.5, 3.0, 7.0]], np.float32)


@pytest.mark.parametrize('layer, expected', [
    (lambda: Activation('relu'), np.maximum(X, 0)),
    (lambda: ELU(alpha=0.5), np.where(X > 0, X, 0.5 * np.expm1(X))),
    (lambda: ReLU(), np.maximum(X, 0)),
    (lambda: ReLU(max_value=6.0), np.clip(X, 0, 6)),
    (lambda: ReLU(negative_slope=0.1, threshold=1.0), np.where(X > 1, X, 0.1 * (X - 1))),
    (lambda: LeakyReLU(), np.where(X > 0, X, 0.3 * X)),
    (lambda: Softmax(), np.exp(X - X.max()) / np.exp(X - X.max()).sum()),
])
def test_activation_layers_compute_their_formula(layer, expected):
    np.testing.assert_allclose(layer()(X).numpy(), expected, rtol=1e-6, atol=1e-7)


def test_leaky_relu_accepts_keras2_alpha():
    with pytest.warns(UserWarning, match='alpha'):
        layer = LeakyReLU(alpha=0.1)
    assert layer.negative_slope == 0.1 and layer.get_config()['negative_slope'] == 0.1


def test_dropout_only_in_training_and_scales_kept_values():
    x = np.ones((200, 50), np.float32)
    drop = Dropout(0.4, seed=7)
    np.testing.assert_array_equal(drop(x).numpy(), x)
    y = drop(x, training=True).numpy()
    kept = y != 0
    np.testing.assert_allclose(y[kept], 1 / 0.6, rtol=1e-6)
    assert abs(kept.mean() - 0.6) < 0.02
    with pytest.raises(ValueError, match='rate'):
        Dropout(1.5)


def test_dropout_noise_shape_fills_none_and_broadcasts():
    y = Dropout(0.5, noise_shape=(None, 1), seed=1)(np.ones((64, 10)), training=True).numpy()
    assert all(len(set(row)) == 1 for row in y)       # one mask value per row


def test_dropout_seeded_by_set_random_seed():
    from framework import keras
    x = np.ones((4, 8), np.float32)
    keras.utils.set_random_seed(5)
    a = Dropout(0.5)(x, training=True).numpy()
    keras.utils.set_random_seed(5)
    b = Dropout(0.5)(x, training=True).numpy()
    np.testing.assert_array_equal(a, b)


def test_flatten_shapes():
    assert tuple(Flatten()(np.ones((2, 3, 4))).shape) == (2, 12)
    assert tuple(Flatten()(np.ones((5,))).shape) == (5, 1)
    assert Flatten().compute_output_shape((None, 3, 4)) == (None, 12)
    x = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    np.testing.assert_array_equal(Flatten('channels_first')(x).numpy(), x.transpose(0, 2, 1).reshape(2, -1))


def test_batch_normalization_training_and_inference():
    bn = BatchNormalization(momentum=0.9)
    x = rng(4).standard_normal((16, 3)).astype(np.float32) * 2 + 1
    y = bn(x, training=True).numpy()
    mean, var = x.mean(0), x.var(0)
    np.testing.assert_allclose(y, (x - mean) / np.sqrt(var + 1e-3), rtol=1e-4, atol=1e-5)
    # Keras's update: moving = moving * momentum + batch * (1 - momentum), biased batch variance
    np.testing.assert_allclose(bn.moving_mean.numpy(), 0.1 * mean, rtol=1e-5)
    np.testing.assert_allclose(bn.moving_variance.numpy(), 0.9 + 0.1 * var, rtol=1e-5)
    y_inf = bn(x).numpy()
    np.testing.assert_allclose(y_inf, (x - 0.1 * mean) / np.sqrt(0.9 + 0.1 * var + 1e-3), rtol=1e-4, atol=1e-5)
    assert [v.name for v in bn.weights] == ['gamma', 'beta', 'moving_mean', 'moving_variance']
    assert [v.name for v in bn.trainable_weights] == ['gamma', 'beta']


def test_batch_normalization_gradients_and_frozen_layer_uses_moving_stats():
    bn = BatchNormalization(axis=1, dtype='float64')
    x0 = rng(5).standard_normal((4, 2, 3))
    bn.build(x0.shape)
    check_gradients(lambda x: bn(x, training=True), [x0])
    bn.trainable = False
    before = bn.moving_mean.numpy().copy()
    bn(x0, training=True)
    np.testing.assert_array_equal(bn.moving_mean.numpy(), before)


def test_input_layer_shape_and_config():
    tensor = Input((8,))             # Keras 3: a symbolic tensor, made by an InputLayer
    inp = tensor._keras_history[0]
    # Keras 3.15 names an unnamed Input's tensor 'keras_tensor' (numbered), its layer 'input_layer'
    assert tensor.shape == (None, 8) and tensor.name.startswith('keras_tensor') and inp.output is tensor
    assert Input((8,), name='x').name == 'x'
    assert isinstance(inp, InputLayer) and inp.shape == (None, 8) and inp.name == 'input_layer'
    assert inp.get_config() == {'batch_shape': (None, 8), 'dtype': 'float32', 'sparse': False, 'ragged': False,
                                'name': 'input_layer', 'optional': False}
    with pytest.raises(ValueError, match='shape'):
        InputLayer()


def test_lambda_layer():
    layer = Lambda(lambda x, power: x ** power, arguments={'power': 2})
    np.testing.assert_allclose(layer(np.array([[3.0]])).numpy(), [[9.0]])
    assert layer.compute_output_shape((None, 4)) == (None, 4)


def test_layer_weight_constraints_are_applied_on_request():
    d = Dense(2, kernel_constraint=layers.constraints.NonNeg())
    d.build((None, 2))
    d.kernel.assign([[-1.0, 2.0], [3.0, -4.0]])
    assert list(d.weight_constraints.values())[0] is d.kernel_constraint
    d.apply_weight_constraints()
    np.testing.assert_array_equal(d.kernel.numpy(), [[0.0, 2.0], [3.0, 0.0]])
