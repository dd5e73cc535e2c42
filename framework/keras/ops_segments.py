"""``keras.ops`` segment reductions (sum, max, min, prod), as Keras 3 runs them on TensorFlow 2.21.

- Keras's own checks come first, in its words: ``segment_ids`` must be 1-D with one id per row of
  ``data`` (ValueErrors).
- ``sorted=True`` is ``tf.math.segment_*`` (ids must not decrease; ``num_segments`` may not be given).
- Otherwise ``tf.math.unsorted_segment_*`` with ``num_segments`` defaulting to the largest id + 1,
  except for the sum: Keras's TensorFlow backend counts the *distinct* ids (``tf.unique``), so ids
  with a gap ([0, 0, 2]) or a missing 0 ([1, 1]) are out of range there, as TF 2.21 raises.
An empty segment holds the reduction's identity (0, the dtype's lowest or largest value, 1).
"""
import numpy as np

from framework import backend
from framework import ops as _ops
from framework.errors import OpError

__all__ = ['segment_max', 'segment_min', 'segment_prod', 'segment_sum']

_SORTED = {'sum': _ops.segment_sum, 'max': _ops.segment_max, 'min': _ops.segment_min, 'prod': _ops.segment_prod}
_UNSORTED = {'sum': _ops.unsorted_segment_sum, 'max': _ops.unsorted_segment_max,
             'min': _ops.unsorted_segment_min, 'prod': _ops.unsorted_segment_prod}


def _check_shapes(data, segment_ids, op):
    """Keras 3's _segment_reduce_validation, in its words. Keras reads ``.shape`` of both, so a Python list
    or number is Python's AttributeError there ("'list' object has no attribute 'shape'"), and a scalar's
    ``shape[0]`` its IndexError ('tuple index out of range'); the op is named in a note."""
    data_shape, ids_shape = _shape(data, op, 'data'), _shape(segment_ids, op, 'segment_ids')
    if len(ids_shape) > 1:
        raise ValueError('Argument `segment_ids` should be an 1-D vector, got shape: %d. Consider either flatten '
                         'input with segment_ids.reshape((-1)) and data.reshape((-1, ) + '
                         'data.shape[len(segment_ids.shape):]) or vectorize with vmap.' % len(ids_shape))
    if not ids_shape or not data_shape:
        error = IndexError('tuple index out of range')     # Keras reads segment_ids.shape[0], then data.shape[0]
        error.add_note('keras.ops.%s: data must have rank >= 1 and segment_ids be a 1-D vector (one id per row of '
                       'data), got shapes %s and %s' % (op, data_shape, ids_shape))
        raise error
    if ids_shape[0] is not None and data_shape[0] is not None and ids_shape[0] != data_shape[0]:
        raise ValueError('Argument `segment_ids` and `data` should have same leading dimension. Got %s v.s. %s.'
                         % (ids_shape, data_shape))


def _shape(value, op, argument):
    shape = getattr(value, 'shape', None)
    if shape is None:
        error = AttributeError("'%s' object has no attribute 'shape'" % type(value).__name__)
        error.add_note('keras.ops.%s: %s must be a tensor or an array, got %s; pass np.array(...)'
                       % (op, argument, type(value).__name__))
        raise error
    return tuple(shape)


def _reduce(kind, data, segment_ids, num_segments, sorted):  # noqa: A002  (Keras 3's name)
    op = 'segment_' + kind
    _check_shapes(data, segment_ids, op)
    if sorted:
        if num_segments is not None:
            raise ValueError('Argument `num_segments` cannot be set when sorted is True when using the tensorflow '
                             'backend.Received: num_segments=%s, sorted=%s.' % (num_segments, sorted))
        return _kernel(_SORTED[kind], op, data, segment_ids)
    if num_segments is None:
        ids = np.asarray(backend.to_host(_ops.convert_to_tensor(segment_ids)._data))
        if kind == 'sum':
            num_segments = np.unique(ids).size
        else:       # tf.cast(tf.reduce_max(ids) + 1, tf.int32): no ids leave a negative count, TF's error
            num_segments = int(ids.max()) + 1 if ids.size else int(np.iinfo(np.int32).min) + 1
    return _kernel(_UNSORTED[kind], op, data, segment_ids, num_segments)


def _kernel(fn, op, *args):
    """``fn(*args)``; its kernel errors keep TensorFlow's words (Keras adds none), naming ``op`` in a note."""
    try:
        return fn(*args)
    except OpError as err:
        err.add_note('raised inside keras.ops.%s' % op)
        raise


def segment_sum(data, segment_ids, num_segments=None, sorted=False):  # noqa: A002
    """Row sums per segment id; ``num_segments`` defaults to the number of distinct ids (Keras on TF)."""
    return _reduce('sum', data, segment_ids, num_segments, sorted)


def segment_max(data, segment_ids, num_segments=None, sorted=False):  # noqa: A002
    """Row maxima per segment id (the dtype's lowest value for an empty segment)."""
    return _reduce('max', data, segment_ids, num_segments, sorted)


def segment_min(data, segment_ids, num_segments=None, sorted=False):  # noqa: A002
    """Row minima per segment id (the dtype's largest value for an empty segment)."""
    return _reduce('min', data, segment_ids, num_segments, sorted)


def segment_prod(data, segment_ids, num_segments=None, sorted=False):  # noqa: A002
    """Row products per segment id (1 for an empty segment), with TensorFlow's product gradient."""
    return _reduce('prod', data, segment_ids, num_segments, sorted)
