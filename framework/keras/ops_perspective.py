"""``keras.ops.image.perspective_transform``: warp images so that four ``start_points``
land on four ``end_points``, through the homography Keras 3 solves for, sampled by
``affine_transform`` (whose 8-parameter transform is projective)."""
import numpy as np

from framework import backend
from framework.ops.eigen_lu_solve import lu_solve
from framework.ops.operands import named_errors
from .ops_dtypes import tensor


def homography(start_points, end_points):
    """(batch, 8) transforms mapping output (end) points to input (start) points, solved in float32
    as TF's MatrixSolve solves them (so the warped images carry TF's bits)."""
    start = np.asarray(backend.to_host(tensor(start_points, 'image.perspective_transform')._data), np.float32)
    end = np.asarray(backend.to_host(tensor(end_points, 'image.perspective_transform')._data), np.float32)
    if start.ndim not in (2, 3) or start.shape[-2:] != (4, 2) or start.shape != end.shape:
        raise ValueError('keras.ops.image.perspective_transform: start_points and end_points must both be (4, 2) or '
                         '(batch, 4, 2), got %s and %s' % (start.shape, end.shape))
    start, end = start.reshape(-1, 4, 2), end.reshape(-1, 4, 2)
    rows = []
    for k in range(4):
        (sx, sy), (ex, ey) = start[:, k].T, end[:, k].T
        one, zero = np.ones_like(ex), np.zeros_like(ex)
        rows.append(np.stack([ex, ey, one, zero, zero, zero, -sx * ex, -sx * ey], -1))
        rows.append(np.stack([zero, zero, zero, ex, ey, one, -sy * ex, -sy * ey], -1))
    matrix = np.stack(rows, 1)
    try:
        return lu_solve(matrix, start.reshape(-1, 8, 1))[..., 0]
    except ValueError:
        raise ValueError('keras.ops.image.perspective_transform: the points give no homography (three of them '
                         'are collinear?): %s -> %s' % (start.tolist(), end.tolist())) from None


@named_errors('keras.ops.image.perspective_transform')
def perspective_transform(images, start_points, end_points, interpolation='bilinear', fill_value=0,
                          data_format=None):
    """Images warped so that ``start_points`` ((4, 2) x, y pairs, or one set per image) move to
    ``end_points``; outside the source image: ``fill_value``."""
    from .ops_image import affine_transform
    transform = homography(start_points, end_points)
    return affine_transform(images, transform if transform.shape[0] > 1 else transform[0], interpolation,
                            'constant', fill_value, data_format)
