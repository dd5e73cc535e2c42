"""``tf.histogram_fixed_width_bins``: the bin index of each value (the counts are
``histogram_fixed_width``). Computed in the values' dtype, as TensorFlow, so edges round alike."""
import numpy as np

from .. import backend, dtypes
from ..errors import InvalidArgumentError
from ..tensor import Tensor
from .operands import as_tensor, named_errors


@named_errors('histogram_fixed_width_bins')
def histogram_fixed_width_bins(values, value_range, nbins=100, dtype=dtypes.int32, name=None):
    """For each value, floor(nbins * (v - lo) / (hi - lo)) clipped to [0, nbins - 1]: values below
    ``lo`` fall in bin 0, values at or above ``hi`` in the last; same shape as ``values``."""
    v = as_tensor(values, 'histogram_fixed_width_bins')
    if v._data.dtype.kind != 'f':
        # TensorFlow fails here too (int nbins times float scaled values); cast the values to float
        raise TypeError('histogram_fixed_width_bins: values must be floating point, got %s; cast them first'
                        % v.dtype.name)
    r = as_tensor(value_range, 'histogram_fixed_width_bins', dtype=v.dtype)
    if tuple(r.shape) != (2,):
        raise InvalidArgumentError('histogram_fixed_width_bins: value_range must have shape (2,), got %s'
                                   % (tuple(r.shape),))
    nbins = int(nbins)
    if nbins <= 0:
        raise InvalidArgumentError('histogram_fixed_width_bins: nbins must be > 0, got %d' % nbins)
    xp = backend.array_module(v._data)
    kind = v._data.dtype
    a, lo, hi = v._data.astype(kind), r._data[0].astype(kind), r._data[1].astype(kind)
    scaled = (a - lo) / (hi - lo)
    bins = xp.clip(xp.floor(kind.type(nbins) * scaled), 0, nbins - 1)
    return Tensor(bins.astype(np.int32))      # int32 whatever ``dtype`` says, as TensorFlow's code casts
