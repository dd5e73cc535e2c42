"""Each rank's share of the data: disjoint, equal in size, together covering it.

Rank r takes samples r, r + size, r + 2 size, ... (tf.data's ``shard``). With
a global batch of B samples cut into B / size per rank, the ranks' k-th batches
together are exactly the samples of a single process's k-th batch, so a
distributed ``fit`` without shuffling sees the batches one process would.

A remainder (n not divisible by size) is dropped: the last n % size samples
(fewer than size) go unused. Equal shards are what keep the ranks in step:
a rank with one more batch would wait forever in an allreduce the others never
join. Shuffle before sharding to drop different samples.
"""
import numpy as np

from framework import nest
from framework.tensor import Tensor
from . import world


def shard_indices(n, rank=None, size=None):
    """The sample indices of ``rank``'s shard (default: this process's) of ``n`` samples.

    Returns:
        an int64 array of ``n // size`` indices.
    Raises:
        ValueError: fewer samples than ranks, or a rank outside the world.
    """
    size = world.size() if size is None else size
    rank = world.rank() if rank is None else rank
    if not 0 <= rank < size:
        raise ValueError('shard_indices: rank %d is not in a world of %d process(es)' % (rank, size))
    if n < size:
        raise ValueError('shard_indices: %d samples cannot be shared by %d ranks; each needs at least one'
                         % (n, size))
    return np.arange(rank, n - n % size, size, dtype=np.int64)


def _as_structure(value):
    """``value`` as nested lists/dicts of arrays and Tensors; a list of numbers is one array."""
    if isinstance(value, dict):
        return {key: _as_structure(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, (np.ndarray, Tensor, dict)) for v in value):
        return type(value)(_as_structure(item) for item in value)
    if isinstance(value, Tensor) or hasattr(value, '__cuda_array_interface__'):
        return value
    array = np.asarray(value)
    if array.dtype == object:
        raise TypeError('shard: expected arrays, tensors, or lists/dicts of them, got %s; a dataset or '
                        'generator must be split by its own means (every %d-th element from rank %d)'
                        % (type(value).__name__, world.size(), world.rank()))
    return array


def _length(structures):
    lengths = set()
    for leaf in nest.flatten(structures):
        shape = (leaf._data if isinstance(leaf, Tensor) else leaf).shape
        if not shape:
            raise ValueError('shard: a scalar has no samples to share out; pass arrays of shape (samples, ...)')
        lengths.add(int(shape[0]))
    if len(lengths) != 1:
        raise ValueError('shard: the arrays must all have the same number of samples (first dimension); '
                         'got %s' % sorted(lengths))
    return lengths.pop()


def _take(leaf, indices):
    if isinstance(leaf, Tensor):
        return Tensor(leaf._data[indices])
    return leaf[indices]


def shard(*data):
    """This rank's shard of each of ``data`` (arrays, tensors, or lists/dicts of them), taken
    with the same indices so that x and y stay paired: ``x, y = shard(x, y)``.

    None stays None. Returns one value for one argument, else a tuple.
    Raises:
        ValueError: arrays of different lengths, or fewer samples than ranks.
    """
    data = [None if d is None else _as_structure(d) for d in data]
    present = [d for d in data if d is not None]
    if not present:
        raise ValueError('shard: nothing to shard; pass arrays such as shard(x, y)')
    indices = shard_indices(_length(present))
    out = tuple(None if d is None else nest.map_structure(lambda leaf: _take(leaf, indices), d) for d in data)
    return out[0] if len(out) == 1 else out
