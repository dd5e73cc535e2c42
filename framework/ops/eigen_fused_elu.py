"""A Dense layer's elu in a traced step where TF runs Eigen, not oneDNN: Eigen's fused MatMul output kernel.

Without oneDNN (an AVX2 CPU), TF 2.21's graph optimizer (remapper) still fuses MatMul + bias Add + Elu into
one _FusedMatMul, whose Eigen contraction applies bias and elu in its output kernel (BiasAddOutputKernel):
one call per output row, over that row's units as a vector. Eigen's exp takes packets of 8 floats and
C's expf for the last ``units % 8`` values of each row, where the Elu op of an eager call runs over the
whole tensor (the tail is its last ``size % 8`` values only). So a traced Dense(5, 'elu') on 4 rows has
all 20 values from expf, and 1 of them an ulp off the eager elu (-0x1.5fe040p-2 where eager TF gives
-0x1.5fe03cp-2); a fit drifts from there. Measured on TF 2.21 for 5 to 600 units and 4 to 1024 rows
(/work/notes/progs/modelfuzz19/e4.py): every value is this row-wise elu. Its gradient is EluGrad's of
the output, as unfused. The arrays the exact-math mode covers (eigen_math.handles) take it; larger ones
keep numpy's exp, as the unfused elu does.
"""
import numpy as np

from .. import libm
from . import eigen_math
from .activations import ELU_VJPS, elu_value
from .unary import _apply

_ONE = np.float32(1)


def elu_by_rows(z):
    """elu of a 2-D float32 array as Eigen's fused output kernel computes it, row by row (see the module)."""
    if z.ndim != 2 or not eigen_math.handles(z):
        return elu_value(z)
    units = z.shape[1]
    cut = units - units % eigen_math.PACKET
    exp = np.empty_like(z)
    if cut:     # rows of whole packets: one pass over them all takes packets only
        exp[:, :cut] = eigen_math.exp(np.minimum(z[:, :cut], 0))
    if cut < units:
        # each row's tail: the scalar functor, C's expf (a denormal reads as 0 under TF's DAZ: expf gives 1 either way)
        exp[:, cut:] = libm.apply('exp', np.minimum(z[:, cut:], 0))
    # elu_value's select: exp(x) - 1 where x < 0, read as x <= -tiny under DAZ
    return np.where(z <= -np.finfo(np.float32).tiny, exp - _ONE, z)


def eigen_fused_elu(z):
    """elu of ``z``, a traced 2-D Dense output marked fusable, where TF runs Eigen: an Activation('elu')
    after a linear Dense is the same graph as Dense(activation='elu'), fused alike."""
    return _apply('elu', z, lambda xp, a: elu_by_rows(a), ELU_VJPS[0], widen_bfloat16=False)
