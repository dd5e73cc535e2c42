"""Bad input at the core tf.* entry points raises TensorFlow 2.21's class and text.

Golden texts: each call run under TensorFlow 2.21 (CPU, eager) and its ``type(e).__name__`` and
``str(e)`` copied here (errors15 fuzzer, /work/notes/progs/errors15).
"""
import numpy as np
import pytest

import framework as tf

_CPU = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '

CASES = [
    # a vector is no matrix for tf.matmul (numpy's @ would take it)
    (lambda: tf.matmul(tf.ones([3]), tf.ones([3])), 'InvalidArgumentError',
     _CPU % 'MatMul' + 'In[0] and In[1] ndims must be == 2: 1 [Op:MatMul] name: '),
    (lambda: tf.ones([3]) @ tf.ones([3]), 'InvalidArgumentError',
     _CPU % 'MatMul' + 'In[0] and In[1] ndims must be == 2: 1 [Op:MatMul] name: '),
    (lambda: tf.matmul(tf.ones([3]), tf.ones([3, 2])), 'InvalidArgumentError',
     _CPU % 'MatMul' + 'In[0] and In[1] has different ndims: [3] vs. [3,2] [Op:MatMul] name: '),
    (lambda: tf.matmul([1.0, 2.0], [[1.0], [2.0]]), 'InvalidArgumentError',
     _CPU % 'MatMul' + 'In[0] and In[1] has different ndims: [2] vs. [2,1] [Op:MatMul] name: '),
    (lambda: tf.matmul(tf.constant(1.0), tf.constant(1.0)), 'InvalidArgumentError',
     _CPU % 'MatMul' + 'In[0] and In[1] ndims must be == 2: 0 [Op:MatMul] name: '),
    (lambda: tf.matmul(tf.ones([2, 3, 4]), tf.ones([4])), 'InvalidArgumentError',
     _CPU % 'BatchMatMulV2' + 'In[1] ndims must be >= 2: 1 [Op:BatchMatMulV2] name: '),
    (lambda: tf.matmul(tf.ones([3]), tf.ones([2, 3, 4])), 'InvalidArgumentError',
     _CPU % 'BatchMatMulV2' + 'In[0] ndims must be >= 2: 1 [Op:BatchMatMulV2] name: '),
    # BatchMatMulV2 checks the batch axes before the matrices' sizes
    (lambda: tf.matmul(tf.ones([2, 3, 4]), tf.ones([4, 5, 6])), 'InvalidArgumentError',
     _CPU % 'BatchMatMulV2' + 'In[0] and In[1] must have compatible batch dimensions: [2,3,4] vs. [4,5,6] '
                              '[Op:BatchMatMulV2] name: '),
    (lambda: tf.matmul(tf.ones([2, 2], tf.int8), tf.ones([2, 2], tf.int8)), 'InvalidArgumentError',
     "Value for attr 'T' of int8 is not in the list of allowed values: bfloat16, half, float, double, int32, "
     "int64, uint8, uint16, uint32, uint64, complex64, complex128\n\t; NodeDef: {{node MatMul}}; Op<name=MatMul; "
     "signature=a:T, b:T -> product:T; attr=transpose_a:bool,default=false; attr=transpose_b:bool,default=false; "
     "attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT64, DT_UINT8, DT_UINT16, "
     "DT_UINT32, DT_UINT64, DT_COMPLEX64, DT_COMPLEX128]; attr=grad_a:bool,default=false; "
     "attr=grad_b:bool,default=false> [Op:MatMul] name: "),
]


@pytest.mark.parametrize('call, kind, text', CASES)
def test_bad_input_raises_tf_class_and_text(call, kind, text):
    with pytest.raises(Exception) as caught:
        call()
    assert (type(caught.value).__name__, str(caught.value)) == (kind, text)
