"""Keras 3's 'shared_object_id' on the objects (not dtype policies: ``policy_sharing``) a ``.keras``
file's config serializes more than once: an initializer, regularizer or constraint instance given
to several layers (Hands-On ML's ``partial(Dense, kernel_regularizer=l2(0.01))``), a custom
activation function, a loss given as loss and as a metric.

Keras's ``record_object_after_serialization`` keeps the first config made of each object; a later
one gets ``'shared_object_id': id(object)`` and so does that first dict, in place. The first config
shows the mark only when it is still the dict that reaches the file: Keras copies a layer's config
(``serialize_dict``) when its ``get_config`` returns, as ``layers.serialization.serialize`` does
here, so an object shared by two layers is marked on the second one only, and one given twice to a
layer (kernel and bias regularizer), or to a model's compile, is marked everywhere.

Loading a ``.keras`` file, Keras's ObjectSharingScope revives each id once: the second layer given
the marked regularizer holds the first one's object again (``reviving`` / ``revived``).
"""
import contextlib

from . import policy_sharing

_first_configs = {}     # id(obj) -> (obj, its first config), while a .keras config is recorded


@contextlib.contextmanager
def scope(fresh):
    """One model's serialization: ``fresh`` (not a model nested in another's get_config) forgets
    the objects of any earlier one."""
    if fresh:
        _first_configs.clear()
    try:
        yield
    finally:
        if fresh:
            _first_configs.clear()      # (the objects held for their ids go too)


def recorded(obj, config):
    """``config`` (just made for ``obj``), marked as Keras marks it while a ``.keras`` file's config
    is recorded; ``obj``'s first config is marked too."""
    if not policy_sharing.is_recording():
        return config
    key = id(obj)
    first = _first_configs.get(key)
    if first is None:
        _first_configs[key] = (obj, config)       # obj kept alive, so its id names it alone
    else:
        config['shared_object_id'] = key
        first[1]['shared_object_id'] = key
    return config


_revived = None     # shared_object_id -> object, while a .keras file's config is deserialized


@contextlib.contextmanager
def reviving():
    """Loading one ``.keras`` config: objects marked with one 'shared_object_id' are made once."""
    global _revived
    outer, _revived = _revived, {}
    try:
        yield
    finally:
        _revived = outer


def revived(config, make):
    """``make()``, or the object already made for ``config``'s 'shared_object_id' in this load."""
    key = config.get('shared_object_id') if _revived is not None else None
    if key is None:
        return make()
    if key not in _revived:
        _revived[key] = make()
    return _revived[key]
