"""Batching ExtensionType values: how tf.data and tf.map_fn slice, stack and describe them.

TensorFlow batches a ``BatchableExtensionType`` by batching its nested tensors (and nested extension
types), keeping its other fields, and giving ``tf.TensorShape`` fields the batch dimension in front
(its default batch encoder). tapeflow does that through ``tf.nest``: inside a pipeline a value travels
as ``ExtensionParts``, a structure (TensorFlow's ``__tf_flatten__`` protocol) whose components are its
tensors, so every stage that slices, stacks or maps a structure's leaves handles it; ``restore`` makes
the value again (its constructor is not run, as TensorFlow rebuilds a value from its components;
``__validate__`` is) and ``restore_spec`` its ``Spec``. A TensorShape field follows the change in rank
of the first tensor field: one axis fewer for a slice, the batch's axis more for a batch.
"""
import numpy as np

from .composite import CompositeTensor
from .extension_fields import ImmutableDict
from .extension_type import _BUILDING, BatchableExtensionType, ExtensionType, ExtensionTypeSpec, _finish
from .tensor import Tensor, TensorShape

SEEN = [False]       # set once a value was taken apart: until then restore() has nothing to look for


class ExtensionParts:
    """An ExtensionType value taken apart: its tensor fields as components, the rest kept aside."""
    __slots__ = ('value_type', 'static', 'names', 'components', 'base_rank')

    def __init__(self, value_type, static, names, components, base_rank):
        self.value_type = value_type    # the ExtensionType class
        self.static = static            # {field: value} of the fields that are not tensors (TensorShape too)
        self.names = names              # the tensor fields, in order
        self.components = components    # their values (arrays, tensors, specs, or nested parts / dicts)
        self.base_rank = base_rank      # the first tensor field's rank when taken apart (None: no tensor field)

    def __tf_flatten__(self):
        return (self.value_type, self.static, self.names, self.base_rank), tuple(self.components)

    @classmethod
    def __tf_unflatten__(cls, metadata, components):
        value_type, static, names, base_rank = metadata
        return cls(value_type, static, names, components, base_rank)


def take_apart(value, leaf):
    """``value`` (an ExtensionType, or its Spec) as ExtensionParts, each tensor (or spec) converted with
    ``leaf``; the fields' dicts and tuples are walked."""
    if isinstance(value, (ExtensionType, ExtensionTypeSpec)):     # a Spec comes apart into its field specs
        SEEN[0] = True
        value_type = type(value) if isinstance(value, ExtensionType) else value.value_type
        fields = value._fields if isinstance(value, ExtensionTypeSpec) else \
            {name: getattr(value, name) for name in value._tf_extension_type_fields}
        static, names, components = {}, [], []
        for name, field in fields.items():
            if _holds_tensors(field):
                names.append(name)
                components.append(take_apart(field, leaf))
            else:
                static[name] = field
        return ExtensionParts(value_type, static, tuple(names), tuple(components), _first_rank(components))
    if isinstance(value, ImmutableDict):
        return {k: take_apart(v, leaf) for k, v in value.items()}
    if isinstance(value, tuple) and not hasattr(value, '_fields'):
        return tuple(take_apart(v, leaf) for v in value)
    return leaf(value)


def restore(structure):
    """``structure`` with every ExtensionParts made its value again (tuples, lists and dicts walked)."""
    if not SEEN[0]:
        return structure
    return _restore(structure, _value)


def restore_spec(structure):
    """``structure`` with every ExtensionParts of specs made its ExtensionType's Spec."""
    if not SEEN[0]:
        return structure
    return _restore(structure, _spec)


def _restore(structure, make):
    if isinstance(structure, ExtensionParts):
        return make(structure)
    if isinstance(structure, tuple):
        items = [_restore(v, make) for v in structure]
        return type(structure)(*items) if hasattr(structure, '_fields') else tuple(items)
    if isinstance(structure, list):
        return [_restore(v, make) for v in structure]
    if isinstance(structure, dict):
        return type(structure)((k, _restore(v, make)) for k, v in structure.items())
    return structure


def _fields(parts, make):
    fields = dict(parts.static)
    for name, component in zip(parts.names, parts.components):
        fields[name] = _field(component, make)
    rank = _first_rank(parts.components)
    for name, field in parts.static.items():
        if isinstance(field, TensorShape) and rank is not None and parts.base_rank is not None:
            fields[name] = _shifted(field, rank - parts.base_rank, _first_shape(parts.components))
    return {name: fields[name] for name in parts.value_type._tf_extension_type_fields}


