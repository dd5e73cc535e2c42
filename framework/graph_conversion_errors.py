"""The errors TensorFlow raises for a Python value it cannot make a tensor of inside a tf.function.

Eagerly TensorFlow converts Python values in C++ and refuses a dict, a set, None or a mixed list with a
ValueError ('Attempt to convert a value (...) with an unsupported type ...', "Can't convert Python
sequence with mixed types to Tensor."). In a graph the same value goes to make_tensor_proto, which
checks the leaves (nest.flatten) and then asks numpy: a tensor among the leaves is a TypeError
('Expected any non-tensor type, but got a tensor instead.', the keras.io custom train_step that
updates a metric with a dict of outputs), None a ValueError 'None values not supported.', anything numpy
holds only as objects or strings a TypeError 'Failed to convert elements of ...'. Only the error paths
of conversion ask for these, so plain conversions pay nothing.
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
    from .tensor import Tensor
    if value is None:
        return ValueError('None values not supported.')
    leaves = nest.flatten(value)
    if dtype is None:
        if any(isinstance(leaf, Tensor) for leaf in leaves):
            return TypeError('Expected any non-tensor type, but got a tensor instead.')
    else:
        accepted = _ACCEPTED.get(np.dtype(dtype).kind)
        for leaf in leaves if accepted else ():
            if not (isinstance(leaf, accepted) or
                    (isinstance(leaf, np.ndarray) and issubclass(leaf.dtype.type, accepted))):
                kind = 'SymbolicTensor' if isinstance(leaf, Tensor) else type(leaf).__name__
                return TypeError("Expected %s, but got %s of type '%s'." % (dtypes.display_name(dtype), leaf, kind))
    try:
        np.array(value, dtype=dtype)
    except (TypeError, ValueError) as error:       # numpy's own words: a dict as float, a ragged list
        return type(error)(str(error))
    return TypeError(_FAILED % (value,))
