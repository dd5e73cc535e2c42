"""The errors TensorFlow raises for a Python value it cannot make a tensor of inside a tf.function.

Eagerly TensorFlow converts Python values in C++ and refuses a dict, a set, None or a mixed list with a
ValueError ('Attempt to convert a value (...) with an unsupported type ...', "Can't convert Python
sequence with mixed types to Tensor."). In a graph the same value goes to make_tensor_proto, which
checks the leaves (nest.flatten) and then asks numpy: a tensor among the leaves is a TypeError
('Expected any non-tensor type, but got a tensor instead.', the keras.io custom train_step that
updates a metric with a dict of outputs), None a ValueError 'None values not supported.', anything numpy
holds only as objects or strings a TypeError 'Failed to convert elements of ...'. A list the eager
converter calls 'mixed types' but numpy holds as numbers ([True, 2]) is a graph constant (``graph_array``).
Only the error paths of conversion ask for these, so plain conversions pay nothing.
"""
import numbers

import numpy as np

from . import dtypes, nest

_FAILED = ('Failed to convert elements of %s to Tensor. Consider casting elements to a supported type. '
           'See https://www.tensorflow.org/api_docs/python/tf/dtypes for supported TF dtypes.')

# the leaf types make_tensor_proto accepts for a dtype of each numpy kind (_TF_TO_IS_OK in tensor_util)
_ACCEPTED = {
    'f': (numbers.Real, np.integer, np.floating),
    'i': (numbers.Integral, np.integer),
    'u': (numbers.Integral, np.integer),
    'c': (numbers.Complex, np.number),
    'b': (bool,),
    'O': (bytes, str),
}


def graph_conversion_error(value, dtype):
    """The exception make_tensor_proto raises for ``value`` (which numpy could only hold as objects or
    strings, or could not hold at all) converted to ``dtype`` (a numpy dtype or None)."""
    if value is None:
        return ValueError('None values not supported.')
    error = _leaf_error(value, dtype)
    if error is not None:
        return error
    try:
        np.array(value, dtype=dtype)
    except (TypeError, ValueError) as error:       # numpy's own words: a dict as float, a ragged list
        return type(error)(str(error))
    return TypeError(_FAILED % (value,))


def _leaf_error(value, dtype):
    """make_tensor_proto's check of the leaves (_AssertCompatible): a tensor among them with no dtype, or
    a leaf of a kind the dtype does not take. None when they pass."""
    from .tensor import Tensor
    leaves = nest.flatten(value)
    if dtype is None:
        if any(isinstance(leaf, Tensor) for leaf in leaves):
            return TypeError('Expected any non-tensor type, but got a tensor instead.')
        return None
    accepted = _ACCEPTED.get(np.dtype(dtype).kind)
    for leaf in leaves if accepted else ():
        if not (isinstance(leaf, accepted) or
                (isinstance(leaf, np.ndarray) and issubclass(leaf.dtype.type, accepted))):
            kind = 'SymbolicTensor' if isinstance(leaf, Tensor) else type(leaf).__name__
            return TypeError("Expected %s, but got %s of type '%s'." % (dtypes.display_name(dtype), leaf, kind))
    return None


def graph_array(value, dtype):
    """The array make_tensor_proto builds for a list TensorFlow's eager converter refuses but numpy holds as
    numbers ([True, 2], whose first element makes it 'mixed types' eagerly): the leaves checked against
    ``dtype``, numpy's array cast to it (wrapping, as numpy's astype), or with no dtype float32 for
    float64 and int32 for int64 values that fit."""
    error = _leaf_error(value, dtype)
    if error is not None:
        raise error
    array = np.array(value)
    if dtype is not None:
        return array.astype(dtype)
    if array.dtype == np.float64:
        return array.astype(np.float32)
    if array.dtype == np.int64:
        narrow = array.astype(np.int32)
        return narrow if np.array_equal(narrow, array) else array
    return array
