"""Trace keys: what ``tf.function`` compares to decide whether a call retraces.

TensorFlow 2.21's rules (``trace_type_builder.from_value``): tensors, numpy
arrays and numpy scalars by shape and dtype (not by value), variables likewise but apart from
tensors, lists, tuples, namedtuples and dicts by structure, Python scalars,
strings and None by value (``1 == 1.0 == True``; every NaN matches NaN),
other objects by identity (a weak reference), or by value when they can be
hashed but not weakly referenced.

A key is a hashable value: a tensor is ``(TENSOR, shape, dtype)`` with None
for an unknown size or rank (a generalised trace); a structure is a tuple whose
first item is its type; anything else is a literal or an ``ObjectRef``.
"""
import weakref

import numpy as np

from .composite import CompositeTensor
from .dataset_trace_keys import data_key, data_spec, is_data_key
from .extension_fields import ImmutableDict
from .extension_type import ExtensionType, ExtensionTypeSpec
from .given_spec_names import part
from .sparse_trace_keys import is_sparse_key, sparse_key, sparse_spec
from .ragged.ragged_spec import RaggedTensorSpec
from .ragged.ragged_tensor import RaggedTensor
from .ops.tensor_spec import TensorSpec
from .tensor import SymbolicTensorError, Tensor
from .tensor_shape import shape_accepts
from .variable import Variable

TENSOR = object()       # marks a tensor's key (and a numpy array's: TensorFlow treats both alike)


def tensor_key_shapes(key):
    """The traced shapes of the tensors in ``key`` (a trace key, nested), in order: an ExtensionType's
    fields' shapes as its spec gives them."""
    if type(key) is not tuple:
        return []
    if len(key) == 3 and key[0] is TENSOR:
        return [key[1]]
    return [shape for item in key for shape in tensor_key_shapes(item)]
VARIABLE = object()     # (the mark's kind: a variable's key is (VariableMark, shape, dtype); see below)
NAN = object()          # every NaN matches, as TensorFlow's NanMarker
_LITERALS = (int, float, bool, str, bytes, type(None))


class VariableMark:
    """The first item of a variable's key, as TF 2.21's VariableSpec trace type keys it: a variable of the
    same shape and dtype as a tensor still retraces, and so does one of other ``trainable``, or one
    aliasing another argument (``alias_id``: the order in which the call's distinct variables first appear,
    so f(v1, v1) and f(v1, v2) trace apart). ``alias`` is None for a value keyed on its own (a concrete
    function's argument check): it matches any."""
    __slots__ = ('trainable', 'alias')

    def __init__(self, trainable, alias):
        self.trainable = trainable
        self.alias = alias

    def __eq__(self, other):
        return type(other) is VariableMark and self.trainable == other.trainable and self.alias == other.alias

    def __hash__(self):
        return hash((self.trainable, self.alias))

    def serves(self, other):
        return type(other) is VariableMark and self.trainable == other.trainable and \
            (self.alias is None or other.alias is None or self.alias == other.alias)


_ALIASES = []       # per keyed call: {id(variable): alias_id}


def arguments_key(values):
    """A call's key: its bound argument ``values`` keyed as a tuple, variables numbered by first appearance."""
    _ALIASES.append({})
    try:
        return (tuple,) + tuple([trace_key(v) for v in values])
    finally:
        _ALIASES.pop()


def _variable_key(value):
    aliases = _ALIASES[-1] if _ALIASES else None
    alias = None if aliases is None else aliases.setdefault(id(value), len(aliases))
    return (VariableMark(bool(value.trainable), alias), value._data.shape, value._data.dtype)


class ObjectRef:
    """An object's identity, held weakly: a freed object's key matches nothing."""
    __slots__ = ('ref', 'hash')

    def __init__(self, obj):
        self.ref = weakref.ref(obj)
        self.hash = id(obj)

    def __hash__(self):
        return self.hash

    def __eq__(self, other):
        if not isinstance(other, ObjectRef):
            return False
        obj = self.ref()
        return obj is not None and obj is other.ref()


