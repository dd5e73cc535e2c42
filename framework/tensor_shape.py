"""TensorShape: a sequence of dimensions (ints, or None where unknown), with TensorFlow's helpers.

``TensorShape([None, 3])`` is partially known; ``TensorShape(None)`` has an unknown rank. A shape is
not a tuple, as in TensorFlow: Python's ``%`` takes any tuple for its argument list, so
``'shape %s' % x.shape`` must see one object (TF prints 'shape (2, 3)'), and ``tf.nest`` keeps a shape
whole. It compares and hashes as the tuple of its dimensions, so shapes and tuples mix in ``==`` and
as dict keys. ``Tensor.shape`` builds one with ``shape_of(dims)``, which skips the checks of
``__new__``: the dims of an array are known to be good, and ``x.shape`` is hot.
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


_new_object = object.__new__


def shape_of(dims):
    """A TensorShape of ``dims``, a tuple of ints / None (or None: unknown rank) known to be good."""
    shape = _new_object(TensorShape)
    shape._dims = dims
    return shape


class TensorShape:
    """A sequence of dimensions with TensorFlow's ``TensorShape`` helpers.

    Args:
        dims: an iterable of ints / None (a partially known shape), one int
            (a vector's shape), or None (a shape of unknown rank).
    """
    __slots__ = ('_dims',)      # a tuple of ints / None; None when the rank is unknown

    def __new__(cls, dims=()):
        if type(dims) is tuple and all(type(d) is int and d >= 0 for d in dims):
            return shape_of(dims)
        if dims is None:
            return shape_of(None)
        if isinstance(dims, TensorShape):
            return dims
        if isinstance(dims, (int, np.integer)) and not isinstance(dims, bool):
            dims = (dims,)
        elif hasattr(dims, 'unknown_rank'):     # a TensorShapeProto (tensor_proto.tensor_shape): -1 is unknown
            return TensorShape(None) if dims.unknown_rank else TensorShape([None if d.size == -1 else d.size
                                                                               for d in dims.dim])
        if isinstance(dims, (list, tuple)):
            return shape_of(tuple(_dimension(d) for d in dims))
        # TF: a value that is no iterable is one dimension (2.5 is the Dimension error); any other iterable
        # (a str, an array) is read item by item, and an item that is no dimension is worded with the whole value
        try:
            items = tuple(dims)
        except TypeError:
            return shape_of((_dimension(dims),))
        try:
            return shape_of(tuple(_dimension(d) for d in items))
        except TypeError as err:
            bad = next(d for d in items if d is not None and not isinstance(getattr(d, 'value', d), (int, np.integer)))
            raise TypeError("Failed to convert '%r' to a shape: '%r'could not be converted to a dimension. A shape "
                            'should either be single dimension (e.g. 10), or an iterable of dimensions (e.g. [1, 10, '
                            'None]).' % (dims, bad)) from err

    # ---- a sequence of dimensions ------------------------------------
    def __len__(self):
        if self._dims is None:
            raise ValueError('Cannot take the length of shape with unknown rank.')
        return len(self._dims)

    def __iter__(self):
        if self._dims is None:
            raise ValueError('Cannot iterate over a shape with unknown rank.')
        return iter(self._dims)

    def __contains__(self, dim):
        return dim in self._dims if self._dims is not None else dim is None

    def __bool__(self):
        # A scalar's () is false, as the tuple it was (tapeflow's own code reads `not x.shape` as "a scalar");
        # TF 2.21 calls any known shape true, a difference no ported program has been seen to print
        return bool(self._dims)

    def __getitem__(self, key):
        if self._dims is None:
            return None if key.__class__ is not slice else _unknown_slice(key)  # any dimension of it is unknown
        if key.__class__ is slice:
            return shape_of(self._dims[key])
        return self._dims[key]

    def __reduce__(self):
        return TensorShape, (None if self._dims is None else list(self._dims),)

    # ---- TensorFlow's helpers ----------------------------------------
    @property
    def rank(self):
        return None if self._dims is None else len(self._dims)

    @property
    def ndims(self):
        return self.rank

    @property
    def dims(self):
        # TF 2.21 lists Dimension objects here ([Dimension(2), Dimension(None)]); indexing gives ints
        from .tensor_dimension import Dimension
        return None if self._dims is None else [Dimension(d) for d in self._dims]

    def as_list(self):
        if self._dims is None:
            raise ValueError('as_list() is not defined on an unknown TensorShape.')
        return list(self._dims)

    def num_elements(self):
        if not self.is_fully_defined():
            return None
        return int(np.prod(self._dims, dtype=np.int64))

    def is_fully_defined(self):
        return self._dims is not None and None not in self._dims

    def is_compatible_with(self, other):
        other = TensorShape(other)
        if self._dims is None or other._dims is None:
            return True
        return len(self._dims) == len(other._dims) and all(
            a is None or b is None or a == b for a, b in zip(self._dims, other._dims))

    def assert_is_compatible_with(self, other):
        if not self.is_compatible_with(other):
            raise ValueError('Shapes %s and %s are incompatible' % (self, other))  # other as given, as TF prints it

    def merge_with(self, other):
        """The most specific shape compatible with both; ValueError if they conflict."""
        other = TensorShape(other)
        if not self.is_compatible_with(other):
            raise ValueError('Shapes %s and %s are not compatible' % (self, other))
        if self._dims is None:
            return other
        if other._dims is None:
            return self
        return shape_of(tuple(b if a is None else a for a, b in zip(self._dims, other._dims)))

    def most_specific_compatible_shape(self, other):
        """The most specific shape that both ``self`` and ``other`` are compatible with."""
        other = TensorShape(other)
        if self._dims is None or other._dims is None or len(self._dims) != len(other._dims):
            return shape_of(None)
        return shape_of(tuple(a if a == b else None for a, b in zip(self._dims, other._dims)))

    def concatenate(self, other):
        other = TensorShape(other)
        if self._dims is None or other._dims is None:
            return shape_of(None)
        return shape_of(self._dims + other._dims)

    def with_rank(self, rank):
        if self._dims is None:
            return shape_of((None,) * rank)
        if len(self._dims) != rank:
            raise ValueError('Shape %s must have rank %d' % (self, rank))
        return self

    def assert_has_rank(self, rank):
        self.with_rank(rank)

    def with_rank_at_least(self, rank):
        if self._dims is not None and len(self._dims) < rank:
            raise ValueError('Shape %s must have rank at least %d' % (self, rank))
        return self

    def with_rank_at_most(self, rank):
        if self._dims is not None and len(self._dims) > rank:
            raise ValueError('Shape %s must have rank at most %d' % (self, rank))
        return self

    def assert_same_rank(self, other):
        other = TensorShape(other)
        if self._dims is not None and other._dims is not None and len(self._dims) != len(other._dims):
            raise ValueError('Shapes %s and %s must have the same rank' % (self, other))

    def assert_is_fully_defined(self):
        if not self.is_fully_defined():
            raise ValueError('Shape %s is not fully defined' % (self,))

    def most_specific_common_supertype(self, others):
        """The most specific shape that this one and each of ``others`` are subtypes of (TF's TraceType rule)."""
        dims = self._dims
        for other in others:
            other = TensorShape(other)
            if dims is None or other._dims is None or len(dims) != len(other._dims):
                return shape_of(None)
            dims = tuple(a if a == b else None for a, b in zip(dims, other._dims))
        return shape_of(dims)

    def is_subtype_of(self, other):
        other = TensorShape(other)
        return shape_accepts(other._dims, self._dims)

    # ---- equal to the tuple of its dimensions ------------------------
    def __eq__(self, other):
        # TensorFlow compares a shape with lists and tuples of dimensions too.
        if isinstance(other, TensorShape):
            return self._dims == other._dims
        if isinstance(other, (list, tuple)):
            return self._dims is not None and self._dims == tuple(other)
        return False if other is None else NotImplemented

    def __ne__(self, other):
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self):
        return hash(self._dims)

    def __add__(self, other):
        return self.concatenate(other)

    def __radd__(self, other):
        return TensorShape(other).concatenate(self)

    def __repr__(self):
        return 'TensorShape(None)' if self._dims is None else 'TensorShape(%s)' % list(self._dims)

    def __str__(self):
        # print(x.shape) shows (1, 3), as in TensorFlow; an unknown rank shows <unknown>
        return '<unknown>' if self._dims is None else repr(self._dims)


def _unknown_slice(key):
    """TF's slice of an unknown-rank shape: a known length where the slice's ends give one ([1:3]: two
    unknown dimensions), else the unknown shape."""
    if key.step is not None:
        raise ValueError('Steps are not yet handled')
    start = 0 if key.start is None else key.start
    if key.stop is None or start < 0 or key.stop < 0:
        return shape_of(None)
    return shape_of((None,) * max(key.stop - start, 0))


def partial_shape_error(shape):
    """TF's refusal to make a tensor of a shape with unknown lengths (tf.reshape(x, TensorShape([None, 3])))."""
    error = ValueError('Cannot convert a partially known TensorShape %s to a Tensor.' % (shape,))
    error.add_note('a shape with unknown (None) lengths has no values to convert; use tf.shape(x) for the '
                   'lengths a tensor has when it runs')
    return error


def shape_accepts(general, specific):
    """Whether dims ``general`` (a tuple; None: any rank; None lengths: any) accept dims ``specific``, as
    TF's is_subtype_of / _is_subshape: a trace for ``general`` serves ``specific`` (function_keys), a loop
    variable of shape ``specific`` stays within its invariant ``general`` (loop_variable_checks)."""
    if general is None:
        return True
    if specific is None or len(general) != len(specific):
        return False
    return all(g is None or g == s for g, s in zip(general, specific))


# What a shape argument may be given as, in the checks of ops that take one: tf.zeros(x.shape) as tf.zeros([2, 3])
SHAPE_SEQUENCES = (list, tuple, TensorShape)
