"""A traced keras.ops.matmul on the tf.tensordot route whose lengths do not fit fails as TF 2.21's graph
refuses it: "Dimensions must be equal" naming the node 'Tensordot/MatMul' and the matrices tensordot made
('Tensordot/Reshape', '_1', or the operand itself where it is one already), where tapeflow raised the
kernel's InvalidArgumentError 'Matrix size-incompatible: In[0]: [8,3], In[1]: [5,2]'.
Golden: /work/notes/progs/kerasexamples8/p27.py (TF 2.21).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

ops = keras.ops
_ATTRS = 'MatMul[T=%s, grad_a=false, grad_b=false, transpose_a=false, transpose_b=false]'


def _traced_error(shape_a, shape_b, dtype='float32'):
    @tf.function
    def f(x, w):
        ops.add(x, 1.0)
        return ops.matmul(x, w)
    with pytest.raises(ValueError) as raised:
        f(np.ones(shape_a, dtype), np.ones(shape_b, dtype))
    return str(raised.value).strip().split('\n')[-1].strip()


@pytest.mark.parametrize('shape_a, shape_b, dtype, expected', [
    # TF 2.21 gives these last lines
    ((2, 4, 3), (5, 2), 'float32', "Dimensions must be equal, but are 3 and 5 for '{{node Tensordot/MatMul}} = "
     + _ATTRS % 'DT_FLOAT' + "(Tensordot/Reshape, w)' with input shapes: [8,3], [5,2]."),
    ((2, 4, 3), (5,), 'float32', "Dimensions must be equal, but are 3 and 5 for '{{node Tensordot/MatMul}} = "
     + _ATTRS % 'DT_FLOAT' + "(Tensordot/Reshape, Tensordot/Reshape_1)' with input shapes: [8,3], [5,1]."),
    ((3,), (2, 5, 4), 'float32', "Dimensions must be equal, but are 3 and 5 for '{{node Tensordot/MatMul}} = "
     + _ATTRS % 'DT_FLOAT' + "(Tensordot/Reshape, Tensordot/Reshape_1)' with input shapes: [1,3], [5,8]."),
    ((8,), (7, 6), 'float64', "Dimensions must be equal, but are 8 and 7 for '{{node Tensordot/MatMul}} = "
     + _ATTRS % 'DT_DOUBLE' + "(Tensordot/Reshape, w)' with input shapes: [1,8], [7,6]."),
    ((6, 8), (7,), 'float32', "Dimensions must be equal, but are 8 and 7 for '{{node Tensordot/MatMul}} = "
     + _ATTRS % 'DT_FLOAT' + "(x, Tensordot/Reshape)' with input shapes: [6,8], [7,1]."),
    ((2, 5, 4, 3), (4, 2), 'float32', "Dimensions must be equal, but are 3 and 4 for '{{node Tensordot/MatMul}} = "
     + _ATTRS % 'DT_FLOAT' + "(Tensordot/Reshape, w)' with input shapes: [40,3], [4,2]."),
])
def test_the_graphs_refusal(shape_a, shape_b, dtype, expected):
    assert _traced_error(shape_a, shape_b, dtype) == 'ValueError: ' + expected


def test_an_open_batch_traces_and_its_kernel_fails_when_run():
    @tf.function(input_signature=[tf.TensorSpec([None, 4, 3]), tf.TensorSpec([5, 2])])
    def f(x, w):
        return ops.matmul(x, w)
    f.get_concrete_function()           # TF 2.21 traces it: the reshape's length is open
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'Matrix size-incompatible: In\[0\]: \[8,3\], In\[1\]: \[5,2\]'):
        f(np.ones((2, 4, 3), 'float32'), np.ones((5, 2), 'float32'))
