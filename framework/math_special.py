"""``tf.math.special``: the special functions TensorFlow lists there (the Bessel functions it has;
dawsn, expint, fresnel_cos / sin, spence and bessel_j0 / j1 / y0 / y1 are not in tapeflow yet)."""
from .ops.bessel import bessel_i0, bessel_i0e, bessel_i1, bessel_i1e  # noqa: F401
from .ops.bessel_k import bessel_k0, bessel_k0e, bessel_k1, bessel_k1e  # noqa: F401
