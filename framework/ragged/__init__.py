"""``tf.ragged``: tensors whose rows differ in length (see ragged_tensor.py)."""
from .ragged_tensor import RaggedTensor
from .dense_conversion import constant
from .row_partition import row_splits_to_segment_ids, segment_ids_to_row_splits
from .ragged_ops import boolean_mask, map_flat_values, stack
from . import ragged_dispatch_more  # noqa: F401,E402  (tile's dispatch entry)
from . import ragged_array_dispatch  # noqa: F401,E402  (expand_dims, gather, where, bincount ... entries)
from . import ragged_squeeze  # noqa: F401,E402  (squeeze's entry)
from . import dynamic_shape_ops  # noqa: F401,E402  (reshape's entry)
from .ragged_ops import ragged_range as range  # noqa: A004  (tf.ragged.range)
from .dynamic_partitions import stack_dynamic_partitions  # noqa: E402
from .ragged_cross import cross, cross_hashed  # noqa: E402


def is_ragged(value):
    return isinstance(value, RaggedTensor)
