"""Composite tensors (RaggedTensor, SparseTensor) meeting the plain ops.

TensorFlow lets ``tf.add``, ``tf.reduce_sum``, ``tf.concat`` ... take a
RaggedTensor or SparseTensor through a dispatch table per type. Here each
composite class lists the ops it accepts in its ``_DISPATCH`` dict (op name ->
function taking the op's own arguments), filled by hand where its ops are
defined. A plain op calls ``dispatch`` only once its own argument check has
failed, so dense calls pay nothing for it.
"""


class CompositeTensor:
    """A tensor made of several dense tensors (values and their layout)."""
    _DISPATCH = {}

    def __array__(self, dtype=None, copy=None):
        # Without this numpy would wrap the object in a 0-d object array and the op
        # would complain about "an object"; say what it is and how to densify it.
        raise self._refusal(None)

    _DENSIFY = 'to_tensor()'

    def _refusal(self, op):
        """The error for this value where ``op`` (None: any dense-tensor use) does not take it."""
        if op is None:
            return TypeError('a %s cannot be used where a dense tensor is needed; convert it first with %s'
                             % (type(self).__name__, self._DENSIFY))
        return TypeError('%s does not accept a %s (TensorFlow dispatches only some ops to it); convert it '
                         'with %s first' % (op, type(self).__name__, self._DENSIFY))


def _composite_in(args):
    for arg in args:
        if isinstance(arg, CompositeTensor):
            return arg
        if isinstance(arg, (list, tuple)):
            for item in arg:
                if isinstance(item, CompositeTensor):
                    return item
    return None


def has_composite(*args):
    """Whether any argument (or an item of a list argument) is a composite tensor."""
    return _composite_in(args) is not None


def dispatch(op, *args, **kwargs):
    """``op`` run by the composite type found among ``args``.

    Called from a plain op's ``except`` block: when no argument is composite, the
    exception being handled is raised again unchanged.
    Raises:
        TypeError: a composite type that does not support ``op``.
    """
    found = _composite_in(args)
    if found is None:
        raise       # noqa: PLE0704  (the plain op's own error, still being handled)
    handler = type(found)._DISPATCH.get(op)
    if handler is None:
        raise found._refusal(op) from None
    return handler(*args, **kwargs)


def handler_for(op, args, kwargs):
    """The handler of the composite tensor among ``args`` / ``kwargs`` for ``op``, or None.

    ``named_errors`` (ops/operands.py) asks it once an op has failed with a TypeError, so an op
    decorated with it reaches a composite's ``_DISPATCH`` entry without code of its own."""
    found = _composite_in(args)
    if found is None:
        found = _composite_in(tuple(kwargs.values()))
    return None if found is None else type(found)._DISPATCH.get(op)


def map_elementwise(x, fn, op):
    """``fn`` (a one-tensor elementwise op) applied to a composite tensor's values.

    Called from an elementwise op's ``except`` block, as ``dispatch``."""
    if not isinstance(x, CompositeTensor):
        raise       # noqa: PLE0704
    return x._map_values(fn, op)


def map_ragged(x, fn, op):
    """``fn`` applied to a RaggedTensor's flat values, called from an op's ``except`` block as
    ``map_elementwise``: TF dispatches the op (zeros_like, relu, ...) for RaggedTensor only, so any
    other value raises the error being handled; a SparseTensor, the error of TF's failed conversion
    (SparseTensor._refusal: 'Attempt to convert a value (SparseTensor(...)) ...', a ValueError)."""
    from .ragged.ragged_tensor import RaggedTensor
    if not isinstance(x, RaggedTensor):
        if isinstance(x, CompositeTensor):
            raise x._refusal(op) from None
        raise       # noqa: PLE0704
    return x._map_values(fn, op)
