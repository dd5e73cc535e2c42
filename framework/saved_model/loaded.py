"""What ``tf.saved_model.load`` returns: the saved object behind a proxy with its signatures."""


class LoadedObject:
    """The loaded object's attributes, variables and functions, plus ``signatures`` (name -> function
    taking keyword tensors, returning a dict). Calling it calls the object."""

    def __init__(self, root, signatures):
        object.__setattr__(self, '_root', root)
        object.__setattr__(self, 'signatures', dict(signatures))

    def __getattr__(self, name):
        return getattr(self._root, name)

    def __setattr__(self, name, value):
        setattr(self._root, name, value)

    def __call__(self, *args, **kwargs):
        if not callable(self._root):
            raise TypeError("'%s' loaded from a SavedModel is not callable; use its signatures %s or its "
                            "functions" % (type(self._root).__name__, sorted(self.signatures)))
        return self._root(*args, **kwargs)

    def __repr__(self):
        return '<LoadedObject of %s, signatures %s>' % (type(self._root).__name__, sorted(self.signatures))
