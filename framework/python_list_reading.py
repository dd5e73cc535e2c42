"""How TensorFlow's converter reads a nested Python list where numpy reads it otherwise: the dtype its first
element decides (a bool or a complex first), lengths past int64 or float32, an empty first element's shape."""
import numpy as np


# the dtypes TensorFlow's fast list conversion fills from numbers of any kind: [True, 2] converts to them
_NUMBERS_ANY_KIND = frozenset(np.dtype(n) for n in ('int32', 'int64', 'float16', 'float32', 'float64'))


def bool_leads(value, dtype):
    """Whether a list that numpy made numbers of starts with a bool: TensorFlow takes the list's type
    from its first element, so [True, 2] has mixed types (where [2, True] is int32), unless ``dtype``
    is one its fast path fills from any number."""
    return isinstance(first_leaf(value), (bool, np.bool_)) and (
        dtype is None or dtype not in _NUMBERS_ANY_KIND or _unfillable(value, dtype))


def _unfillable(value, dtype):
    """Whether the fast path that fills ``dtype`` from any number meets one it cannot hold: a float for an
    integer dtype, an int beyond int32 for int32 ([True, 2.5] and [True, 2**40] are 'mixed types')."""
    if dtype.kind not in 'iu':
        return False
    return any(isinstance(v, float) or (dtype == np.int32 and type(v) is int and not -2 ** 31 <= v < 2 ** 31)
               for v in leaves(value))


def empty_leading_shape(value):
    """The shape TensorFlow gives a ragged list whose first elements end in an empty list: it reads
    the shape along the first elements only, so [[], [1, 2]] and [[], 1] convert to a (2, 0) tensor.
    None for any other list."""
    shape = []
    while is_sequence(value):      # (an empty array first: [np.zeros(0), np.zeros(2)] is (2, 0) too)
        shape.append(len(value))
        if not len(value):
            return tuple(shape)
        value = value[0]
    return None


def complex_leaf(leaf):
    """Whether a list's first element makes TensorFlow read the list as complex numbers."""
    data = getattr(leaf, '_data', leaf)
    return isinstance(leaf, complex) or getattr(getattr(data, 'dtype', None), 'kind', '') == 'c'


def first_leaf(value):
    """The first element of a nested list or tuple: TensorFlow takes a list's float dtype from it."""
    while isinstance(value, (list, tuple)) and value:
        value = value[0]
    return value


def all_python_ints(array):
    return all(type(v) is int for v in array.flat)


def float32_overflow(wide, narrow):
    """Whether a finite Python float became inf as the float32 TensorFlow picked for it (1e39, -3.5e38):
    its eager converter refuses those (an explicit dtype=float32 takes the inf, as does a traced function's
    constant, which numpy casts)."""
    if not np.isinf(narrow).any():
        return False
    from .eager_graph_names import inside_function
    return not inside_function() and bool(np.isfinite(wide[np.isinf(narrow)]).any())


def beyond_int64(value, array):
    """Whether Python ints in ``value`` reach past int64 where numpy found a wider home for them."""
    if array.dtype == np.uint64:
        return type(first_leaf(value)) is int
    if array.dtype == np.float64 and array.size and float(np.max(np.abs(array))) >= 2.0 ** 63:
        return any(type(v) is int and not -2 ** 63 <= v < 2 ** 63 for v in leaves(value))
    return False


def leaves(value):
    """The scalars of a nested list or tuple, in order (a value that is neither: itself)."""
    if isinstance(value, (list, tuple)):
        for item in value:
            yield from leaves(item)
    else:
        yield value


def is_sequence(value):
    """Whether TF's converter walks ``value`` as a sequence: a list, a tuple or a numpy array of rank 1 or
    more (a 0-d array is a scalar to it), so [ids (n,), values (n, 2)] is 'mixed types' as in TF 2.21."""
    return isinstance(value, (list, tuple)) or (isinstance(value, np.ndarray) and value.ndim > 0)
