"""TensorShape: a tuple of dimensions (ints, or None where unknown), with TensorFlow's helpers.

``TensorShape([None, 3])`` is partially known; ``TensorShape(None)`` has an
unknown rank and is an instance of the subclass ``_UnknownRankShape`` (a tuple
cannot carry a flag, and a tensor's own shape, built on every ``x.shape``,
should stay a plain tuple subclass). ``Tensor.shape`` builds its shape with
``tuple.__new__(TensorShape, dims)``, which skips the Python ``__new__`` below.
"""
import numpy as np


def _dimension(d):
    if d is None:
        return None
    value = getattr(d, 'value', d)          # a TensorFlow-style Dimension object
    if value is None:
        return None
    note = 'TensorShape: dimensions must be non-negative ints or None, got %r' % (d,)
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        error = TypeError("Dimension value must be integer or None or have an __index__ method, got value '%r' with "
                          "type '%s'" % (value, type(value)))
        error.add_note(note)
        raise error
    if value < 0:
        error = ValueError('Dimension %d must be >= 0' % value)
        error.add_note(note)
        raise error
    return int(value)


class TensorShape(tuple):
    """A tuple of dimensions with TensorFlow's ``TensorShape`` helpers.

    Args:
        dims: an iterable of ints / None (a partially known shape), one int
            (a vector's shape), or None (a shape of unknown rank).
    """
    __slots__ = ()

    def __new__(cls, dims=()):
        if type(dims) is tuple and cls is TensorShape and all(type(d) is int for d in dims):
            return tuple.__new__(cls, dims)
        if dims is None:
            return tuple.__new__(_UnknownRankShape, ())
        if isinstance(dims, _UnknownRankShape):
            return dims
        if isinstance(dims, (int, np.integer)) and not isinstance(dims, bool):
            dims = (dims,)
        elif hasattr(dims, 'unknown_rank'):     # a TensorShapeProto (tensor_proto.tensor_shape): -1 is unknown
            return TensorShape(None) if dims.unknown_rank else TensorShape([None if d.size == -1 else d.size
                                                                               for d in dims.dim])
        if isinstance(dims, (list, tuple)):
            return tuple.__new__(TensorShape, (_dimension(d) for d in dims))
        # TF: a value that is no iterable is one dimension (2.5 is the Dimension error); any other iterable
        # (a str, an array) is read item by item, and an item that is no dimension is worded with the whole value
        try:
            items = tuple(dims)
        except TypeError:
            return tuple.__new__(TensorShape, (_dimension(dims),))
        try:
            return tuple.__new__(TensorShape, tuple(_dimension(d) for d in items))
        except TypeError as err:
            bad = next(d for d in items if d is not None and not isinstance(getattr(d, 'value', d), (int, np.integer)))
            raise TypeError("Failed to convert '%r' to a shape: '%r'could not be converted to a dimension. A shape "
                            'should either be single dimension (e.g. 10), or an iterable of dimensions (e.g. [1, 10, '
                            'None]).' % (dims, bad)) from err

    @property
    def rank(self):
        return len(self)

    @property
    def ndims(self):
        return self.rank

    @property
    def dims(self):
        # TF 2.21 lists Dimension objects here ([Dimension(2), Dimension(None)]); indexing gives ints
        from .tensor_dimension import Dimension
        return None if self.rank is None else [Dimension(d) for d in self]

    def as_list(self):
        return list(self)

    def num_elements(self):
        if not self.is_fully_defined():
            return None
        return int(np.prod(self, dtype=np.int64))

    def is_fully_defined(self):
        return None not in self

    def is_compatible_with(self, other):
        other = TensorShape(other)
        if self.rank is None or other.rank is None:
            return True
        return len(self) == len(other) and all(
            a is None or b is None or a == b for a, b in zip(self, other))

    def assert_is_compatible_with(self, other):
        if not self.is_compatible_with(other):
            raise ValueError('Shapes %s and %s are incompatible' % (self, other))  # other as given, as TF prints it

    def merge_with(self, other):
        """The most specific shape compatible with both; ValueError if they conflict."""
        other = TensorShape(other)
        if not self.is_compatible_with(other):
            raise ValueError('Shapes %s and %s are not compatible' % (self, other))
        if self.rank is None:
            return other
        if other.rank is None:
            return self
        return TensorShape([b if a is None else a for a, b in zip(self, other)])

    def most_specific_compatible_shape(self, other):
        """The most specific shape that both ``self`` and ``other`` are compatible with."""
        other = TensorShape(other)
        if self.rank is None or other.rank is None or len(self) != len(other):
            return TensorShape(None)
        return TensorShape([a if a == b else None for a, b in zip(self, other)])

    def concatenate(self, other):
        other = TensorShape(other)
        if self.rank is None or other.rank is None:
            return TensorShape(None)
        return TensorShape(tuple(self) + tuple(other))

    def with_rank(self, rank):
        if self.rank is None:
            return TensorShape([None] * rank)
        if len(self) != rank:
            raise ValueError('Shape %s must have rank %d' % (self, rank))
        return self

    def assert_has_rank(self, rank):
        self.with_rank(rank)

    def is_subtype_of(self, other):
        other = TensorShape(other)
        if other.rank is None:
            return True
        if self.rank is None or len(self) != len(other):
            return False
        return all(b is None or a == b for a, b in zip(self, other))

    def __getitem__(self, key):
        item = tuple.__getitem__(self, key)
        return tuple.__new__(TensorShape, item) if key.__class__ is slice else item

    def __eq__(self, other):
        # TensorFlow compares a shape with lists and tuples of dimensions too.
        if isinstance(other, (list, tuple)) and not isinstance(other, _UnknownRankShape):
            return tuple.__eq__(self, tuple(other))
        return False if other is None or isinstance(other, _UnknownRankShape) else NotImplemented

    def __ne__(self, other):
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = tuple.__hash__

    def __add__(self, other):
        return self.concatenate(other)

    def __radd__(self, other):
        return TensorShape(other).concatenate(self)

    def __repr__(self):
        return 'TensorShape(%s)' % list(self)

    __str__ = tuple.__repr__       # print(x.shape) shows (1, 3), as in TensorFlow


class _UnknownRankShape(TensorShape):
    """``TensorShape(None)``: rank, length and dimensions all unknown."""
    __slots__ = ()

    @property
    def rank(self):
        return None

    def as_list(self):
        raise ValueError('as_list() is not defined on an unknown TensorShape.')

    def is_fully_defined(self):
        return False

    def __len__(self):
        raise ValueError('Cannot take the length of shape with unknown rank.')

    def __iter__(self):
        raise ValueError('Cannot iterate over a shape with unknown rank.')

    def __getitem__(self, key):
        if key.__class__ is slice:
            return self
        return None            # TensorFlow: any dimension of an unknown shape is unknown

    def __eq__(self, other):
        return isinstance(other, _UnknownRankShape)

    def __ne__(self, other):
        return not isinstance(other, _UnknownRankShape)

    def __hash__(self):
        return hash(None)

    def __repr__(self):
        return 'TensorShape(None)'

    def __str__(self):
        return '<unknown>'


def shape_accepts(general, specific):
    """Whether dims ``general`` (a tuple; None: any rank; None lengths: any) accept dims ``specific``, as
    TF's is_subtype_of / _is_subshape: a trace for ``general`` serves ``specific`` (function_keys), a loop
    variable of shape ``specific`` stays within its invariant ``general`` (loop_variable_checks)."""
    if general is None:
        return True
    if specific is None or len(general) != len(specific):
        return False
    return all(g is None or g == s for g, s in zip(general, specific))
