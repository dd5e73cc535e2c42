"""``framework.linalg``: matrix products."""
from .ops import einsum, eye, matmul, tensordot, transpose  # noqa: F401
