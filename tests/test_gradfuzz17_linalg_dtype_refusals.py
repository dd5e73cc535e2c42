"""Linear-algebra ops given dtypes TF 2.21 refuses, in its words: bfloat16 det / slogdet / inv / cholesky / solve
meet the op registry's InvalidArgumentError ("Value for attr 'T' of bfloat16 is not in the list of allowed values"),
which TF checks before looking for a CPU kernel (tapeflow raised the NotFoundError of a missing kernel, and inv
computed a float64 inverse); bfloat16 triangular_solve is MatrixTriangularSolve's NotFoundError (its registry takes
bfloat16, no CPU kernel does); pinv / matrix_rank meet Svd's registry error; expm of bfloat16 or integers is TF's
Python ValueError. tapeflow raised its own sentences for the last three."""
import numpy as np
import pytest

import framework as tf

OPS = {'det': lambda x: tf.linalg.det(x), 'slogdet': lambda x: tf.linalg.slogdet(x), 'inv': lambda x: tf.linalg.inv(x),
       'chol': lambda x: tf.linalg.cholesky(x), 'solve': lambda x: tf.linalg.solve(x, x),
       'trisolve': lambda x: tf.linalg.triangular_solve(x, x), 'expm': lambda x: tf.linalg.expm(x),
       'pinv': lambda x: tf.linalg.pinv(x), 'matrix_rank': lambda x: tf.linalg.matrix_rank(x)}

# printed by TF 2.21: type(e).__name__ and str(e) of OPS[name](tf.cast(tf.constant(np.eye(3) * 2, tf.float32), dtype))
TF_ERRORS = [
    ('bfloat16', 'det', 'InvalidArgumentError',
     "Value for attr 'T' of bfloat16 is not in the list of allowed values: half, float, double, complex64, complex128\n\t; NodeDef: {{node MatrixDeterminant}}; Op<name=MatrixDeterminant; signature=input:T -> output:T; attr=T:type,allowed=[DT_HALF, DT_FLOAT, DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128]> [Op:MatrixDeterminant] name: "),
    ('bfloat16', 'slogdet', 'InvalidArgumentError',
     "Value for attr 'T' of bfloat16 is not in the list of allowed values: half, float, double, complex64, complex128\n\t; NodeDef: {{node LogMatrixDeterminant}}; Op<name=LogMatrixDeterminant; signature=input:T -> sign:T, log_abs_determinant:T; attr=T:type,allowed=[DT_HALF, DT_FLOAT, DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128]> [Op:LogMatrixDeterminant] name: "),
    ('bfloat16', 'inv', 'InvalidArgumentError',
     "Value for attr 'T' of bfloat16 is not in the list of allowed values: double, float, half, complex64, complex128\n\t; NodeDef: {{node MatrixInverse}}; Op<name=MatrixInverse; signature=input:T -> output:T; attr=adjoint:bool,default=false; attr=T:type,allowed=[DT_DOUBLE, DT_FLOAT, DT_HALF, DT_COMPLEX64, DT_COMPLEX128]> [Op:MatrixInverse] name: "),
    ('bfloat16', 'chol', 'InvalidArgumentError',
     "Value for attr 'T' of bfloat16 is not in the list of allowed values: double, float, half, complex64, complex128\n\t; NodeDef: {{node Cholesky}}; Op<name=Cholesky; signature=input:T -> output:T; attr=T:type,allowed=[DT_DOUBLE, DT_FLOAT, DT_HALF, DT_COMPLEX64, DT_COMPLEX128]> [Op:Cholesky] name: "),
    ('bfloat16', 'solve', 'InvalidArgumentError',
     "Value for attr 'T' of bfloat16 is not in the list of allowed values: double, float, half, complex64, complex128\n\t; NodeDef: {{node MatrixSolve}}; Op<name=MatrixSolve; signature=matrix:T, rhs:T -> output:T; attr=adjoint:bool,default=false; attr=T:type,allowed=[DT_DOUBLE, DT_FLOAT, DT_HALF, DT_COMPLEX64, DT_COMPLEX128]> [Op:MatrixSolve] name: "),
    ('bfloat16', 'trisolve', 'NotFoundError',
     "Could not find device for node: {{node MatrixTriangularSolve}} = MatrixTriangularSolve[T=DT_BFLOAT16, adjoint=false, lower=true]\nAll kernels registered for op MatrixTriangularSolve:\n  device='XLA_CPU_JIT'; T in [DT_FLOAT, DT_DOUBLE, DT_COMPLEX64, DT_BFLOAT16, DT_COMPLEX128, DT_HALF]\n  device='CPU'; T in [DT_DOUBLE]\n  device='CPU'; T in [DT_FLOAT]\n  device='CPU'; T in [DT_COMPLEX128]\n  device='CPU'; T in [DT_COMPLEX64]\n [Op:MatrixTriangularSolve] name: "),
    ('bfloat16', 'expm', 'ValueError',
     "tf.linalg.expm does not support matrices of type <dtype: 'bfloat16'>"),
    ('bfloat16', 'pinv', 'InvalidArgumentError',
     "Value for attr 'T' of bfloat16 is not in the list of allowed values: double, float, half, complex64, complex128\n\t; NodeDef: {{node Svd}}; Op<name=Svd; signature=input:T -> s:T, u:T, v:T; attr=compute_uv:bool,default=true; attr=full_matrices:bool,default=false; attr=T:type,allowed=[DT_DOUBLE, DT_FLOAT, DT_HALF, DT_COMPLEX64, DT_COMPLEX128]> [Op:Svd] name: "),
    ('bfloat16', 'matrix_rank', 'InvalidArgumentError',
     "Value for attr 'T' of bfloat16 is not in the list of allowed values: double, float, half, complex64, complex128\n\t; NodeDef: {{node Svd}}; Op<name=Svd; signature=input:T -> s:T, u:T, v:T; attr=compute_uv:bool,default=true; attr=full_matrices:bool,default=false; attr=T:type,allowed=[DT_DOUBLE, DT_FLOAT, DT_HALF, DT_COMPLEX64, DT_COMPLEX128]> [Op:Svd] name: "),
    ('int32', 'expm', 'ValueError',
     "tf.linalg.expm does not support matrices of type <dtype: 'int32'>"),
]


