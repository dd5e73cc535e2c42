"""TF 2.21's second way of checking ``from_generator``'s elements: structure.normalize_element.

TF checks an element against legacy ``output_types`` / ``output_shapes`` (numpy's casting: a yielded
1.5 becomes an int64 1) only when every leaf of the signature is a plain TensorSpec and those shapes
are truthy. A lone TensorSpec of unknown rank (``TensorShape(None)`` is falsy; also ``output_types``
given without shapes) and any signature holding a RaggedTensorSpec take this path instead: each
leaf is converted as ``convert_to_tensor`` converts (1.5 is no int64, 1 no string), any failure
reads 'did not match the expected structure' with the whole signature, and the converted
element's specs must then be compatible with the signature, else TF names both structures.
"""
from ..extension_type import ExtensionTypeSpec
from .ragged_elements import is_ragged_spec

STRUCTURE = ('`generator` yielded an element that did not match the expected structure. The expected '
             'structure was %s, but the yielded element was %s.')
INCOMPATIBLE = '`generator` yielded an element of %s where an element of %s was expected.'


def takes_signature_path(signature):
    """Whether TF 2.21 normalizes elements against the signature rather than the legacy types/shapes."""
    leaves = _flatten(signature)
    if any(is_ragged_spec(s) or isinstance(s, ExtensionTypeSpec) for s in leaves):
        return True
    if isinstance(signature, (dict, tuple, list)):
        return not signature            # TF's packed output_shapes: an empty structure is falsy
    return signature.shape is None or signature.shape.rank is None


def normalize_to_signature(signature, value, conform_leaf, conform_ragged, conform_extension, mismatch):
    """The host element for ``value`` (leaves as the legacy path hands them on), or ``mismatch`` raised
    with TF's text."""
    from ..ragged import RaggedTensor
    from ..tensor import convert_to_tensor
    from ..type_spec import type_spec_from_value
    try:
        pairs = _pair_leaves(signature, value)
    except TypeError:
        raise mismatch(STRUCTURE % (signature, _shown(value))) from None
    converted = []
    for spec, leaf in pairs:
        if isinstance(spec, ExtensionTypeSpec):
            converted.append(conform_extension(spec, leaf))
            continue
        try:
            if isinstance(leaf, RaggedTensor):
                converted.append(leaf)          # a composite passes as it is; its spec is checked below
            else:
                converted.append(convert_to_tensor(leaf, dtype=None if is_ragged_spec(spec) else spec.dtype))
        except (TypeError, ValueError):
            raise mismatch(STRUCTURE % (signature, _shown(value))) from None
    got = [None if isinstance(s, ExtensionTypeSpec) else type_spec_from_value(c)
           for (s, _), c in zip(pairs, converted)]
    if not all(g is None or s.is_compatible_with(g) for (s, _), g in zip(pairs, got)):
        specs = iter(got)
        raise mismatch(INCOMPATIBLE % (_rebuild(signature, lambda _: next(specs)), signature))
    parts = iter(c if isinstance(s, ExtensionTypeSpec) else
                 conform_ragged(s, c) if is_ragged_spec(s) else conform_leaf(s, c.numpy())
                 for (s, _), c in zip(pairs, converted))
    return _rebuild(signature, lambda _: next(parts))


def _shown(value):
    """TF prints a yielded tensor by its values ('[1. 2.]')."""
    from ..tensor import Tensor
    return value.numpy() if isinstance(value, Tensor) else value


def _flatten(signature):
    if isinstance(signature, dict):
        return [leaf for k in signature for leaf in _flatten(signature[k])]
    if isinstance(signature, (tuple, list)):
        return [leaf for s in signature for leaf in _flatten(s)]
    return [signature]


def _pair_leaves(signature, value):
    """(spec, yielded leaf) pairs in the signature's order; TypeError where the structures differ (TF's
    nest.flatten_up_to with check_types: a list is no tuple)."""
    if isinstance(signature, dict):
        if not isinstance(value, dict) or set(value) != set(signature):
            raise TypeError('structure')
        return [p for k in signature for p in _pair_leaves(signature[k], value[k])]
    if isinstance(signature, (tuple, list)):
        if not isinstance(value, type(signature) if isinstance(signature, list) else tuple) \
                or len(value) != len(signature):
            raise TypeError('structure')
        return [p for s, v in zip(signature, value) for p in _pair_leaves(s, v)]
    return [(signature, value)]


def _rebuild(signature, leaf_fn):
    if isinstance(signature, dict):
        return {k: _rebuild(signature[k], leaf_fn) for k in signature}
    if isinstance(signature, (tuple, list)):
        parts = [_rebuild(s, leaf_fn) for s in signature]
        return type(signature)(*parts) if hasattr(signature, '_fields') else type(signature)(parts)
    return leaf_fn(signature)
