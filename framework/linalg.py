"""``framework.linalg`` (tf.linalg): matrix products, norms, factorizations, solves and matrix functions."""
from .ops import einsum, eye, global_norm, l2_normalize, matmul, norm, tensordot, transpose  # noqa: F401
from .ops import det, inv, slogdet, solve  # noqa: F401,E402
from .ops import band_part, cholesky, diag, diag_part, matrix_transpose, matvec, set_diag, trace  # noqa: F401,E402
from .ops import eig, eigh, eigh_tridiagonal, eigvals, eigvalsh, lu, qr, svd  # noqa: F401,E402
from .ops import lu_matrix_inverse, lu_reconstruct, lu_solve  # noqa: F401,E402
from .ops import expm, logdet, logm, matrix_rank, pinv, sqrtm  # noqa: F401,E402
from .ops import (banded_triangular_solve, cholesky_solve, lstsq, triangular_solve,  # noqa: F401,E402
                  tridiagonal_matmul, tridiagonal_solve)
from .ops import adjoint, cross, normalize, tensor_diag, tensor_diag_part  # noqa: F401,E402


def __getattr__(name):
    # tf.linalg.LinearOperator* load on first use: the operators are a package of their own
    if name.startswith('LinearOperator'):
        from . import linear_operator
        if name in linear_operator.__all__:
            return getattr(linear_operator, name)
    raise AttributeError("module 'framework.linalg' has no attribute %r" % name)
