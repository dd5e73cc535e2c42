"""A built optimizer builds nothing more: Keras 3's optimizers return from a second ``build`` at once.

Expected values: TF 2.21 with Keras 3 (probe lead48/rebuild.py in the team's notes).
"""
import pytest

import framework as tf
from framework import keras

UNKNOWN = ("Unknown variable: <tf.Variable 'v:0' shape=(1,) dtype=float32, numpy=array([3.], dtype=float32)>. "
           "This optimizer can only be called for the variables it was originally built with. When working with a "
           "new set of variables, you should recreate a new optimizer instance.")


@pytest.mark.parametrize('make, paths', [
    (lambda: keras.optimizers.Adam(), ['adam/iteration', 'adam/learning_rate', 'adam/w_0_momentum',
                                       'adam/w_0_velocity']),
    (lambda: keras.optimizers.SGD(momentum=0.9), ['sgd/iteration', 'sgd/learning_rate', 'sgd/w_0_momentum']),
    (lambda: keras.optimizers.Nadam(), ['nadam/iteration', 'nadam/learning_rate', 'nadam/w_0_momentum',
                                        'nadam/w_0_velocity', 'variable']),
    (lambda: keras.optimizers.ScheduleFreeAdamW(), ['schedule_free_adam_w/iteration',
                                                    'schedule_free_adam_w/learning_rate',
                                                    'schedule_free_adam_w/w_0_momentum',
                                                    'schedule_free_adam_w/w_0_velocity']),
    (lambda: keras.optimizers.Lion(), ['lion/iteration', 'lion/learning_rate', 'lion/w_0_momentum']),
])
def test_a_second_build_adds_no_slots_and_the_new_variable_stays_unknown(make, paths):
    keras.backend.clear_session()       # (names count from the first of each class)
    w = tf.Variable([1., 2.], name='w')
    v = tf.Variable([3.], name='v')
    optimizer = make()
    optimizer.build([w])
    optimizer.build([w, v])
    assert [x.path for x in optimizer.variables] == paths
    with pytest.raises(ValueError) as caught:
        optimizer.apply_gradients([(tf.constant([1.]), v)])
    assert str(caught.value) == UNKNOWN
    assert v.numpy().tolist() == [3.0]
    optimizer.build([w])
    assert len(optimizer.variables) == len(paths)
