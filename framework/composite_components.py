"""The tensors a composite value is made of, for ``tf.nest``'s ``expand_composites=True``.

As TensorFlow lists them: a RaggedTensor's flat values then its row splits (outermost first), a
SparseTensor's indices, values and dense shape, an ExtensionType's tensor fields in field order
(its Python fields belong to its spec, not its components). ``rebuilt`` puts components back
into a value shaped as a template.
"""
import collections.abc


def components(value):
    """The component tensors of a composite ``value`` (nested composites stay whole), or None."""
    from .extension_type import ExtensionType
    from .ragged.ragged_tensor import RaggedTensor
    from .sparse.sparse_tensor import SparseTensor
    if isinstance(value, RaggedTensor):
        return [value.flat_values] + list(value.nested_row_splits)
    if isinstance(value, SparseTensor):
        return [value.indices, value.values, value.dense_shape]
    if isinstance(value, ExtensionType):
        out = []
        for name in value._tf_extension_type_fields:
            _tensor_leaves(getattr(value, name), out)
        return out
    return None


def _tensor_leaves(value, out):
    from .composite import CompositeTensor
    from .tensor import Tensor
    if isinstance(value, (Tensor, CompositeTensor)):
        out.append(value)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _tensor_leaves(item, out)
    elif isinstance(value, collections.abc.Mapping):
        for key in sorted(value):
            _tensor_leaves(value[key], out)


def rebuilt(template, pack):
    """A value like the composite ``template``, each of its components replaced by
    ``pack(component)`` (the next flat tensor, or a nested composite rebuilt the same way)."""
    from .extension_type import ExtensionType
    from .ragged.ragged_tensor import RaggedTensor
    from .sparse.sparse_tensor import SparseTensor
    if isinstance(template, RaggedTensor):
        flat_values = pack(template.flat_values)
        splits = [pack(s) for s in template.nested_row_splits]
        return RaggedTensor.from_nested_row_splits(flat_values, splits, validate=False)
    if isinstance(template, SparseTensor):
        return SparseTensor(pack(template.indices), pack(template.values), pack(template.dense_shape))
    assert isinstance(template, ExtensionType)
    value = object.__new__(type(template))          # its fields, tensors replaced (no constructor, as TF)
    for name in template._tf_extension_type_fields:
        value.__dict__[name] = _replaced(getattr(template, name), pack)
    return value


def _replaced(field, pack):
    from .composite import CompositeTensor
    from .extension_fields import ImmutableDict
    from .tensor import Tensor
    if isinstance(field, (Tensor, CompositeTensor)):
        return pack(field)
    if isinstance(field, tuple):
        return tuple(_replaced(item, pack) for item in field)
    if isinstance(field, ImmutableDict):
        replaced = {key: _replaced(field[key], pack) for key in sorted(field)}
        return ImmutableDict((key, replaced[key]) for key in field)
    return field
