"""predict's outputs as Keras 3 hands them back: its batches' values joined, each a numpy array.

Keras 3 (TF backend) joins one output's batch values with ``potentially_ragged_concat`` and turns
each result into numpy unless it is ragged or sparse:

- one batch: its value as it is (a scalar tensor's ``.numpy()`` is a numpy scalar, np.float32(2.5));
- SparseTensors: ``tf.sparse.concat``; RaggedTensors: ``tf.concat``;
- dense values whose non-batch shapes agree: concatenated, or stacked when they are scalars (a
  predict_step returning ``tf.reduce_sum(x)`` gives one value per batch);
- dense values whose non-batch shapes differ (a sequence model predicting on ``padded_batch``
  batches of different lengths): a RaggedTensor, ragged on every axis up to the last one that
  varies, ``tf.ragged.constant([...], inner_shape=...).merge_dims(0, 1)``.

Its step runs in a tf.function, whose outputs are tensors: a Python number or string a
predict_step returns comes back as ``tf.constant`` makes it (2.5: float32, 3: int32).
tapeflow concatenated every output with numpy ('zero-dimensional arrays cannot be concatenated',
'all the input array dimensions except for the concatenation axis must match exactly').
"""
import numbers

import numpy as np

from framework.backend import array_module, to_host
from framework.tensor import Tensor


def joined(parts):
    """One output's values over predict's batches (arrays, tensors, composites or Python scalars)
    joined as Keras 3's predict joins them (see the module's docstring)."""
    if len(parts) == 1:
        return as_numpy(parts[0])
    first = parts[0]
    if _composite(first):
        return _joined_composites(parts)
    arrays = [_array(part) for part in parts]
    if len({array.shape[1:] for array in arrays}) == 1:
        xp = array_module(arrays[0])
        together = xp.stack(arrays) if arrays[0].ndim == 0 else xp.concatenate(arrays, axis=0)
        return np.asarray(to_host(together))
    return _ragged(arrays)


def as_numpy(value):
    """One output's value as Keras 3's convert_to_np_if_not_ragged gives it: a RaggedTensor or
    SparseTensor as it is, anything else as ``tensor.numpy()`` (a numpy scalar for a scalar)."""
    if _composite(value):
        return value
    array = np.asarray(to_host(_array(value)))
    return array[()] if array.ndim == 0 else array


def _array(value):
    if isinstance(value, Tensor):
        return value._data
    if isinstance(value, (numbers.Number, str, bytes)) and not isinstance(value, np.generic):
        from framework import constant         # as TF's function returns it: tf.constant's dtype
        return constant(value)._data
    return value


def _composite(value):
    from framework.ragged import RaggedTensor
    from framework.sparse import SparseTensor
    return isinstance(value, (RaggedTensor, SparseTensor))


def _joined_composites(parts):
    from framework import concat, sparse
    from framework.sparse import SparseTensor
    if isinstance(parts[0], SparseTensor):
        return sparse.concat(axis=0, sp_inputs=list(parts))
    return concat(list(parts), axis=0)


def _ragged(arrays):
    from framework import ragged
    host = [np.asarray(to_host(array)) for array in arrays]
    shapes = np.array([array.shape[1:] for array in host])     # (a rank that differs fails here, as in TF)
    constant_axes = (shapes == shapes[:1]).all(axis=0).tolist()
    inner = constant_axes[::-1].index(False)      # the constant axes after the last that varies
    inner_shape = host[0].shape[-inner:] if inner else None
    return ragged.constant(host, inner_shape=inner_shape).merge_dims(0, 1)
