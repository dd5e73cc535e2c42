"""``tf.guarantee_const``: its input, promised constant; TensorFlow registers no gradient for it
and logs its deprecation notice ('Not for public use.') on first use."""
from ..deprecation import deprecated
from .operands import as_tensor, named_errors
from .shapes import identity
from .unregistered_gradient import without_gradient


@deprecated('guarantee_const', 'tensorflow.python.ops.array_ops', 'Not for public use.')
@named_errors('guarantee_const')
def guarantee_const(input, name=None):  # noqa: A002  (TensorFlow's argument name)
    """``input`` unchanged; a gradient asked through it raises TensorFlow's LookupError."""
    return without_gradient('GuaranteeConst', identity, as_tensor(input, 'guarantee_const'))
