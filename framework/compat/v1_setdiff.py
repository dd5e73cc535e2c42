"""tf.compat.v1.setdiff1d: TF 1's ListDiff op, the values of x not in y and where they sit in x.

TF 2.21 logs its dated deprecation notice once (the 'removed after 2018-11-30' form of
tensorflow.python.util.deprecation) and runs the ListDiff kernel: both arguments 1-D, y converted to
x's dtype, x's order and repeats kept for the values y lacks.
"""
import collections
import sys

import numpy as np

from .. import backend, deprecation, dtypes
from ..errors import fast_path, kernel_error
from ..tensor import Tensor, convert_to_tensor
from ..tf_logging import logger

ListDiff = collections.namedtuple('ListDiff', ['out', 'idx'])


def setdiff1d(x, y, index_dtype='int32', name=None):
    """ListDiff(out, idx): the values of 1-D ``x`` that are not in 1-D ``y``, and their indices in ``x``."""
    if 'setdiff1d' not in deprecation._warned:       # once a program, as TF's decorator
        deprecation._warned.add('setdiff1d')
        caller = sys._getframe(1)
        logger().warning('From %s:%d: setdiff1d (from tensorflow.python.ops.array_ops) is deprecated and will be '
                         'removed after 2018-11-30.\nInstructions for updating:\nThis op will be removed after the '
                         'deprecation date. Please switch to tf.sets.difference().', caller.f_code.co_filename,
                         caller.f_lineno)
    named = fast_path(x, y)
    x = convert_to_tensor(x)
    y = convert_to_tensor(y, dtype=x.dtype)
    for value, what in ((x, 'x'), (y, 'y')):
        if value.ndim != 1:
            raise kernel_error('ListDiff', '%s should be a 1D vector.' % what, named=named,
                               note='setdiff1d: %s must be 1-D, got shape %s' % (what, tuple(value.shape)))
    xs, ys = np.asarray(backend.to_host(x._data)), np.asarray(backend.to_host(y._data))
    keep = np.array([v not in set(ys.tolist()) for v in xs.tolist()], bool) if xs.dtype == object \
        else ~np.isin(xs, ys)
    idx = np.nonzero(keep)[0].astype(dtypes.numpy_dtype(index_dtype))
    return ListDiff(Tensor(backend.place(xs[keep])), Tensor(backend.place(idx)))
