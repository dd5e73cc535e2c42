"""``tf.data.IteratorSpec`` and ``tf.OptionalSpec``: the specs of a dataset iterator and of a
tf.experimental.Optional, by the spec of their elements, so that ``tf.function(input_signature=...)``
takes them (TF 2.21's iterator_ops.py / optional_ops.py docstrings) and
``tf.type_spec_from_value`` describes them."""
from .. import nest
from ..type_spec import TypeSpec


def _fits(spec, other):
    """Whether every element spec of ``other`` fits ``spec``, structure included."""
    try:
        nest.assert_same_structure(spec, other)
    except (TypeError, ValueError):
        return False
    return all(a.is_compatible_with(b) for a, b in zip(nest.flatten(spec), nest.flatten(other)))


class _ElementSpec(TypeSpec):
    __slots__ = ('_element_spec',)

    def __init__(self, element_spec):
        self._element_spec = element_spec

    @classmethod
    def from_value(cls, value):
        return cls(value.element_spec)

    def is_compatible_with(self, spec_or_value):
        other = spec_or_value
        if not isinstance(other, TypeSpec):
            if not isinstance(other, self.value_type):
                return False
            other = type(self).from_value(other)
        return type(other) is type(self) and _fits(self._element_spec, other._element_spec)

    def _key(self):
        return repr(self._element_spec)

    def __repr__(self):
        return '%s(%r,)' % (type(self).__name__, self._element_spec)


class IteratorSpec(_ElementSpec):
    """Describes an iterator of a tf.data.Dataset: ``IteratorSpec(element_spec)``."""
    __slots__ = ()

    @property
    def value_type(self):
        from .dataset_iterator import DatasetIterator
        return DatasetIterator


class OptionalSpec(_ElementSpec):
    """Describes a tf.experimental.Optional: ``OptionalSpec(element_spec)``."""
    __slots__ = ()

    @property
    def value_type(self):
        from .optional import Optional
        return Optional
