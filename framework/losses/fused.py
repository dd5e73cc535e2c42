"""Mean squared and absolute differences over the last axis, each as one recorded op.

``mean(square(y_true - y_pred), axis=-1)`` is three ops, three nodes and two
temporaries kept for the backward pass; MSE and MAE run on every training
step, so they are fused here. Forward and gradient are the composed ops'
float operations in the same order, so the bits are those of the three-op
form (tests/test_fused_losses.py checks both, and second derivatives).
"""
import numpy as np

from .. import backend
from ..errors import kernel_error
from ..ops import eigen_sum, sign
from ..ops.operands import binary, record
from ..ops.reductions import _spread, folded_constant, traced_reciprocal
from ..tape import ACTIVE
from ..tensor import Tensor


def mean_squared_difference(x, y):
    """reduce_mean(square(x - y), -1), one node."""
    return _fused(x, y, 'mean_squared_difference', _SquaredGrad)


def mean_absolute_difference(x, y):
    """reduce_mean(abs(x - y), -1), one node."""
    return _fused(x, y, 'mean_absolute_difference', _AbsoluteGrad)


def _fused(x, y, name, grad_class):
    x, y, dx, dy = binary(x, y, name)
    try:
        d = dx - dy
    except ValueError:
        raise ValueError('%s: shapes %s and %s do not broadcast together'
                         % (name, tuple(dx.shape), tuple(dy.shape))) from None
    if d.ndim == 0:     # TF 2.21's Mean kernel, asked for axis -1 of a scalar
        raise kernel_error('Mean', 'Invalid reduction dimension (-1 for input with 0 dimension(s)', named=True,
                           note='%s: expected inputs of rank >= 1 (a last axis to average), got scalars' % name)
    out = Tensor(last_axis_mean(grad_class.values(d)))
    if ACTIVE:
        count = d.shape[-1]
        rule = grad_class(d, count, traced_reciprocal(count, d.dtype) if count & (count - 1) else None)
        record(name, (x, y), out, (rule, _ForY(rule)))
    return out


def last_axis_mean(values):
    """The mean over the last axis of a raw array, as reduce_mean divides (exact count below 2**24)."""
    count = values.shape[-1]
    if count == 1:      # one value per sample (a regression's (N, 1) output): its mean is itself
        return values.reshape(values.shape[:-1])
    total = eigen_sum.sum_last_axis(values)     # reduce_mean's sum: TensorFlow's order
    return total / count if count < 2 ** 24 else (total / np.float64(count)).astype(total.dtype)


def difference_means_array(kind, x, y):
    """The fused ops' forward on raw arrays of one shape and dtype ('squared' or 'absolute'):
    what a metric accumulates, with no tensor made on the way."""
    d = x - y
    values = (_SquaredGrad if kind == 'squared' else _AbsoluteGrad).values(d)
    if values.dtype.itemsize == 2:      # half precision: Keras's ops.mean averages in float32, rounds once
        return last_axis_mean(values.astype(np.float32)).astype(values.dtype)
    return last_axis_mean(values)


class _Grad:
    """The gradient for x; ``_ForY`` negates it for y. On raw arrays both share
    the elementwise part, computed once per backward step."""
    __slots__ = ('d', 'count', 'scale', '_last')

    def __init__(self, d, count, scale=None):
        # scale: 1 / count where a static trace's Mean gradient multiplies by it (reductions.traced_reciprocal)
        self.d, self.count, self.scale, self._last = d, count, scale, None

    def __call__(self, g, out, x, y):
        # On tensors (an outer tape records this): recompute the difference with ops.
        return self.tensor_rule(g, x - y)

    def tensor_rule(self, g, d):
        spread = _spread(g / self.count if self.scale is None else g * self.scale, d, (d.ndim - 1,), False)
        return spread * self.derivative(d)

    def array_rule(self, g, out, x, y):
        return self._shared(g)

    def _shared(self, g):
        last = self._last
        if last is not None and last[0] is g:
            return last[1]
        key = g
        d = self.d
        # g / count spread over the last axis by broadcasting in the product: the same
        # products as with the spread array materialised first, one copy fewer
        # (x / 1 is x to the bit, NaN and -0.0 included: a count of one, an output of one column, skips it)
        value = (g if self.count == 1 else g / self.count if self.scale is None or folded_constant(g)
                 else g * self.scale).reshape(d.shape[:-1] + (1,)) * self.array_derivative(d)
        self._last = (key, value)
        return value


class _SquaredGrad(_Grad):
    __slots__ = ()

    @staticmethod
    def values(d):
        return d * d

    def derivative(self, d):
        return 2 * d            # operators only: the same on tensors and arrays

    array_derivative = derivative


class _AbsoluteGrad(_Grad):
    __slots__ = ()

    @staticmethod
    def values(d):
        return backend.array_module(d).abs(d)

    def derivative(self, d):
        return sign(d)

    def array_derivative(self, d):
        return backend.array_module(d).sign(d)


class _ForY:
    __slots__ = ('rule',)

    def __init__(self, rule):
        self.rule = rule

    def __call__(self, g, out, x, y):
        return -self.rule.tensor_rule(g, x - y)

    def array_rule(self, g, out, x, y):
        return -self.rule._shared(g)
