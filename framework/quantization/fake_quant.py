"""``tf.quantization.fake_quant_with_min_max_args`` / ``_vars`` / ``_vars_per_channel`` and their gradients.

TensorFlow's FakeQuant kernels in float32, step for step: the range [min, max] is nudged so that
zero is exactly representable, the input clamped to the nudged range, then rounded to one of
``2**num_bits`` levels (``narrow_range`` drops the lowest). The gradient is straight-through inside
the nudged range; ``min`` / ``max`` tensors collect the gradient of the inputs below / above it.
"""
import numpy as np

from .. import backend
from ..errors import kernel_error
from ..io.example_text import float32_text
from ..ops.graph_input_errors import fixed_type_mismatch
from ..ops.operands import as_tensor
from ..ops.reductions import reduce_sum
from ..ops.selection import where
from ..tape import ACTIVE, record
from ..tensor import Tensor, convert_to_tensor

_F = np.float32


def _std_round(x):
    # std::round: halves away from zero (exact in float64 for float32 values)
    x = np.asarray(x, np.float64)
    return np.where(x >= 0, np.floor(x + 0.5), -np.floor(-x + 0.5))


def nudge(minimum, maximum, num_bits, narrow_range):
    """(nudged_min, nudged_max, scale, inverse scale) as TensorFlow's Nudge computes them in float32."""
    quant_min, quant_max = _F(1 if narrow_range else 0), _F((1 << num_bits) - 1)
    minimum, maximum = np.asarray(minimum, _F), np.asarray(maximum, _F)
    with np.errstate(all='ignore'):
        scale = (maximum - minimum) / (quant_max - quant_min)
        inverse = (quant_max - quant_min) / (maximum - minimum)
        zero_point = quant_min - minimum / scale
        nudged = np.where(zero_point < quant_min, quant_min, np.where(zero_point > quant_max, quant_max,
                                                                       _std_round(zero_point))).astype(_F)
        return (quant_min - nudged) * scale, (quant_max - nudged) * scale, scale, inverse


def _quantize(x, nudged_min, nudged_max, scale, inverse):
    with np.errstate(all='ignore'):
        # TensorFlow's functor counts levels from the zero point, so the zero level gives exactly 0
        quant_zero = np.floor(-nudged_min * inverse + _F(0.5)).astype(_F)
        clamped = np.maximum(np.minimum(x, nudged_max), nudged_min)       # Eigen's cwiseMin, then cwiseMax
        shifted = ((clamped - nudged_min).astype(_F) * inverse).astype(_F)
        return (np.floor((shifted - quant_zero).astype(_F) + _F(0.5)) * scale).astype(_F)


def _float_input(x, op, argument='inputs'):
    """``x`` as the float32 input ``argument`` of the kernel ``op``: a tensor of another dtype is the conversion's
    ValueError eagerly, op_def_library's TypeError in a trace ("Input 'inputs' of 'FakeQuantWithMinMaxArgs' Op has
    type float64 that does not match expected type of float32.", TF 2.21)."""
    if isinstance(x, Tensor) and x.dtype.name == 'float32':
        return x
    try:
        return convert_to_tensor(x, dtype='float32')
    except ValueError as error:
        if not isinstance(x, Tensor):
            raise
        raise fixed_type_mismatch(error, op, argument, 'float32', x.dtype.name) from None


def _check_bits(num_bits, kernel):
    if not 2 <= num_bits <= 16:
        raise kernel_error(kernel, 'num_bits must be between 2 and 16, inclusive')


def _bounds(value, kernel, name, rank, size=None):
    t = _float_input(as_tensor(value, 'quantization.fake_quant'), kernel, name)
    array = np.asarray(backend.to_host(t._data), _F)
    if array.ndim != rank:
        raise kernel_error(kernel, '`%s` must be rank %d but is rank %d' % (name, rank, array.ndim))
    if size is not None and array.shape[0] != size:
        raise kernel_error(kernel, '%s has incorrect size, expected %d was %d' % (name, size, array.shape[0]))
    return t, array


def fake_quant_with_min_max_args(inputs, min=-6, max=6, num_bits=8, narrow_range=False, name=None):  # noqa: A002
    """``inputs`` (float32) fake-quantized to ``num_bits`` levels over the nudged [min, max].

    Raises:
        InvalidArgumentError: ``min >= max`` or ``num_bits`` outside [2, 16].
    """
    kernel = 'FakeQuantWithMinMaxArgs'
    _check_bits(num_bits, kernel)
    if not min < max:
        raise kernel_error(kernel, 'min has to be smaller than max, was: %s >= %s'
                           % (float32_text(min), float32_text(max)), named=True)
    x = _float_input(as_tensor(inputs, 'quantization.fake_quant_with_min_max_args'), kernel)
    lo, hi, scale, inverse = nudge(min, max, num_bits, narrow_range)
    out = Tensor(backend.place(_quantize(backend.to_host(x._data), lo, hi, scale, inverse)))
    if ACTIVE:
        record(kernel, (x,), out, (lambda g, y, x: where((x >= float(lo)) & (x <= float(hi)), g, 0.0),))
    return out


