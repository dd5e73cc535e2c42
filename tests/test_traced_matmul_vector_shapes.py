"""keras.ops.matmul of a vector in a tf.function keeps an open batch open, as TF 2.21's traced tensordot shows it.

Expected: TF 2.21 with Keras 3 (kerasexamples8's probe p22.py): numpy's rule, the vector's axis dropped.
"""
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('shape_a, shape_b, expected', [
    ([None, 4, 3], [3], (None, 4)),
    ([3], [None, 3, 4], (None, 4)),
    ([8], [8, 6], (6,)),
    ([6, 8], [8], (6,)),
    ([None, 4, 3], [3, 2], (None, 4, 2)),
])
def test_traced_matmul_with_a_vector_has_numpys_static_shape(shape_a, shape_b, expected):
    seen = []

    @tf.function(input_signature=[tf.TensorSpec(shape_a), tf.TensorSpec(shape_b)])
    def f(x, w):
        y = keras.ops.matmul(x, w)
        seen.append((y.name, tuple(y.shape)))
        return y

    f.get_concrete_function()
    assert seen == [('Tensordot:0', expected)]
