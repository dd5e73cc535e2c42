"""Warnings silenced for a moment without making Python forget which it has shown.

``warnings.catch_warnings`` and ``simplefilter`` bump the filters' version, which empties every
module's record of the warnings it has shown once: after one, Keras-worded warnings that
TensorFlow prints once per place (fit's "`shuffle=True` was passed ...") print again. An 'ignore'
filter put in front of the list in place, and taken out after, silences the same warnings and
leaves those records alone (an ignored warning is not recorded as shown either).
"""
import contextlib
import warnings


@contextlib.contextmanager
def silenced_warnings():
    """Ignore every warning inside the block."""
    entry = ('ignore', None, Warning, None, 0)
    warnings.filters.insert(0, entry)
    try:
        yield
    finally:
        for i, f in enumerate(warnings.filters):
            if f is entry:
                del warnings.filters[i]
                break
