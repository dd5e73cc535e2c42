"""Automatic layer names, as Keras 3 gives them: 'dense', 'dense_1', ...

A name is the class name in snake case, made unique within the process by a
counter per name. ``reset_names`` (Keras's ``clear_session``) starts over.
"""
import re
import threading

_lock = threading.Lock()
_counts = {}


def to_snake_case(name):
    """'BatchNormalization' -> 'batch_normalization', 'ReLU' -> 're_lu'."""
    name = re.sub(r'\W+', '', name)
    name = re.sub('(.)([A-Z][a-z]+)', r'\1_\2', name)
    return re.sub('([a-z])([A-Z])', r'\1_\2', name).lower()


def unique_name(base):
    """``base`` the first time it is asked for, then ``base_1``, ``base_2``, ..."""
    with _lock:
        count = _counts.get(base, 0)
        _counts[base] = count + 1
    return base if count == 0 else '%s_%d' % (base, count)


def reset_names():
    """Forget every name handed out, so the next Dense is 'dense' again."""
    with _lock:
        _counts.clear()
