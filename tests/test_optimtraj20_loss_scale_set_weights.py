"""LossScaleOptimizer.set_weights as Keras 3.15's on TF 2.21 (probes /work/notes/progs/optimtraj20/p4_lso_sw.py,
p3_more.py lso_setweights): BaseOptimizer.set_weights pairs the arrays with ``self._variables``, the optimizer's
own variables, and a LossScaleOptimizer's own are its iteration, learning rate, step counter and dynamic scale
(``variables`` lists the inner optimizer's after them). So the eight arrays of ``lso.variables`` set only the
first four, and the inner Adam keeps its iteration and zero moments. tapeflow paired them with ``variables``
and set the inner optimizer too: copying a mixed_float16 model's optimizer this way, TF 2.21's next epoch
gives loss 0x1.30819ep+1 (fresh moments), tapeflow gave the copied model's 0x1.3069f0p+1.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _built():
    variable = keras.Variable(np.array([1.0, -2.0], 'float32'), name='w')
    optimizer = keras.mixed_precision.LossScaleOptimizer(keras.optimizers.Adam(0.1), initial_scale=8.0)
    optimizer.build([variable])
    return optimizer, variable


def _values(optimizer):
    return [v.numpy().tolist() for v in optimizer.variables]


_WEIGHTS = [np.array(7, 'int64'), np.array(0.5, 'float32'), np.array(3, 'int64'), np.array(64.0, 'float32'),
            np.array(9, 'int64'), np.array(0.25, 'float32'), np.array([1., 2.], 'float32'),
            np.array([3., 4.], 'float32')]


def test_all_variables_set_only_the_wrappers_own():
    optimizer, variable = _built()
    # TF 2.21 alone in a process: 'loss_scale_optimizer/...' then 'adam/...' (the names count up in a session)
    outer, inner = optimizer.name, optimizer.inner_optimizer.name
    assert [v.path for v in optimizer.variables] == [
        outer + '/iteration', outer + '/learning_rate', outer + '/step_counter', outer + '/dynamic_scale',
        inner + '/iteration', inner + '/learning_rate', inner + '/w_momentum', inner + '/w_velocity']
    assert outer.startswith('loss_scale_optimizer') and inner.startswith('adam')
    optimizer.set_weights(_WEIGHTS)
    # TF 2.21 gives [7, 0.5, 3, 64.0, 0, 0.10000000149011612, [0.0, 0.0], [0.0, 0.0]]
    assert _values(optimizer) == [7, 0.5, 3, 64.0, 0, 0.10000000149011612, [0.0, 0.0], [0.0, 0.0]]
    assert int(optimizer.iterations) == 0 and float(optimizer.dynamic_scale) == 64.0
    optimizer.apply_gradients([(tf.constant([0.5, 0.25]), variable)])
    # TF 2.21: the step unscales by 64 and is the inner Adam's first
    assert variable.numpy().tolist() == [0.9000411033630371, -2.0999183654785156]
    assert _values(optimizer) == [7, 0.5, 4, 64.0, 1, 0.10000000149011612,
                                  [0.0007812500116415322, 0.0003906250058207661],
                                  [6.103515914901436e-08, 1.525878978725359e-08]]


def test_short_list_and_bad_shape_stop_where_keras_stops():
    optimizer, _ = _built()
    optimizer.set_weights([np.array(7, 'int64')])
    assert _values(optimizer) == [7, 0.0, 0, 8.0, 0, 0.10000000149011612, [0.0, 0.0], [0.0, 0.0]]
    optimizer, _ = _built()
    with pytest.raises(ValueError, match=r'loss_scale_optimizer(_\d+)?/dynamic_scale\S* has shape \(\) not compatible '
                                         r'with provided weight shape \(1,\)\.'):
        optimizer.set_weights(_WEIGHTS[:3] + [np.array([1.0], 'float32')])
    # TF 2.21: the three before it are set
    assert _values(optimizer) == [7, 0.5, 3, 8.0, 0, 0.10000000149011612, [0.0, 0.0], [0.0, 0.0]]


def test_inner_optimizer_sets_its_own_state():
    optimizer, _ = _built()
    optimizer.inner_optimizer.set_weights(_WEIGHTS[4:])
    assert _values(optimizer) == [0, 0.0, 0, 8.0, 9, 0.25, [1.0, 2.0], [3.0, 4.0]]
