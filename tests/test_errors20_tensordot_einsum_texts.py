"""errors20: tf.tensordot and tf.einsum refuse bad shapes and axes in TF 2.21's words (printed by TF 2.21 on this Xeon,
/work/notes/progs/errors20/c4.py). tensordot reshapes each operand to a matrix on its own, so contracted axes of
different sizes fail in MatMul on those matrices ('In[0]: [2,12], In[1]: [15,4]'); its axes are checked in Python
(ValueError, IndexError). Einsum's kernel records each label's size at its first axis and names the input where
another size meets it; two operands' ellipsis axes must broadcast. tapeflow raised its own sentences (now notes)."""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError
from tests.helpers_error_texts import assert_raises_exactly


@pytest.mark.parametrize('call, error, text', [
    (lambda: tf.tensordot(tf.ones((2, 3), tf.float32), tf.ones((2, 3), tf.float32), axes=1), InvalidArgumentError,
     '{{function_node __wrapped____MklMatMul_device_/job:localhost/replica:0/task:0/device:CPU:0}} Matrix '
     'size-incompatible: In[0]: [2,3], In[1]: [2,3] [Op:MatMul] name: '),
    (lambda: tf.tensordot(tf.ones((2, 3), tf.float64), tf.ones((2, 3), tf.float64), axes=1), InvalidArgumentError,
     '{{function_node __wrapped__MatMul_device_/job:localhost/replica:0/task:0/device:CPU:0}} Matrix size-'
     'incompatible: In[0]: [2,3], In[1]: [2,3] [Op:MatMul] name: '),
    (lambda: tf.tensordot(tf.ones((2, 3)), tf.ones((2, 3)), axes=3), ValueError,
     '`axes` must not be larger than the number of dimensions of tensor [[1. 1. 1.]\n [1. 1. 1.]].  Receive'
     'd 3, vs tensor dimensions 2.'),
    (lambda: tf.tensordot(tf.ones((2, 3)), tf.ones((2, 3)), axes=-1), ValueError,
     '`axes` must be at least 0. Received: -1.'),
    (lambda: tf.tensordot(tf.ones((2, 3)), tf.ones((2, 3)), axes=[[1], [0]]), InvalidArgumentError,
     '{{function_node __wrapped____MklMatMul_device_/job:localhost/replica:0/task:0/device:CPU:0}} Matrix '
     'size-incompatible: In[0]: [2,3], In[1]: [2,3] [Op:MatMul] name: '),
    (lambda: tf.tensordot(tf.ones((2, 3)), tf.ones((2, 3)), axes=[[1], [0, 1]]), ValueError,
     'Different number of contraction axes `a` and `b`, 1 != 2.'),
    (lambda: tf.tensordot(tf.ones((2, 3)), tf.ones((2, 3)), axes=[[2], [0]]), IndexError,
     'list index out of range'),
    (lambda: tf.tensordot(tf.ones((2, 3)), tf.ones((2, 3)), axes=1.5), TypeError,
     'Cannot convert 1.5 to EagerTensor of dtype int32'),
    (lambda: tf.tensordot(tf.ones((2, 3)), tf.ones((2, 3)), axes=[[1], [1], [0]]), ValueError,
     '`axes` must be an integer or have length 2. Received [[1], [1], [0]].'),
    (lambda: tf.tensordot(tf.ones((2, 3)), tf.ones((3, 3), tf.float64), axes=1), InvalidArgumentError,
     'cannot compute _MklMatMul as input #1(zero-based) was expected to be a float tensor but is a double '
     'tensor [Op:MatMul] name: '),
    (lambda: tf.tensordot(tf.ones((2, 3, 4)), tf.ones((3, 5, 4)), axes=2), InvalidArgumentError,
     '{{function_node __wrapped____MklMatMul_device_/job:localhost/replica:0/task:0/device:CPU:0}} Matrix '
     'size-incompatible: In[0]: [2,12], In[1]: [15,4] [Op:MatMul] name: '),
])
def test_tensordot_texts(call, error, text, monkeypatch):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '1')
    assert_raises_exactly(call, error, text)


