"""A keras.Variable set as an optimizer's attribute joins ``optimizer.variables``, as Keras 3's tracker adds it.

Expected values: TF 2.21 with Keras 3 (probes p12_setattr.py and lead48/setattr2.py in the team's notes).
"""
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('when, expected', [
    # TF 2.21: set before the build, the variables sit after the learning rate; set after it, at the end
    ('before', ['iteration', 'learning_rate', 'b1', 'mine', 'w_0_momentum', 'w_0_velocity']),
    ('after', ['iteration', 'learning_rate', 'w_0_momentum', 'w_0_velocity', 'b1', 'mine']),
])
def test_variables_set_as_attributes_are_tracked_where_they_are_set(when, expected):
    w = tf.Variable([1., 2.], name='w')
    optimizer = keras.optimizers.Adam(0.1)
    if when == 'after':
        optimizer.build([w])
    optimizer.beta_1 = keras.Variable(0.9, name='b1')
    optimizer.my_state = keras.Variable(3.0, name='mine')
    optimizer.my_tf_variable = tf.Variable(1.0, name='tfv')      # a tf.Variable is not tracked
    if when == 'before':
        optimizer.build([w])
    assert [v.name for v in optimizer.variables] == expected


def test_an_assigned_hyper_parameter_variable_is_read_live():
    w = tf.Variable([1., 2.], name='w')
    optimizer = keras.optimizers.Adam(0.1)
    optimizer.beta_1 = keras.Variable(0.5, name='b1')
    seen = []
    for _ in range(3):
        optimizer.apply_gradients([(tf.constant([0.1, -0.3]), w)])
        seen.append(w.numpy().tolist())
        optimizer.beta_1.assign(0.2)
    # TF 2.21 gives these weights (float32, exact)
    assert seen == [[0.9000037908554077, 2.0999982357025146], [0.8062567710876465, 2.193746566772461],
                    [0.707468569278717, 2.2925360202789307]]
    assert [v.name for v in optimizer.variables] == ['iteration', 'learning_rate', 'b1', 'w_0_momentum',
                                                     'w_0_velocity']


class _CountingSGD(keras.optimizers.SGD):
    def build(self, variables):
        super().build(variables)
        self.count = keras.Variable(0.0, name='count')


def test_a_variable_made_in_a_custom_build_is_tracked_with_the_optimizer_path():
    w = tf.Variable([1., 2.], name='w')
    optimizer = _CountingSGD(0.1, name='custom')
    optimizer.apply_gradients([(tf.constant([0.1, -0.3]), w)])
    # TF 2.21: apply builds in the optimizer's name scope
    assert [v.path for v in optimizer.variables] == ['custom/iteration', 'custom/learning_rate', 'custom/count']
    optimizer.count = keras.Variable(2.0, name='count2')
    assert [v.name for v in optimizer.variables] == ['iteration', 'learning_rate', 'count', 'count2']
    direct = _CountingSGD(0.1, name='direct')
    direct.build([w])        # a direct build opens no scope
    assert [v.path for v in direct.variables] == ['direct/iteration', 'direct/learning_rate', 'count']


def test_a_loss_scale_optimizer_build_of_its_inner_optimizer_tracks_nothing_more():
    keras.backend.clear_session()       # its default name is the session's first 'loss_scale_optimizer'
    w = tf.Variable([1., 2.], name='w')
    optimizer = keras.optimizers.LossScaleOptimizer(_CountingSGD(0.1, name='inner'))
    optimizer.apply_gradients([(tf.constant([0.1, -0.3]), w)])
    # TF 2.21: the inner optimizer builds with its tracker off, so 'count' is in neither list
    assert [v.path for v in optimizer.variables] == [
        'loss_scale_optimizer/iteration', 'loss_scale_optimizer/learning_rate', 'loss_scale_optimizer/step_counter',
        'loss_scale_optimizer/dynamic_scale', 'inner/iteration', 'inner/learning_rate']
    assert [v.path for v in optimizer.inner_optimizer.variables] == ['inner/iteration', 'inner/learning_rate']


def test_replacing_the_rate_by_a_schedule_still_drops_the_rate_variable():
    optimizer = keras.optimizers.SGD(learning_rate=0.1)
    optimizer.learning_rate = keras.optimizers.schedules.ExponentialDecay(1.0, 1, 0.5)
    assert [v.name for v in optimizer.variables] == ['iteration']
