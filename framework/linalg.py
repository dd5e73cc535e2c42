"""``framework.linalg``: matrix products and norms."""
from .ops import einsum, eye, global_norm, l2_normalize, matmul, norm, tensordot, transpose  # noqa: F401
from .ops import det, inv, slogdet, solve  # noqa: F401,E402
from .ops import band_part, cholesky, diag, diag_part, matrix_transpose, matvec, set_diag, trace  # noqa: F401,E402
