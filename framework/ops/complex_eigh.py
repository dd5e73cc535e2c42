"""tf.linalg.eigh / eigvalsh of complex Hermitian matrices, with TF 2.21's SelfAdjointEigV2 gradient.

The values are LAPACK's (TF's Eigen solver can pick other phases for the eigenvectors); the eigenvalues
come back in the input's complex dtype, as TF's kernel returns them. The gradient is TF's rule
(_SelfAdjointEigV2Grad), written with its adjoints:
    grad_a = v (diag(g_e) + f * (v^H g_v)) v^H,   f[i, j] = 1 / (e[j] - e[i]) off the diagonal,
then symmetrised onto the lower triangle the kernel reads. It is handed to the tape pre-conjugated, as the
tape conjugates the rules of complex outputs (complex_gradients). A loss that depends on the eigenvectors'
phases gets gradients for LAPACK's phases.
"""
import numpy as np

from .. import backend
from ..complex_gradients import conjugated
from ..tape import record
from ..tensor import Tensor
from .operands import ACTIVE


def eigh(a):
    """(e, v) of complex Hermitian ``a`` (its lower triangle read)."""
    xp = backend.array_module(a._data)
    lower = xp.tril(a._data)
    hermitian = lower + xp.swapaxes(xp.tril(a._data, -1), -1, -2).conj()
    w_raw, v_raw = xp.linalg.eigh(hermitian)
    e, v = Tensor(w_raw.astype(a._data.dtype)), Tensor(v_raw)
    if ACTIVE:
        outputs = {'e': e, 'v': v}
        record('eigh', (a,), e, conjugated((lambda g, y, a: _from_parts(outputs, g, None),)))
        record('eigh', (a,), v, conjugated((lambda g, y, a: _from_parts(outputs, None, g),)))
    return e, v


def _from_parts(outputs, grad_e, grad_v):
    from .linalg import matmul
    from .matrix_parts import band_part, diag, diag_part, matrix_transpose, set_diag
    from .selection import where
    from .shapes import expand_dims
    e, v = outputs['e'], outputs['v']
    if grad_v is None:
        inner = diag(grad_e)
    else:
        gap = expand_dims(e, -2) - expand_dims(e, -1)
        eye = np.eye(e.shape[-1], dtype=bool)
        safe = gap * (1.0 / (gap * gap + 1e-20))            # TF's _SafeReciprocal
        f = where(eye, 0.0, safe)
        inner = f * matmul(v, grad_v, adjoint_a=True)
        if grad_e is not None:
            inner = diag(grad_e) + inner
    grad_a = matmul(v, matmul(inner, v, adjoint_b=True))
    grad_a = band_part(grad_a + matrix_transpose(grad_a, conjugate=True), -1, 0)
    return set_diag(grad_a, 0.5 * diag_part(grad_a))
