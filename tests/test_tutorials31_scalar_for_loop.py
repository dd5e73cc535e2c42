"""A converted ``for`` over a scalar tensor in a tf.function: TF 2.21's AutoGraph asks len() and raises
ValueError 'len requires a non-scalar tensor, got one of shape Tensor("Shape:0", shape=(0,), dtype=int32)'
in autograph's 'in user code' words, the Shape op named as the graph's next (Shape_1 after a tf.shape);
tapeflow raised the eager TypeError 'Cannot iterate over a scalar tensor.'. Values: TF 2.21 (notes
progs/tutorials31/q20.py, q22.py)."""
import pytest

import framework as tf


def test_a_for_over_a_scalar():
    @tf.function
    def iter_scalar(x):
        for v in x:
            pass
        return x
    with pytest.raises(ValueError) as caught:
        iter_scalar(tf.constant(1))
    text = str(caught.value)
    assert text.startswith('in user code:') and 'for v in x:' in text
    assert text.endswith('    ValueError: len requires a non-scalar tensor, got one of shape '
                         'Tensor("Shape:0", shape=(0,), dtype=int32)\n')


def test_the_shape_op_takes_the_next_name():
    @tf.function
    def iter_scalar(x):
        y = tf.shape(tf.ones([2]))
        for v in x:
            pass
        return x
    with pytest.raises(ValueError, match=r'Tensor\("Shape_1:0", shape=\(0,\), dtype=int32\)'):
        iter_scalar(tf.constant(1))


def test_vectors_still_loop():
    @tf.function
    def total(x):
        s = 0
        for v in x:
            s += v
        return s
    assert int(total(tf.constant([1, 2, 3]))) == 6
