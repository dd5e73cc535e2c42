"""An optimizer built on some variables, then given another one together with a bad gradient: Keras 3
checks that it knows every variable before it reads a gradient, so TF 2.21 names the unknown variable
whatever is wrong with the gradients (tapeflow raised the gradient's own error first).

Printed by TF 2.21 (notes/progs/errors33/optim3.py):
    v = tf.Variable([1.0, 2.0]); w = tf.Variable([3.0]); o = keras.optimizers.SGD()
    o.apply_gradients([(tf.ones([2]), v)]); o.apply_gradients([(tf.ones([2]), w)])
-> ValueError: Unknown variable: <tf.Variable 'Variable:0' shape=(1,) dtype=float32, numpy=array([3.],
   dtype=float32)>. This optimizer can only be called for the variables it was originally built with. When
   working with a new set of variables, you should recreate a new optimizer instance.
(tapeflow: InvalidArgumentError 'Cannot update variable with shape [1] using a Tensor with shape [2] ...')
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from helpers_error_texts import assert_raises_exactly

UNKNOWN = ("Unknown variable: <tf.Variable 'Variable:0' shape=(1,) dtype=float32, numpy=array([3.], dtype=float32)>. "
           "This optimizer can only be called for the variables it was originally built with. When working with a "
           "new set of variables, you should recreate a new optimizer instance.")


@pytest.mark.parametrize('make, pairs', [
    (lambda: keras.optimizers.SGD(), lambda v, w: [(tf.ones([2]), w)]),                        # wrong shape
    (lambda: keras.optimizers.Adam(), lambda v, w: [(tf.ones([3]), v), (tf.ones([1]), w)]),    # another pair's
    (lambda: keras.optimizers.Adam(), lambda v, w: [(tf.ones([3]), v), (None, w)]),
    (lambda: keras.optimizers.Adam(), lambda v, w: [('a', w)]),                                  # a string
    (lambda: keras.optimizers.Adam(), lambda v, w: [(None, w)]),                                 # no gradient
])
def test_the_unknown_variable_is_named_first(make, pairs):
    v, w = tf.Variable([1.0, 2.0]), tf.Variable([3.0])
    optimizer = make()
    optimizer.apply_gradients([(tf.ones([2]), v)])
    after_first = v.numpy().copy()
    assert_raises_exactly(lambda: optimizer.apply_gradients(pairs(v, w)), ValueError, UNKNOWN)
    np.testing.assert_array_equal(v.numpy(), after_first)
    np.testing.assert_array_equal(w.numpy(), [3.0])
    assert int(optimizer.iterations) == 1


def test_known_variables_keep_their_gradient_errors():
    # TF 2.21, plain SGD: AssignSubVariableOp's 'Cannot update variable with shape [2] using a Tensor with shape [3]'
    v = tf.Variable([1.0, 2.0])
    optimizer = keras.optimizers.SGD()
    optimizer.apply_gradients([(tf.ones([2]), v)])
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'Cannot update variable with shape \[2\] using a Tensor '
                                                             r'with shape \[3\]'):
        optimizer.apply_gradients([(tf.ones([3]), v)])
