"""tf.linalg.lu / solve / triangular_solve / banded_triangular_solve / cross given bad shapes or mixed
dtypes fail (or compute) as TF 2.21's kernels and eager input conversion do.

Goldens: the texts TF 2.21 printed for /work/notes/progs/errors59/la2.py (the same program run with
`import tensorflow as tf`; not the process's first op, which takes TF's slow path).
"""
import numpy as np
import pytest

import framework as tf

M = np.eye(3, dtype='float32')
R = np.ones((2, 3), 'float32')
V = np.ones(3, 'float32')
CPU = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s [Op:%s] name: '


def _kernel(op, text, name=''):
    return CPU % (op, text, op) + name


@pytest.mark.parametrize('call, error, text', [
    (lambda: tf.linalg.lu(R), tf.errors.InvalidArgumentError, _kernel('Lu', 'Input matrix must be square.')),
    (lambda: tf.linalg.lu(tf.constant(R)), tf.errors.InvalidArgumentError, _kernel('Lu', 'Input matrix must be square.')),
    (lambda: tf.linalg.lu(R, name='xx'), tf.errors.InvalidArgumentError,
     _kernel('Lu', 'Input matrix must be square.', 'xx')),
    (lambda: tf.linalg.solve(R, R), tf.errors.InvalidArgumentError,
     _kernel('MatrixSolve', 'First input (lhs) must be a square matrix.')),
    (lambda: tf.linalg.solve(tf.constant(R), R), tf.errors.InvalidArgumentError,
     _kernel('MatrixSolve', 'First input (lhs) must be a square matrix.')),
    (lambda: tf.linalg.triangular_solve(R, R), tf.errors.InvalidArgumentError,
     _kernel('MatrixTriangularSolve', 'In[0] matrices in the last dimensions must be square (3 =/= 2)')),
    (lambda: tf.linalg.triangular_solve(R.T, R), tf.errors.InvalidArgumentError,
     _kernel('MatrixTriangularSolve', 'In[0] matrices in the last dimensions must be square (2 =/= 3)')),
    (lambda: tf.linalg.triangular_solve(V, R), tf.errors.InvalidArgumentError,
     _kernel('MatrixTriangularSolve', 'In[0] ndims must be >= 2: 1')),
    (lambda: tf.linalg.banded_triangular_solve(M, V), tf.errors.InvalidArgumentError,
     _kernel('BandedTriangularSolve', 'In[1] ndims must be >= 2: 1')),
    (lambda: tf.linalg.banded_triangular_solve(V, M), tf.errors.InvalidArgumentError,
     _kernel('BandedTriangularSolve', 'In[0] ndims must be >= 2: 1')),
    (lambda: tf.linalg.banded_triangular_solve(M, np.ones((2, 1), 'float32')), tf.errors.InvalidArgumentError,
     _kernel('BandedTriangularSolve', 'In[0] mismatch In[1] shape: 3 vs. 2: [3,3] [2,1] 1 0')),
    (lambda: tf.linalg.banded_triangular_solve(tf.ones((2, 3)), tf.ones((3, 1), 'float64')),
     tf.errors.InvalidArgumentError,
     'cannot compute BandedTriangularSolve as input #1(zero-based) was expected to be a float tensor but is a double '
     'tensor [Op:BandedTriangularSolve] name: '),
    (lambda: tf.linalg.banded_triangular_solve(np.ones((2, 2, 3), 'float32'), np.ones((3, 3, 1), 'float32')),
     tf.errors.InvalidArgumentError,
     _kernel('BandedTriangularSolve', 'In[0] and In[1] must have compatible batch dimensions: [2,2,3] vs. [3,3,1]')),
    (lambda: tf.linalg.cross(tf.ones(2), tf.ones(2)), tf.errors.FailedPreconditionError,
     _kernel('Cross', 'Cross-products are only defined for 3-element vectors.')),
    (lambda: tf.linalg.cross(np.ones(2, 'float32'), np.ones(2, 'float32')), tf.errors.FailedPreconditionError,
     _kernel('Cross', 'Cross-products are only defined for 3-element vectors.')),
])
def test_linalg_kernels_refuse_as_tensorflow(call, error, text):
    with pytest.raises(error) as caught:
        call()
    assert type(caught.value).__name__ == error.__name__
    assert str(caught.value) == text


@pytest.mark.parametrize('call, dtype', [
    # neither operand a tensor: the rhs takes the matrix's converted dtype, as eager TF converts them
    (lambda: tf.linalg.solve(M, np.ones((3, 1))), 'float32'),
    (lambda: tf.linalg.solve(M, np.ones((3, 1), 'int32')), 'float32'),
    (lambda: tf.linalg.solve(M.tolist(), np.ones((3, 1))), 'float32'),
    (lambda: tf.linalg.solve(M.astype('float64'), np.ones((3, 1), 'float32')), 'float64'),
    (lambda: tf.linalg.triangular_solve(M, np.ones((3, 1))), 'float32'),
    (lambda: tf.linalg.banded_triangular_solve(np.ones((2, 3), 'float32'), np.ones((3, 1))), 'float32'),
])
def test_a_numpy_rhs_takes_the_matrix_dtype(call, dtype):
    out = np.asarray(call())
    assert (str(out.dtype), out.shape) == (dtype, (3, 1))


def test_the_converted_rhs_solves():
    out = tf.linalg.solve(M, np.array([[1.0], [2.0], [3.0]]))
    assert np.asarray(out).tolist() == [[1.0], [2.0], [3.0]]
