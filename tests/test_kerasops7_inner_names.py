"""keras.ops.inner of two matrices prints, inside a tf.function, TF 2.21's graph tensor: Keras 3 checks the ranks
(Rank, Equal, Rank, Equal, LogicalOr) and takes a tf.cond, whose output 'cond/Identity' is the result, its
second length open even where the inputs' are known; int32 inputs are cast to floats and the result back
('Cast_2'). tapeflow printed the eager values. Texts: TF 2.21's (notes/progs/kerasops6/a3.py, a3_tf.out)."""
import pytest

import framework as tf
from framework import keras

ops = keras.ops


@pytest.mark.parametrize('dtype, shape, names, result_shape', [
    ('float32', (None, 4), ('cond/Identity', 'cond_1/Identity'), '(None, None)'),
    ('float64', (2, 4), ('cond/Identity', 'cond_1/Identity'), '(2, None)'),
    ('int32', (3, 4), ('Cast_2', 'Cast_5'), '(3, None)'),
])
def test_inner_prints_the_cond_output(dtype, shape, names, result_shape):
    texts = []

    @tf.function(input_signature=[tf.TensorSpec(shape, dtype)])
    def f(x):
        texts.extend(str(t) for t in (ops.inner(x, x), ops.inner(x, x), x + 1))
        return x
    f.get_concrete_function()
    assert texts == ['Tensor("%s:0", shape=%s, dtype=%s)' % (name, result_shape, dtype) for name in names] + [
        'Tensor("add:0", shape=%s, dtype=%s)' % (shape, dtype)]
