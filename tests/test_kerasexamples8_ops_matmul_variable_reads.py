"""A traced keras.ops.matmul of a Keras variable whose lengths do not fit names the variable's read as
TF 2.21's graph does: Keras's tf.cast of the operand reads it inside the cast's scope, 'Cast/ReadVariableOp'
('Cast_1/...' for the second), where tapeflow said 'MatMul/ReadVariableOp'. keras.io's customizing-saving
guide (LayerWithCustomBuild built for 8 features, its model for 4) prints this error.
Golden: /work/notes/progs/kerasexamples8/p31.py, p30.py (TF 2.21).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

ops = keras.ops
_HEAD = ("Dimensions must be equal, but are 3 and 4 for '{{node MatMul}} = MatMul[T=DT_FLOAT, grad_a=false, "
         "grad_b=false, transpose_a=false, transpose_b=false]")


@pytest.mark.parametrize('case, expected', [
    # TF 2.21 gives these
    ('x1 var', "(Cast/ReadVariableOp, x)' with input shapes: [2,3], [4,5]."),
    ('x2 var', "(x, Cast/ReadVariableOp)' with input shapes: [2,3], [4,5]."),
    ('both', "(Cast/ReadVariableOp, Cast_1/ReadVariableOp)' with input shapes: [2,3], [4,5]."),
    ('after a cast op', "(Cast_1, Cast_2/ReadVariableOp)' with input shapes: [2,3], [4,5]."),
])
def test_the_reads_are_named_in_the_cast_scopes(case, expected):
    v1 = keras.Variable(np.ones((2, 3), 'float32'))
    v2 = keras.Variable(np.ones((4, 5), 'float32'))
    body = {'x1 var': lambda x: ops.matmul(v1, x), 'x2 var': lambda x: ops.matmul(x, v2),
            'both': lambda x: ops.matmul(v1, v2),
            'after a cast op': lambda x: ops.matmul(tf.cast(tf.cast(x, 'int32'), 'float32'), v2)}[case]
    f = tf.function(body, autograph=False)
    with pytest.raises(ValueError) as raised:
        f(np.ones((4, 5) if case == 'x1 var' else (2, 3), 'float32'))
    assert str(raised.value).strip().split('\n')[-1] == _HEAD + expected


def test_a_layer_built_for_other_features():
    class Built(keras.layers.Layer):
        def build(self, input_shape):
            self.w = self.add_weight(shape=(8, 16), initializer='ones')

        def call(self, inputs):
            return ops.matmul(inputs, self.w)
    layer = Built()
    layer.build((None, 8))
    with pytest.raises(ValueError) as raised:
        keras.Sequential([keras.Input((4,)), layer])
    # TF 2.21 gives this line (and Keras's own words around it)
    assert ("Dimensions must be equal, but are 4 and 8 for '{{node MatMul}} = MatMul[T=DT_FLOAT, grad_a=false, "
            "grad_b=false, transpose_a=false, transpose_b=false](Placeholder, Cast/ReadVariableOp)' with input "
            "shapes: [?,4], [8,16].") in str(raised.value)