def trace_key(value):
    """``value``'s trace key, as TensorFlow would compare it.

    Raises:
        TypeError: for an object that can be neither hashed nor weakly referenced.
    """
    kind = type(value)
    if kind is Tensor:
        data = value._data
        return (TENSOR, data.shape, data.dtype)
    if kind in _LITERALS:
        return NAN if kind is float and value != value else value
    if isinstance(value, Variable):
        return _variable_key(value)
    if isinstance(value, (Tensor, np.ndarray)):
        data = value._data if isinstance(value, Tensor) else value
        return (TENSOR, data.shape, data.dtype)
    if isinstance(value, np.generic) and value.dtype.kind in 'biufc':    # np.float32(3.0): a scalar tensor
        return (TENSOR, (), value.dtype)
    if isinstance(value, TensorSpec):       # get_concrete_function's placeholders
        shape = None if value.shape.rank is None else tuple(value.shape)
        return (TENSOR, shape, value.dtype)
    if isinstance(value, (list, tuple)):
        # a tf.Module's ListWrapper / _TupleWrapper keys as its plain list / tuple: TF traces them once
        return (getattr(kind, '_tf_plain_type', kind),) + tuple(trace_key(v) for v in value)
    if isinstance(value, RaggedTensor):
        # by its RaggedTensorSpec, as TensorFlow: rows, ragged axes unknown, inner shape, dtypes
        # (a weak reference to the object retraced for every new RaggedTensor)
        flat = value.flat_values._data
        shape = (int(value.nrows()),) + (None,) * value.ragged_rank + tuple(flat.shape[1:])
        return (RaggedTensor, (TENSOR, shape, flat.dtype), value.ragged_rank, value.row_splits.dtype.name)
    if isinstance(value, RaggedTensorSpec):     # get_concrete_function's placeholder: a RaggedTensor's key
        shape = None if value.shape.rank is None else tuple(value.shape)
        return (RaggedTensor, (TENSOR, shape, np.dtype(value.dtype.as_numpy_dtype)), value.ragged_rank,
                value.row_splits_dtype.name)
    if isinstance(value, ExtensionType):
        # by its TypeSpec, as TensorFlow: its tensors' shapes and dtypes, its other fields' values
        return (type(value),) + tuple(_field_key(getattr(value, name)) for name in value._tf_extension_type_fields)
    if isinstance(value, ExtensionTypeSpec):      # an input_signature's / get_concrete_function's placeholder
        fields = value.value_type._tf_extension_type_fields
        return (value.value_type,) + tuple(_field_key(value._fields.get(name)) for name in fields)
    if isinstance(value, dict):
        items = sorted(value.items(), key=lambda item: repr(item[0]))
        return (type(value),) + tuple((k, trace_key(v)) for k, v in items)
    if hasattr(value, '__wrapped__'):
        return trace_key(value.__wrapped__)
    if kind is weakref.ref:
        raise TypeError('weakref input %r not supported for tf.function.' % (value,))
    if hasattr(kind, '__tf_tracing_type__'):
        return _protocol_key(value)
    key = sparse_key(value, trace_key)     # a SparseTensor: by its SparseTensorSpec, as TF
    if key is not None:
        return key
    if hasattr(kind, '__array__') and not isinstance(value, type):
        # TensorFlow reads any object with __array__ as a numpy array (trace_type's is_np_ndarray) and
        # asks it for one: a KerasTensor refuses there (ValueError "A KerasTensor is symbolic: ... You
        # cannot convert it to a NumPy array."); tapeflow still passes other such objects as given
        try:
            value.__array__()
        except SymbolicTensorError:
            raise
        except Exception:       # noqa: BLE001 (tapeflow passes the object as given)
            pass
    key = data_key(value, trace_key)       # a dataset or iterator: by its element spec, as TF's DatasetSpec
    if key is not None:
        return key
    try:
        key = ObjectRef(value)
    except TypeError:       # not weakly referable: keyed by its value, as TF's Literal
        key = NAN if isinstance(value, np.floating) and value != value else value
    try:
        # TF hashes its Weakref's reference, which hashes the object: an unhashable one (a set, an
        # object with __eq__ but no __hash__) is refused even when it can be weakly referenced
        if not isinstance(value, CompositeTensor):
            hash(value)
    except TypeError:
        raise TypeError('Could not generate a generic TraceType for %r.Please verify that it is '
                        'immutable/hashable. Otherwise, consider implementing the Tracing Protocol for it.'
                        % (value,)) from None
    return key


class InternalTracingContext:
    """What ``__tf_tracing_type__(context)`` receives (TensorFlow's class of that name); it
    offers nothing the guide's protocol implementations read."""
    __slots__ = ()


class ProtocolKey:
    """The key of an object that implements the Tracing Protocol: the ``TraceType`` it gave. Equal
    types share a trace; a trace also serves a call whose type ``is_subtype_of`` the trace's."""
    __slots__ = ('trace_type',)

    def __init__(self, trace_type):
        self.trace_type = trace_type

    def __hash__(self):
        return hash(self.trace_type)

    def __eq__(self, other):
        return type(other) is ProtocolKey and self.trace_type == other.trace_type


