"""``keras.ops.image.map_coordinates``: values of an N-D array at fractional coordinates,
by nearest (order 0) or N-linear (order 1) interpolation, as Keras 3's TensorFlow backend.

The neighbours' indices are worked out on the host; the values are one
gather of the input and the weights come from the coordinates with tapeflow's
ops, so gradients reach both the input and the coordinates.
"""
import itertools

import numpy as np

from framework import backend
from framework import ops as _ops
from framework.ops.operands import named_errors
from .ops_arrays import convert_to_tensor       # (Keras 3 backend's: ints and bools cast after a plain conversion)
from .ops_dtypes import floating, tensor

_FILL_MODES = ('constant', 'nearest', 'wrap', 'mirror', 'reflect')


def _fix(index, size, fill_mode):
    """(index inside [0, size), valid) for integer ``index`` under ``fill_mode`` (Keras 3's rules)."""
    if fill_mode == 'constant':
        return np.clip(index, 0, size - 1), (index >= 0) & (index < size)
    if fill_mode == 'nearest':
        return np.clip(index, 0, size - 1), None
    if fill_mode == 'wrap':
        return np.mod(index, size), None
    if fill_mode == 'mirror':
        # (c d c b | a b c d | c b a b): a triangle wave of half-period size - 1 (JAX's rule, which
        # Keras documents; its TensorFlow backend indexes past the edge here).
        span = max(size - 1, 1)
        return np.abs(np.mod(index + span, 2 * span) - span) if size > 1 else np.zeros_like(index), None
    folded = np.mod(np.abs(index), 2 * size)
    under = folded < size
    fixed = np.where(under, folded, 2 * size - folded)
    return np.where(under, fixed, fixed - 1), None      # reflect, as Keras 3 on TensorFlow computes it


@named_errors('keras.ops.image.map_coordinates')
def map_coordinates(inputs, coordinates, order, fill_mode='constant', fill_value=0.0):
    """``inputs`` sampled at ``coordinates`` (one row of coordinates per input axis, each of the
    output's shape); outside the array: ``fill_value`` ('constant'), the edge ('nearest'), the
    array repeated ('wrap') or mirrored ('mirror', 'reflect'). Integer inputs are rounded back."""
    x = tensor(inputs, 'image.map_coordinates')
    c = floating(coordinates, 'image.map_coordinates')
    if c.ndim < 2 or c.shape[0] != x.ndim:
        raise ValueError('keras.ops.image.map_coordinates: coordinates must be (rank of inputs = %d, ...) with rank '
                         '>= 2, got shape %s' % (x.ndim, tuple(c.shape)))
    if fill_mode not in _FILL_MODES:
        raise ValueError('keras.ops.image.map_coordinates: fill_mode must be one of %s, got %r'
                         % (_FILL_MODES, fill_mode))
    if order not in (0, 1):
        raise ValueError('keras.ops.image.map_coordinates: order must be 0 (nearest) or 1 (linear), got %r' % (order,))
    # Keras 3 converts fill_value in the input's dtype whatever the fill_mode (TF 2.21's conversion errors for None,
    # a string, 0.5 beside integer inputs), then casts it to the coordinates' dtype where it fills
    fill = convert_to_tensor(fill_value, dtype=x.dtype)
    values = x if x._data.dtype.kind == 'f' else _ops.cast(x, c.dtype)
    host = np.asarray(backend.to_host(c._data))
    per_axis = []
    for axis, size in enumerate(x.shape):
        row = c[axis]
        if order == 0:
            # tf.round: half to even
            per_axis.append([(np.round(host[axis]).astype(np.int64), None)])
        else:
            low = np.floor(host[axis])
            upper = row - _ops.constant(low.astype(host.dtype))
            per_axis.append([(low.astype(np.int64), 1.0 - upper), (low.astype(np.int64) + 1, upper)])
    total = None
    for corner in itertools.product(*per_axis):
        fixed = [_fix(index, size, fill_mode) for (index, _), size in zip(corner, x.shape)]
        gathered = _ops.cast(_ops.getitem(values, tuple(f[0] for f in fixed)), c.dtype)
        if fill_mode == 'constant':
            valid = np.logical_and.reduce([f[1] for f in fixed])
            gathered = _ops.where(_ops.constant(valid), gathered, _ops.cast(fill, c.dtype))
        # Keras multiplies the axes' weights together first, then the value: another rounding
        # than weighing the value axis by axis
        weight = None
        for w in (w for _, w in corner if w is not None):
            weight = w if weight is None else weight * w
        term = gathered if weight is None else weight * gathered
        total = term if total is None else total + term
    if x._data.dtype.kind != 'f':
        total = _ops.round(total)
    return _ops.cast(total, x.dtype) if total._data.dtype != x._data.dtype else total
