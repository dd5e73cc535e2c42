"""rebatch's ``batch_size`` as TF 2.21's _RebatchDataset reads it when the dataset is made.

TF converts it to an int64 tensor (a scalar or a vector of sizes taken in turn) and computes a static
batch dimension: the size when every size is the same, unless the input's known batch dimensions may
leave partial batches (drop_remainder=False and some known dimension not a multiple of it).
"""
import numpy as np

from .. import nest
from ..tensor import Tensor
from .arguments import positive_int


def rebatch_sizes(batch_size):
    """(the sizes as a list of ints > 0, the size every batch has when they are all equal, else None).

    Raises:
        ValueError: an int tensor of another dtype than int64 (TF's conversion words), a rank-2 argument.
        TypeError: floats or strings ('Cannot convert 2.5 to EagerTensor of dtype int64').
        IndexError: an empty list (TF reads its first size).
        InvalidArgumentError: a size that is not positive (tapeflow's: TF's kernel then makes empty batches
            forever, or crashes the process for -1).
    """
    if isinstance(batch_size, Tensor):
        if batch_size.dtype.name != 'int64':
            positive_int(batch_size, 'batch_sizes', 'Dataset.rebatch')     # TF's conversion ValueError
        values = np.asarray(batch_size.numpy())
    else:
        values = np.asarray(batch_size) if batch_size is not None else None
        if values is not None and values.shape == (0,):     # ([] converts to int64 in TF; then its [0] fails)
            raise IndexError('index 0 is out of bounds for axis 0 with size 0')
        if values is None or values.dtype.kind not in 'iub':
            if batch_size is None or isinstance(batch_size, Tensor):
                positive_int(batch_size, 'batch_sizes', 'Dataset.rebatch')     # TF's ConversionError
            raise TypeError('Cannot convert %r to EagerTensor of dtype int64' % (batch_size,))
    if values.ndim > 1:
        raise ValueError('Invalid `batch_sizes`. Expected `batch_sizes` to be a scalar or a vector. Received '
                         '`batch_sizes` of rank %d.' % values.ndim)
    if values.ndim == 1 and values.size == 0:
        raise IndexError('index 0 is out of bounds for axis 0 with size 0')
    sizes = [positive_int(int(v), 'batch_size', 'Dataset.rebatch') for v in values.reshape(-1)]
    return sizes, sizes[0] if len(set(sizes)) == 1 else None


def static_batch_dim(size, element_spec, drop_remainder):
    """TF's static batch dimension of the rebatched elements: ``size`` (every batch's, or None) unless,
    without drop_remainder, the input's known batch dimensions may leave a partial batch.

    Raises:
        ValueError: components whose known batch dimensions differ (TF's words, 'component i' and all).
    """
    if size is None or drop_remainder:
        return size
    known = [spec.shape[0] for spec in nest.flatten(element_spec)
             if getattr(spec, 'shape', None) is not None and spec.shape.rank and spec.shape[0] is not None]
    if not known:
        return None
    known = np.asarray(known)
    if not np.all(known == known[0]):
        raise ValueError('Invalid `input_dataset.` The batch dimension of component 0 is %s, while the batch '
                         'dimension of component i is %s.' % (known[0], known))
    return None if not np.all(known % size == 0) else size
