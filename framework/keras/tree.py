"""``keras.tree``: Keras 3's utilities for nested structures (lists, tuples, namedtuples, dicts).

The walk is ``tf.nest``'s (None a leaf) but for one order: Keras's tree (optree) takes an
OrderedDict's keys in its own order and other dicts' sorted, where tf.nest sorts every dict. What else
differs are Keras's messages for structures that do not match, and the extra helpers (paths,
traverse, lists_to_tuples, shapes).
"""
import collections

from framework import nest as _nest
from framework.nest import is_nested  # noqa: F401  (Keras's name)


def _keys(mapping):
    """A dict's keys in Keras's order: an OrderedDict's own, any other dict's sorted."""
    return list(mapping) if isinstance(mapping, collections.OrderedDict) else _nest._sorted_keys(mapping)


def flatten(structure):
    """The leaves of ``structure`` in Keras's order (see the module docstring)."""
    return [leaf for _, leaf in flatten_with_path(structure)]


class MAP_TO_NONE:  # noqa: N801  (Keras's name)
    """Returned by a ``traverse`` function to put None in the result (None itself means: go deeper)."""


def map_structure(func, *structures):
    """``func`` over the leaves of structures of the same shape, packed as the first."""
    if not structures:
        raise ValueError('Must provide at least one structure')
    for other in structures[1:]:
        assert_same_structure(structures[0], other)
    return _nest.map_structure(func, *structures, check_types=False)


def pack_sequence_as(structure, flat_sequence, sequence_fn=None):
    flat = list(flat_sequence)
    expected = len(flatten(structure))
    if len(flat) != expected:
        raise ValueError('Too %s leaves for PyTreeSpec; expected: %d, got: %d.'
                         % ('few' if len(flat) < expected else 'many', expected, len(flat)))
    return _nest.pack_sequence_as(structure, _in_nest_order(structure, flat))


def _in_nest_order(structure, flat):
    """Leaves given in Keras's order, rearranged into tf.nest's (which packs them): the two differ only
    under OrderedDicts."""
    keras_paths = [path for path, _ in flatten_with_path(structure)]
    nest_paths = []
    _walk_paths(structure, (), nest_paths, _nest._sorted_keys)
    if keras_paths == [path for path, _ in nest_paths] or len(nest_paths) != len(flat):
        return flat
    position = {path: i for i, path in enumerate(keras_paths)}
    return [flat[position[path]] for path, _ in nest_paths]


def assert_same_structure(a, b, check_types=None):
    """Raise ValueError unless ``a`` and ``b`` nest alike, container types included (Keras 3's messages)."""
    problem = _mismatch(a, b)
    if problem is not None:
        raise ValueError(problem)


def _mismatch(a, b):
    if not is_nested(a):
        return None if not is_nested(b) else "Structures don't have the same nested structure."
    problem = _node_problem(a, b)
    if problem is not None:
        return problem
    for x, y in _children(a, b):
        problem = _mismatch(x, y)
        if problem is not None:
            return problem
    return None


def _node_problem(a, b):
    """optree's complaint (Keras 3's tree backend) when ``b`` is not a node of ``a``'s type and arity, else None."""
    if isinstance(a, dict):
        if not isinstance(b, dict):
            return ('Expected an instance of dict, collections.OrderedDict, or collections.defaultdict, got %r.'
                    % (b,))
        if set(a) != set(b):
            expected, got = _keys(a), _keys(b)
            missing, extra = [k for k in expected if k not in b], [k for k in got if k not in a]
            # optree names only the sides that differ: 'missing key(s): ['j']; dict: ...' for a key left out
            return ('dictionary key mismatch; expected key(s): %s, got key(s): %s%s%s; dict: %r.'
                    % (expected, got, ', missing key(s): %s' % missing if missing else '',
                       ', extra key(s): %s' % extra if extra else '', b))
        return None
    if _nest._is_namedtuple(a):
        if not _nest._is_namedtuple(b):
            return 'Expected an instance of collections.namedtuple, got %r.' % (b,)
        if type(a) is not type(b):
            return ('namedtuple type mismatch; expected type: %r, got type: %r; tuple: %r.'
                    % (type(a), type(b), b))
    elif type(a) is not type(b):
        return 'Expected an instance of %s, got %r.' % (type(a).__name__, b)
    if len(a) != len(b):
        return '%s arity mismatch; expected: %d, got: %d; %s: %r.' % (
            type(a).__name__, len(a), len(b), type(a).__name__, b)
    return None


