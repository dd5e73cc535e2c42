"""The graph names of traced keras.ops.matmul results, as TF 2.21 makes them.

Keras 3's TF backend multiplies a vector (either side) or a batch of matrices by one matrix through
tf.tensordot, whose result is its scope's last op: TF 2.21 prints 'Tensordot:0', 'Tensordot_1:0' where
tapeflow printed 'MatMul:0' (keras.io's traffic forecasting GraphConv, traced in fit). int32 operands are
cast to floats and back ('Cast_2:0'). Golden: /work/notes/progs/kerasexamples8/p22.py (TF 2.21).
"""
import pytest

import framework as tf
from framework import keras

ops = keras.ops


def _traced_names(spec_a, spec_b):
    seen = []

    @tf.function(input_signature=[spec_a, spec_b])
    def f(x, w):
        y, z = ops.matmul(x, w), ops.matmul(x, w)
        seen.append((y.name, z.name, tuple(y.shape), (y + 1).name))
        return y
    f.get_concrete_function()
    return seen[0]


@pytest.mark.parametrize('shape_a, shape_b, expected', [
    # TF 2.21 prints these names and shapes
    ([None, 4, 3], [3, 2], ('Tensordot:0', 'Tensordot_1:0', (None, 4, 2), 'add:0')),
    ([2, 4, 3], [3, 2], ('Tensordot:0', 'Tensordot_1:0', (2, 4, 2), 'add:0')),
    ([None, 5, 4, 3], [3, 2], ('Tensordot:0', 'Tensordot_1:0', (None, 5, 4, 2), 'add:0')),
    ([8], [8, 6], ('Tensordot:0', 'Tensordot_1:0', (6,), 'add:0')),
    ([6, 8], [8], ('Tensordot:0', 'Tensordot_1:0', (6,), 'add:0')),
    ([None, 3], [3, 2], ('MatMul:0', 'MatMul_1:0', (None, 2), 'add:0')),
    ([None, 4, 3], [None, 3, 2], ('MatMul:0', 'MatMul_1:0', (None, 4, 2), 'add:0')),
    ([5, 3], [2, 3, 4], ('MatMul:0', 'MatMul_1:0', (2, 5, 4), 'add:0')),
])
def test_float_products(shape_a, shape_b, expected):
    assert _traced_names(tf.TensorSpec(shape_a), tf.TensorSpec(shape_b)) == expected


def test_a_vector_by_a_batch_is_named_tensordot():
    names = _traced_names(tf.TensorSpec([None, 4, 3]), tf.TensorSpec([3]))
    assert names[:2] == ('Tensordot:0', 'Tensordot_1:0')        # TF 2.21 gives these


@pytest.mark.parametrize('shape_a, shape_b, dtype, expected', [
    ([None, 4, 3], [3, 2], tf.float64, 'Tensordot:0'),     # TF 2.21 gives these
    ([None, 4, 3], [3, 2], tf.int32, 'Cast_2:0'),
    ([None, 3], [3, 2], tf.int32, 'Cast_2:0'),
    ([None, 4, 3], [3, 2], tf.int8, 'MatMul:0'),
])
def test_other_dtypes(shape_a, shape_b, dtype, expected):
    seen = []

    @tf.function(input_signature=[tf.TensorSpec(shape_a, dtype), tf.TensorSpec(shape_b, dtype)])
    def f(x, w):
        y = ops.matmul(x, w)
        seen.append(y.name)
        return y
    f.get_concrete_function()
    assert seen == [expected]
