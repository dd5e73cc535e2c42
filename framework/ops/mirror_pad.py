"""tf.pad's REFLECT / SYMMETRIC modes (MirrorPad) and their gradient as TF's MirrorPadGrad kernel sums it.

The value copies an input element to each output position (``index``: open-mesh arrays from
shapes._mirror_index). The gradient starts from the incoming gradient itself and, axis by axis,
adds each padded band (reversed) onto the band it mirrors, then keeps the centre: the centre's own
gradient is the first operand of every sum, so a -0 there stays -0 when only -0s arrive (a
scatter-add into zeros gave +0), and a position fed by both bands adds them left band first.
MirrorPadGrad's own gradient is the mirror pad again (second derivatives).
"""
from .. import backend
from ..tensor import Tensor
from .operands import ACTIVE, record


def mirror_pad(x, index, widths, mode):
    """``x`` padded by gathering at ``index``; ``widths``: (before, after) per axis."""
    out = Tensor(x._data[index])
    if ACTIVE:
        record('mirror_pad', (x,), out, (lambda g, y, x: mirror_pad_grad(g, index, widths, mode),))
    return out


def mirror_pad_grad(g, index, widths, mode):
    """MirrorPadGrad: the gradient of the unpadded tensor from ``g``, the padded tensor's."""
    offset = 1 if mode == 'REFLECT' else 0
    xp = backend.array_module(g._data)
    s = g._data.copy()
    region = [slice(None)] * s.ndim
    for axis, (lo, hi) in enumerate(widths):
        size = s.shape[axis]
        for start, width, source in ((lo + offset, lo, 0), (size - 2 * hi - offset, hi, size - hi)):
            if width > 0:
                lhs, rhs = list(region), list(region)
                lhs[axis], rhs[axis] = slice(start, start + width), slice(source, source + width)
                s[tuple(lhs)] += xp.flip(s[tuple(rhs)], axis=axis)
        region[axis] = slice(lo, size - hi)
    out = Tensor(xp.ascontiguousarray(s[tuple(region)]))
    if ACTIVE:
        record('mirror_pad_grad', (g,), out, (lambda gg, y, g: mirror_pad(gg, index, widths, mode),))
    return out
