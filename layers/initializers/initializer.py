"""The Initializer base class: a callable ``(shape, dtype) -> Tensor``."""


class Initializer:
    """Makes the initial value of a weight.

    Subclasses implement ``__call__(shape, dtype=None)`` and ``get_config``;
    ``from_config(get_config())`` rebuilds an equal initializer.
    """

    def __call__(self, shape, dtype=None):
        error = NotImplementedError('Initializer subclasses must implement the `__call__()` method.')
        error.add_note('%s is an abstract initializer; subclasses define __call__(shape, dtype=None)'
                       % type(self).__name__)
        raise error

    def get_config(self):
        return {}

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def clone(self):
        return type(self).from_config(self.get_config())

    def __repr__(self):
        args = ', '.join('%s=%r' % item for item in self.get_config().items())
        return '%s(%s)' % (type(self).__name__, args)
