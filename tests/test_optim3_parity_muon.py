"""keras.optimizers.Muon as Keras 3.15 on TF 2.21: the Muon step for matrices, AdamW for the rest.

Golden values: /opt/tfref (TF 2.21, Keras 3.15.1) running the same three steps
(gradients 0.5 * var - 0.1 * step) and printing ``v.numpy().tolist()``.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _three_steps():
    keras.backend.clear_session()
    kernel = keras.Variable(np.array([[0.5, -0.25], [0.125, 1.0], [-0.75, 0.375]], 'float32'), name='kernel')
    bias = keras.Variable(np.array([0.1, -0.2], 'float32'), name='bias')
    table = keras.Variable(np.array([[0.3, 0.1], [0.2, -0.4]], 'float32'), name='embedding_table')
    s64 = keras.Variable(np.array([1.0, 2.0], 'float64'), name='s64')
    opt = keras.optimizers.Muon(learning_rate=0.05, adam_lr_ratio=0.5, weight_decay=0.01, adam_weight_decay=0.02)
    opt.exclude_from_weight_decay(var_names=['bias'])
    variables = [kernel, bias, table, s64]
    for step in range(3):
        grads = [v.numpy() * v.numpy().dtype.type(0.5) - v.numpy().dtype.type(0.1 * (step + 1)) for v in variables]
        opt.apply_gradients(zip([tf.constant(g) for g in grads], variables))
    return opt, variables


def test_muon_matches_keras_trajectory():
    opt, (kernel, bias, table, s64) = _three_steps()
    # The Adam-stepped variables (1-D, float64, and a path with 'embedding') carry Keras's bits;
    # the kernel's Newton-Schulz matmuls run on numpy's BLAS (last-bit differences, see README).
    np.testing.assert_array_equal(bias.numpy(), np.array([0.17135831713676453, -0.1253894716501236], 'float32'))
    np.testing.assert_array_equal(table.numpy(), np.array([[0.2939514219760895, 0.17098337411880493],
                                                           [0.23880517482757568, -0.3239402770996094]], 'float32'))
    np.testing.assert_array_equal(s64.numpy(), [0.9244680896848517, 1.9196458605794227])
    np.testing.assert_allclose(kernel.numpy(), [[0.4902303218841553, -0.22372503578662872],
                                                [0.1358930617570877, 0.9682276248931885],
                                                [-0.6966941356658936, 0.3705090582370758]], rtol=1e-6)
    assert int(opt.iterations.numpy()) == 3


def test_muon_state_is_momentum_then_velocity_per_variable():
    opt, _ = _three_steps()
    assert [(v.path, str(np.dtype(v.dtype))) for v in opt.variables] == [
        ('muon/iteration', 'int64'), ('muon/learning_rate', 'float32'), ('muon/kernel_momentum', 'float32'),
        ('muon/bias_momentum', 'float32'), ('muon/bias_velocity', 'float32'),
        ('muon/embedding_table_momentum', 'float32'), ('muon/embedding_table_velocity', 'float32'),
        ('muon/s64_momentum', 'float64'), ('muon/s64_velocity', 'float64')]


def test_muon_config_round_trip_and_lookup():
    keras.backend.clear_session()
    opt = keras.optimizers.Muon(learning_rate=0.05, adam_lr_ratio=0.5, adam_weight_decay=0.02,
                                exclude_layers=['out'], rms_rate=None)
    config = opt.get_config()
    assert list(config)[11:] == ['adam_beta_1', 'adam_beta_2', 'epsilon', 'exclude_layers', 'muon_a', 'muon_b',
                                 'muon_c', 'adam_lr_ratio', 'momentum', 'ns_steps', 'nesterov',
                                 'exclude_embeddings', 'adam_weight_decay', 'rms_rate']
    assert config['weight_decay'] == 0.004 and config['muon_b'] == -4.775 and config['exclude_layers'] == ['out']
    assert keras.optimizers.Muon.from_config(config).get_config() == config
    assert type(keras.optimizers.get('muon')).__name__ == 'Muon'
    assert keras.optimizers.serialize(opt)['class_name'] == 'Muon'


def test_muon_excluded_layers_take_the_adam_step():
    keras.backend.clear_session()
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, name='hidden'),
                              keras.layers.Dense(2, name='out')])
    opt = keras.optimizers.Muon(exclude_layers=['out'])
    opt.build(model.trainable_variables)
    assert [v.path for v in opt.variables[2:]] == [
        'muon/sequential_hidden_kernel_momentum', 'muon/sequential_hidden_bias_momentum',
        'muon/sequential_hidden_bias_velocity', 'muon/sequential_out_kernel_momentum',
        'muon/sequential_out_kernel_velocity', 'muon/sequential_out_bias_momentum',
        'muon/sequential_out_bias_velocity']


def test_muon_refuses_a_variable_it_was_not_built_for():
    keras.backend.clear_session()
    first, other = keras.Variable(np.ones((2, 2), 'float32')), keras.Variable(np.ones((2, 2), 'float32'))
    opt = keras.optimizers.Muon()
    opt.build([first])
    # TF 2.21 / Keras 3.15: ValueError 'Unknown variable: <Variable path=variable_1, ...>. This optimizer can
    # only be called for the variables it was originally built with. ...' (Keras's check, any optimizer)
    with pytest.raises(ValueError, match='(?s)Unknown variable: .*originally built with'):
        opt.apply_gradients([(tf.ones((2, 2)), other)])
