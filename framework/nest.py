"""Flatten and rebuild nested lists, tuples, namedtuples and dicts (``tf.nest``'s core).

Dicts are flattened in sorted key order, as TensorFlow does, so a structure
packs back with the same keys and container types it had.
"""


def _is_namedtuple(x):
    return isinstance(x, tuple) and hasattr(x, '_fields')


def _sorted_keys(d):
    try:
        return sorted(d)
    except TypeError:
        return list(d)


def flatten(structure):
    """The leaves of ``structure`` in order; a leaf alone gives a one-element list."""
    out = []
    _flatten_into(structure, out)
    return out


def _flatten_into(x, out):
    if isinstance(x, (list, tuple)):
        for item in x:
            _flatten_into(item, out)
    elif isinstance(x, dict):
        for key in _sorted_keys(x):
            _flatten_into(x[key], out)
    else:
        out.append(x)


def pack_sequence_as(structure, flat):
    """Rebuild ``structure``'s shape with the leaves in ``flat``."""
    it = iter(flat)
    result = _pack(structure, it)
    return result


def _pack(x, it):
    if isinstance(x, list):
        return [_pack(item, it) for item in x]
    if _is_namedtuple(x):
        return type(x)(*[_pack(item, it) for item in x])
    if isinstance(x, tuple):
        return type(x)(_pack(item, it) for item in x) if type(x) is not tuple \
            else tuple(_pack(item, it) for item in x)
    if isinstance(x, dict):
        packed = {key: _pack(x[key], it) for key in _sorted_keys(x)}
        return type(x)((key, packed[key]) for key in x) if type(x) is not dict \
            else {key: packed[key] for key in x}
    return next(it)


def map_structure(fn, structure):
    return pack_sequence_as(structure, [fn(x) for x in flatten(structure)])
