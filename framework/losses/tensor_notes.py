"""What Keras hangs on a tensor as attributes, kept beside the tensor instead.

Keras marks a softmax/sigmoid output with its logits (``_keras_logits``) so
cross-entropies can use them, and per-sample losses with a mask
(``_keras_mask``) so averages skip ignored entries. tapeflow tensors have
fixed slots, so these notes live in a table keyed by the tensor's identity;
a weak reference drops a tensor's notes when the tensor is freed. Ops do not
carry notes over to their results, just as attributes do not carry over in Keras.
"""
import weakref

_notes = {}     # id(tensor) -> (weak reference to the tensor, {'mask': ..., 'logits': ...})
NOTES = _notes      # for hot paths: ``id(tensor) not in NOTES`` says there is no mask without a call


def _write(tensor, key, value):
    ident = id(tensor)
    entry = _notes.get(ident)
    if entry is None or entry[0]() is not tensor:
        ref = weakref.ref(tensor, lambda _, ident=ident: _notes.pop(ident, None))
        entry = _notes[ident] = (ref, {})
    entry[1][key] = value


def _read(tensor, key):
    entry = _notes.get(id(tensor))
    if entry is None or entry[0]() is not tensor:
        return None
    return entry[1].get(key)


def has_notes(tensor):
    """Whether anything is noted for ``tensor`` (one dict lookup: callers skip the rest when not)."""
    return id(tensor) in _notes


def set_keras_mask(tensor, mask):
    """Mark ``tensor``'s entries: a bool tensor of its shape, True where a value counts."""
    _write(tensor, 'mask', mask)


def keras_mask_attribute(tensor):
    """Keras's ``tensor._keras_mask``: the mask, None once cleared, and AttributeError
    while none was ever set (TensorFlow tensors have the attribute only once Keras sets it)."""
    entry = _notes.get(id(tensor))
    if entry is None or entry[0]() is not tensor or 'mask' not in entry[1]:
        raise AttributeError("'%s' object has no attribute '_keras_mask'" % type(tensor).__name__)
    return entry[1]['mask']


def delete_keras_mask(tensor):
    """``del tensor._keras_mask``: forget the mask (reading the attribute raises AttributeError again).

    Raises:
        AttributeError: no mask was ever set, as deleting an absent attribute raises."""
    keras_mask_attribute(tensor)
    del _notes[id(tensor)][1]['mask']


def get_keras_mask(tensor):
    """The mask set on ``tensor``, or None."""
    return _read(tensor, 'mask')


def set_keras_logits(output, logits):
    """Record that ``output`` is softmax(logits) or sigmoid(logits); cross-entropies then use the logits."""
    _write(output, 'logits', logits)


def get_keras_logits(output):
    """The logits ``output`` was computed from, or None."""
    return _read(output, 'logits')