@pytest.mark.parametrize('dtype, name, kind, text', TF_ERRORS)
def test_linalg_dtype_refusal_is_tf_error(dtype, name, kind, text):
    x = tf.cast(tf.constant(np.eye(3, dtype=np.float32) * 2), dtype)
    with pytest.raises(Exception) as err:
        OPS[name](x)
    assert type(err.value).__name__ == kind
    assert str(err.value) == text


def test_float16_keeps_its_kernels_answers():
    # the registries take half: MatrixInverse has a CPU kernel for it, MatrixDeterminant has none (NotFoundError)
    x = tf.constant(np.eye(3, dtype=np.float16) * 2)
    assert tf.linalg.inv(x).dtype == tf.float16
    with pytest.raises(tf.errors.NotFoundError, match=r'MatrixDeterminant\[T=DT_HALF\]'):
        tf.linalg.det(x)


def test_float16_matrix_rank_names_tf_svd_node():
    # TF's matrix_rank runs Svd(compute_uv=False, full_matrices=False); tapeflow's node printed full_matrices=true
    with pytest.raises(tf.errors.NotFoundError) as err:
        tf.linalg.matrix_rank(tf.constant(np.eye(3, dtype=np.float16)))
    assert str(err.value) == ("Could not find device for node: {{node Svd}} = Svd[T=DT_HALF, compute_uv=false, full_matrices=false]\nAll kernels registered for op Svd:\n  device='XLA_CPU_JIT'; T in [DT_FLOAT, DT_DOUBLE, DT_HALF]\n  device='CPU'; T in [DT_FLOAT]\n  device='CPU'; T in [DT_DOUBLE]\n  device='CPU'; T in [DT_COMPLEX64]\n  device='CPU'; T in [DT_COMPLEX128]\n [Op:Svd] name: ")
