"""``tf.compat.v1.Dimension``: one dimension of a TensorShape, as ``TensorShape.dims`` lists them.

TF 2.21 still hands ``shape.dims`` back as Dimension objects (``[Dimension(2), Dimension(None)]``), which
print as ``2`` / ``?``, compare and compute with ints, and give an unknown result (None, or Dimension(None))
where either side is unknown. Indexing a TensorShape gives plain ints, as in TF 2.
"""
import operator


def _arithmetic(function, reflected=False):
    def apply(self, other):
        try:
            other = other if isinstance(other, Dimension) else Dimension(other)
        except (TypeError, ValueError):
            return NotImplemented
        a, b = (other.value, self._value) if reflected else (self._value, other.value)
        return Dimension(None if a is None or b is None else function(a, b))
    return apply


def _comparison(function):
    def apply(self, other):
        try:
            other = other if isinstance(other, Dimension) else Dimension(other)
        except (TypeError, ValueError):
            return NotImplemented
        if self._value is None or other.value is None:
            return None
        return function(self._value, other.value)
    return apply


class Dimension:
    """A dimension's size: an int >= 0, or None when unknown."""
    __slots__ = ('_value',)

    def __init__(self, value):
        if isinstance(value, Dimension):
            value = value.value
        if value is not None:
            try:
                value = operator.index(value)
            except TypeError:
                raise TypeError("Dimension value must be integer or None or have an __index__ method, got value "
                                "'%r' with type '%s'" % (value, type(value))) from None
            if value < 0:
                raise ValueError('Dimension %d must be >= 0' % value)
        self._value = value

    @property
    def value(self):
        return self._value

    def __repr__(self):
        return 'Dimension(%r)' % (self._value,)

    def __str__(self):
        return '?' if self._value is None else str(self._value)

    def __int__(self):
        return self._value

    def __index__(self):
        return self._value

    def __bool__(self):
        return bool(self._value)

    def __reduce__(self):
        return Dimension, (self._value,)

    def is_compatible_with(self, other):
        other = as_dimension(other)
        return self._value is None or other.value is None or self._value == other.value

    def assert_is_compatible_with(self, other):
        if not self.is_compatible_with(other):
            raise ValueError('Dimensions %s and %s are not compatible' % (self, other))

    def merge_with(self, other):
        other = as_dimension(other)
        self.assert_is_compatible_with(other)
        return Dimension(self._value if self._value is not None else other.value)

    __add__, __radd__ = _arithmetic(operator.add), _arithmetic(operator.add, reflected=True)
    __sub__, __rsub__ = _arithmetic(operator.sub), _arithmetic(operator.sub, reflected=True)
    __mul__, __rmul__ = _arithmetic(operator.mul), _arithmetic(operator.mul, reflected=True)
    __floordiv__, __rfloordiv__ = _arithmetic(operator.floordiv), _arithmetic(operator.floordiv, reflected=True)
    __mod__, __rmod__ = _arithmetic(operator.mod), _arithmetic(operator.mod, reflected=True)
    __eq__, __ne__ = _comparison(operator.eq), _comparison(operator.ne)
    __lt__, __le__ = _comparison(operator.lt), _comparison(operator.le)
    __gt__, __ge__ = _comparison(operator.gt), _comparison(operator.ge)
    __hash__ = None         # unhashable, as TF's (it defines __eq__ and no __hash__)

    def __truediv__(self, other):
        raise TypeError("unsupported operand type(s) for /: 'Dimension' and '%s', please use // instead"
                        % type(other).__name__)


def as_dimension(value):
    """``value`` as a Dimension (a Dimension is returned as it is)."""
    return value if isinstance(value, Dimension) else Dimension(value)
