"""``framework.linalg``: matrix products and norms."""
from .ops import einsum, eye, global_norm, l2_normalize, matmul, norm, tensordot, transpose  # noqa: F401
from .ops import det, inv, slogdet, solve  # noqa: F401,E402
