"""How a dense op's shape argument hands a ``DynamicRaggedShape`` (``tf.shape(rt)``) on to the ragged ops.

tf.reshape, tf.zeros, tf.ones, tf.fill and tf.broadcast_to given one make a RaggedTensor in TF 2.21. Their shape
conversion calls ``ragged_given`` only where the shape failed as a list of ints, and the op catches
RaggedShapeGiven and calls ragged.dynamic_shape_ops: no cost on their usual path. Kept free of imports, so the
dense ops' modules import it before the ragged package exists.
"""


class RaggedShapeGiven(Exception):
    """A DynamicRaggedShape given for a dense shape: the op makes a RaggedTensor of ``shape`` instead."""

    def __init__(self, shape):
        super().__init__(shape)
        self.shape = shape


def ragged_given(shape):
    """Raise RaggedShapeGiven where ``shape`` (no list of ints) is a DynamicRaggedShape."""
    if type(shape).__name__ == 'DynamicRaggedShape':
        from .ragged.dynamic_shape import DynamicRaggedShape
        if isinstance(shape, DynamicRaggedShape):
            raise RaggedShapeGiven(shape)
