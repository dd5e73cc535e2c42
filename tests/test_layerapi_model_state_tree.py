"""Model.get_state_tree / set_state_tree, distribute_reduction_method, train_function and the
make_*_function family, as Keras 3.15 on TF 2.21 has them (AttributeError in tapeflow before).
Paths and values from TF 2.21."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _fitted():
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, kernel_initializer='ones', name='dense'),
                              keras.layers.BatchNormalization(name='batch_normalization')], name='seq')
    model.compile(keras.optimizers.Adam(name='adam'), 'mse', metrics=['mae'])
    model.fit(np.ones((4, 3)), np.zeros((4, 2)), verbose=0)
    return model


def test_state_tree_nests_the_variables_by_path():
    tree = _fitted().get_state_tree('numpy_array')
    assert sorted(tree) == ['metrics_variables', 'non_trainable_variables', 'optimizer_variables',
                            'trainable_variables']
    assert list(tree['trainable_variables']['seq']) == ['dense', 'batch_normalization']
    assert list(tree['trainable_variables']['seq']['dense']) == ['kernel', 'bias']
    np.testing.assert_allclose(tree['non_trainable_variables']['seq']['batch_normalization']['moving_mean'],
                               [0.03, 0.03], rtol=1e-6)
    np.testing.assert_allclose(tree['non_trainable_variables']['seq']['batch_normalization']['moving_variance'],
                               [0.99, 0.99], rtol=1e-6)
    assert list(tree['optimizer_variables']['adam']) == [
        'iteration', 'learning_rate', 'seq_dense_kernel_momentum', 'seq_dense_kernel_velocity',
        'seq_dense_bias_momentum', 'seq_dense_bias_velocity', 'seq_batch_normalization_gamma_momentum',
        'seq_batch_normalization_gamma_velocity', 'seq_batch_normalization_beta_momentum',
        'seq_batch_normalization_beta_velocity']
    assert int(tree['optimizer_variables']['adam']['iteration']) == 1
    assert {k: sorted(v) for k, v in tree['metrics_variables'].items()} == {
        'loss': ['count', 'total'], 'mean_absolute_error': ['count', 'total']}
    assert float(tree['metrics_variables']['loss']['count']) == 4.0


def test_set_state_tree_assigns_by_path():
    model = _fitted()
    tree = model.get_state_tree('numpy_array')
    tree['trainable_variables']['seq']['dense']['bias'] = np.array([5., 6.], 'float32')
    tree['optimizer_variables']['adam']['iteration'] = np.int64(7)
    model.set_state_tree(tree)
    assert model.layers[0].bias.numpy().tolist() == [5.0, 6.0]
    assert int(model.optimizer.iterations.numpy()) == 7
    with pytest.raises(ValueError, match='^Unknown variable name: weights$'):
        model.set_state_tree({'weights': {}})


def test_state_tree_refusals():
    model = _fitted()
    with pytest.raises(ValueError) as caught:
        model.get_state_tree('xyz')
    assert str(caught.value) == ("Invalid `value_format` argument. Expected one of {'numpy_array', 'backend_tensor'}. "
                                 'Received: value_format=xyz')
    uncompiled = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    with pytest.raises(AttributeError, match="^'Sequential' object has no attribute 'optimizer'$"):
        uncompiled.get_state_tree()


def test_distribute_reduction_method():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.compile('sgd', 'mse')
    with pytest.raises(AttributeError, match="'_distribute_reduction_method'"):    # Keras 3.15's TF trainer
        model.distribute_reduction_method
    model.distribute_reduction_method = None
    assert model.distribute_reduction_method == 'auto'
    model.distribute_reduction_method = 'sum'
    assert model.distribute_reduction_method == 'sum'


def test_make_train_and_predict_functions():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, kernel_initializer='ones')])
    model.compile('sgd', 'mse', run_eagerly=True)
    assert (model.train_function, model.test_function, model.predict_function) == (None, None, None)
    assert model.make_train_function() is None
    assert model.make_train_function() is model.train_function is not None
    x, y = np.ones((4, 3), 'float32'), np.zeros((4, 2), 'float32')
    logs = model.train_function(iter([(x, y)]))
    assert {k: float(np.asarray(v)) for k, v in logs.items()} == {'loss': 9.0}
    np.testing.assert_allclose(model.layers[0].kernel.numpy(), [[0.97, 0.97]] * 3, rtol=1e-6)
    assert model.make_predict_function() is None
    np.testing.assert_allclose(np.asarray(model.predict_function([x, x[:1]])), [[2.88, 2.88]] * 4, rtol=1e-6)
    model.train_function = None
    assert model.train_function is None
