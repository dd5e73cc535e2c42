"""``tf.histogram_fixed_width_bins``: the bin index of each value (the counts are
``histogram_fixed_width``). Computed in the values' dtype, as TensorFlow, so edges round alike."""
import numpy as np

from .. import backend, dtypes
from ..errors import InvalidArgumentError
from ..tensor import Tensor
from .operands import as_tensor, named_errors
from .graph_input_errors import eager_input_error


def _refuse_fractional_count(nbins):
    if isinstance(nbins, (float, np.floating, str, bytes)):       # int(4.5) would cut it
        error = TypeError('Cannot convert %r to EagerTensor of dtype int32' % (nbins,))
        error.add_note('histogram_fixed_width_bins: nbins must be an integer, got %r' % (nbins,))
        raise error


def _integer_values_error(v, value_range, note):
    """TF 2.21's failure for integer values, where its Python meets it: values - value_range[0] (Sub) refuses a
    range of another dtype; else the true division's float (float32 for 8- and 16-bit integers, float64 beyond)
    meets nbins cast to the values' dtype in Mul."""
    r = as_tensor(value_range, 'histogram_fixed_width_bins')
    if r.dtype != v.dtype:
        error = eager_input_error('Sub', 1, v.dtype, r.dtype)
    else:
        error = eager_input_error('Mul', 1, v.dtype, 'float32' if v._data.dtype.itemsize <= 2 else 'float64')
    error.add_note(note)
    return error


@named_errors('histogram_fixed_width_bins')
def histogram_fixed_width_bins(values, value_range, nbins=100, dtype=dtypes.int32, name=None):
    """For each value, floor(nbins * (v - lo) / (hi - lo)) clipped to [0, nbins - 1]: values below
    ``lo`` fall in bin 0, values at or above ``hi`` in the last; same shape as ``values``."""
    v = as_tensor(values, 'histogram_fixed_width_bins')
    if v._data.dtype.kind != 'f':
        # TensorFlow fails here too (int nbins times float scaled values); cast the values to float
        # TF's Sub refuses the pair (ints, complex) or bools by its registry: IAEs; strings fail in Cast
        note = 'histogram_fixed_width_bins: values must be floating point, got %s; cast them first' % v.dtype.name
        if v._data.dtype.kind in 'iu':
            raise _integer_values_error(v, value_range, note)
        raise (InvalidArgumentError if v._data.dtype.kind in 'bc' else TypeError)(note)
    r = as_tensor(value_range, 'histogram_fixed_width_bins')     # its own dtype: TF subtracts it from the values
    if r.dtype != v.dtype:
        error = eager_input_error('Sub', 1, v.dtype, r.dtype)
        error.add_note('histogram_fixed_width_bins: value_range (%s) must have the values\' dtype %s'
                       % (r.dtype.name, v.dtype.name))
        raise error
    if tuple(r.shape) != (2,):
        raise InvalidArgumentError('histogram_fixed_width_bins: value_range must have shape (2,), got %s'
                                   % (tuple(r.shape),))
    _refuse_fractional_count(nbins)
    nbins = int(nbins)
    if nbins <= 0:
        raise InvalidArgumentError('histogram_fixed_width_bins: nbins must be > 0, got %d' % nbins)
    xp = backend.array_module(v._data)
    kind = v._data.dtype
    a, lo, hi = v._data.astype(kind), r._data[0].astype(kind), r._data[1].astype(kind)
    scaled = (a - lo) / (hi - lo)
    bins = xp.clip(xp.floor(kind.type(nbins) * scaled), 0, nbins - 1)
    return Tensor(bins.astype(np.int32))      # int32 whatever ``dtype`` says, as TensorFlow's code casts
