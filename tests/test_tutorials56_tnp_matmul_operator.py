"""``a @ b`` under tnp.experimental_enable_numpy_behavior() is NumPy's matmul, as in TF 2.21 (the NumPy API
on TensorFlow guide): TF's operator calls ``a._matmul(b)``, tnp.matmul, so a vector @ a matrix works
(``tnp.asarray([1, 2]) @ tnp.asarray([[1], [2]])`` is [5], int64), and a size error is tnp's ValueError
with the MatMul kernel's text (tnp.matmul re-raises InvalidArgumentError so). tapeflow ran tf.matmul:
'In[0] and In[1] has different ndims: [2] vs. [2,1]'. Values and texts: TF 2.21's (probes
/work/notes/progs/tutorials56/tnp.py, probes/tnp_matmul.py).
"""
import pytest

import framework as tf
import framework.experimental.numpy as tnp
from framework import tensor_numpy_methods


_SIZE_ERROR = ('{{function_node __wrapped__MatMul_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
               'Matrix size-incompatible: In[0]: [%s], In[1]: [%s] [Op:MatMul] name: ')


def test_vector_operands(numpy_behavior):
    r = tnp.asarray([1, 2]) @ tnp.asarray([[1], [2]])
    assert (r.shape, r.dtype.name, r.numpy().tolist()) == ((1,), 'int64', [5])
    a, m = tnp.asarray([1., 2.]), tnp.ones([2, 3], dtype=tnp.float32)
    assert (a @ m).numpy().tolist() == [3., 3., 3.] and (a @ m).dtype.name == 'float64'
    assert (m.T @ a).numpy().tolist() == [3., 3., 3.]
    assert float(a @ a) == 5.0 and (a @ a).shape == ()
    assert (tnp.ones([2, 2, 3]) @ tnp.ones([3])).shape == (2, 2)
    r = [[1., 2.]] @ tnp.ones([2, 1])         # __rmatmul__
    assert (r.shape, r.dtype.name) == ((1, 1), 'float64')


def test_promoted_matrices_and_variables(numpy_behavior):
    r = tf.constant([[1, 2]]) @ tf.constant([[1.5], [2.0]])
    assert (r.dtype.name, r.numpy().tolist()) == ('float64', [[5.5]])
    r = tf.Variable([[1., 2.]]) @ tf.constant([[1.], [1.]])
    assert (r.dtype.name, r.numpy().tolist()) == ('float32', [[3.]])


def test_size_errors_are_value_errors(numpy_behavior):
    with pytest.raises(ValueError) as info:
        tnp.ones(3) @ tnp.ones(4)
    assert str(info.value) == _SIZE_ERROR % ('1,3', '4,1')
    with pytest.raises(ValueError) as info:
        tnp.ones([2, 3]) @ tnp.ones([2, 3])
    assert str(info.value) == _SIZE_ERROR % ('2,3', '2,3')
    with pytest.raises(ValueError) as info:
        tnp.matmul(tnp.ones(3), tnp.ones(4))
    assert str(info.value) == _SIZE_ERROR % ('1,3', '4,1')


def test_gradient_and_function(numpy_behavior):
    with tf.GradientTape() as tape:
        v = tf.constant([1., 2.])
        tape.watch(v)
        y = tnp.sum(v @ tnp.ones([2, 2]))
    assert tape.gradient(y, v).numpy().tolist() == [2., 2.]

    @tf.function
    def f(x, y):
        return x @ y
    r = f(tnp.asarray([1., 2.]), tnp.ones([2, 3], dtype=tnp.float32))
    assert (r.dtype.name, r.numpy().tolist()) == ('float64', [3., 3., 3.])


def test_plain_operator_without_numpy_behavior(monkeypatch):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '0')    # (TF's Eigen text; oneDNN's _MklMatMul words it otherwise)
    if tensor_numpy_methods.ENABLED:
        pytest.skip('NumPy behavior left on by an earlier test')
    with pytest.raises(tf.errors.InvalidArgumentError, match='different ndims'):
        tf.constant([1., 2.]) @ tf.constant([[1.], [2.]])