def _vars(inputs, min, max, num_bits, narrow_range, kernel, per_channel):  # noqa: A002
    _check_bits(num_bits, kernel)
    x = _float_input(as_tensor(inputs, 'quantization.' + kernel), kernel)
    channels = x.shape[-1] if per_channel else None
    lo_t, lo = _bounds(min, kernel, 'min', 1 if per_channel else 0, channels)
    hi_t, hi = _bounds(max, kernel, 'max', 1 if per_channel else 0, channels)
    nudged_min, nudged_max, scale, inverse = nudge(lo, hi, num_bits, narrow_range)
    out = Tensor(backend.place(_quantize(backend.to_host(x._data), nudged_min, nudged_max, scale, inverse)))
    return x, lo_t, hi_t, Tensor(nudged_min), Tensor(nudged_max), out


def _vars_vjps(nudged_min, nudged_max, axes):
    inside = lambda x: (x >= nudged_min) & (x <= nudged_max)      # noqa: E731
    return (lambda g, y, x, lo, hi: where(inside(x), g, 0.0),
            lambda g, y, x, lo, hi: reduce_sum(where(x < nudged_min, g, 0.0), axis=axes),
            lambda g, y, x, lo, hi: reduce_sum(where(x > nudged_max, g, 0.0), axis=axes))


def fake_quant_with_min_max_vars(inputs, min, max, num_bits=8, narrow_range=False, name=None):  # noqa: A002
    """``inputs`` fake-quantized over the nudged [min, max] given as float32 scalar tensors (trainable).

    Raises:
        InvalidArgumentError: ``min`` / ``max`` not scalars, or ``num_bits`` outside [2, 16].
    """
    kernel = 'FakeQuantWithMinMaxVars'
    x, lo, hi, nudged_min, nudged_max, out = _vars(inputs, min, max, num_bits, narrow_range, kernel, False)
    if ACTIVE:
        record(kernel, (x, lo, hi), out, _vars_vjps(nudged_min, nudged_max, None))
    return out


def fake_quant_with_min_max_vars_per_channel(inputs, min, max, num_bits=8, narrow_range=False,  # noqa: A002
                                             name=None):
    """``inputs`` fake-quantized per last-axis channel over [min[c], max[c]] (float32 vectors).

    Raises:
        InvalidArgumentError: ``min`` / ``max`` not vectors of the channel count, or ``num_bits`` outside [2, 16].
    """
    kernel = 'FakeQuantWithMinMaxVarsPerChannel'
    x, lo, hi, nudged_min, nudged_max, out = _vars(inputs, min, max, num_bits, narrow_range, kernel, True)
    if ACTIVE:
        record(kernel, (x, lo, hi), out, _vars_vjps(nudged_min, nudged_max, list(range(x.ndim - 1))))
    return out


def fake_quant_with_min_max_args_gradient(gradients, inputs, min=-6, max=6, num_bits=8,  # noqa: A002
                                          narrow_range=False, name=None):
    """The gradient of ``fake_quant_with_min_max_args``: ``gradients`` where ``inputs`` lie in the nudged range."""
    kernel = 'FakeQuantWithMinMaxArgsGradient'
    _check_bits(num_bits, kernel)
    g = _float_input(as_tensor(gradients, 'quantization.fake_quant_with_min_max_args_gradient'), kernel,
                     'gradients')       # (the OpDef's first input)
    x = _float_input(as_tensor(inputs, 'quantization.fake_quant_with_min_max_args_gradient'), kernel)
    lo, hi, _, _ = nudge(min, max, num_bits, narrow_range)
    return where((x >= float(lo)) & (x <= float(hi)), g, 0.0)


def _vars_gradient(gradients, inputs, min, max, num_bits, narrow_range, kernel, per_channel):  # noqa: A002
    g = _float_input(as_tensor(gradients, 'quantization.' + kernel), kernel, 'gradients')     # (the OpDef's first)
    x, lo, hi, nudged_min, nudged_max, _ = _vars(inputs, min, max, num_bits, narrow_range, kernel, per_channel)
    vjps = _vars_vjps(nudged_min, nudged_max, list(range(x.ndim - 1)) if per_channel else None)
    return tuple(vjp(g, None, x, lo, hi) for vjp in vjps)


def fake_quant_with_min_max_vars_gradient(gradients, inputs, min, max, num_bits=8, narrow_range=False,  # noqa: A002
                                          name=None):
    """(gradient for inputs, for min, for max) of ``fake_quant_with_min_max_vars``."""
    return _vars_gradient(gradients, inputs, min, max, num_bits, narrow_range, 'FakeQuantWithMinMaxVarsGradient',
                          False)


def fake_quant_with_min_max_vars_per_channel_gradient(gradients, inputs, min, max, num_bits=8,  # noqa: A002
                                                      narrow_range=False, name=None):
    """(gradient for inputs, for min, for max) of ``fake_quant_with_min_max_vars_per_channel``."""
    return _vars_gradient(gradients, inputs, min, max, num_bits, narrow_range,
                          'FakeQuantWithMinMaxVarsPerChannelGradient', True)
