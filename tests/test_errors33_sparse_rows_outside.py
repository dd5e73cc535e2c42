"""apply_gradients of an IndexedSlices gradient with a row index outside the variable fails in the first TF
2.21 kernel that reads the rows, naming the first bad index: plain SGD's ResourceScatterSub, Adagrad's
ResourceScatterAdd, and UnsortedSegmentSum for the optimizers that densify the gradient first (Adam, RMSprop,
SGD with momentum, ...). tapeflow raised its own sentence ('... has indices in [1, 5], outside the
variable's 3 rows', now a note). Printed by TF 2.21 with (notes/progs/errors33/optim4.py):
    v = tf.Variable(tf.ones([3, 2]))
    o.apply_gradients([(tf.IndexedSlices(tf.ones([2, 2]), tf.constant([1, 5]), tf.constant([3, 2])), v)])
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from helpers_error_texts import assert_raises_exactly

_KERNEL = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s [Op:%s] name: '
_SCATTER = 'indices[1] = 5 is not in [0, 3)'
_SEGMENTS = 'segment_ids[1] = 5 is out of range [0, 3)'


@pytest.mark.parametrize('make, kernel, text', [
    (lambda: keras.optimizers.SGD(0.1), 'ResourceScatterSub', _SCATTER),
    (lambda: keras.optimizers.SGD(0.1, clipnorm=1.0), 'ResourceScatterSub', _SCATTER),
    (lambda: keras.optimizers.Adagrad(0.1), 'ResourceScatterAdd', _SCATTER),
    (lambda: keras.optimizers.SGD(0.1, momentum=0.5), 'UnsortedSegmentSum', _SEGMENTS),
    (lambda: keras.optimizers.Adam(0.1), 'UnsortedSegmentSum', _SEGMENTS),
    (lambda: keras.optimizers.RMSprop(0.1), 'UnsortedSegmentSum', _SEGMENTS),
    (lambda: keras.optimizers.Nadam(0.1), 'UnsortedSegmentSum', _SEGMENTS),
])
def test_first_row_outside_the_variable(make, kernel, text):
    optimizer = make()
    v = tf.Variable(tf.ones([3, 2]))
    grad = tf.IndexedSlices(tf.ones([2, 2]), tf.constant([1, 5]), tf.constant([3, 2]))
    assert_raises_exactly(lambda: optimizer.apply_gradients([(grad, v)]), tf.errors.InvalidArgumentError,
                          _KERNEL % (kernel, text, kernel))
    np.testing.assert_array_equal(v.numpy(), np.ones([3, 2]))
    assert int(optimizer.iterations) == 0


def test_negative_index():
    # TF 2.21: 'indices[0] = -1 is not in [0, 3) [Op:ResourceScatterSub]'
    v = tf.Variable(tf.ones([3, 2]))
    grad = tf.IndexedSlices(tf.ones([1, 2]), tf.constant([-1]), tf.constant([3, 2]))
    assert_raises_exactly(lambda: keras.optimizers.SGD(0.1).apply_gradients([(grad, v)]),
                          tf.errors.InvalidArgumentError,
                          _KERNEL % ('ResourceScatterSub', 'indices[0] = -1 is not in [0, 3)', 'ResourceScatterSub'))
