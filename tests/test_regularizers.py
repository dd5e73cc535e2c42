"""Regularizers (penalties in ``losses``) and constraints (projections after updates)."""
import numpy as np
import pytest

import framework as tf
import layers
from layers import Dense, Sequential, constraints, regularizers

W = np.array([[1.0, -2.0], [3.0, -4.0]], np.float32)


@pytest.fixture(autouse=True)
def fresh_names():
    layers.reset_names()
    yield


@pytest.mark.parametrize('regularizer, expected', [
    (regularizers.l1(), 0.01 * 10),                 # Keras 3: l1 * sum(|x|), default 0.01
    (regularizers.l2(0.05), 0.05 * 30),             # l2 * sum(x**2), no 1/2
    (regularizers.L2(), 0.01 * 30),
    (regularizers.l1_l2(l1=0.1, l2=0.2), 0.1 * 10 + 0.2 * 30),
    (regularizers.L1L2(), 0.0),                     # both default to 0 in Keras 3
])
def test_penalty_values(regularizer, expected):
    value = regularizer(tf.constant(W))
    assert value.dtype == tf.float32 and value.shape == ()
    np.testing.assert_allclose(float(value), expected, rtol=1e-6)


@pytest.mark.parametrize('value', [-1.0, float('inf'), float('nan'), 'x'])
def test_bad_penalty_is_refused_with_keras_message(value):
    with pytest.raises(ValueError, match='Invalid value for argument l2: expected a non-negative float'):
        regularizers.L2(value)


def test_get_and_configs():
    assert isinstance(regularizers.get('l2'), regularizers.L2)
    assert regularizers.get(None) is None
    assert regularizers.l2(0.05).get_config() == {'l2': 0.05}
    assert regularizers.L1L2().get_config() == {'l1': 0.0, 'l2': 0.0}
    again = regularizers.get(regularizers.serialize(regularizers.l1_l2(0.3, 0.4)))
    assert isinstance(again, regularizers.L1L2) and again.get_config() == {'l1': 0.3, 'l2': 0.4}
    with pytest.raises(ValueError, match='l1l2'):
        regularizers.get('l3')


def test_model_losses_are_differentiable_inside_the_tape():
    reg = regularizers.l2(0.05)
    model = Sequential([Dense(3, activation='elu', kernel_regularizer=reg), Dense(1, kernel_regularizer=reg)])
    x = np.random.default_rng(0).standard_normal((32, 8))          # float64, as in the seed program
    y = np.random.default_rng(1).standard_normal((32, 1)).astype(np.float32)
    with tf.GradientTape() as tape:
        y_pred = model(x, training=True)
        main_loss = tf.reduce_mean(tf.square(y - y_pred))
        loss = tf.add_n([main_loss] + model.losses)
    grads = tape.gradient(loss, model.trainable_variables)
    assert len(model.losses) == 2
    k1, k2 = model.layers[0].kernel.numpy(), model.layers[1].kernel.numpy()
    np.testing.assert_allclose(float(loss) - float(main_loss), 0.05 * ((k1 ** 2).sum() + (k2 ** 2).sum()),
                               rtol=1e-5)
    # d/dk of the main loss alone, plus 2 * 0.05 * k from the penalty
    with tf.GradientTape() as tape2:
        main_only = tf.reduce_mean(tf.square(y - model(x)))
    main_grad = tape2.gradient(main_only, model.layers[1].kernel)
    np.testing.assert_allclose(grads[2].numpy(), main_grad.numpy() + 0.1 * k2, rtol=1e-4, atol=1e-6)


def test_frozen_layer_contributes_no_weight_penalty():
    model = Sequential([Dense(2, kernel_regularizer='l2'), Dense(1, kernel_regularizer='l2')])
    model.build((None, 3))
    model.layers[0].trainable = False
    assert len(model.losses) == 1


# ---- constraints ---------------------------------------------------------------------------
def test_max_norm_rescales_only_columns_over_the_limit():
    w = np.array([[3.0, 0.0], [4.0, 1.0]], np.float32)               # column norms 5 and 1
    out = constraints.MaxNorm(2.0)(tf.constant(w)).numpy()
    np.testing.assert_allclose(out[:, 0], w[:, 0] * 2 / (5 + 1e-7), rtol=1e-6)
    np.testing.assert_allclose(out[:, 1], w[:, 1] / (1 + 1e-7), rtol=1e-6)


def test_unit_norm_min_max_norm_non_neg():
    w = np.array([[3.0, 0.0], [4.0, 2.0]], np.float32)               # column norms 5 and 2
    np.testing.assert_allclose(np.linalg.norm(constraints.UnitNorm()(tf.constant(w)).numpy(), axis=0), 1.0,
                               rtol=1e-6)
    out = constraints.MinMaxNorm(min_value=3.0, max_value=4.0, rate=0.5)(tf.constant(w)).numpy()
    # desired = 0.5 * clip(norm, 3, 4) + 0.5 * norm: 4.5 and 2.5
    np.testing.assert_allclose(np.linalg.norm(out, axis=0), [4.5, 2.5], rtol=1e-5)
    np.testing.assert_array_equal(constraints.NonNeg()(tf.constant(-w)).numpy(), np.zeros_like(w))


def test_constraint_configs_and_get():
    assert constraints.MaxNorm().get_config() == {'max_value': 2, 'axis': 0}
    assert constraints.MinMaxNorm().get_config() == {'min_value': 0.0, 'max_value': 1.0, 'rate': 1.0, 'axis': 0}
    assert isinstance(constraints.get('non_neg'), constraints.NonNeg)
    with pytest.raises(ValueError, match='max_norm'):
        constraints.get('max-norm')


def test_model_applies_every_sublayer_constraint():
    model = Sequential([Dense(2, kernel_constraint=constraints.MaxNorm(1.0)),
                        Dense(1, bias_constraint='non_neg')])
    model.build((None, 3))
    first, second = model.layers
    first.kernel.assign(np.full((3, 2), 5.0))
    second.bias.assign([-2.0])
    assert set(map(id, model.weight_constraints)) == {id(first.kernel), id(second.bias)}
    model.apply_weight_constraints()
    np.testing.assert_allclose(np.linalg.norm(first.kernel.numpy(), axis=0), 1.0, rtol=1e-5)
    assert second.bias.numpy().tolist() == [0.0]
