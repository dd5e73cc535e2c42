"""tf.image.resize(method='bilinear') as one op with TF's ResizeBilinearGrad kernel for its gradient,
and method='nearest' as one op whose gradient, ResizeNearestNeighborGrad, has no gradient of its own.

The kernel walks the output pixels in order and adds, for each, four float32 products
``T(grad * y_weight * x_weight)`` onto the source pixels in the image's dtype T: float64
images accumulate in double (tapeflow's composite gradient rounded through float32, 1e-8 off).
TensorFlow gives ResizeBilinearGrad no gradient that reaches the resize's input: a jvp through
the resize is None, as is a second derivative.
"""
import numpy as np

from ... import backend
from ...tape import ACTIVE, paused, record
from ...tensor import Tensor
from ..shapes import cast
from .resize_weights import half_pixel_sources, nearest_indices

F32 = np.float32


def _axis(size_in, size_out, sources=half_pixel_sources):
    """(low index, high index, lerp) per output position, in float32 as the kernel computes them."""
    source = sources(size_in, size_out)
    low = np.floor(source)
    return (np.maximum(low, 0).astype(np.int64), np.minimum(np.ceil(source), size_in - 1).astype(np.int64),
            (source - low).astype(F32))


def bilinear_grad_array(g, shape, dtype, sources=half_pixel_sources):
    """ResizeBilinearGrad on host arrays: ``g`` (b, oh, ow, c) onto an image of ``shape`` in ``dtype``;
    ``sources(size_in, size_out)`` places the output pixels (half-pixel centres, or compat.v1's grids)."""
    b, h, w, c = shape
    oh, ow = g.shape[1:3]
    y_low, y_high, y_lerp = _axis(h, oh, sources)
    x_low, x_high, x_lerp = _axis(w, ow, sources)
    grad = np.asarray(g, F32)
    wy = np.stack([F32(1) - y_lerp, F32(1) - y_lerp, y_lerp, y_lerp], axis=1)        # (oh, 4): tl, tr, bl, br
    wx = np.stack([F32(1) - x_lerp, x_lerp, F32(1) - x_lerp, x_lerp], axis=1)        # (ow, 4)
    # (b, oh, ow, 4, c): (grad * y weight) * x weight in float32, then T, in the kernel's order
    values = (grad[:, :, :, None, :] * wy[None, :, None, :, None]) * wx[None, None, :, :, None]
    rows = np.stack([y_low, y_low, y_high, y_high], axis=1)[:, None, :]               # (oh, 1, 4)
    cols = np.stack([x_low, x_high, x_low, x_high], axis=1)[None, :, :]               # (1, ow, 4)
    targets = (rows * w + cols).reshape(-1)                                           # (oh * ow * 4,)
    # float32 and float64 accumulate in their dtype; half (TF: in float, then cast) in float32
    total = dtype if dtype in (np.float32, np.float64) else F32
    out = np.zeros((b, h * w, c), total)
    # (explicit lengths: an empty batch cannot infer the -1)
    np.add.at(out, (slice(None), targets), values.astype(total).reshape(b, targets.size, c))    # sequential, in order
    return out.reshape(shape).astype(dtype)


def resize_bilinear(x, height, width, forward, sources=half_pixel_sources):
    """``forward(cast(x, float32), height, width)`` (float32, as TF's kernel) recorded as ResizeBilinear."""
    if not ACTIVE or x._data.dtype.kind != 'f':
        return forward(cast(x, 'float32'), height, width)
    with paused():
        out = Tensor(forward(cast(x, 'float32'), height, width)._data)
    shape, dtype = tuple(x._data.shape), x._data.dtype

    def vjp(g, y, x):
        return Tensor(backend.place(bilinear_grad_array(backend.to_host(g._data), shape, dtype, sources)))
    record('ResizeBilinear', (x,), out, (vjp,))
    return out


def nearest_grad_array(g, shape, rows, cols):
    """ResizeNearestNeighborGrad on host arrays: each output pixel's gradient ``g`` added onto its source
    pixel (``rows`` x ``cols``), the output pixels in row-major order as the kernel loops over them (the
    gathers' two scatter-adds, across then down, grouped the sums otherwise: last bits off)."""
    b, h, w, c = shape
    out = np.zeros((b, h * w, c), g.dtype)
    targets = (rows[:, None].astype(np.int64) * w + cols[None, :]).reshape(-1)
    np.add.at(out, (slice(None), targets), np.asarray(g).reshape(b, targets.size, c))     # sequential, in order
    return out.reshape(shape)


def resize_nearest(x, height, width, forward, indices=nearest_indices):
    """``forward(x, height, width)`` (half-pixel nearest neighbours: ``nearest_indices``) recorded as
    ResizeNearestNeighbor, ResizeNearestNeighborGrad's kernel its gradient; TF registers no gradient for
    ResizeNearestNeighborGrad, so a jvp or a second derivative that reaches it raises TF's LookupError.
    ``indices(size_in, size_out)`` maps output pixels to their sources (compat.v1's grids differ)."""
    from ..unregistered_gradient import without_gradient
    if not ACTIVE or (x._data.dtype.kind != 'f' and x._data.dtype.name != 'bfloat16'):
        return forward(x, height, width)
    with paused():
        out = Tensor(forward(x, height, width)._data)
    shape = tuple(x._data.shape)
    rows, cols = indices(shape[1], height), indices(shape[2], width)

    def backprop(g):
        return Tensor(backend.place(nearest_grad_array(backend.to_host(g._data), shape, rows, cols)))
    record('ResizeNearestNeighbor', (x,), out,
           (lambda g, y, x: without_gradient('ResizeNearestNeighborGrad', backprop, g),))
    return out
