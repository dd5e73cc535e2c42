"""tf.math's zero-safe products and quotients (xlogy, xdivy, xlog1py, multiply_no_nan,
reciprocal_no_nan) and small helpers (rint, scalar_mul, accumulate_n).

The ``x*`` ops are 0 wherever x is 0, whatever y is: TensorFlow's Xlogy / Xdivy / Xlog1py
kernels, recorded with TensorFlow's gradient rules (see ``_x_op``); the others are composed so
that their gradients are TensorFlow's (``where`` picks a harmless value where x is 0).
"""
import numpy as np

from .. import backend, dtypes
from ..deprecation import deprecated
from ..errors import OpError, fast_path, kernel_error, noted
from ..given_op_name import given_name
from ..tensor import Tensor, convert_to_tensor
from .arithmetic import add_n, divide, multiply
from .logic import equal
from .missing_kernels import refuse_missing
from .graph_input_errors import eager_input_error, input_mismatch
from .operands import ACTIVE, as_float_tensor, as_tensor, named_errors, record
from .selection import where
from .unary import _apply, _log1p_value, _log_value, log, log1p
from ..tf_python_names import tf_named


def _pair(x, y, op):
    """Xlogy's, Xdivy's and Xlog1py's operands: their generated wrappers take the dtype of the first
    tensor among them, so a Python or numpy number beside a float64 tensor becomes float64."""
    if isinstance(y, Tensor) and not isinstance(x, Tensor):
        x = as_tensor(x, op, dtype=y.dtype)         # (1.5 beside an int64 tensor: a conversion error first)
        return x, as_float_tensor(y, op)
    x = as_float_tensor(x, op)
    if isinstance(y, Tensor) and y._data.dtype != x._data.dtype:
        # the kernel's input #1 check (TF 2.21: xdivy(float32, int32 tensor) is 'cannot compute Xdivy as input
        # #1(zero-based) was expected to be a float tensor but is a int32 tensor'; a graph's op_def_library TypeError)
        kernel = op.capitalize()
        raise noted(input_mismatch(eager_input_error(kernel, 1, x._data.dtype, y._data.dtype), kernel, 1,
                                   x._data.dtype, y._data.dtype),
                    '%s: both operands need one dtype, got %s and %s; cast one of them first'
                    % (op, x.dtype.name, y.dtype.name))
    return x, as_tensor(y, op, dtype=x.dtype)


@named_errors('xlogy', passes_name=True)
def xlogy(x, y, name=None):
    """``x * log(y)``, and 0 where x is 0 (even where y is 0)."""
    named = fast_path(x, y)
    x, y = _pair(x, y, 'xlogy')
    return _x_op('xlogy', x, y, lambda xp, a, b: a * _log_value(xp, b), _XLOGY_VJPS,
                 lambda: multiply(x, log(where(equal(x, 0), 1, y))), named)


@named_errors('xdivy')
def xdivy(x, y, name=None):
    """``x / y``, and 0 where x is 0 (even where y is 0)."""
    named = fast_path(x, y)
    x, y = _pair(x, y, 'xdivy')

    def composed():
        zero = equal(x, 0)
        safe = where(zero, 1, y)
        if x.dtype == dtypes.bfloat16 or x.dtype.is_complex:
            # Eigen's bfloat16 x / y: one float32 quotient rounded once, not x * (1 / y); complex: its
            # pdiv_complex quotient (eigen_complex_divide.py)
            return divide(x, safe)
        return multiply(x, where(zero, 0, divide(_one(safe), safe)))
    return _x_op('xdivy', x, y, lambda xp, a, b: a / b, _XDIVY_VJPS, composed, named)


@named_errors('xlog1py')
def xlog1py(x, y, name=None):
    """``x * log1p(y)``, and 0 where x is 0 (even where y is -1)."""
    named = fast_path(x, y)
    x, y = _pair(x, y, 'xlog1py')
    return _x_op('xlog1py', x, y, lambda xp, a, b: a * _log1p_value(xp, b), _XLOG1PY_VJPS,
                 lambda: multiply(x, log1p(where(equal(x, 0), 0, y))), named)


