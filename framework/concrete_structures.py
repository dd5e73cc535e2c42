"""A concrete function's structured parameters (tuples, lists, dicts of tensors and literals), as TF 2.21
casts a call's arguments to them and rebuilds them from the graph's flat tensor inputs.

TF's trace types cast a value to a structure leaf by leaf (trace_type/default_types.py), each in its
own words: "Can not cast [...] to tuple type.", "Expected (...) to have length of 2", "{...} has
different keys with the TraceType Dict[...].", a literal's "Can not cast 4 to Literal[3]", a tensor's
"Can not cast TensorSpec(shape=(2,), dtype=tf.int32, name=None) to TensorSpec(shape=(None,), ...)";
a Python leaf is converted to its spec's dtype. When that fails TF calls the graph with its flat tensor
inputs ('d', 'pair', 'pair_1'): ``cf(tf.ones([2]), c1, c2)`` of ``f(d, pair)`` runs, each literal taken
from the trace (/work/notes/progs/autograph11/p14.py).
"""
from .function_keys import ObjectRef, accepts, describe, is_tensor_key, placeholder, trace_key
from .ops.tensor_spec import TensorSpec
from .tensor import Tensor, convert_to_tensor


class Unsupported(Exception):
    """A part of the structure tapeflow does not cast here (a ragged or extension type's key)."""


def is_structure_key(key):
    return type(key) is tuple and bool(key) and (key[0] in (tuple, list, dict) or _is_namedtuple(key[0]))


def _is_namedtuple(kind):
    return isinstance(kind, type) and issubclass(kind, tuple) and hasattr(kind, '_fields')


def cast(value, key):
    """``value`` cast to the structure ``key`` (Python leaves as tensors), or TypeError in TF's words."""
    kind = key[0] if is_structure_key(key) else None
    if kind in (tuple, list):
        if not isinstance(value, kind):
            raise TypeError('Can not cast %r to %s type.' % (value, kind.__name__))
        if len(value) != len(key) - 1:      # (TF's List cast words it so)
            raise TypeError("object of type 'Tuple' has no len()" if kind is list else
                            'Expected %s to have length of %d' % (value, len(key) - 1))
        return kind(cast(v, k) for v, k in zip(value, key[1:]))
    if kind is not None and _is_namedtuple(kind):
        if not (isinstance(value, tuple) and hasattr(type(value), '_fields')):
            raise TypeError('Cannot cast %r to type %r.' % (value, kind))
        if set(value._fields) != set(kind._fields):
            raise TypeError('%r has different attributes with the TraceType %s' % (value, describe(key)))
        parts = dict(zip(kind._fields, key[1:]))
        return type(value)(*[cast(getattr(value, f), parts[f]) for f in value._fields])
    if kind is dict:
        if not isinstance(value, dict):
            raise TypeError('Can not cast %r to a Dict type.' % (value,))
        if set(value) != {k for k, _ in key[1:]}:
            raise TypeError('%r has different keys with the TraceType %s.' % (value, describe(key)))
        parts = dict(key[1:])
        return type(value)((k, cast(value[k], parts[k])) for k in value)
    if is_tensor_key(key):
        spec = TensorSpec(key[1], key[2])
        if isinstance(value, Tensor):
            if not accepts(key, trace_key(value)):
                raise TypeError('Can not cast %r to %r' % (TensorSpec(value.shape, value.dtype), spec))
            return value
        try:
            converted = convert_to_tensor(value, dtype=key[2])
        except (TypeError, ValueError) as refused:     # (the conversion's own words, as TF's cast gives them)
            raise TypeError(str(refused).partition('\n')[0]) from None
        if not accepts(key, trace_key(converted)):
            raise TypeError('Can not cast %r to %r' % (TensorSpec(converted.shape, converted.dtype), spec))
        return converted
    if type(key) is tuple and key and isinstance(key[0], type) or isinstance(key, ObjectRef):
        if not accepts(key, trace_key(value)):      # (a namedtuple, a ragged or extension value, an object)
            raise Unsupported
        return value
    if not accepts(key, trace_key(value)):
        raise TypeError('Can not cast %r to %s' % (value, describe(key)))
    return value


def rebuilt(key, tensors):
    """The value of the structure ``key`` whose tensors are the next of ``tensors`` (in nest's order) and
    whose literals are the trace's; Unsupported for other parts."""
    if is_tensor_key(key):
        return next(tensors)
    if is_structure_key(key):
        if key[0] is dict:
            parts = sorted(key[1:], key=lambda item: item[0])       # (nest flattens a dict by sorted key)
            values = {k: rebuilt(part, tensors) for k, part in parts}
            return {k: values[k] for k, _ in key[1:]}
        if _is_namedtuple(key[0]):
            return key[0](*[rebuilt(part, tensors) for part in key[1:]])
        return key[0](rebuilt(part, tensors) for part in key[1:])
    if type(key) is tuple and key and isinstance(key[0], type) or isinstance(key, ObjectRef):
        raise Unsupported
    return placeholder(key)
