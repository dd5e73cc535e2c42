"""keras.optimizers.MultiOptimizer and OptimizerMap as Keras 3.15 has them, with TensorFlow 2.21's bits.

Golden values: /work/notes/progs/optim4/gold_sfa_multi.py run on TensorFlow 2.21 / Keras 3.15 (weights
as int32 bit patterns of their float32 values; the model's name in slot paths written as {model}).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

O = keras.optimizers


def bits(a):
    return np.asarray(a.numpy()).view(np.int32).ravel().tolist()


def tiny(seed):
    keras.utils.set_random_seed(seed)
    return keras.Sequential([keras.Input((1,)), keras.layers.Dense(1, name='lin')])


MULTI_W = [[1065530002], [1004363170]]
MULTI_PATHS = ['multi_optimizer/iteration', 'multi_optimizer/learning_rate', 'adam/iteration', 'adam/learning_rate', 'adam/{model}_lin_kernel_momentum', 'adam/{model}_lin_kernel_velocity', 'sgd/iteration', 'sgd/learning_rate']
MULTI_ITERS = [5, 5, 5]
MULTI_CONFIG = {'optimizer_map': {'module': 'keras.optimizers', 'class_name': 'OptimizerMap', 'config': {'default_optimizer': {'module': 'keras.optimizers', 'class_name': 'SGD', 'config': {'name': 'sgd', 'learning_rate': 0.05000000074505806, 'weight_decay': None, 'clipnorm': None, 'global_clipnorm': None, 'clipvalue': None, 'use_ema': False, 'ema_momentum': 0.99, 'ema_overwrite_frequency': None, 'loss_scale_factor': None, 'gradient_accumulation_steps': None, 'momentum': 0.0, 'nesterov': False}, 'registered_name': None}, 'optimizer_map': {'.*/kernel': {'module': 'keras.optimizers', 'class_name': 'Adam', 'config': {'name': 'adam', 'learning_rate': 0.009999999776482582, 'weight_decay': None, 'clipnorm': None, 'global_clipnorm': None, 'clipvalue': None, 'use_ema': False, 'ema_momentum': 0.99, 'ema_overwrite_frequency': None, 'loss_scale_factor': None, 'gradient_accumulation_steps': None, 'beta_1': 0.9, 'beta_2': 0.999, 'epsilon': 1e-07, 'amsgrad': False}, 'registered_name': None}}}, 'registered_name': None}, 'loss_scale_factor': None, 'name': 'multi_optimizer'}
# fit with a callable selector and loss_scale_factor=4: weights, the optimizers' names, iterations
MULTI_FIT = ([[1043884442], [1008675632]], ['rm_sprop', 'adagrad'], 4)


def test_map_sends_kernels_to_adam_and_the_rest_to_the_default():
    keras.backend.clear_session()
    om = O.OptimizerMap(O.SGD(0.05))
    om['.*/kernel'] = O.Adam(0.01)
    mo = O.MultiOptimizer(om)
    model = tiny(2)
    for step in range(5):
        grads = [tf.constant(np.cos(v.numpy() * 2 + step).astype('float32') * np.float32(0.3))
                 for v in model.trainable_variables]
        mo.apply_gradients(zip(grads, model.trainable_variables))
    assert [bits(v) for v in model.weights] == MULTI_W
    assert [v.path for v in mo.variables] == [p.format(model=model.name) for p in MULTI_PATHS]
    assert [int(mo.iterations.numpy())] + [int(o.iterations.numpy()) for o in mo.optimizers] == MULTI_ITERS
    assert mo.get_config() == MULTI_CONFIG
    back = O.deserialize(O.serialize(mo))
    assert type(back) is O.MultiOptimizer and back.get_config() == MULTI_CONFIG


def test_fit_with_a_selector_and_a_loss_scale_factor():
    mo = O.MultiOptimizer(lambda v: O.RMSprop(0.02) if 'kernel' in v.path else O.Adagrad(0.1), loss_scale_factor=4.0)
    model = tiny(3)
    model.compile(optimizer=mo, loss='mse')
    x = np.linspace(-1, 1, 8).reshape(8, 1).astype('float32')
    model.fit(x, 3 * x + np.float32(0.5), batch_size=4, epochs=2, verbose=0, shuffle=False)
    # in the order the variables met them (Keras named them 'rm_sprop' and 'adagrad' in a fresh session)
    assert [type(o).__name__ for o in mo.optimizers] == ['RMSprop', 'Adagrad']
    assert int(mo.iterations.numpy()) == MULTI_FIT[2]
    assert [o.loss_scale_factor for o in mo.optimizers] == [4.0, 4.0]
    # RMSprop's traced step may differ from grappler's in the last bits, as Adam's does
    for got, want in zip(model.weights, MULTI_FIT[0]):
        np.testing.assert_allclose(got.numpy().ravel(), np.array(want, np.int32).view(np.float32), rtol=2e-6)


def test_learning_rate_is_the_inner_optimizers_business():
    mo = O.MultiOptimizer(O.OptimizerMap(O.SGD()))
    with pytest.raises(AttributeError, match='sub-optimizers'):
        mo.learning_rate
    with pytest.raises(AttributeError, match='sub-optimizers'):
        mo.learning_rate = 0.1


def test_map_refusals_and_lookup_as_keras():
    with pytest.raises(TypeError, match='default_optimizer must be a Keras Optimizer instance'):
        O.OptimizerMap('sgd')
    with pytest.raises(TypeError, match='optimizer_map must be a dictionary'):
        O.OptimizerMap(O.SGD(), optimizer_map=[1])
    om = O.OptimizerMap(O.RMSprop())
    om['enc/.*'] = adam = O.Adam()
    with pytest.raises(ValueError, match='already exists'):
        om['enc/.*'] = O.SGD()
    with pytest.raises(ValueError, match='cannot be LossScaleOptimizer'):
        om['x'] = O.LossScaleOptimizer(O.SGD())
    with pytest.raises(ValueError, match='key must be a string'):
        om[3] = O.SGD()
    assert om['enc/dense/kernel'] is adam and om['decoder'] is om.default_optimizer and len(om) == 1
    om['enc/d.*'] = O.SGD()
    with pytest.raises(ValueError, match='Multiple optimizers assigned to variable enc/dense'):
        om['enc/dense']


def test_unknown_variable_is_refused():
    mo = O.MultiOptimizer(O.OptimizerMap(O.SGD(0.1)))
    a, b = tf.Variable([1.0]), tf.Variable([2.0])
    mo.apply_gradients([(tf.constant([1.0]), a)])
    with pytest.raises(KeyError, match='not among the variables'):
        mo.apply([tf.constant([1.0])], [b])
