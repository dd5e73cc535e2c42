"""``tf.compat.v1.batch_gather``: ``params[i][indices[i]]`` for each leading index i (TF 2 spells it
``tf.gather(params, indices, batch_dims=rank(indices) - 1)``); RaggedTensors row by row."""
import framework


def batch_gather(params, indices, name=None):
    """The items of each row of ``params`` at the same row of ``indices``."""
    if isinstance(params, framework.RaggedTensor) or isinstance(indices, framework.RaggedTensor):
        from ..ragged.ragged_array_dispatch import batch_gather as ragged_batch_gather
        return ragged_batch_gather(params, indices)
    rank = framework.convert_to_tensor(indices).ndim
    return framework.gather(params, indices, batch_dims=rank - 1)
