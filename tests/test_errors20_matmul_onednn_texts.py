"""errors20: tf.matmul's shape errors where TensorFlow runs oneDNN (Xeons with AVX512_VNNI / AMX, or
TF_ENABLE_ONEDNN_OPTS=1): float32 / float16 / bfloat16 products run _MklMatMul / _MklBatchMatMulV2, which
name themselves in the message, ask each operand for rank >= 2 in their own words and add the adj_x / adj_y
flags to BatchMatMulV2's size error. Texts printed by TF 2.21 on this Xeon (/work/notes/progs/errors20/c4.py,
c5.py); with TF_ENABLE_ONEDNN_OPTS=0 TF prints the plain kernels' words, pinned in test_errors15_core_bad_input."""
import numpy as np
import pytest

import framework as tf
from tests.helpers_error_texts import assert_raises_exactly

_NODE = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s [Op:%s] name: '


def _mkl(kernel, text):
    return _NODE % ('__Mkl' + kernel, text, kernel)


@pytest.mark.parametrize('call, text', [
    (lambda: tf.matmul(tf.ones((3,)), tf.ones((3,))), _mkl('MatMul', 'In[0] ndims must be >= 2')),
    (lambda: tf.ones((3,)) @ tf.ones((3,)), _mkl('MatMul', 'In[0] ndims must be >= 2')),
    (lambda: tf.matmul(tf.ones((2, 3)), tf.ones((3,))), _mkl('MatMul', 'In[1] ndims must be >= 2')),
    (lambda: tf.matmul(tf.constant(2.0), tf.ones((2, 2))), _mkl('MatMul', 'In[0] ndims must be >= 2')),
    (lambda: tf.matmul(tf.ones((3,), tf.bfloat16), tf.ones((3, 2), tf.bfloat16)),
     _mkl('MatMul', 'In[0] ndims must be >= 2')),
    (lambda: tf.matmul(tf.Variable([1.0, 2.0]), tf.ones((2, 2))), _mkl('MatMul', 'In[0] ndims must be >= 2')),
    (lambda: tf.matmul(np.ones(2, 'float32'), tf.ones((2, 2))), _mkl('MatMul', 'In[0] ndims must be >= 2')),
    (lambda: tf.matmul(tf.ones((2, 3, 4)), tf.ones((4,))), _mkl('BatchMatMulV2', 'In[1] ndims must be >= 2: 1')),
    (lambda: tf.matmul(tf.ones((2, 3, 4)), tf.ones((4, 5, 6))),
     _mkl('BatchMatMulV2', 'In[0] and In[1] must have compatible batch dimensions: [2,3,4] vs. [4,5,6]')),
    (lambda: tf.matmul(tf.ones((2, 2, 3)), tf.ones((2, 2, 3))),
     _mkl('BatchMatMulV2', 'Matrix size-incompatible: In[0]: [2,2,3], In[1]: [2,2,3] 0 0')),
    (lambda: tf.matmul(tf.ones((1, 2, 3), tf.float16), tf.ones((2, 4), tf.float16)),
     _mkl('BatchMatMulV2', 'Matrix size-incompatible: In[0]: [1,2,3], In[1]: [2,4] 0 0')),
    (lambda: tf.matmul(tf.ones((2, 3, 4)), tf.ones((2, 5, 3)), transpose_b=True),
     _mkl('BatchMatMulV2', 'Matrix size-incompatible: In[0]: [2,3,4], In[1]: [2,5,3] 0 1')),
    (lambda: tf.matmul(tf.ones((2, 3, 4)), tf.ones((2, 5, 3)), adjoint_a=True),
     _mkl('BatchMatMulV2', 'Matrix size-incompatible: In[0]: [2,3,4], In[1]: [2,5,3] 1 0')),
    # float64 and int32 products run the plain kernels, oneDNN or not
    (lambda: tf.matmul(tf.ones((3,), tf.float64), tf.ones((3,), tf.float64)),
     _NODE % ('MatMul', 'In[0] and In[1] ndims must be == 2: 1', 'MatMul')),
    (lambda: tf.matmul(tf.ones((2, 3, 4), tf.float64), tf.ones((2, 5, 3), tf.float64), transpose_a=True),
     _NODE % ('BatchMatMulV2', 'Matrix size-incompatible: In[0]: [2,3,4], In[1]: [2,5,3]', 'BatchMatMulV2')),
])
def test_onednn_matmul_errors(call, text, monkeypatch):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '1')
    assert_raises_exactly(call, tf.errors.InvalidArgumentError, text)


@pytest.mark.parametrize('call, text', [
    (lambda: tf.matmul(tf.ones((2, 2, 3)), tf.ones((2, 2, 3))),
     _NODE % ('BatchMatMulV2', 'Matrix size-incompatible: In[0]: [2,2,3], In[1]: [2,2,3]', 'BatchMatMulV2')),
    (lambda: tf.matmul(tf.ones((2, 3)), tf.ones((3,))),
     _NODE % ('MatMul', 'In[0] and In[1] has different ndims: [2,3] vs. [3]', 'MatMul')),
])
def test_plain_kernels_without_onednn(call, text, monkeypatch):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '0')
    assert_raises_exactly(call, tf.errors.InvalidArgumentError, text)