def _protocol_key(value):
    from .types.experimental import TraceType      # that module imports function.py: import late
    trace_type = value.__tf_tracing_type__(InternalTracingContext())
    if not isinstance(trace_type, TraceType):
        raise TypeError('Expected an instance of TraceType for Tracing Protocol call to %r but got %r'
                        % (value, trace_type))
    return ProtocolKey(trace_type)


def _field_key(field):
    if isinstance(field, (Tensor, np.ndarray, list, tuple, ExtensionType, TensorSpec, ExtensionTypeSpec)) \
            or type(field) in _LITERALS:
        return trace_key(field)
    if isinstance(field, ImmutableDict):        # a Mapping field: its keys, and its values' keys
        return (ImmutableDict,) + tuple((k, _field_key(field[k])) for k in sorted(field, key=repr))
    return field        # a TensorShape, DType: compared by value


def _is_tensor_key(key):
    return type(key) is tuple and len(key) == 3 and (key[0] is TENSOR or type(key[0]) is VariableMark)


def _same_kind(general, specific):
    """Whether tensor keys ``general`` and ``specific`` are both a tensor's, or variables' that match."""
    if general[0] is TENSOR:
        return specific[0] is TENSOR
    return general[0].serves(specific[0])


def is_tensor_key(key):
    """Whether ``key`` is a tensor's (TENSOR, shape, dtype); a variable's is not."""
    return type(key) is tuple and len(key) == 3 and key[0] is TENSOR


def fully_defined(key):
    """Whether every tensor in ``key`` has a known rank and size on every axis (a trace for it
    sees static shapes)."""
    if _is_tensor_key(key):
        return key[1] is not None and None not in key[1]
    if type(key) is tuple:
        return all(fully_defined(part) for part in key)
    return True


def accepts(general, specific):
    """Whether a trace made for key ``general`` serves a call with key ``specific``."""
    if general == specific:
        return True
    if _is_tensor_key(general):
        return (_is_tensor_key(specific) and _same_kind(general, specific) and general[2] == specific[2]
                and shape_accepts(general[1], specific[1]))
    if type(general) is tuple and type(specific) is tuple and len(general) == len(specific) and general:
        if general[0] != specific[0]:
            return False
        return all(accepts(g, s) for g, s in zip(general[1:], specific[1:]))
    if type(general) is ProtocolKey and type(specific) is ProtocolKey:
        return bool(specific.trace_type.is_subtype_of(general.trace_type))
    return False


def _common_shape(a, b):
    if a is None or b is None or len(a) != len(b):
        return None
    return tuple(x if x == y else None for x, y in zip(a, b))


_NONE = object()      # no common key (None itself is a literal key)


def common(a, b):
    """The most specific key that accepts both ``a`` and ``b`` (``reduce_retracing``), or None."""
    key = _common(a, b)
    return None if key is _NONE else key


def _common(a, b):
    if a == b:
        return a
    if _is_tensor_key(a):
        if _is_tensor_key(b) and a[0] == b[0] and a[2] == b[2]:
            return (a[0], _common_shape(a[1], b[1]), a[2])
        return _NONE
    if type(a) is tuple and type(b) is tuple and len(a) == len(b) and a and a[0] == b[0]:
        parts = tuple(_common(x, y) for x, y in zip(a[1:], b[1:]))
        return _NONE if _NONE in parts else (a[0],) + parts
    return _NONE


def describe(key, name=None):
    """A key as TensorFlow prints it: a TensorSpec, a structure of them, or ``Literal[value]``.
    ``name``: the TensorSpec's name, or a structure's given names (given_spec_names)."""
    if _is_tensor_key(key) and key[0] is not TENSOR:      # TF 2.21's VariableSpec text
        return 'VariableSpec(shape=%s, dtype=%r, trainable=%s, alias_id=%s)' % (
            TensorSpec(key[1], key[2]).shape, TensorSpec(key[1], key[2]).dtype, key[0].trainable, key[0].alias)
    if _is_tensor_key(key):
        return repr(TensorSpec(key[1], key[2], name if isinstance(name, str) else None))
    if type(key) is tuple and key and (key[0] is RaggedTensor or _is_extension_key(key) or is_data_key(key)
                                       or is_sparse_key(key)):
        return repr(placeholder(key))
    if type(key) is tuple and key and isinstance(key[0], type) and issubclass(key[0], dict):
        return 'Dict[%s]' % ', '.join('[%r, %s]' % (k, describe(v, part(name, k))) for k, v in key[1:])
    if type(key) is tuple and key and isinstance(key[0], type) and hasattr(key[0], '_fields'):
        # a namedtuple, by field: Point[['x', TensorSpec(...)], ['y', ...]]
        return '%s[%s]' % (key[0].__name__, ', '.join('[%r, %s]' % (f, describe(k, part(name, i)))
                                                      for i, (f, k) in enumerate(zip(key[0]._fields, key[1:]))))
    if type(key) is tuple and key and isinstance(key[0], type):
        inner = ', '.join(describe(k, part(name, i)) for i, k in enumerate(key[1:]))
        return '%s[%s]' % (key[0].__name__.capitalize(), inner)
    if key is NAN:
        return 'Literal[nan]'
    if isinstance(key, ObjectRef):     # TF 2.21 shows the weak reference itself, and a stray ')' after it
        return 'Weakref[%r])' % (key.ref,)
    return 'Literal[%r]' % (key,)


