"""``tf.quantization.quantize_and_dequantize_v2`` and the deprecated ``quantize_and_dequantize``.

TensorFlow's QuantizeAndDequantize kernels: the range (given, or the input's min and max, per slice
along ``axis``) is widened on one side so that one scale maps it onto the signed or unsigned
``num_bits`` integers; the input (clamped only when the range is given) is scaled, rounded
(half to even or half up) and scaled back, in the input's dtype. v2's gradient passes where the
input lies in [input_min, input_max] (zeros for the bounds); v1's passes everywhere.
"""
import numpy as np

from .. import backend
from ..deprecation import deprecated
from ..errors import InvalidArgumentError, kernel_error
from ..ops.graph_input_errors import allowed_list_refusal
from ..ops.operands import as_tensor
from ..ops.selection import where
from ..ops.creation import zeros_like
from ..tape import ACTIVE, record
from ..tensor import Tensor, convert_to_tensor

_KERNEL = 'QuantizeAndDequantizeV4'


def _levels(signed_input, num_bits, narrow_range):
    if signed_input:
        return -(1 << (num_bits - 1)) + (1 if narrow_range else 0), (1 << (num_bits - 1)) - 1
    return 0, (1 << num_bits) - 1


def _quantize(x, lo, hi, signed_input, num_bits, range_given, round_mode, narrow_range):
    dtype = x.dtype.type
    min_q, max_q = (dtype(v) for v in _levels(signed_input, num_bits, narrow_range))
    huge = np.finfo(x.dtype).max
    with np.errstate(all='ignore'):
        from_min = np.where(min_q * lo > 0, min_q / lo, huge).astype(x.dtype)
        from_max = np.where(max_q * hi > 0, max_q / hi, huge).astype(x.dtype)
        use_min = from_min < from_max
        scale = np.where(use_min, from_min, from_max)
        inverse = np.where(use_min, lo / min_q, hi / max_q).astype(x.dtype)
        if range_given:         # TF clamps to the widened range only when the range was given
            lo = np.where(use_min, lo, min_q * inverse).astype(x.dtype)
            hi = np.where(use_min, max_q * inverse, hi).astype(x.dtype)
            x = np.maximum(np.minimum(x, hi), lo)
        scaled = (x * scale).astype(x.dtype)
        rounded = np.rint(scaled) if round_mode == 'HALF_TO_EVEN' else np.floor(scaled + dtype(0.5))
        return (rounded * inverse).astype(x.dtype)


def _refuse_dtype(x, input_min, input_max):
    """The op's refusal of a non-float input: in a trace op_def_library's TypeError naming 'input'; eagerly TF
    first converts Python bounds to the input's dtype ('Cannot convert 0.0 to EagerTensor of dtype int32'),
    then the kernel registry refuses T (tensor bounds reach it even where they are floats)."""
    error = allowed_list_refusal(InvalidArgumentError(
        "Value for attr 'T' of %s is not in the list of allowed values: bfloat16, half, float, double\n\t; "
        'NodeDef: {{node %s}}; Op<name=%s; signature=input:T, input_min:T, input_max:T -> output:T; '
        'attr=signed_input:bool,default=true; attr=num_bits:int,default=8; attr=range_given:bool,default=false; '
        'attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE]; attr=round_mode:string,'
        'default="HALF_TO_EVEN",allowed=["HALF_TO_EVEN", "HALF_UP"]; attr=narrow_range:bool,default=false; '
        'attr=axis:int,default=-1> [Op:%s] name: ' % (x.dtype.name, _KERNEL, _KERNEL, _KERNEL)),
        'T', x.dtype.name, ('bfloat16', 'float16', 'float32', 'float64'), 'input:T, input_min:T, input_max:T')
    if isinstance(error, InvalidArgumentError):        # (eager)
        for bound in (input_min, input_max):
            if not isinstance(bound, Tensor):
                convert_to_tensor(bound, dtype=x.dtype.name)
    raise error


