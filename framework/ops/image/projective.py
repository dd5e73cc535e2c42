"""Projective image sampling as TensorFlow's ImageProjectiveTransformV3 computes it: the one
implementation behind keras.ops.image.affine_transform and the Keras augmentation layers.

A transform [a0, a1, a2, b0, b1, b2, c0, c1] maps each output pixel (x, y) to
the input point ((a0 x + a1 y + a2) / k, (b0 x + b1 y + b2) / k), k = c0 x + c1 y + 1.
Points outside the image are folded back in by ``fill_mode`` ('reflect', 'wrap',
'nearest') or read as ``fill_value`` ('constant'); neighbours that a bilinear
read finds outside read ``fill_value``, as in TensorFlow. Coordinates are
computed on the host in float32 (they decide which way a .5 rounds); pixels are
gathered from the tensor, so gradients reach the images.
"""
import numpy as np

from ... import backend
from ...errors import kernel_error
from ...tensor import Tensor
from ..indexing import gather
from ..selection import where
from ..shapes import cast, reshape
from ...tape import ACTIVE, paused, record

FILL_MODES = ('reflect', 'wrap', 'constant', 'nearest')
INTERPOLATIONS = ('nearest', 'bilinear')


def fold(coord, size, mode):
    """float32 coordinates mapped into [0, size - 1] as TensorFlow's fill modes map them
    ('constant' leaves them, to be read as the fill value)."""
    if mode == 'constant':
        return coord
    if size <= 1:
        return np.zeros_like(coord)
    if mode == 'reflect':
        period = 2 * size
        # fold negatives to the mirror image first, then take the remainder in one period
        c = np.where(coord < 0, np.where(coord < -period, coord + period * np.trunc(-coord / period), coord), coord)
        c = np.where(c < 0, np.where(c < -size, c + period, -c - 1), c)
        high = c > size - 1
        c = np.where(high, c - period * np.trunc(c / period), c)
        c = np.where(high & (c >= size), period - c - 1, c)
    elif mode == 'wrap':
        span = size - 1
        # one branch or the other, from the original coordinate (TensorFlow's if / else-if)
        c = np.where(coord < 0, coord + size * (np.trunc(-coord / span) + 1),
                     np.where(coord > size - 1, coord - size * np.trunc(coord / span), coord))
    else:
        c = coord
    return np.clip(c, 0, size - 1)


def source_points(transforms, batch, height, width, fill_mode):
    """(y, x) float32 source coordinates (batch, height, width) of each output pixel, folded."""
    t = np.broadcast_to(np.asarray(transforms, np.float32).reshape(-1, 8), (batch, 8))
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    col = [t[:, i, None, None] for i in range(8)]
    k = col[6] * xs + col[7] * ys + np.float32(1)
    x_in = fold(((col[0] * xs + col[1] * ys + col[2]) / k).astype(np.float32), width, fill_mode)
    y_in = fold(((col[3] * xs + col[4] * ys + col[5]) / k).astype(np.float32), height, fill_mode)
    return y_in, x_in


def inverse_transforms(transforms):
    """The flat float32 transforms (rows of 8) of the inverse maps, as TF's gradient makes them: each row
    with a 1 appended as a 3 x 3 matrix, inverted in float32, divided by its last entry."""
    flat = np.asarray(transforms, np.float32).reshape(-1, 8)
    matrices = np.concatenate([flat, np.ones((len(flat), 1), np.float32)], axis=1).reshape(-1, 3, 3)
    inverse = _lu_inverse(matrices).reshape(-1, 9)
    return (inverse / inverse[:, 8:9])[:, :8]


def _lu_inverse(matrices):
    """float32 inverses of (B, 3, 3) ``matrices`` in the order of TF's MatrixInverse (Eigen's PartialPivLU of a
    row-major matrix, then solves of P I: unit-lower forward, upper backward subtracting in ascending columns
    and multiplying by the pivot's reciprocal), so the bits are TF's."""
    lu = np.array(matrices, np.float32)
    n = lu.shape[-1]
    rows = np.arange(len(lu))
    rhs = np.broadcast_to(np.eye(n, dtype=np.float32), lu.shape).copy()
    for k in range(n):
        pivot = k + np.argmax(np.abs(lu[:, k:, k]), axis=1)        # the first largest, as Eigen's maxCoeff
        for rows_of in (lu, rhs):
            kept = rows_of[rows, k].copy()
            rows_of[rows, k] = rows_of[rows, pivot]
            rows_of[rows, pivot] = kept
        lu[:, k + 1:, k] /= lu[:, k:k + 1, k]
        lu[:, k + 1:, k + 1:] -= lu[:, k + 1:, k:k + 1] * lu[:, k:k + 1, k + 1:]
    for i in range(n):
        for k in range(i):
            rhs[:, i] -= lu[:, i, k:k + 1] * rhs[:, k]
    for i in range(n - 1, -1, -1):
        for k in range(i + 1, n):
            rhs[:, i] -= lu[:, i, k:k + 1] * rhs[:, k]
        rhs[:, i] *= np.float32(1) / lu[:, i, i:i + 1]
    return rhs


