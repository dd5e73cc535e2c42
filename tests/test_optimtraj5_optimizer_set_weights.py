"""optimizer.set_weights as Keras 3.15 on TF 2.21 (probe /work/notes/progs/optimtraj3/setw.py): it pairs
the arrays with ``optimizer.variables`` up to the shorter list, checks each by its ``shape`` and assigns
it before the next. tapeflow refused any other count of arrays and validated all before assigning, so
``set_weights([iterations])`` (TF: sets the iteration) raised, and its texts were its own.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _built_sgd():
    optimizer = keras.optimizers.SGD(0.1, momentum=0.9)
    optimizer.build([tf.Variable(np.ones((2, 3), 'float32'))])
    return optimizer


def _state(optimizer):
    return (int(optimizer.iterations.numpy()), float(optimizer.learning_rate.numpy()),
            float(optimizer.variables[2].numpy()[0, 0]))


def test_unbuilt_optimizer_raises_keras_text():
    with pytest.raises(ValueError) as info:
        keras.optimizers.SGD(0.1, momentum=0.9).set_weights([np.int64(1)])
    assert str(info.value) == ('You are calling `set_weights()` on an optimizer that has not yet been built. Please '
                               'call `optimizer.build(trainable_variables)` to create the optimizer weights before '
                               'calling `set_weights()`.')


def test_short_and_long_lists_pair_up_to_the_shorter():
    optimizer = _built_sgd()
    optimizer.set_weights([np.int64(5)])
    assert _state(optimizer) == (5, 0.10000000149011612, 0.0)
    optimizer.set_weights(x for x in [np.int64(6), np.float32(0.3)])
    assert _state(optimizer) == (6, 0.30000001192092896, 0.0)
    optimizer.set_weights([np.int64(8), np.float32(0.5), np.full((2, 3), 2, 'float32'), np.zeros(4)])
    assert _state(optimizer) == (8, 0.5, 2.0)
    optimizer.set_weights([np.float64(3.7)])
    assert _state(optimizer) == (3, 0.5, 2.0)


def test_a_bad_shape_raises_after_the_earlier_arrays_are_assigned():
    optimizer = _built_sgd()
    with pytest.raises(ValueError, match=r'^Optimizer variable sgd\w*/Variable_0_momentum\w* has shape \(2, 3\) not '
                                         r'compatible with provided weight shape \(3,\)\.$'):
        optimizer.set_weights([np.int64(7), np.float32(0.4), np.zeros(3, 'float32')])
    assert _state(optimizer) == (7, 0.4000000059604645, 0.0)
    with pytest.raises(ValueError, match=r'^Optimizer variable sgd\w*/iteration\w* has shape \(\) not compatible '
                                         r'with provided weight shape \(2,\)\.$'):
        optimizer.set_weights([np.zeros(2), np.float32(0.4)])
    with pytest.raises(AttributeError, match="'float' object has no attribute 'shape'"):
        optimizer.set_weights([np.int64(8), 0.5])
