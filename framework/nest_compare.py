"""``tf.nest.assert_same_structure``: two structures nest alike, or an error saying where they part.

The messages are TensorFlow's: the two structures, the first place they differ
("More specifically: ..."), and both structures drawn with '.' for each leaf.
"""

from .nest import DICT_VIEWS, _is_namedtuple, _sorted_keys, custom_components, is_nested, map_structure


def assert_same_structure(nest1, nest2, check_types=True, expand_composites=False):
    """Raise unless ``nest1`` and ``nest2`` have the same nesting and number of leaves.

    Raises:
        ValueError: a container where the other has a leaf, containers of different
            lengths, dicts with different keys.
        TypeError: containers of different types (list / tuple / a namedtuple class),
            when ``check_types``; dict and OrderedDict count as the same.
    """
    difference = _first_difference(nest1, nest2, check_types)
    if difference is None:
        return
    error, detail = difference
    raise error("The two structures don't have the same nested structure.\n\n"
                'First structure: %s\n\nSecond structure: %s\n\nMore specifically: %s\n'
                'Entire first structure:\n%s\nEntire second structure:\n%s'
                % (_described(nest1), _described(nest2), detail, _skeleton(nest1), _skeleton(nest2)))


def _described(value):
    return 'type=%s str=%s' % (type(value).__name__, value)


def _first_difference(a, b, check_types):
    """(error class, what differs) at the first place ``a`` and ``b`` part, or None."""
    if is_nested(a) != is_nested(b):
        sequence, leaf = (a, b) if is_nested(a) else (b, a)
        return ValueError, ('Substructure "%s" is a sequence, while substructure "%s" is not'
                            % (_described(sequence), _described(leaf)))
    if not is_nested(a):
        return None
    if check_types and _kind(a) is not _kind(b):
        return TypeError, ("The two namedtuples don't have the same sequence type. First structure %s has type %s, "
                           'while second structure %s has type %s'
                           % (_described(a), type(a).__name__, _described(b), type(b).__name__))
    if check_types and isinstance(a, dict):      # (without check_types TF compares dicts' values only)
        if set(a) != set(b):
            return ValueError, ("The two dictionaries don't have the same set of keys. First structure has keys "
                                'type=list str=%s, while second structure has keys type=list str=%s'
                                % (list(a), list(b)))
        pairs = [(a[k], b[k]) for k in _sorted_keys(a)]
    else:
        children_a, children_b = _children(a), _children(b)
        if len(children_a) != len(children_b):
            return ValueError, ("The two structures don't have the same number of elements. First structure: %s. "
                                'Second structure: %s' % (_described(a), _described(b)))
        pairs = zip(children_a, children_b)
    for x, y in pairs:
        difference = _first_difference(x, y, check_types)
        if difference is not None:
            return difference
    return None


def _children(value):
    """What ``value`` nests, in flatten's order: a dict's values by sorted key, a custom nest's components."""
    if isinstance(value, dict):
        return [value[k] for k in _sorted_keys(value)]
    if isinstance(value, (list, tuple)):
        return value
    if isinstance(value, DICT_VIEWS):
        return list(value)
    return custom_components(value)


def _kind(value):
    """The container type compared by ``check_types``: any dict is a dict, a namedtuple its own class."""
    if isinstance(value, dict):
        return dict
    kind = type(value)
    return getattr(kind, '_tf_plain_type', kind)        # a tf.Module's ListWrapper / _TupleWrapper: its list / tuple


class _Dot:
    def __repr__(self):
        return '.'


def _skeleton(structure):
    return str(map_structure(lambda leaf: _Dot(), structure))