def scalar_fill_value(value):
    """``value`` as the kernel's float32 ``fill_value`` input takes it, so that the keras layers, which hand it over
    as given (Keras 3: RandomRotation(fill_value=None) is made), fail on TF 2.21's conversion errors ('Attempt to
    convert a value (None) ...', "Cannot convert '2' to EagerTensor of dtype float") or the kernel's own."""
    from ...tensor_conversion import convert_to_tensor
    tensor = convert_to_tensor(value, dtype='float32')
    if tensor.ndim:
        raise kernel_error('ImageProjectiveTransformV3', 'fill_value must be a scalar[%s]'
                           % ','.join(map(str, tensor.shape)),
                           note='ImageProjectiveTransformV3: fill_value is one number, got shape %s'
                                % (tuple(tensor.shape),))
    return float(backend.to_host(tensor._data))


def transform(images, transforms, interpolation='bilinear', fill_mode='reflect', fill_value=0.0):
    """4-D ``images`` (batch, height, width, channels) sampled through ``transforms`` ((8,), (1, 8)
    or (batch, 8)); the result has the images' shape and dtype."""
    if type(fill_value) is not float:
        fill_value = scalar_fill_value(fill_value)
    if interpolation == 'bilinear' and images._data.dtype != np.float32:
        # TF's kernel interpolates every dtype in float32 (float64 and float16 images too) and casts the result
        # back, as a C++ cast does (integers truncate); 'nearest' reads the pixels as they are. The fill value is
        # read as a pixel: in the images' dtype first (0.5 is 0 for integer images)
        fill_value = float(np.asarray(np.float32(fill_value)).astype(images._data.dtype))
        return cast(transform(cast(images, 'float32'), transforms, interpolation, fill_mode, fill_value), images.dtype)
    if ACTIVE:
        # TF registers its own gradient for the op: the output gradient sampled back through the inverse
        # transforms, fill value 0 (image_ops._image_projective_transform_v3_grad), not the gather's adjoint
        with paused():
            out = transform(images, transforms, interpolation, fill_mode, fill_value)
        inverse = inverse_transforms(backend.to_host(transforms))
        record('ImageProjectiveTransformV3', (images,), out,
               (lambda g, y, x: transform(g, inverse, interpolation, fill_mode, 0.0),))
        return out
    n, h, w, c = images.shape
    y_in, x_in = source_points(backend.to_host(transforms), n, h, w, fill_mode)
    flat = reshape(images, [n * h * w, c])
    offset = np.arange(n)[:, None, None] * (h * w)
    xp = backend.array_module(images._data)
    fill = Tensor(xp.asarray(fill_value, images._data.dtype))

    def read(row, col):
        inside = ((row >= 0) & (row <= h - 1) & (col >= 0) & (col <= w - 1)).reshape(-1, 1)
        index = offset + np.clip(row, 0, h - 1).astype(np.int64) * w + np.clip(col, 0, w - 1).astype(np.int64)
        values = gather(flat, xp.asarray(index.reshape(-1).astype(np.int32)))
        return values if inside.all() else where(Tensor(xp.asarray(inside)), values, fill)

    if interpolation == 'nearest':
        # std::round: halves away from zero
        out = read(np.sign(y_in) * np.floor(np.abs(y_in) + 0.5), np.sign(x_in) * np.floor(np.abs(x_in) + 0.5))
    else:
        y0, x0 = np.floor(y_in), np.floor(x_in)
        dtype = images._data.dtype

        def weight(v):
            return Tensor(xp.asarray(v.reshape(-1, 1).astype(dtype)))
        y1, x1 = y0 + 1, x0 + 1
        # TF weighs by (ceil - x) and (x - floor), each rounded once: 1 - (x - floor) differs
        # from ceil - x where x lies within an ulp of an integer
        left, right = weight(x1 - x_in), weight(x_in - x0)
        top = left * read(y0, x0) + right * read(y0, x1)
        bottom = left * read(y1, x0) + right * read(y1, x1)
        out = weight(y1 - y_in) * top + weight(y_in - y0) * bottom
    return reshape(out, [n, h, w, c])
