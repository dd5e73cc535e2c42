"""``tf.ragged.stack_dynamic_partitions``: the elements of ``data`` grouped by partition, as ragged rows.

Row ``i`` holds, in their order, the elements whose partition is ``i`` (empty rows for unused
partitions), built as TensorFlow builds it: a stable argsort of the partitions, a gather (whose
gradient is the gather's IndexedSlices) and ``RaggedTensor.from_value_rowids``.
"""


def stack_dynamic_partitions(data, partitions, num_partitions, name=None):
    """A RaggedTensor of ``num_partitions`` rows; ``data`` may itself be ragged.

    Raises:
        ValueError: partitions whose shape is not [len(data)].
        InvalidArgumentError: a partition outside [0, num_partitions) (TensorFlow's assertion texts).
    """
    from .. import debugging, ops
    from ..ops.operands import as_tensor
    from .ragged_tensor import RaggedTensor
    partitions = as_tensor(partitions, 'ragged.stack_dynamic_partitions')
    if not isinstance(data, RaggedTensor):
        data = as_tensor(data, 'ragged.stack_dynamic_partitions')
    rows = data.shape[0]
    if tuple(partitions.shape) != (rows,):
        raise ValueError('Shapes %s and (%s,) are incompatible' % (tuple(partitions.shape), rows))
    debugging.assert_non_negative(partitions, message='partitions must be non-negative.')
    debugging.assert_less(ops.reduce_max(partitions), ops.cast(num_partitions, partitions.dtype),   # TF's: the max
                          message='partitions must be less than num_partitions')
    permutation = ops.argsort(partitions, stable=True)
    rows_in_order = _gather_rows(data, permutation) if isinstance(data, RaggedTensor) else ops.gather(data, permutation)
    return RaggedTensor.from_value_rowids(rows_in_order, ops.gather(partitions, permutation), nrows=num_partitions)


def _gather_rows(ragged, order):
    """The rows of a ragged tensor (ragged_rank 1) in ``order``: its values regathered, lengths permuted."""
    import numpy as np
    from .. import ops
    if ragged.ragged_rank != 1:
        raise TypeError('ragged.stack_dynamic_partitions: ragged data of ragged_rank %d is not supported (ragged_rank '
                        '1 is)' % ragged.ragged_rank)
    splits, picked = ragged.row_splits.numpy(), order.numpy()
    taken = np.concatenate([np.arange(splits[i], splits[i + 1]) for i in picked] + [np.zeros(0, np.int64)])
    return type(ragged).from_row_lengths(ops.gather(ragged.values, taken), ops.gather(ragged.row_lengths(), order))
