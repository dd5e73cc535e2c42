"""Horner's rule as Eigen's ``internal::ppolevl`` unrolls it: ((c0 * x + c1) * x + c2) ..., one rounding per
multiply and per add (no fused multiply-add), the steps its packet kernels take on the host."""
import numpy as np


def polevl(x, coefficients):
    """The polynomial with ``coefficients`` (highest power first) at ``x``, in ``x``'s dtype."""
    p = np.full_like(x, coefficients[0])
    for c in coefficients[1:]:
        p = p * x + c
    return p