def _x_op(name, x, y, value, vjps, composed, named=True):
    """TensorFlow's Xlogy / Xdivy / Xlog1py kernel (cwise_ops.h): ``value`` where x is not 0; where it is,
    the packet code's select hands back x itself (-0 stays -0) and the scalar functor on the last
    size % packet values gives 0. Its gradient is TF's math_grad rule (``vjps``). Operands that do not
    broadcast are the kernel's error ('named': no Python list among the operands, so TF's fast path
    adds ' name: '); other backends' arrays take the composition of ops (``composed``)."""
    a, b = x._data, y._data
    xp = backend.array_module(a)
    try:
        shape = np.broadcast_shapes(a.shape, b.shape)
    except ValueError:
        raise kernel_error(name.capitalize(), 'Incompatible shapes: [%s] vs. [%s]' % (
            ','.join(map(str, a.shape)), ','.join(map(str, b.shape))), named=named,
            note='%s: shapes %s and %s do not broadcast together' % (name, a.shape, b.shape)) from None
    if xp is np and a.dtype.kind == 'c':
        return _complex_x_op(name, x, y, vjps, composed)
    bfloat16 = xp is np and a.dtype.name == 'bfloat16'
    if not bfloat16 and (xp is not np or a.dtype.kind != 'f'):
        return composed()
    if bfloat16:
        # Eigen's bfloat16 kernel rounds each step from float32, as the composition's ops do; its gradient is
        # still TF's rule (``vjps``), not the composition's
        from ..tape import paused
        with paused():
            full = composed()._data
    a, b = np.broadcast_to(a, shape), np.broadcast_to(b, shape)
    if not bfloat16:
        with np.errstate(all='ignore'):
            full = np.asarray(value(xp, a, b), a.dtype)
    flat = np.array(np.where(a == 0, a, full), a.dtype).reshape(-1)
    tail = flat.size % (4 if a.dtype == np.float64 else 8)
    if tail:
        flat[-tail:][a.reshape(-1)[-tail:] == 0] = 0
    out = Tensor(flat.reshape(shape))
    if ACTIVE:
        record(name, (x, y), out, vjps)
    return out


def _complex_x_op(name, x, y, vjps, composed):
    """A complex Xlogy / Xdivy / Xlog1py: the composition's values, recorded with TF's rules. TF's rules
    multiply g by the partial itself, not by its conjugate as its Mul / Log rules do, so they are
    handed to the tape pre-conjugated: its complex wrapping (complex_gradients) undoes that."""
    from ..complex_gradients import conjugated
    from ..tape import paused
    with paused():
        out = composed()
    if ACTIVE:
        record(name, (x, y), out, conjugated(vjps))
    return out


def _nonzero(x):
    from .shapes import cast
    from .logic import not_equal
    return cast(not_equal(x, 0), x.dtype)


# TF 2.21's math_grad rules: partial * grad, the partials written with the kernels themselves
_XLOGY_VJPS = (lambda g, out, x, y: xlogy(_nonzero(x), y) * g,
               lambda g, out, x, y: xdivy(x, y) * g)
_XDIVY_VJPS = (lambda g, out, x, y: xdivy(_nonzero(x), y) * g,
               lambda g, out, x, y: xdivy(-x, _pow(y, 2)) * g)
_XLOG1PY_VJPS = (lambda g, out, x, y: xlog1py(_nonzero(x), y) * g,
                 lambda g, out, x, y: xdivy(x, y + 1) * g)


def _pow(y, exponent):
    from .arithmetic import pow as power
    return power(y, exponent)


@named_errors('multiply_no_nan')
def multiply_no_nan(x, y, name=None):
    """``x * y``, and 0 where y is 0 even if x is NaN or infinite. The gradients are
    ``multiply_no_nan(g, y)`` and ``multiply_no_nan(x, g)``, as TensorFlow's."""
    # its Python wrapper converts x, then y to x's dtype ("y: Tensor conversion requested dtype ...")
    x = as_tensor(x, 'multiply_no_nan')
    y = x if y is x else convert_to_tensor(y, dtype=x.dtype, name='y')
    x = as_float_tensor(x, 'multiply_no_nan')
    a, b = x._data, y._data
    xp = backend.array_module(a)
    try:
        out = Tensor(xp.where(b == 0, xp.zeros((), a.dtype), a * b))
    except ValueError:
        raise kernel_error('MulNoNan', 'Incompatible shapes: [%s] vs. [%s]'
                           % (','.join(map(str, a.shape)), ','.join(map(str, b.shape))), named=True,
                           note='multiply_no_nan: shapes %s and %s do not broadcast together'
                                % (tuple(a.shape), tuple(b.shape))) from None
    if ACTIVE:
        # TF's MulNoNan rule multiplies by y and x themselves, for complex values too (Mul's conjugates):
        # pre-conjugated there, as the tape conjugates complex rules (complex_gradients)
        vjps = _MULTIPLY_NO_NAN_VJPS
        if a.dtype.kind == 'c':
            from ..complex_gradients import conjugated
            vjps = conjugated(vjps)
        record('multiply_no_nan', (x, y), out, vjps)
    return out