@pytest.mark.parametrize('call, error, text', [
    (lambda: tf.einsum('ij,jk->ik', tf.ones((2, 3), tf.float32), tf.ones((2, 3), tf.float32)), InvalidArgumentError,
     '{{function_node __wrapped____MklEinsum_N_2_device_/job:localhost/replica:0/task:0/device:CPU:0}} Exp'
     'ected dimension 3 at axis 0 of the input shaped [2,3] but got dimension 2 [Op:Einsum] name: '),
    (lambda: tf.einsum('ij,jk->ik', tf.ones((2, 3), tf.int32), tf.ones((2, 3), tf.int32)), InvalidArgumentError,
     '{{function_node __wrapped__Einsum_N_2_device_/job:localhost/replica:0/task:0/device:CPU:0}} Expected'
     ' dimension 3 at axis 0 of the input shaped [2,3] but got dimension 2 [Op:Einsum] name: '),
    (lambda: tf.einsum('ij,jk->ik', tf.ones((2, 3, 1)), tf.ones((3, 4))), InvalidArgumentError,
     '{{function_node __wrapped____MklEinsum_N_2_device_/job:localhost/replica:0/task:0/device:CPU:0}} Exp'
     'ected input 0 to have rank 2 but got: 3 [Op:Einsum] name: '),
    (lambda: tf.einsum('ij,jk->iz', tf.ones((2, 3)), tf.ones((3, 4))), ValueError,
     'Output subscripts contain the label z not present in the input subscripts.'),
    (lambda: tf.einsum('bij,bjk->bik', tf.ones((2, 2, 3)), tf.ones((3, 3, 4))), InvalidArgumentError,
     '{{function_node __wrapped____MklEinsum_N_2_device_/job:localhost/replica:0/task:0/device:CPU:0}} Exp'
     'ected dimension 2 at axis 0 of the input shaped [3,3,4] but got dimension 3 [Op:Einsum] name: '),
    (lambda: tf.einsum('ii->i', tf.ones((2, 3))), InvalidArgumentError,
     '{{function_node __wrapped____MklEinsum_N_1_device_/job:localhost/replica:0/task:0/device:CPU:0}} Exp'
     'ected dimension 2 at axis 1 of the input shaped [2,3] but got dimension 3 [Op:Einsum] name: '),
    (lambda: tf.einsum('...ij,...jk->...ik', tf.ones((2, 2, 3)), tf.ones((3, 3, 4))), InvalidArgumentError,
     '{{function_node __wrapped____MklEinsum_N_2_device_/job:localhost/replica:0/task:0/device:CPU:0}} In['
     '0] and In[1] must have compatible batch dimensions: [2,2,3] vs. [3,3,4] [Op:Einsum] name: '),
])
def test_einsum_texts(call, error, text, monkeypatch):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '1')
    assert_raises_exactly(call, error, text)


def test_einsum_ellipsis_axes_without_onednn(monkeypatch):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '0')      # Eigen's Einsum words the broadcast otherwise
    assert_raises_exactly(lambda: tf.einsum('...ij,...jk->...ik', tf.ones((2, 2, 3)), tf.ones((3, 3, 4))), InvalidArgumentError,
                          '{{function_node __wrapped__Einsum_N_2_device_/job:localhost/replica:0/task:0/device:CPU:0}} Invalid '
                          'broadcasting dimensions: [2,2,3] vs. [3,3,4] [Op:Einsum] name: ')


def test_tensordot_still_contracts():
    a, b = tf.reshape(tf.range(24.0), (2, 3, 4)), tf.reshape(tf.range(24.0), (3, 4, 2))
    assert tf.tensordot(a, b, 2).numpy().tolist() == [[1012.0, 1078.0], [2596.0, 2806.0]]
    assert tf.tensordot(a, b, [[1, 2], [0, 1]]).shape == (2, 2)
    assert tf.tensordot(tf.ones((2, 3)), tf.ones((2, 3)), [[1], [1]]).numpy().tolist() == [[3.0, 3.0], [3.0, 3.0]]
    assert tf.tensordot(tf.ones((2, 3)), tf.ones((2, 3)), 0).shape == (2, 3, 2, 3)
