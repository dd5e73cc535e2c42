"""One way to look up Keras objects by name, config dict, class or callable.

Initializers, regularizers and constraints all resolve identifiers the same
way (Keras 3's ``get`` / ``serialize`` / ``deserialize``); each module keeps
its own table of names and hands it to a ``KerasObjects``.
"""


class KerasObjects:
    """``get``, ``serialize`` and ``deserialize`` over one family of classes.

    Args:
        kind: what the family is called in messages ('initializer').
        module: Keras's module name written into configs ('keras.initializers').
        base: the family's base class (instances of it serialize to dicts).
        table: names (class names and Keras's snake_case aliases) -> classes.
    """

    def __init__(self, kind, module, base, table):
        self.kind, self.module, self.base, self.table = kind, module, base, table

    def serialize(self, obj):
        """Keras 3's dict for an object (None stays None; a plain callable stays itself,
        so configs round-trip within this process)."""
        if obj is None or not isinstance(obj, self.base):
            return obj
        return {'module': self.module, 'class_name': type(obj).__name__, 'config': obj.get_config(),
                'registered_name': None}

    def deserialize(self, config):
        """An object from ``{'class_name': ..., 'config': {...}}``."""
        name = config.get('class_name')
        cls = self.table.get(name)
        if cls is None:
            raise ValueError('Unknown %s %r; expected one of %s' % (self.kind, name, self._names()))
        return cls.from_config(dict(config.get('config') or {}))

    def get(self, identifier):
        """An object from None, a name, a config dict, a class or a callable.

        Raises:
            ValueError: for an unknown name (listing the valid ones) or something else.
        """
        if identifier is None:
            return None
        if isinstance(identifier, dict):
            try:
                return self.deserialize(identifier)
            except ValueError as err:
                raise self._not_interpreted(identifier, str(err)) from None
        if isinstance(identifier, str):
            cls = self.table.get(identifier)
            if cls is None:
                raise self._not_interpreted(identifier, 'Expected one of %s' % self._names())
            return cls()
        if isinstance(identifier, type):
            return identifier()
        if callable(identifier):
            return identifier
        raise self._not_interpreted(identifier, 'Give a name, a config dict, a %s instance or a callable'
                                    % self.base.__name__)

    def _not_interpreted(self, identifier, note):
        """Keras 3's ValueError text; what tapeflow knows (the valid names) rides as a note."""
        error = ValueError('Could not interpret %s identifier: %s' % (self.kind, identifier))
        error.add_note(note)
        return error

    def _names(self):
        return ', '.join(sorted(self.table))
