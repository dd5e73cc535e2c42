"""``tf.Module._flatten``: a module's attribute values (and its sub-modules', recursively) with their paths.

TensorFlow's ``_flatten_module``: attributes in sorted name order (or ``attribute_traversal_key``), each
value walked as ``tf.nest`` walks it (dicts by sorted key, namedtuples by field, sequences by index), every
leaf kept once unless paths are asked for, then the sub-modules found, in order, the same way with their
paths as prefixes. Sonnet-style code calls it with a predicate (``_flatten(predicate=is_variable,
with_path=True)``). Without one TensorFlow also yields its Trackable's private attributes ('_name',
'_name_scope', '_self_update_uid', ...); tapeflow yields neither its own nor those.
"""
from . import nest

_INTERNAL = frozenset(('_module_name', '_module_scope'))      # tapeflow's Module bookkeeping


def flatten_module(module, recursive=True, predicate=None, attribute_traversal_key=None, with_path=False,
                   expand_composites=False):
    predicate = predicate or (lambda _: True)
    return _walk(module, recursive, predicate, attribute_traversal_key, with_path, expand_composites,
                 (), {id(module)}, [])


def _walk(module, recursive, predicate, key, with_path, expand, prefix, seen, stack):
    from .module import Module
    if id(module) in stack:         # a cycle: TF stops recursing there
        recursive = False
    values = vars(module)
    submodules = []
    for name in sorted(values, key=key):
        if name in _INTERNAL:
            continue
        for path, leaf in _leaves_with_paths(values[name], (name,), expand):
            if not with_path:
                if id(leaf) in seen:
                    continue
                seen.add(id(leaf))
            if predicate(leaf):
                yield (prefix + path, leaf) if with_path else leaf
            if recursive and isinstance(leaf, Module):
                submodules.append((prefix + path, leaf))
    stack.append(id(module))
    for path, submodule in submodules:
        yield from _walk(submodule, recursive, predicate, key, with_path, expand, path, seen, stack)
    stack.pop()


def _leaves_with_paths(value, path, expand):
    """(tuple path, leaf) pairs in tf.nest's order, as nest.flatten_with_tuple_paths gives them."""
    if isinstance(value, dict):
        for k in nest._sorted_keys(value):
            yield from _leaves_with_paths(value[k], path + (k,), expand)
    elif isinstance(value, tuple) and hasattr(value, '_fields'):
        for field in value._fields:
            yield from _leaves_with_paths(getattr(value, field), path + (field,), expand)
    elif nest.is_nested(value):
        for index, item in enumerate(nest.flatten(value, expand) if not isinstance(value, (list, tuple))
                                     else value):
            yield from _leaves_with_paths(item, path + (index,), expand)
    else:
        yield path, value
