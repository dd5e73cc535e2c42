"""The order in which a layer's sublayers were added, as Keras 3's tracker keeps it.

Keras 3 lists a layer's sublayers (hence ``weights``, ``get_weights``, ``trainable_variables``,
optimizer slots and saved layouts) in the order they were added to it: assigned to an
attribute, or appended, inserted, extended or set into a list or dict held by an attribute.
With ``self.a = []; self.b = []; self.c = Dense()`` then ``a.append(a1); b.append(b1);
a.append(a2)``, the order is c, a1, b1, a2. To see those additions, a list or dict assigned to
a layer's attribute is replaced by a ``TrackedList`` / ``TrackedDict`` copy (as in Keras, so
appending to the original list afterwards adds nothing), and tuples are searched item by item.

Which sublayers a layer has is still decided by looking at its attributes (``tracking``): a
layer replaced or deleted is gone, where Keras keeps it listed. This order only sorts them.
"""
ORDER = '_sublayer_order'       # the owner's instance-dict entry: its sublayers, in the order added


def track(owner, value, layer_class):
    """``value`` as ``owner`` should store it (lists and dicts become tracked copies), after
    noting, in order, every sublayer it holds that ``owner`` did not hold yet."""
    kind = type(value)
    if kind is list or kind is TrackedList:
        return TrackedList(value, owner)
    if kind is dict or kind is TrackedDict:
        return TrackedDict(value, owner)
    if isinstance(value, layer_class):
        if value is not owner:
            _note(owner, value)
    elif isinstance(value, tuple):
        items = [track(owner, item, layer_class) for item in value]
        if any(new is not old for new, old in zip(items, value)):      # a list inside became tracked
            if hasattr(value, '_fields'):
                return value._make(items)
            if kind is tuple:
                return tuple(items)
    return value


def added_order(owner):
    """``owner``'s sublayers in the order they were added (a list kept, rather than ids, so that
    a deep copy of the layer maps it onto the copied sublayers)."""
    return owner.__dict__.get(ORDER, ())


def _note(owner, sublayer):
    order = owner.__dict__.get(ORDER)
    if order is None:
        order = owner.__dict__[ORDER] = []
    if not any(s is sublayer for s in order):
        order.append(sublayer)


def _forget(owner, item):
    """Keras untracks what is removed from a tracked list or dict: added again, it goes last."""
    order = owner.__dict__.get(ORDER, ())
    for i, s in enumerate(order):
        if s is item:
            del order[i]
            return


def _track_item(owner, item):
    if type(item) in _PLAIN:        # most items of long lists (a vocabulary, sizes) hold no layer
        return item
    global _Layer
    if _Layer is None:
        from .layer import Layer        # layer.py imports this module
        _Layer = Layer
    if '_state_locked' in owner.__dict__:       # a built layer: Keras 3's locked tracker refuses new state
        from .layer import LOCKED_STATE
        from .tracking import new_state
        if new_state(owner, item, _Layer):
            raise ValueError(LOCKED_STATE)
    return track(owner, item, _Layer)


_Layer = None
_PLAIN = frozenset((str, int, float, bool, bytes, type(None)))


class TrackedList(list):
    """A list held by a layer's attribute: what is added to it is tracked by the layer."""

    _owner = None       # (a copy or unpickling fills the items before it sets the instance's owner)

    def __init__(self, values=(), owner=None):
        self._owner = owner
        if owner is not None:
            values = [_track_item(owner, v) for v in values]
        super().__init__(values)

    def append(self, value):
        if self._owner is not None:
            _track_item(self._owner, value)
        super().append(value)

    def insert(self, index, value):
        if self._owner is not None:
            _track_item(self._owner, value)
        super().insert(index, value)

    def extend(self, values):
        if self._owner is not None:
            values = [_track_item(self._owner, v) for v in values]
        super().extend(values)

    def remove(self, value):
        super().remove(value)
        if self._owner is not None:
            _forget(self._owner, value)

    def pop(self, index=-1):
        value = super().pop(index)
        if self._owner is not None:
            _forget(self._owner, value)
        return value

    def clear(self):
        if self._owner is not None:
            for value in self:
                _forget(self._owner, value)
        super().clear()

    def __delitem__(self, index):
        removed = self[index]
        super().__delitem__(index)
        if self._owner is not None:
            for value in (removed if isinstance(index, slice) else [removed]):
                _forget(self._owner, value)


class TrackedDict(dict):
    """A dict held by a layer's attribute: what is set into it is tracked by the layer."""

    _owner = None

    def __init__(self, values=(), owner=None):
        self._owner = owner
        items = values.items() if hasattr(values, 'items') else values
        if owner is not None:
            items = [(k, _track_item(owner, v)) for k, v in items]
        super().__init__(items)

    def __setitem__(self, key, value):
        if self._owner is not None:
            _track_item(self._owner, value)
        super().__setitem__(key, value)

    def update(self, *args, **kwargs):
        mapping = dict(*args, **kwargs)
        if self._owner is not None:
            mapping = {k: _track_item(self._owner, v) for k, v in mapping.items()}
        super().update(mapping)

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return self[key]

    def pop(self, key, *default):
        had = key in self
        value = super().pop(key, *default)
        if had and self._owner is not None:
            _forget(self._owner, value)
        return value

    def popitem(self):
        key, value = super().popitem()
        if self._owner is not None:
            _forget(self._owner, value)
        return key, value

    def clear(self):
        if self._owner is not None:
            for value in self.values():
                _forget(self._owner, value)
        super().clear()