def _compute(input, input_min, input_max, signed_input, num_bits, range_given, round_mode, narrow_range, axis):  # noqa: A002
    x = as_tensor(input, 'quantization.quantize_and_dequantize_v2')
    if x.dtype.name not in ('float16', 'bfloat16', 'float32', 'float64'):
        _refuse_dtype(x, input_min, input_max)
    if round_mode not in ('HALF_TO_EVEN', 'HALF_UP'):
        raise InvalidArgumentError('Value for attr \'round_mode\' of "%s" is not in the list of allowed values: '
                                   '"HALF_TO_EVEN", "HALF_UP"\n\t; NodeDef: {{node %s}}' % (round_mode, _KERNEL))
    if not 0 < num_bits < (62 if signed_input else 63):
        raise kernel_error(_KERNEL, 'num_bits is out of range: %d with signed_input_ %d'
                           % (num_bits, bool(signed_input)), named=True)
    lo_t = convert_to_tensor(input_min, dtype=x.dtype.name)
    hi_t = convert_to_tensor(input_max, dtype=x.dtype.name)
    array = backend.to_host(x._data)
    rank = array.ndim
    if axis is None:
        axis = -1
    elif axis < 0:
        axis %= rank
    if axis >= rank:
        raise kernel_error(_KERNEL, 'Shape must be at least rank %d but is rank %d' % (axis + 1, rank))
    if (lo_t.ndim != 0 if axis == -1 else range_given):     # TF 2.21's kernel: a given range must be scalars
        raise kernel_error(_KERNEL, 'input_min must be a scalar.')
    if range_given:
        lo, hi = backend.to_host(lo_t._data), backend.to_host(hi_t._data)
        if lo > hi:
            raise kernel_error(_KERNEL, 'Invalid range: input_min %g > input_max %g' % (lo, hi), named=True)
    elif axis == -1:
        lo, hi = (array.min(), array.max()) if array.size else (0, 0)
    else:
        others = tuple(a for a in range(rank) if a != axis)
        lo, hi = (np.expand_dims(f(array, axis=others), others) for f in (np.min, np.max))
    out = _quantize(array, np.asarray(lo, array.dtype), np.asarray(hi, array.dtype), signed_input, num_bits,
                    range_given, round_mode, narrow_range)
    return x, lo_t, hi_t, Tensor(backend.place(out))


def quantize_and_dequantize_v2(input, input_min, input_max, signed_input=True, num_bits=8, range_given=False,  # noqa: A002
                               round_mode='HALF_TO_EVEN', name=None, narrow_range=False, axis=None):
    """``input`` quantized to ``num_bits`` integers over its range and dequantized (see the module doc).

    Raises:
        InvalidArgumentError: a given range with input_min > input_max, num_bits out of range, a
            non-scalar range, a round_mode other than 'HALF_TO_EVEN' / 'HALF_UP', or an integer input.
    """
    x, lo, hi, out = _compute(input, input_min, input_max, signed_input, num_bits, range_given, round_mode,
                              narrow_range, axis)
    if ACTIVE:
        record(_KERNEL, (x, lo, hi), out, (lambda g, y, x, lo, hi: where((x >= lo) & (x <= hi), g, 0),
                                           lambda g, y, x, lo, hi: zeros_like(lo),
                                           lambda g, y, x, lo, hi: zeros_like(hi)))
    return out


@deprecated('quantize_and_dequantize', 'tensorflow.python.ops.array_ops',
            'This Op has been deprecated, use`quantize_and_dequantize_v2` instead. To To simulate the V1 the behavior '
            'of tf.quantization.quantize_and_dequantize(...) use '
            'tf.grad_pass_through(tf.quantization.quantize_and_dequantize_v2)(...).')
def quantize_and_dequantize(input, input_min, input_max, signed_input=True, num_bits=8, range_given=False,  # noqa: A002
                            round_mode='HALF_TO_EVEN', name=None, narrow_range=False, axis=None):
    """As ``quantize_and_dequantize_v2``, with the gradient passed straight through to ``input``."""
    x, lo, hi, out = _compute(input, input_min, input_max, signed_input, num_bits, range_given, round_mode,
                              narrow_range, axis)
    if ACTIVE:
        record('QuantizeAndDequantizeV2', (x, lo, hi), out, (lambda g, y, x, lo, hi: g, None, None))
    return out
