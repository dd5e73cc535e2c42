"""``tf.experimental.Optional``: a structure of tensors that may be missing.

``Iterator.get_next_as_optional()`` returns one instead of raising at the end of the data
(the tf.data guide's way of looping without exceptions): ``has_value()`` says whether an
element came, ``get_value()`` gives it, or raises TensorFlow's InvalidArgumentError when none did.
"""
import abc

from .. import nest
from ..errors import kernel_error
from ..keras_repr import default_repr
from ..tensor import constant
from .structure import as_tensors, host_structure, spec_of


class Optional(abc.ABC):
    """A value of ``element_spec``'s structure, or nothing. Build one with ``from_value`` or ``empty``.
    Abstract, as TensorFlow's (``Optional()`` is Python's TypeError); ``_OptionalImpl`` is the kind made."""

    @staticmethod
    def from_value(value):
        """An Optional holding ``value`` (tensors, arrays or Python values in tuples and dicts)."""
        host = host_structure(value)
        return _OptionalImpl(host, spec_of(host))

    @staticmethod
    def empty(element_spec):
        """An Optional without a value, whose value would be described by ``element_spec``."""
        return _OptionalImpl(None, element_spec)

    @abc.abstractmethod
    def has_value(self, name=None):
        """A boolean tensor: whether a value is held."""

    @abc.abstractmethod
    def get_value(self, name=None):
        """The value held (tensors in its structure)."""

    @property
    @abc.abstractmethod
    def element_spec(self):
        """The structure of TypeSpecs the value has (or would have)."""


class _OptionalImpl(Optional):
    """TensorFlow's concrete class name, which ``type(optional).__name__`` prints."""
    __repr__ = default_repr     # TF's object repr, its module named as TF names it

    def __init__(self, host_value, element_spec):
        self._value = host_value
        self._spec = element_spec

    def has_value(self, name=None):
        return constant(self._value is not None)

    def get_value(self, name=None):
        if self._value is None:
            raise kernel_error('OptionalGetValue', 'The given optional does not have a value.', named=True,
                               node='OptionalGetValue_output_types_%d' % len(nest.flatten(self._spec)),
                               note='Optional.get_value: this Optional is empty (the iterator had no more elements); '
                                    'check has_value() first')
        return as_tensors(self._value)

    @property
    def element_spec(self):
        return self._spec
