"""Keras's default object names: the class name in snake_case, made unique.

Only names that were not given are made unique (``mean``, then ``mean_1``),
as Keras 3's ``auto_name`` does; explicit defaults such as ``'mean'`` stay.
The counter is the one layers, optimizers and variables share (``framework.object_names``).
"""
from ..object_names import auto_name, to_snake_case   # noqa: F401  (Keras's one counter for all names)


def object_name(obj):
    """What Keras calls a loss or metric in logs: its ``name``, else its function name."""
    if hasattr(obj, 'name'):
        return obj.name
    if hasattr(obj, '__name__'):
        return to_snake_case(obj.__name__)
    return to_snake_case(type(obj).__name__)