def placeholder(key, name=None, given=None):
    """A key as ``ConcreteFunction.structured_input_signature`` lists it. Given the parameter's
    ``name``, the TensorSpecs inside a structure are named by their path as TensorFlow's are:
    'pair_0_1' for pair[0][1], 'd_a' for d['a'], but where get_concrete_function's spec had a name of
    its own (``given``: its name, or a structure's names, as given_spec_names reads them), that one."""
    if _is_tensor_key(key):
        return TensorSpec(key[1], key[2], given if isinstance(given, str) else name)
    if key is NAN:
        return float('nan')
    if isinstance(key, ObjectRef):
        return key.ref()
    if type(key) is tuple and key and key[0] is RaggedTensor:
        from .ragged.ragged_spec import RaggedTensorSpec
        _, (_, shape, dtype), ragged_rank, splits_dtype = key
        return RaggedTensorSpec(shape, dtype, ragged_rank, splits_dtype)
    if is_sparse_key(key):
        return sparse_spec(key)
    if is_data_key(key):            # DatasetSpec / IteratorSpec, element specs unnamed
        return data_spec(key, placeholder)
    if _is_extension_key(key):      # its Spec, as TF lists it: field specs unnamed
        return key[0].Spec._from_fields({field: _field_placeholder(k)
                                         for field, k in zip(key[0]._tf_extension_type_fields, key[1:])})
    if type(key) is tuple and key and isinstance(key[0], type):
        def path(suffix):
            return None if name is None else '%s_%s' % (name, suffix)
        if key[0] in (list, tuple):
            return key[0](placeholder(k, path(i), part(given, i)) for i, k in enumerate(key[1:]))
        if issubclass(key[0], tuple) and hasattr(key[0], '_fields'):      # a namedtuple: 'p_x', 'p_y'
            return key[0](*[placeholder(k, path(f), part(given, i))
                            for i, (f, k) in enumerate(zip(key[0]._fields, key[1:]))])
        if key[0] is dict:
            return {k: placeholder(v, path(k), part(given, k)) for k, v in key[1:]}
    return key


def _is_extension_key(key):
    return type(key) is tuple and key and isinstance(key[0], type) and issubclass(key[0], ExtensionType)


def _field_placeholder(key):
    """An ExtensionType field's key (``_field_key``) as its Spec holds it."""
    if type(key) is tuple and key and key[0] is ImmutableDict:
        return ImmutableDict({k: _field_placeholder(v) for k, v in key[1:]})
    return placeholder(key)


def describe_spec(spec):
    """An input_signature's structure of TensorSpecs as TensorFlow prints a concrete function's
    parameter: ``Tuple[TensorSpec(...), ...]``, ``Dict[['a', TensorSpec(...)]]`` (the specs' own names)."""
    if type(spec) in (list, tuple):
        return '%s[%s]' % (type(spec).__name__.capitalize(), ', '.join(describe_spec(s) for s in spec))
    if type(spec) is dict:
        return 'Dict[%s]' % ', '.join('[%r, %s]' % (k, describe_spec(v)) for k, v in spec.items())
    return repr(spec)


def named_specs(spec, name):
    """An input_signature's structure of TensorSpecs as ``structured_input_signature`` lists it:
    a spec without a name takes its path's ('x', 'p_0', 'd_a'), as TensorFlow names it."""
    if isinstance(spec, TensorSpec):
        return spec if spec.name is not None else TensorSpec(spec.shape, spec.dtype, name)
    if type(spec) in (list, tuple):
        return type(spec)(named_specs(s, '%s_%d' % (name, i)) for i, s in enumerate(spec))
    if type(spec) is dict:
        return {k: named_specs(v, '%s_%s' % (name, k)) for k, v in spec.items()}
    return spec
