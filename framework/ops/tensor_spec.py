"""TensorSpec: a shape (with None for unknown sizes) and a dtype.

Ported programs pass it to ``tf.function(input_signature=...)`` and to
``map_fn(fn_output_signature=...)``; here it describes and checks tensors.
"""
import numpy as np

from .. import dtypes
from ..deprecation import deprecated
from ..tensor import Tensor, TensorShape
from ..type_spec import TypeSpec


_UNKNOWN_RANK = TensorShape(None)


def _shape(shape):
    if shape is None or isinstance(shape, TensorShape) and shape.rank is None:     # tf.TensorShape(None)
        return None
    if isinstance(shape, (int, np.integer)) and not isinstance(shape, bool):
        return TensorShape((int(shape),))
    if isinstance(shape, Tensor):
        shape = shape.numpy().tolist()
    if not isinstance(shape, (list, tuple)):
        # TF's TensorShape rules and words: a number is one dimension, another iterable (a str) is read item by item
        return TensorShape(shape)
    dims = []
    for d in shape:
        if d is not None and (not isinstance(d, (int, np.integer)) or isinstance(d, bool) or d < 0):
            note = 'TensorSpec: dimension %r of shape %r must be a non-negative int or None' % (d, shape)
            if isinstance(d, (int, np.integer)) and not isinstance(d, bool):     # TF's Dimension checks, its words
                error = ValueError('Dimension %d must be >= 0' % d)
            elif isinstance(d, (float, str, bytes)):
                error = TypeError("Dimension value must be integer or None or have an __index__ method, got value '%r' "
                                  "with type '%s'" % (d, type(d)))
            else:
                error = TypeError(note)
            if error.args[0] != note:
                error.add_note(note)
            raise error
        dims.append(None if d is None else int(d))
    return TensorShape(dims)


class TensorSpec(TypeSpec):
    """Describes a tensor: ``TensorSpec(shape, dtype=float32, name=None)``.

    ``shape`` is a list of ints and None (a size not fixed), or None for any rank.
    Raises:
        TypeError: a shape that is not a list of sizes, or a dtype that names none.
    """
    __slots__ = ('_shape', '_dtype', '_name')

    def __init__(self, shape, dtype='float32', name=None):
        self._shape = _shape(shape)
        try:
            self._dtype = dtypes.as_dtype(dtype)
        except TypeError as err:
            err.add_note('TensorSpec(dtype=%r)' % (dtype,))
            raise
        self._name = name

    @classmethod
    def from_tensor(cls, tensor, name=None):
        return cls(tuple(tensor.shape), tensor.dtype, name)

    @classmethod
    def from_spec(cls, spec, name=None):
        """A TensorSpec with ``spec``'s shape and dtype, named ``name`` (or as ``spec`` is)."""
        return cls(spec.shape, spec.dtype, name or spec.name)

    @property
    def shape(self):
        """The TensorShape; TensorShape(None) when the rank is unknown, as TF's."""
        return _UNKNOWN_RANK if self._shape is None else self._shape

    @property
    def dtype(self):
        return self._dtype

    @property
    def name(self):
        return self._name

    def is_compatible_with(self, spec_or_tensor):
        """Whether the dtype is equal and every known size matches."""
        if isinstance(spec_or_tensor, TypeSpec) and not isinstance(spec_or_tensor, TensorSpec):
            return False
        other_shape = spec_or_tensor.shape
        if self._dtype != spec_or_tensor.dtype:
            return False
        if self._shape is None or other_shape is None:
            return True
        return self._shape.is_compatible_with(other_shape)

    # TensorFlow's TraceType protocol (tf.types.experimental.TraceType): a spec is a subtype of another of
    # the same class, dtype and name whose shape admits its own; the common supertype keeps the sizes all
    # agree on (a rank they disagree on: unknown), None for specs of another dtype, name or class
    def is_subtype_of(self, other):
        if type(other) is not type(self) or other._dtype != self._dtype or other._name != self._name:
            return False
        if other._shape is None:
            return True
        return self._shape is not None and self._shape.is_subtype_of(other._shape)

    def most_specific_common_supertype(self, others):
        if any(type(o) is not type(self) or o._dtype != self._dtype or o._name != self._name for o in others):
            return None
        shape = self._shape
        for other in others:
            shape = None if shape is None or other._shape is None else shape.most_specific_compatible_shape(
                other._shape)
        return type(self)(shape, self._dtype, self._name)

    @deprecated('TypeSpec.most_specific_compatible_type', 'tensorflow.python.framework.type_spec',
                'Use most_specific_common_supertype instead.')
    def most_specific_compatible_type(self, other):
        common = self.most_specific_common_supertype([other])
        if common is None:
            raise ValueError('No TypeSpec is compatible with both %s and %s' % (self, other))
        return common

    @property
    def value_type(self):
        return Tensor

    def flatten(self):
        return [self]

    def to_tensors(self, value):
        return [value]

    def from_tensors(self, tensors):
        return next(tensors)

    def __eq__(self, other):
        return (isinstance(other, TensorSpec) and self._shape == other._shape
                and self._dtype == other._dtype and self._name == other._name)

    def __hash__(self):
        return hash((self._shape, self._dtype, self._name))

    def __repr__(self):
        shape = '<unknown>' if self._shape is None else str(tuple(self._shape))
        return 'TensorSpec(shape=%s, dtype=tf.%s, name=%r)' % (shape, self._dtype.name, self._name)
