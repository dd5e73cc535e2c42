"""``tf.sparse.split``'s and ``tf.sparse.eye``'s arguments read as TF 2.21's Python reads them, so a bad one
is TF's error: split requires its three keywords by name ('sp_input is required'), then the SparseSplit op
checks num_split (an attr of minimum 1) and axis (an int64 scalar in [-rank, rank)); eye takes Python or
numpy ints and casts tensors to int64 ('num_rows must be an integer value' for anything else)."""
import operator

import numpy as np

from .. import dtypes
from ..errors import InvalidArgumentError, kernel_error, noted
from ..ops.graph_input_errors import eager_input_error
from ..tensor import Tensor, convert_to_tensor
from .sparse_tensor import SparseTensor

_SPARSE_SPLIT = ('Op<name=SparseSplit; signature=split_dim:int64, indices:int64, values:T, shape:int64 -> '
                 'output_indices:num_split*int64, output_values:num_split*T, output_shape:num_split*int64; '
                 'attr=num_split:int,min=1; attr=T:type>')


def split_arguments(sp_input, num_split, axis):
    """(the SparseTensor, num_split as an int, axis as a non-negative int), or TF's error."""
    for value, keyword in ((sp_input, 'sp_input'), (num_split, 'num_split'), (axis, 'axis')):
        if value is None:
            raise noted(ValueError('%s is required' % keyword), 'sparse.split: pass sp_input, num_split and axis')
    if not isinstance(sp_input, SparseTensor):
        raise noted(TypeError('Input must be a SparseTensor.'),
                    'sparse.split: expected a SparseTensor, got %s; build one with tf.sparse.from_dense'
                    % type(sp_input).__name__)
    count = operator.index(num_split.numpy() if isinstance(num_split, Tensor) else num_split)
    if count < 1:
        # a negative attr fails TF's fast path and is refused again on the slow one, which adds no ' name: '
        raise InvalidArgumentError("Value for attr 'num_split' of %d must be at least minimum 1\n\t; NodeDef: "
                                   '{{node SparseSplit}}; %s [Op:SparseSplit]%s'
                                   % (count, _SPARSE_SPLIT, ' name: ' if count == 0 else ''))
    if isinstance(axis, Tensor) and axis.dtype != dtypes.int64:
        raise eager_input_error('SparseSplit', 0, dtypes.int64, axis.dtype)
    axis = int(convert_to_tensor(axis, dtype=dtypes.int64).numpy())
    rank = len(sp_input._shape_host())
    if not -rank <= axis < rank:
        raise kernel_error('SparseSplit', 'Input axis should be in range [%d, %d), got %d' % (-rank, rank, axis),
                           named=True, node='SparseSplit_num_split_%d' % count)
    return sp_input, count, axis % rank


def eye_size(value, what):
    """num_rows / num_columns as TF's _make_int64_tensor: Python and numpy ints, or tensors cast to int64."""
    if isinstance(value, (int, np.integer)):
        return convert_to_tensor(value, dtype=dtypes.int64)
    if not isinstance(value, Tensor):
        raise noted(TypeError('%s must be an integer value' % what),
                    'sparse.eye: %s must be a Python int or an integer scalar tensor, got %r' % (what, value))
    from ..ops import cast
    return cast(value, dtypes.int64)
