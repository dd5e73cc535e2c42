"""Keras 3's automatic object names: one process-wide counter per snake_case name.

Keras gives every unnamed layer, optimizer, loss, metric and variable the name
``auto_name(class name)``: 'dense', then 'dense_1', ... from one dictionary
(``keras.src.utils.naming``), so the counts are shared: a model's unnamed
weights are 'variable', 'variable_1', and the Nadam momentum product made after
them is 'variable_2'. ``keras.backend.clear_session`` empties it.
"""
import re
import threading

_lock = threading.Lock()
_counts = {}        # snake_case name -> how often it was handed out
# called with each base handed out: function_init's first traced calls (whose second trace hands the names
# out again) and function.replaying (a replayed step hands out none on TensorFlow: see ``handed_back``)
WATCHERS = []


def to_snake_case(name):
    """'BatchNormalization' -> 'batch_normalization', 'ReLU' -> 're_lu', 'Conv2D' -> 'conv2d'."""
    name = re.sub(r'\W+', '', name)
    name = re.sub('(.)([A-Z][a-z]+)', r'\1_\2', name)
    return re.sub('([a-z])([A-Z])', r'\1_\2', name).lower()


def uniquify(base):
    """``base`` the first time it is asked for, then ``base_1``, ``base_2``, ..."""
    with _lock:
        count = _counts.get(base, 0)
        _counts[base] = count + 1
    for watcher in WATCHERS:
        watcher(base)
    return base if count == 0 else '%s_%d' % (base, count)


def auto_name(class_name):
    """``class_name`` in snake_case, made unique (Keras's ``auto_name``)."""
    return uniquify(to_snake_case(class_name))


def next_uid(prefix):
    """1, 2, 3 ... per ``prefix``, counting the names handed out (Keras's ``get_uid``)."""
    with _lock:
        _counts[prefix] = count = _counts.get(prefix, 0) + 1
    for watcher in WATCHERS:
        watcher(prefix)
    return count


def handed_out_again(bases):
    """Count each of ``bases`` once more, as a second run of the Python that handed them out would
    (TensorFlow's second trace of a first call that made variables: function_init)."""
    with _lock:
        for base in bases:
            _counts[base] = _counts.get(base, 0) + 1


def handed_back(bases):
    """Forget one hand-out of each of ``bases``: names given by Python that TensorFlow does not run
    (a step it replays from its graph), so the next object takes the name it gets there."""
    if not bases:       # (most replays make no object: a tf.data stage function's, once per element)
        return
    with _lock:
        for base in bases:
            count = _counts.get(base, 0)
            if count > 1:
                _counts[base] = count - 1
            elif count == 1:
                del _counts[base]


def reset():
    """Forget every name handed out (``clear_session``)."""
    with _lock:
        _counts.clear()


class count_kept:
    """A block whose names of ``base`` are handed back afterwards: the next one is the one it would
    have been without the block (a build that TensorFlow makes with graph tensors, not KerasTensors)."""

    def __init__(self, base):
        self.base = base

    def __enter__(self):
        with _lock:
            self.count = _counts.get(self.base)

    def __exit__(self, *exc):
        with _lock:
            if self.count is None:
                _counts.pop(self.base, None)
            else:
                _counts[self.base] = self.count
