"""keras.ops.nonzero prints, inside a tf.function, TF 2.21's graph tensors: Keras 3 casts x to bool ('Cast'), takes
tf.where ('Where'), unstacks its columns ('unstack') and casts each to int32, a Cast per axis ('Cast_1', 'Cast_2',
...), each (None,) long whatever x's lengths. tapeflow printed the eager values (empty, of its stand-in). Texts:
TF 2.21's (notes/progs/kerasops8/misc.py, misc_tf.out)."""
import pytest

import framework as tf
from framework import keras

ops = keras.ops


@pytest.mark.parametrize('shape, dtype', [((None, 4), 'float32'), ((3, 4), 'float32'), ((None,), 'float32'),
                                          ((None, 4), 'int32'), ((None, 4, 2), 'float32')])
def test_nonzero_is_one_cast_per_axis(shape, dtype):
    texts = []

    @tf.function(input_signature=[tf.TensorSpec(shape, dtype)])
    def f(x):
        texts.append(str(ops.nonzero(x)))
        texts.append(str(tf.cast(x, 'int64')))
        return x
    f.get_concrete_function()
    axes = len(shape)
    assert texts == ['[%s]' % ', '.join("<tf.Tensor 'Cast_%d:0' shape=(None,) dtype=int32>" % (i + 1)
                                        for i in range(axes)),
                     'Tensor("Cast_%d:0", shape=%s, dtype=int64)' % (axes + 1, shape)]


def test_values_outside_a_trace_unchanged():
    rows, columns = ops.nonzero(tf.constant([[0., 2.], [3., 0.]]))
    assert rows.numpy().tolist() == [0, 1] and columns.numpy().tolist() == [1, 0]