def _children(a, b):
    if isinstance(a, dict):
        return [(a[k], b[k]) for k in _keys(a)]
    return list(zip(a, b))


def flatten_with_path(structure):
    """[(path, leaf)] in ``flatten``'s order; a path is the tuple of keys and indices down to the leaf."""
    out = []
    _walk_paths(structure, (), out)
    return out


def _walk_paths(x, path, out, keys=_keys):
    if isinstance(x, dict):
        for key in keys(x):
            _walk_paths(x[key], path + (key,), out, keys)
    elif isinstance(x, (list, tuple)):
        for i, item in enumerate(x):
            _walk_paths(item, path + (i,), out, keys)
    else:
        out.append((path, x))


def assert_same_paths(a, b):
    """Raise ValueError unless ``a`` and ``b`` have the same leaf paths (container types may differ)."""
    paths_a = {path for path, _ in flatten_with_path(a)}
    paths_b = {path for path, _ in flatten_with_path(b)}
    if paths_a != paths_b:
        raise ValueError("`a` and `b` don't have the same paths.\nPaths in `a` missing in `b`:\n%s\n"
                         'Paths in `b` missing in `a`:\n%s' % (paths_a - paths_b, paths_b - paths_a))


def map_structure_up_to(shallow_structure, func, *structures):
    """``func`` applied to the sub-structures of ``structures`` at the leaves of ``shallow_structure``.

    As Keras 3.15 on its optree backend: each structure must have the shallow structure's node
    types and arities (optree's ValueError texts), and a None in the shallow structure is refused
    ("Structures don't have the same nested structure."): Keras's check calls optree's is-leaf test
    without none_is_leaf, so None counts as an empty node there (its own docstring examples fail).
    """
    if not structures:
        raise ValueError('Must provide at least one structure')
    parts = [_up_to(shallow_structure, s) for s in structures]
    results = []
    for leaf, args in zip(flatten(shallow_structure), zip(*parts)):
        if leaf is None:
            raise ValueError("Structures don't have the same nested structure.")
        results.append(func(*args))
    return pack_sequence_as(shallow_structure, results)


def _up_to(shallow, structure):
    if not is_nested(shallow):
        return [structure]
    problem = _node_problem(shallow, structure)
    if problem is not None:
        raise ValueError(problem)
    return [leaf for s, x in _children(shallow, structure) for leaf in _up_to(s, x)]


def traverse(func, structure, top_down=True):
    """Rebuild ``structure`` through ``func``: a result of None goes on into the node (top-down) or keeps
    the rebuilt node (bottom-up); MAP_TO_NONE puts None there; anything else replaces the node."""
    def visit(node):
        if top_down:
            result = func(node)
            if result is None:
                return _rebuild(node, visit) if is_nested(node) else node
        else:
            node = _rebuild(node, visit) if is_nested(node) else node
            result = func(node)
            if result is None:
                return node
        return None if result is MAP_TO_NONE else result
    return visit(structure)


def _rebuild(node, visit):
    if isinstance(node, dict):
        return type(node)((key, visit(value)) for key, value in node.items())
    items = [visit(item) for item in node]
    if isinstance(node, tuple) and hasattr(node, '_fields'):
        return type(node)(*items)
    return type(node)(items)


def lists_to_tuples(structure):
    """The structure with every list made a tuple."""
    def convert(node):
        if isinstance(node, dict):
            return type(node)((key, convert(value)) for key, value in node.items())
        if isinstance(node, (list, tuple)):
            items = [convert(item) for item in node]
            return type(node)(*items) if hasattr(node, '_fields') else tuple(items)
        return node
    return convert(structure)


def _is_shape(value):
    return isinstance(value, (list, tuple)) and all(v is None or isinstance(v, int) for v in value)


def map_shape_structure(func, structure):
    """``func`` applied to each shape (a tuple or list of ints and None) of a structure of shapes."""
    if _is_shape(structure):
        return func(structure)
    if isinstance(structure, dict):
        return type(structure)((key, map_shape_structure(func, value)) for key, value in structure.items())
    if isinstance(structure, (list, tuple)):
        items = [map_shape_structure(func, item) for item in structure]
        return type(structure)(*items) if hasattr(structure, '_fields') else type(structure)(items)
    return func(structure)


# A missing name reads as Keras prints it ("module 'keras.tree' has no attribute ..."), not with tapeflow's path
from ._forward import missing_names as _missing_names  # noqa: E402
__getattr__ = _missing_names('keras.tree')