_MULTIPLY_NO_NAN_VJPS = (lambda g, out, x, y: multiply_no_nan(g, y), lambda g, out, x, y: multiply_no_nan(x, g))


@named_errors('reciprocal_no_nan')
def reciprocal_no_nan(x, name=None):
    """``1 / x``, and 0 where x is 0 (its gradient there is 0 too)."""
    t = as_tensor(x, 'reciprocal_no_nan')
    if t._data.dtype.kind in 'bOS':        # TF's constant(1, dtype=x.dtype) refuses bools and strings first
        raise noted(TypeError('Cannot convert 1 to EagerTensor of dtype %s' % t.dtype.name),
                    'reciprocal_no_nan: expected a floating-point tensor, got dtype %s' % t.dtype.name)
    x = as_float_tensor(t, 'reciprocal_no_nan')
    zero = equal(x, 0)
    safe = where(zero, 1, x)
    return where(zero, 0, divide(_one(safe), safe))


def _one(t):
    """A tensor 1 of ``t``'s dtype: a numerator a traced ``divide`` keeps as a division (TF's
    Xdivy / DivNoNan are not the ``1 / y`` that Grappler makes a Reciprocal, graph_rewrites.py)."""
    return Tensor(backend.array_module(t._data).ones((), t._data.dtype))


def rint(x, name=None):
    """The nearest integer, halves to the even one (2.5 -> 2, 3.5 -> 4); no gradient, as TensorFlow."""
    try:
        return _apply('rint', refuse_missing(as_float_tensor(x, 'rint'), 'Rint', 'rint'), lambda xp, a: xp.rint(a), None)
    except OpError as error:
        given_name(error, name)
        raise


@tf_named('scalar_mul_v2')
@named_errors('scalar_mul')
def scalar_mul(scalar, x, name=None):
    """``scalar * x`` for a scalar (a number or a 0-d tensor).

    Raises:
        ValueError: a scalar argument with a shape.
    """
    # TF reads x.dtype first (a list or a number has none: its AttributeError), then converts the
    # scalar to that dtype ("scalar: Tensor conversion requested dtype ...")
    try:
        dtype = x.dtype
    except AttributeError as error:
        error.add_note('scalar_mul: x must be a tensor or an array (its dtype is the one the scalar takes), '
                       'got %s' % type(x).__name__)
        raise
    s = convert_to_tensor(scalar, dtype=dtype, name='scalar')
    if s.ndim != 0:
        error = ValueError('The input scalar must be a 0-D value. Received shape %s.' % (tuple(s.shape),))
        error.add_note('scalar_mul: multiplies by a scalar only; use tf.multiply for element-wise products')
        raise error
    return multiply(s, as_tensor(x, 'scalar_mul'))


@deprecated('accumulate_n', 'tensorflow.python.ops.math_ops', 'Use `tf.math.add_n` Instead')
@named_errors('accumulate_n')
def accumulate_n(inputs, shape=None, tensor_dtype=None, name=None):
    """The sum of a list of tensors of one shape and dtype (``add_n``; shape and tensor_dtype,
    when given, are checked against the inputs).

    Raises:
        ValueError: an empty list, or inputs that differ from each other or from shape / tensor_dtype.
    """
    if not isinstance(inputs, (list, tuple)) or not inputs:
        error = ValueError('inputs must be a list of at least one Tensor with the same dtype and shape')
        error.add_note('accumulate_n: expected a non-empty list of tensors, got %r' % (inputs,))
        raise error
    first = as_tensor(inputs[0], 'accumulate_n')
    if shape is not None and tuple(first.shape) != tuple(shape):
        raise ValueError('accumulate_n: shape %s does not match the inputs\' shape %s'
                         % (tuple(shape), tuple(first.shape)))
    if tensor_dtype is not None and first.dtype != tensor_dtype:
        raise ValueError('accumulate_n: tensor_dtype %s does not match the inputs\' dtype %s'
                         % (tensor_dtype, first.dtype.name))
    return add_n(inputs)
