"""TensorSpec: the shape and dtype of a dataset component (``element_spec``).

A dimension of None is unknown (e.g. the batch dimension of ``batch`` without
``drop_remainder``); a shape of None is unknown rank. ``from_generator`` takes
these, or any object with ``.shape`` and ``.dtype``, as its output_signature.
"""
import numpy as np

from .. import dtypes
from ..tensor import TensorShape


def _as_shape(shape):
    if shape is None:
        return None
    if isinstance(shape, (int, np.integer)):
        shape = (shape,)
    shape = tuple(shape.as_list() if hasattr(shape, 'as_list') else shape)
    if any(d is not None and (not isinstance(d, (int, np.integer)) or d < -1) for d in shape):
        raise ValueError('TensorSpec: a shape is a tuple of non-negative ints or None, got %r' % (shape,))
    return TensorShape(None if d is None or d == -1 else int(d) for d in shape)


class TensorSpec:
    """The type of a tensor: ``shape`` (None dims are unknown) and ``dtype``."""

    def __init__(self, shape, dtype='float32', name=None):
        self.shape = _as_shape(shape)
        self.dtype = dtypes.as_dtype(dtype)
        self.name = name

    @classmethod
    def from_spec(cls, spec, what='TensorSpec'):
        """A TensorSpec from any object with ``.shape`` and ``.dtype``."""
        if isinstance(spec, cls):
            return spec
        if not hasattr(spec, 'shape') or not hasattr(spec, 'dtype'):
            raise TypeError('%s: expected a TensorSpec (an object with .shape and .dtype), got %r'
                            % (what, spec))
        shape = spec.shape
        if shape is not None and getattr(shape, 'rank', 0) is None:
            shape = None
        return cls(shape, spec.dtype, getattr(spec, 'name', None))

    def is_compatible_with(self, other):
        """True if ``other`` (a spec or a value) has a shape and dtype this spec admits."""
        shape = getattr(other, 'shape', None) if isinstance(other, TensorSpec) else np.shape(other)
        dtype = other.dtype if hasattr(other, 'dtype') else np.asarray(other).dtype
        return np.dtype(dtype) == self.dtype and self.shape_admits(shape)

    def shape_admits(self, shape):
        if self.shape is None or shape is None:
            return True
        return TensorShape(self.shape).is_compatible_with(shape)

    def __eq__(self, other):
        return (isinstance(other, TensorSpec) and self.dtype == other.dtype and self.name == other.name
                and (None if self.shape is None else tuple(self.shape))
                == (None if other.shape is None else tuple(other.shape)))

    def __hash__(self):
        return hash((None if self.shape is None else tuple(self.shape), self.dtype, self.name))

    def __repr__(self):
        shape = '<unknown>' if self.shape is None else str(tuple(self.shape))
        return 'TensorSpec(shape=%s, dtype=tf.%s, name=%r)' % (shape, self.dtype.name, self.name)