def _field(component, make):
    if isinstance(component, ExtensionParts):
        return make(component)
    if isinstance(component, dict):
        return ImmutableDict((k, _field(v, make)) for k, v in component.items())
    if isinstance(component, tuple):
        return tuple(_field(v, make) for v in component)
    return component


def _value(parts):
    value = parts.value_type.__new__(parts.value_type)
    value.__dict__[_BUILDING] = True
    for name, field in _fields(parts, _value).items():
        object.__setattr__(value, name, field)
    _finish(value)
    return value


def _spec(parts):
    return parts.value_type.Spec._from_fields(_fields(parts, _spec))


def _shifted(shape, delta, first_shape):
    """A TensorShape field after the tensors gained (``delta`` > 0) or lost leading axes."""
    if delta < 0:
        return TensorShape(tuple(shape)[-delta:]) if shape.rank is not None else shape
    if delta > 0 and first_shape is not None:
        return TensorShape(tuple(first_shape)[:delta] + (tuple(shape) if shape.rank is not None else ()))
    return shape


def _holds_tensors(field):
    from .ops.tensor_spec import TensorSpec      # (late: ops import this module through map_fn)
    if isinstance(field, (Tensor, np.ndarray, CompositeTensor, TensorSpec, ExtensionTypeSpec)):
        return True
    if isinstance(field, (tuple, ImmutableDict)):
        values = field.values() if isinstance(field, ImmutableDict) else field
        return any(_holds_tensors(v) for v in values)
    return False


def _first_shape(components):
    for component in components:
        if isinstance(component, ExtensionParts):
            shape = _first_shape(component.components)
        elif isinstance(component, (tuple, list)):
            shape = _first_shape(component)
        elif isinstance(component, dict):
            shape = _first_shape(list(component.values()))
        else:
            shape = getattr(component, 'shape', None)
            shape = None if shape is None else tuple(shape)
        if shape is not None:
            return shape
    return None


def _first_rank(components):
    shape = _first_shape(components)
    return None if shape is None else len(shape)


def batched_spec(spec, batch_tensor_spec, size):
    """``spec`` (an ExtensionType's Spec) for a batch of ``size``: each tensor field's spec batched with
    ``batch_tensor_spec``, TensorShape fields with ``size`` in front."""
    return _spec_fields_mapped(spec, batch_tensor_spec,
                               lambda shape: TensorShape((size,) + tuple(shape)) if shape.rank is not None else shape)


def unbatched_spec(spec, unbatch_tensor_spec):
    """``spec`` for one element of a batch: tensor field specs through ``unbatch_tensor_spec``,
    TensorShape fields without their first size."""
    return _spec_fields_mapped(spec, unbatch_tensor_spec,
                               lambda shape: TensorShape(tuple(shape)[1:]) if shape.rank is not None else shape)


def _spec_fields_mapped(spec, tensor_spec_fn, shape_fn):
    def one(field):
        if isinstance(field, ExtensionTypeSpec):
            return _spec_fields_mapped(field, tensor_spec_fn, shape_fn)
        if isinstance(field, ImmutableDict):
            return ImmutableDict((k, one(v)) for k, v in field.items())
        if isinstance(field, tuple):
            return tuple(one(v) for v in field)
        if isinstance(field, TensorShape):
            return shape_fn(field)
        if _holds_tensors(field):
            return tensor_spec_fn(field)
        return field
    return type(spec)._from_fields({name: one(field) for name, field in spec._fields.items()})


def refuse_unbatchable(structure, missing='_to_batched_tensor_list'):
    """Raise TensorFlow's error for an ExtensionType that is not batchable where values are sliced
    (``Dataset.from_tensor_slices``; ``tf.map_fn`` names the ``missing`` method ``_unbatch``)."""
    for value in _extension_values(structure):
        if not isinstance(value, BatchableExtensionType):
            error = AttributeError("'%s.Spec' object has no attribute '%s'" % (type(value).__name__, missing))
            error.add_note('%s is an ExtensionType, not a tf.experimental.BatchableExtensionType: only those are '
                           'sliced and batched' % type(value).__name__)
            raise error


def has_extension_values(structure):
    """Whether ``structure`` holds an ExtensionType value."""
    return next(_extension_values(structure), None) is not None


def _extension_values(structure):
    if isinstance(structure, ExtensionType):
        yield structure
    elif isinstance(structure, (tuple, list)):
        for v in structure:
            yield from _extension_values(v)
    elif isinstance(structure, dict):
        for v in structure.values():
            yield from _extension_values(v)
