"""Keras 3 variables (an optimizer's iteration, learning rate and slots; a metric's totals) take no
tf.name_scope: a step or update run inside the user's ``with tf.name_scope('outer')`` names them as
outside it, so a .keras file's optimizer paths do not change. A plain tf.Variable made in a custom
optimizer build does take the optimizer's scope (Keras's apply scope is TF's name scope too). Values
printed by TF 2.21 (/work/notes/progs/lead49/ns.py, ns2.py, ../lead48/setattr2.py)."""
import numpy as np

import framework as tf
from framework import keras


def _names(variables):
    return [(v.name, v.path) for v in variables]


def test_optimizer_slots_ignore_the_users_scope():
    w = tf.Variable([1.0, 2.0], name='w')
    opt = keras.optimizers.Adam(0.1, name='adam')
    with tf.name_scope('outer'):
        opt.apply_gradients([(tf.constant([0.1, -0.3]), w)])
        plain = tf.Variable(1.0, name='tv')
    assert _names(opt.variables) == [('iteration', 'adam/iteration'), ('learning_rate', 'adam/learning_rate'),
                                     ('w_0_momentum', 'adam/w_0_momentum'), ('w_0_velocity', 'adam/w_0_velocity')]
    assert plain.name == 'outer/tv:0'


def test_fit_inside_a_scope():
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, name='dense')], name='seq')
    with tf.name_scope('outer2'):
        model.compile(keras.optimizers.Adam(name='ad'), 'mse')
        model.fit(np.ones((2, 2), np.float32), np.ones((2, 1), np.float32), verbose=0)
    assert [v.path for v in model.optimizer.variables] == [
        'ad/iteration', 'ad/learning_rate', 'ad/seq_dense_kernel_momentum', 'ad/seq_dense_kernel_velocity',
        'ad/seq_dense_bias_momentum', 'ad/seq_dense_bias_velocity']
    assert model.optimizer.variables[2].name == 'seq_dense_kernel_momentum'


def test_other_optimizers_and_loss_scale_inside_a_scope():
    w = tf.Variable([1.0, 2.0], name='w')
    with tf.name_scope('outer'):
        opt = keras.optimizers.Nadam(use_ema=True, gradient_accumulation_steps=2, name='nadam')
        opt.apply_gradients([(tf.constant([0.1, -0.3]), w)])
        lso = keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD(momentum=0.5, name='sgd'),
                                                   name='loss_scale_optimizer')
        lso.apply_gradients([(tf.constant([0.1, -0.3]), w)])
    # (the momentum product's automatic name, 'variable' in a fresh process, counts Keras's unnamed variables)
    assert _names(opt.variables)[:-1] == [
        ('iteration', 'nadam/iteration'), ('learning_rate', 'nadam/learning_rate'), ('w_0_average', 'nadam/w_0_average'),
        ('w_0_gradient_accumulator', 'nadam/w_0_gradient_accumulator'), ('w_0_momentum', 'nadam/w_0_momentum'),
        ('w_0_velocity', 'nadam/w_0_velocity')]
    name, path = _names(opt.variables)[-1]
    assert name.startswith('variable') and path == 'nadam/' + name
    assert _names(lso.variables) == [
        ('iteration', 'loss_scale_optimizer/iteration'), ('learning_rate', 'loss_scale_optimizer/learning_rate'),
        ('step_counter', 'loss_scale_optimizer/step_counter'), ('dynamic_scale', 'loss_scale_optimizer/dynamic_scale'),
        ('iteration', 'sgd/iteration'), ('learning_rate', 'sgd/learning_rate'),
        ('w_0_momentum', 'loss_scale_optimizer/sgd/w_0_momentum')]


def test_metric_variables_ignore_the_scope():
    with tf.name_scope('outer'):
        mean = keras.metrics.Mean(name='mean')
        mean.update_state([1.0, 2.0])
        auc = keras.metrics.AUC()
    assert _names(mean.variables) == [('total', 'mean/total'), ('count', 'mean/count')]
    assert [v.name for v in auc.variables] == ['true_positives', 'false_positives', 'true_negatives',
                                               'false_negatives']
    assert float(mean.result()) == 1.5


class _Custom(keras.optimizers.SGD):
    def build(self, variables):
        super().build(variables)
        self.count = keras.Variable(0.0, name='count')
        self.plain = tf.Variable(0.0, name='plain')


def test_plain_variable_in_custom_build_takes_the_optimizers_scope():
    w = tf.Variable([1.0, 2.0], name='w')
    opt = _Custom(0.1, name='custom')
    opt.apply_gradients([(tf.constant([0.1, -0.3]), w)])
    assert opt.plain.name == 'custom/plain:0'
    assert opt.count.path == 'custom/count'
    lso = keras.optimizers.LossScaleOptimizer(_Custom(0.1), name='lso')
    lso.apply_gradients([(tf.constant([0.1, -0.3]), w)])
    # TF 2.21: the inner build runs in the LossScaleOptimizer's scope
    assert lso.inner_optimizer.plain.name == 'lso/plain:0'
    direct = _Custom(0.1)
    direct.build([w])
    assert direct.plain.name == 'plain:0'
