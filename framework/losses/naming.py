"""Keras's default object names: the class name in snake_case, made unique.

Only names that were not given are made unique (``mean``, then ``mean_1``),
as Keras 3's ``auto_name`` does; explicit defaults such as ``'mean'`` stay.
"""
import collections
import re

_uses = collections.defaultdict(int)    # how often each automatic name was handed out


def to_snake_case(name):
    """'MeanSquaredError' -> 'mean_squared_error'."""
    name = re.sub(r'\W+', '', name)
    name = re.sub('(.)([A-Z][a-z]+)', r'\1_\2', name)
    return re.sub('([a-z])([A-Z])', r'\1_\2', name).lower()


def auto_name(class_name):
    """The snake_case name, suffixed ``_1``, ``_2``, ... after its first use."""
    base = to_snake_case(class_name)
    count = _uses[base]
    _uses[base] += 1
    return base if count == 0 else '%s_%d' % (base, count)


def object_name(obj):
    """What Keras calls a loss or metric in logs: its ``name``, else its function name."""
    if hasattr(obj, 'name'):
        return obj.name
    if hasattr(obj, '__name__'):
        return to_snake_case(obj.__name__)
    return to_snake_case(type(obj).__name__)
