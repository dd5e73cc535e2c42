"""keras.ops on KerasTensors run Keras 3's compute_output_spec checks, in its words, before tapeflow's stand-in
run: elementwise binaries and broadcast_to (broadcast_shapes), stack, squeeze, transpose, expand_dims, split,
where, dot and the reductions (canonicalize_axis). tapeflow wrapped the stand-in run's kernel error ('add (Keras op Add,
keras.ops.add) cannot be applied to KerasTensors ... Incompatible shapes: [2,2] vs. [2,3]').

Golden texts printed by TF 2.21 / Keras 3 (progs/errors38/ops3.py, ops3.tf.out).
"""
import pytest

import framework as tf
from framework import keras

ops = keras.ops
I = keras.Input


@pytest.mark.parametrize('call, text', [
    (lambda: ops.add(I((2,)), I((3,))), 'Cannot broadcast shape, the failure dim has value 2, which cannot be '
     'broadcasted to 3. Input shapes are: [None, 2] and [None, 3].'),
    (lambda: ops.subtract(I((2,)), I((3,))), 'Cannot broadcast shape, the failure dim has value 2, which cannot be '
     'broadcasted to 3. Input shapes are: [None, 2] and [None, 3].'),
    (lambda: ops.broadcast_to(I((2, 3)), (4, 3, 3)), 'Cannot broadcast shape, the failure dim has value 2, which '
     'cannot be broadcasted to 3. Input shapes are: [None, 2, 3] and [4, 3, 3].'),
    (lambda: ops.stack([I((2,)), I((3,))]), "Every value in `x` must have the same shape. But found element of shape "
     "(None, 3),  which is different from the first element's shape (None, 2)."),
    (lambda: ops.squeeze(I((2, 3)), axis=1), 'Cannot squeeze axis 1, because the dimension is not 1.'),
    (lambda: ops.transpose(I((2, 3)), (0, 1)), 'axis must be a list of the same length as the input shape, '
     'expected 3, but received 2.'),
    (lambda: ops.expand_dims(I((3,)), 4), 'axis 4 is out of bounds for an array with dimension 3.'),
    (lambda: ops.mean(I((3,)), axis=3), 'axis 3 is out of bounds for an array with dimension 2.'),
    (lambda: ops.sum(I((3,)), axis=(0, 3)), 'axis 3 is out of bounds for an array with dimension 2.'),
    (lambda: ops.split(I((5,)), 2, axis=1), '`x` size on given `axis` must be divisible by `indices_or_sections` '
     'when `indices_or_sections` is an int. But received 5 and 2.'),
    (lambda: ops.where(I((2,), dtype='bool'), I((3,)), 0.), 'Cannot broadcast shape, the failure dim has value 2, '
     'which cannot be broadcasted to 3. Input shapes are: [None, 2] and [None, 3].'),
    (lambda: ops.dot(I((2,)), I((3, 4))), 'Shape must match on the last axis of `x1` and second last axis of `x2` '
     'when `x1` is N-d array while `x2` is M-D, but received `x1.shape=(None, 2)` and x2.shape=`(None, 3, 4)`.'),
])
def test_symbolic_checks_in_keras_words(call, text):
    with pytest.raises(ValueError) as info:
        call()
    assert str(info.value) == text


def test_symbolic_calls_that_fit_are_unchanged():
    assert ops.add(I((2, 1)), I((3,))).shape == (None, 2, 3)
    assert ops.multiply(I((2,)), 3.0).shape == (None, 2)
    assert ops.stack([I((2,)), I((2,))], axis=1).shape == (None, 2, 2)
    assert ops.squeeze(I((1, 3)), axis=1).shape == (None, 3)
    assert ops.transpose(I((2, 3)), (0, 2, 1)).shape == (None, 3, 2)
    assert ops.expand_dims(I((3,)), -1).shape == (None, 3, 1)
    assert ops.mean(I((3, 4)), axis=(1, -1)).shape == (None,)
    assert [t.shape for t in ops.split(I((None,)), 2, axis=1)] == [(None, None), (None, None)]
    assert ops.dot(I((2, 3)), tf.ones([3, 5])).shape == (None, 2, 5)
