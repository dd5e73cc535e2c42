"""``tf.math.special``: the special functions TensorFlow lists there."""
from .ops.bessel import bessel_i0, bessel_i0e, bessel_i1, bessel_i1e  # noqa: F401
from .ops.bessel_k import bessel_k0, bessel_k0e, bessel_k1, bessel_k1e  # noqa: F401
from .ops.bessel_jy import bessel_j0, bessel_j1, bessel_y0, bessel_y1  # noqa: F401
from .ops.special_integrals import dawsn, expint, fresnel_cos, fresnel_sin, spence  # noqa: F401
