"""``tf.TypeSpec`` and the specs of TensorFlow's composite values: ``tf.SparseTensorSpec``,
``tf.IndexedSlicesSpec``, ``tf.TensorArraySpec``, ``tf.NoneTensorSpec`` and ``tf.type_spec_from_value``.

A spec describes a value (its dtype and shape, with None for sizes not fixed) without holding it:
``tf.function(input_signature=...)`` checks arguments against specs, and ``is_compatible_with``
says whether a value or another spec fits. ``TensorSpec`` (ops/tensor_spec.py) and
``RaggedTensorSpec`` (ragged/ragged_spec.py) are TypeSpecs too. Reprs print as TensorFlow's.
"""
from . import dtypes
from .tensor import TensorShape


class TypeSpec:
    """The base of every spec (``isinstance(spec, tf.TypeSpec)``)."""
    __slots__ = ()

    def _key(self):
        raise NotImplementedError

    def __eq__(self, other):
        return type(other) is type(self) and self._key() == other._key()

    def __hash__(self):
        return hash((type(self).__name__, repr(self._key())))

    def is_compatible_with(self, spec_or_value):
        """Whether ``spec_or_value`` (a spec or a value) has this spec's dtype and a shape that fits."""
        other = spec_or_value if isinstance(spec_or_value, TypeSpec) else type_spec_from_value(spec_or_value)
        return type(other) is type(self) and self._compatible(other)

    def _compatible(self, other):
        return other.dtype == self.dtype and _fits(self.shape, other.shape)


def _fits(shape, other):
    return shape.rank is None or other.rank is None or shape.is_compatible_with(other)


class SparseTensorSpec(TypeSpec):
    """Describes a SparseTensor: ``SparseTensorSpec(shape=None, dtype=tf.float32)``."""
    __slots__ = ('_shape', '_dtype')

    def __init__(self, shape=None, dtype='float32'):
        self._shape, self._dtype = TensorShape(shape), dtypes.as_dtype(dtype)

    shape = property(lambda self: self._shape)
    dtype = property(lambda self: self._dtype)

    @property
    def value_type(self):
        from .sparse.sparse_tensor import SparseTensor
        return SparseTensor

    @classmethod
    def from_value(cls, value):
        return cls([int(d) for d in value._shape_host()], value.dtype)

    def _key(self):
        return (self._shape.as_list() if self._shape.rank is not None else None, self._dtype)

    def __repr__(self):
        return 'SparseTensorSpec(%r, %r)' % (self._shape, self._dtype)


class IndexedSlicesSpec(TypeSpec):
    """Describes IndexedSlices: ``IndexedSlicesSpec(shape=None, dtype=tf.float32, indices_dtype=tf.int64,
    dense_shape_dtype=None, indices_shape=None)``."""
    __slots__ = ('_shape', '_dtype', '_indices_dtype', '_dense_shape_dtype', '_indices_shape')

    def __init__(self, shape=None, dtype='float32', indices_dtype='int64', dense_shape_dtype=None, indices_shape=None):
        self._shape, self._dtype = TensorShape(shape), dtypes.as_dtype(dtype)
        self._indices_dtype = dtypes.as_dtype(indices_dtype)
        self._dense_shape_dtype = None if dense_shape_dtype is None else dtypes.as_dtype(dense_shape_dtype)
        self._indices_shape = TensorShape([None] if indices_shape is None else indices_shape)

    @property
    def value_type(self):
        from .indexed_slices import IndexedSlices
        return IndexedSlices

    def _compatible(self, other):
        return other._dtype == self._dtype and _fits(self._shape, other._shape)

    def _key(self):
        return (self._shape.as_list() if self._shape.rank is not None else None, self._dtype, self._indices_dtype,
                self._dense_shape_dtype, self._indices_shape.as_list())

    def __repr__(self):
        return 'IndexedSlicesSpec(%r, %r, %r, %r, %r)' % (self._shape, self._dtype, self._indices_dtype,
                                                         self._dense_shape_dtype, self._indices_shape)


class TensorArraySpec(TypeSpec):
    """Describes a TensorArray: ``TensorArraySpec(element_shape=None, dtype=tf.float32, dynamic_size=False,
    infer_shape=True)``."""
    __slots__ = ('_element_shape', '_dtype', '_dynamic_size', '_infer_shape')

    def __init__(self, element_shape=None, dtype='float32', dynamic_size=False, infer_shape=True):
        self._element_shape, self._dtype = TensorShape(element_shape), dtypes.as_dtype(dtype)
        self._dynamic_size, self._infer_shape = bool(dynamic_size), bool(infer_shape)

    @property
    def value_type(self):
        from .ops.tensor_array import TensorArray
        return TensorArray

    def _compatible(self, other):
        return (other._dtype == self._dtype and _fits(self._element_shape, other._element_shape)
                and other._dynamic_size == self._dynamic_size)

    def _key(self):
        return (self._element_shape.as_list() if self._element_shape.rank is not None else None, self._dtype,
                self._dynamic_size, self._infer_shape)

    def __repr__(self):
        return 'TensorArraySpec(%r, %r, %r, %r)' % (self._element_shape, self._dtype, self._dynamic_size,
                                                   self._infer_shape)


class NoneTensorSpec(TypeSpec):
    """The spec of None (TF 2.21's ``tf.NoneTensorSpec``): ``tf.type_spec_from_value(None)``, so that a
    structure of specs may hold an absent value; it has no dtype or shape and fits only None."""
    __slots__ = ()

    @property
    def value_type(self):
        return type(None)

    def _key(self):
        return ()

    def _compatible(self, other):
        return True

    def most_specific_common_supertype(self, others):
        return self if all(type(o) is NoneTensorSpec for o in others) else None

    def __repr__(self):
        return 'NoneTensorSpec()'


def type_spec_from_value(value):
    """The spec of ``value``: a TensorSpec for tensors (and what converts to one), a RaggedTensorSpec,
    a SparseTensorSpec, a NoneTensorSpec for None. Raises TypeError for a value no spec describes."""
    from .ops.tensor_spec import TensorSpec
    from .ragged.ragged_spec import RaggedTensorSpec
    from .tensor import Tensor, convert_to_tensor
    if value is None:
        return NoneTensorSpec()
    if hasattr(value, 'row_splits') and hasattr(value, 'flat_values'):
        return RaggedTensorSpec(list(value.shape), value.dtype, value.ragged_rank, value.row_splits_dtype)
    if hasattr(value, 'dense_shape') and hasattr(value, 'indices') and hasattr(value, '_shape_host'):
        return SparseTensorSpec.from_value(value)
    if isinstance(value, TypeSpec):
        raise TypeError('type_spec_from_value: %r is a spec, not a value' % (value,))
    if hasattr(value, 'element_spec') and (hasattr(value, 'get_next') or hasattr(value, 'has_value')):
        from .data.iterator_specs import IteratorSpec, OptionalSpec      # a dataset iterator, an Optional
        return (IteratorSpec if hasattr(value, 'get_next') else OptionalSpec).from_value(value)
    if hasattr(type(value), '_tf_extension_type_fields'):
        return value._type_spec       # an ExtensionType's Spec (its fields' specs)
    try:
        tensor = value if isinstance(value, Tensor) else convert_to_tensor(value)
    except (TypeError, ValueError):
        raise TypeError('Could not build a TypeSpec for %r of unsupported type %s.' % (value, type(value))) from None
    return TensorSpec(tuple(tensor.shape), tensor.dtype)
