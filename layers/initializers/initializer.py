"""The Initializer base class: a callable ``(shape, dtype) -> Tensor``."""
from framework.keras_repr import KerasObjectRepr


class Initializer(KerasObjectRepr):     # its repr is Python's default, as Keras 3's (no config in it)
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
