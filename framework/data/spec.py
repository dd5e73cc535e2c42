"""Specs of dataset elements: ``tf.TensorSpec`` for tensors, DatasetSpec for nested datasets.

``from_generator`` takes a TensorSpec, or any object with ``.shape`` and
``.dtype``, as its output_signature; ``element_spec`` states TensorSpecs with
None for sizes not fixed (e.g. the batch dimension without ``drop_remainder``).
"""
from ..ops.tensor_spec import TensorSpec
from ..tensor import TensorShape


def as_spec(spec, what):
    """A TensorSpec from any object with ``.shape`` and ``.dtype``.

    Raises:
        TypeError: for an object without them.
    """
    if isinstance(spec, TensorSpec):
        return spec
    if not hasattr(spec, 'shape') or not hasattr(spec, 'dtype'):
        raise TypeError('%s: expected a TensorSpec (an object with .shape and .dtype), got %r' % (what, spec))
    shape = spec.shape
    if shape is not None and getattr(shape, 'rank', 0) is None:
        shape = None
    return TensorSpec(None if shape is None else tuple(shape), spec.dtype, getattr(spec, 'name', None))


def shape_admits(spec, shape):
    """Whether a value of ``shape`` fits ``spec``'s shape (None sizes and an unknown rank admit any)."""
    return spec.shape is None or spec.shape.rank is None or TensorShape(spec.shape).is_compatible_with(shape)


class DatasetSpec:
    """The spec of an element that is itself a dataset (``window``'s components)."""

    def __init__(self, element_spec, dataset_shape=()):
        self.element_spec = element_spec
        self.shape = TensorShape(dataset_shape)

    @staticmethod
    def from_value(value):
        """The spec of a dataset: its element_spec and a scalar dataset shape."""
        if not hasattr(value, 'element_spec') or not hasattr(value, '_make_iterator'):
            raise TypeError('DatasetSpec.from_value: expected a tf.data.Dataset, got %s' % type(value).__name__)
        return DatasetSpec(value.element_spec)

    def __eq__(self, other):
        return isinstance(other, DatasetSpec) and (self.element_spec, self.shape) == (other.element_spec, other.shape)

    def __hash__(self):
        return hash(repr(self))

    def __repr__(self):
        return 'DatasetSpec(%r, TensorShape(%s))' % (self.element_spec, list(self.shape))
