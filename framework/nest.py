"""Flatten and rebuild nested lists, tuples, namedtuples and dicts: ``tf.nest``.

Dicts are flattened in sorted key order, as TensorFlow does, so a structure
packs back with the same keys and container types it had. Strings, arrays,
tensors and None are leaves. An object of a class with TensorFlow's
CustomNestProtocol (``__tf_flatten__`` giving (metadata, a tuple of components),
and the classmethod ``__tf_unflatten__(metadata, components)``) nests as its components.
A dict's keys(), values() or items() view nests as a list of its items, in the view's order.
"""
import collections

# dict views by their concrete types: an isinstance check against collections.abc.MappingView runs ABC
# machinery for every leaf that flatten visits
DICT_VIEWS = (type({}.keys()), type({}.values()), type({}.items()))
_LISTS = (list,) + DICT_VIEWS           # what packs back as a list
_SEQUENCES = (list, tuple) + DICT_VIEWS     # what flattens item by item


def _is_namedtuple(x):
    return isinstance(x, tuple) and hasattr(x, '_fields')


def _sorted_keys(d):
    try:
        return sorted(d)
    except TypeError:
        return list(d)


def is_nested(structure):
    """True for a list, tuple (namedtuples included), dict, dict view or custom nest: what ``flatten`` walks into."""
    return isinstance(structure, (list, tuple, dict, DICT_VIEWS)) or hasattr(type(structure), '__tf_flatten__')


def custom_components(x):
    """The components tuple of a CustomNestProtocol object (TensorFlow asserts it is a tuple)."""
    components = x.__tf_flatten__()[1]
    if not isinstance(components, tuple):
        raise TypeError('%s.__tf_flatten__ must return (metadata, components) with components a tuple, got %s '
                        '(TensorFlow asserts a tuple)' % (type(x).__name__, type(components).__name__))
    return components


def flatten(structure, expand_composites=False):
    """The leaves of ``structure`` in order; a leaf alone gives a one-element list. With
    ``expand_composites`` a RaggedTensor, SparseTensor or ExtensionType gives its component tensors."""
    out = []
    _flatten_into(structure, out, expand_composites)
    return out


def _flatten_into(x, out, expand=False):
    if isinstance(x, _SEQUENCES):
        for item in x:
            _flatten_into(item, out, expand)
    elif isinstance(x, dict):
        for key in _sorted_keys(x):
            _flatten_into(x[key], out, expand)
    elif hasattr(type(x), '__tf_flatten__'):
        for item in custom_components(x):
            _flatten_into(item, out, expand)
    else:
        parts = components(x) if expand else None
        if parts is None:
            out.append(x)
        else:
            for part in parts:
                _flatten_into(part, out, True)


def pack_sequence_as(structure, flat_sequence, expand_composites=False):
    """Rebuild ``structure``'s shape with the leaves in ``flat_sequence``.

    Raises:
        ValueError: ``flat_sequence`` holds another number of leaves than ``structure``.
    """
    flat = list(flat_sequence)
    it = iter(flat)
    try:
        result = _pack(structure, it, expand_composites)
        extra = next(it, _END) is not _END
    except StopIteration:
        extra = True
    if extra:
        raise ValueError('Could not pack sequence. Structure had %d atoms, but flat_sequence had %d items.  '
                         'Structure: %s, flat_sequence: %s.' % (len(flatten(structure)), len(flat), structure, flat))
    return result


_END = object()


def _mapping_like(x, items):
    """A mapping of ``x``'s type holding ``items``; a defaultdict keeps its default_factory (as TF's nest
    rebuilds it: ``defaultdict(items)`` would be a TypeError, the factory must come first)."""
    if isinstance(x, collections.defaultdict):
        result = type(x)(x.default_factory)
        result.update(items)
        return result
    return type(x)(items)


def _pack(x, it, expand=False):
    """``x``'s structure with its leaves taken from ``it``; with ``expand`` a composite leaf (see
    composite_components) is rebuilt from as many items as it has components."""
    if isinstance(x, _LISTS):          # a dict view packs as a list, as in TF
        items = [_pack(item, it, expand) for item in x]
        # a list subclass (a tf.Module's ListWrapper, a user's) packs as its own type, as TF's _sequence_like
        return items if type(x) is list or isinstance(x, DICT_VIEWS) else type(x)(items)
    if _is_namedtuple(x):
        return type(x)(*[_pack(item, it, expand) for item in x])
    if isinstance(x, tuple):
        return type(x)(_pack(item, it, expand) for item in x) if type(x) is not tuple \
            else tuple(_pack(item, it, expand) for item in x)
    if isinstance(x, dict):
        packed = {key: _pack(x[key], it, expand) for key in _sorted_keys(x)}
        if type(x) is dict:
            return {key: packed[key] for key in x}
        return _mapping_like(x, ((key, packed[key]) for key in x))
    if hasattr(type(x), '__tf_flatten__'):
        metadata = x.__tf_flatten__()[0]
        return type(x).__tf_unflatten__(metadata, _pack(custom_components(x), it, expand))
    if expand and components(x) is not None:
        return rebuilt(x, lambda component: _pack(component, it, True))
    return next(it)


def map_structure(func, *structure, check_types=True, expand_composites=False):
    """``func`` applied to the leaves of one or more structures of the same shape, packed as the first.

    Raises:
        ValueError: no structure given, or structures of different shapes
            (TypeError: of different container types, unless ``check_types=False``).
    """
    if not structure:
        raise ValueError('Must provide at least one structure')
    first = structure[0]
    if expand_composites:
        leaves = [flatten(s, expand_composites=True) for s in structure]
        if any(len(other) != len(leaves[0]) for other in leaves[1:]):
            raise ValueError('map_structure: the structures have different numbers of components: %s'
                             % [len(other) for other in leaves])
        return pack_sequence_as(first, [func(*parts) for parts in zip(*leaves)], expand_composites=True)
    if len(structure) == 1:
        return pack_sequence_as(first, [func(x) for x in flatten(first)])
    for other in structure[1:]:
        assert_same_structure(first, other, check_types=check_types)
    return pack_sequence_as(first, [func(*leaves) for leaves in zip(*map(flatten, structure))])


from .composite_components import components, rebuilt  # noqa: E402
from .nest_compare import assert_same_structure  # noqa: E402  (it walks structures with the helpers above)
