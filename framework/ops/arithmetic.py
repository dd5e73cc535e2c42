"""Binary arithmetic and its gradients.

Each op computes its value and, only while a tape is recording, registers
one vector-Jacobian product per input. Broadcasting is undone once, in the
tape's sweep (``sum_to``), not here. The ops spell out the same few steps
each (convert, compute, name a broadcast error, record) instead of sharing a
helper: these are the hottest calls in the framework, and one Python call
less per op is about a tenth of their cost.
"""
import math
import operator

import numpy as np

from ..composite import dispatch, has_composite, map_elementwise
from ..errors import InvalidArgumentError, OpError, kernel_error, noted, without_name_tail
from ..given_op_name import given_name
from ..keras_operands import is_keras_variable, python_slow_operands as _slow_path, slow_operands
from .. import keras_variable_operators
from .. import backend, graph_random_ops
from ..backend import array_module_of
from ..tensor import Tensor, convert_to_tensor
from ..tape import array_rule, pass_gradient
from ..complex_gradients import in_tf_form
from . import (constant_push_down, eigen_math, eigen_pow, eigen_pow64, float_kernels, graph_rewrites, missing_kernels,
               product_push_down, softmax_grad_push_down)
from . import eigen_complex_divide, eigen_complex_product
from .fusable_outputs import AFFINE_PARTS
from .dense_constant_push_down import pushed_value as dense_pushed_value
from .fused_residual_add import fused_residual_value
from .graph_input_errors import eager_input_error, list_mismatch
from .operands import ACTIVE, as_numeric_tensor, as_tensor, binary, named_errors, record
from .selection import where
from .shape_reads import connected_only_through
from .shapes import cast, identity
from .signed_zero_ties import ties_as_tensorflow
from .unary import _reciprocal_value, expm1, log, rsqrt, rsqrt_array
from ..tf_python_names import tf_named

_REWRITES = graph_rewrites.GATE      # grappler's rewrites (graph_rewrites.py): one list read per op when eager
_NUMBERS = (float, int, np.float32, np.float64)   # a divisor that is a Const in TF's graph
_DATA, _SHAPE, _DTYPE = map(operator.attrgetter, ('_data', 'shape', 'dtype'))     # for map()


def add(x, y, name=None):
    """x + y, elementwise with broadcasting; string tensors concatenate, as in TensorFlow."""
    traced = _REWRITES[0] and graph_rewrites.tracing()      # (one list read when eager)
    if traced:
        pushed = constant_push_down.pushed_down('add', x, y)
        if pushed is not None:                          # a traced (v + t) + C is v + (C + t) (constant_push_down.py)
            return pushed
        # a traced Dense output plus numpy data: TF's regrouped sum (dense_constant_push_down.py)
        regrouped = dense_pushed_value('add', x, y) if AFFINE_PARTS else None
    try:
        x, y, dx, dy = binary(x, y, 'add')
    except TypeError:
        if has_composite(x, y):
            return dispatch('add', x, y)
        if _is_string(x) and _is_string(y):
            from ..strings import join
            return join([x, y])
        raise
    fused = (fused_residual_value(x, y) if regrouped is None else regrouped) if traced and AFFINE_PARTS else None
    try:
        # (a Dense output's residual sum in a static trace: TF's fused kernel's value, the add's gradients)
        out = Tensor(dx + dy if fused is None else fused)
    except ValueError:
        raise _broadcast_error('add', dx, dy) from None
    if ACTIVE:
        record('add', (x, y), out, _ADD_VJPS)
    if traced:
        graph_rewrites.note_add(x, y, dx, dy, out)      # a traced log(1 + x) is log1p(x) (graph_rewrites.py)
        constant_push_down.note_add(x, y, out)          # a traced (v + t) - C is v + (t - C) (constant_push_down.py)
    return out


def _is_string(v):
    return isinstance(v, (str, bytes)) or (isinstance(v, Tensor) and v._data.dtype.kind in 'OSU')


def subtract(x, y, name=None):
    """x - y, elementwise with broadcasting."""
    try:
        traced = _REWRITES[0] and graph_rewrites.tracing()      # (one list read when eager)
        if traced:
            pushed = constant_push_down.pushed_down('subtract', x, y)
            if pushed is not None:                          # a traced (v + t) - C is v + (t - C) (constant_push_down.py)
                return pushed
            # a traced Dense output minus numpy data: TF's regrouped difference (dense_constant_push_down.py)
            regrouped = dense_pushed_value('subtract', x, y) if AFFINE_PARTS else None
        try:
            xt, yt, dx, dy = binary(x, y, 'subtract')
        except TypeError:      # a RaggedTensor or SparseTensor operand (framework/composite.py); else re-raised
            return dispatch('subtract', x, y)
        if traced and graph_rewrites.is_one(dy):
            exponent = graph_rewrites.exp_operand(xt)
            if exponent is not None:                       # a traced exp(x) - 1 is expm1(x) (graph_rewrites.py)
                return expm1(exponent)
        try:
            out = Tensor(dx - dy if not traced or regrouped is None else regrouped)
        except ValueError:
            raise _broadcast_error('subtract', dx, dy, x, y) from None
        if ACTIVE:
            record('subtract', (xt, yt), out, _SUBTRACT_VJPS)
        return out
    except OpError as error:
        given_name(error, name)
        raise


def multiply(x, y, name=None):
    """x * y, elementwise with broadcasting."""
    try:
        regrouped = product_push_down.regrouped(x, y) if _REWRITES[0] else None     # (one list read when eager)
        try:
            xt, yt, dx, dy = binary(x, y, 'multiply')
        except TypeError:      # a RaggedTensor or SparseTensor operand (framework/composite.py); else re-raised
            return dispatch('multiply', x, y)
        try:
            value = dx * dy if regrouped is None else regrouped[0]     # a traced (t * v) * C is t * (C * v)
        except ValueError:
            raise _broadcast_error('multiply', dx, dy, x, y) from None
        if value.dtype.kind == 'c' and eigen_complex_product.handles(value):
            return _complex_product(xt, yt, eigen_complex_product.product(dx, dy, value))
        out = Tensor(value)
        if ACTIVE:
            if regrouped is not None and regrouped[1] is not None:     # (the gradient's regrouped chain)
                record('multiply', regrouped[1], out, regrouped[2])
            else:
                record('multiply', (xt, yt), out, _MULTIPLY_VJPS)
        if _REWRITES[0]:
            product_push_down.note_product(xt, yt, out)
        return out
    except OpError as error:
        given_name(error, name)
        raise


def _complex_product(x, y, value):
    """A complex product in Eigen's rounding (numpy fuses a multiply-add), recorded with rules that multiply
    the same way on arrays."""
    out = Tensor(value)
    if ACTIVE:
        record('multiply', (x, y), out, _COMPLEX_MULTIPLY_VJPS)
    return out


def _folded_quotient(x, c):
    """A traced ``x / C`` as grappler's ``x * (1 / C)``: multiply's value and rules, but for x's gradient
    after a softmax, which ConstantPushDown regroups (softmax_grad_push_down.py)."""
    regrouped = product_push_down.regrouped(x, c)        # (t * v) / C is t * ((1 / C) * v)
    x, c, dx, dc = binary(x, c, 'multiply')
    out = Tensor(dx * dc if regrouped is None else regrouped[0])
    if ACTIVE:
        if regrouped is not None and regrouped[1] is not None:
            record('multiply', regrouped[1], out, regrouped[2])
        else:
            record('multiply', (x, c), out, _FOLDED_QUOTIENT_VJPS)
    product_push_down.note_product(x, c, out)
    return out


def bool_product(x, y, reflected=False):
    """``x * y`` where an operand is a bool tensor, as TF 2.21's ``*`` operator computes it (``tf.multiply``
    itself refuses bools): both operands cast to int32, multiplied, the product cast to bool. For two
    bool tensors that is a logical and; a number or float tensor counts by its int32 value (``a * 0.5``
    is all False). ``reflected``: ``x * a`` with ``x`` no tensor, which TF first converts to the bool
    tensor's dtype, so ``2 * a`` fails where ``a * 2`` does not."""
    if reflected:
        x = convert_to_tensor(x, dtype=y.dtype)
    return cast(multiply(cast(x, 'int32'), cast(y, 'int32')), 'bool')


def divide(x, y, name=None):
    """x / y. Integer tensors divide as TensorFlow's truediv does: 8- and 16-bit ones in float32,
    wider ones in float64."""
    if _REWRITES[0]:
        if graph_rewrites.folds_constants():
            if type(y) in _NUMBERS:
                folded = graph_rewrites.constant_reciprocal(x, y)
                if folded is not None and not graph_rewrites.folded_whole(x):    # x / 0.1 is x * 10.0
                    return _folded_quotient(x, folded)
            elif type(x) in _NUMBERS and x == 1 and graph_rewrites.constant_reciprocal(y, 1) is not None \
                    and not graph_rewrites.folded_whole(y):
                return _traced_one_over(x, y)
        if graph_rewrites.SQRT[0] is not None and graph_rewrites.tracing():
            root = graph_rewrites.sqrt_operand(y, x)
            if root is not None:                # a traced x / sqrt(v) is x * rsqrt(v) (graph_rewrites.py)
                return multiply(x, rsqrt(root))
    try:
        x, y, dx, dy = binary(x, y, 'divide')
    except TypeError:      # a RaggedTensor or SparseTensor operand (framework/composite.py); else re-raised
        if is_keras_variable(x) or is_keras_variable(y):
            # TF's divide is ``x / y``: a Keras variable's operator, or the tensor's falling back to it (Keras's
            # true_divide promotes: tf.divide(float_variable, int_tensor) is float32)
            return keras_variable_operators.keras_operator('truediv', x, y) if is_keras_variable(x) \
                else keras_variable_operators.keras_operator('truediv', y, x, reflected=True)
        return dispatch('divide', x, y)
    try:
        value = dx / dy
    except ValueError:
        raise _broadcast_error('divide', dx, dy) from None
    if value.dtype.itemsize == 8 and (_small_int(dx) or _small_int(dy)):
        value = value.astype(np.float32)    # numpy's float64 quotient of 16-bit ints rounds to float32's exactly
    elif value.dtype.kind == 'c' and eigen_complex_divide.handles(dx, dy, value):
        value = eigen_complex_divide.divide(dx, dy, value)      # Eigen's complex quotient, not numpy's
        out = Tensor(value)
        if ACTIVE:
            record('divide', (x, y), out, _COMPLEX_DIVIDE_VJPS)
        return out
    out = Tensor(value)
    if ACTIVE:
        record('divide', (x, y), out, _DIVIDE_VJPS)
    return out


def truediv(x, y, name=None):
    """tf.math.truediv: x / y, with its Python wrapper's dtype rule. x is converted first, so a
    number beside a tensor of another dtype (2.0 and a float64 tensor) is refused, where
    ``tf.divide`` and ``2.0 / y`` take y's dtype."""
    if is_keras_variable(x) or is_keras_variable(y):   # truediv converts both first: a dtype check, no promotion
        x, y = [v._read_value() if is_keras_variable(v) else v for v in (x, y)]
    if isinstance(y, Tensor) and not isinstance(x, Tensor):
        x = as_tensor(x, 'truediv')
        if x.dtype != y.dtype:
            error = TypeError('`x` and `y` must have the same dtype, got tf.%s != tf.%s.' % (x.dtype.name, y.dtype.name))
            error.add_note('truediv: x is converted first, to %s; pass it as a tensor of dtype %s '
                           '(or use tf.divide, which takes y\'s dtype)' % (x.dtype.name, y.dtype.name))
            raise error
    return divide(x, y)


def _traced_one_over(x, y):
    """A traced ``1 / y``: Reciprocal(y)'s value (Grappler rewrites the forward op), the gradient of
    the division TF's graph differentiated before the rewrite."""
    x, y, dx, dy = binary(x, y, 'divide')
    out = Tensor(_reciprocal_value(backend.array_module(dy), dy))
    if ACTIVE:
        record('divide', (x, y), out, _DIVIDE_VJPS)
    return out


@tf_named('real_div')
@named_errors('realdiv', passes_name=True)
def realdiv(x, y, name=None):
    """``x / y`` for float and complex tensors: TF 2.21's RealDiv has no integer CPU kernel (NotFoundError;
    tf.divide of integers is truediv's float64 quotient instead). The operands meet as the raw op's do: the
    first tensor's dtype converts the other (tf.realdiv(1, x) of a float x is 1 / x), RealDiv's registry
    refuses strings and bools, and a tensor of another dtype is its input #1 mismatch (TF 2.21)."""
    x, y, dx, dy = binary(x, y, 'realdiv')
    if (dx if hasattr(dx, 'dtype') else dy).dtype.kind in 'iu':
        missing_kernels.refuse_missing(x if isinstance(x, Tensor) else y, 'RealDiv', 'realdiv')
    return divide(x, y)


_NO_DTYPE = np.dtype('float32')      # a Python number's stand-in where an operand's dtype is read
_SQUARED_DIFFERENCE_TYPES = ('bfloat16', 'half', 'float', 'double', 'int32', 'int64', 'complex64', 'complex128')
_SQUARED_DIFFERENCE_TEXT = ("Value for attr 'T' of %s is not in the list of allowed values: %s\n\t; NodeDef: "
                            "{{node SquaredDifference}}; Op<name=SquaredDifference; signature=x:T, y:T -> z:T; "
                            "attr=T:type,allowed=[%s]; is_commutative=true> [Op:SquaredDifference] name: ")


def _bool_kernel_error(op, allowed):
    """TensorFlow's kernels have no bool type for arithmetic: their InvalidArgumentError."""
    return InvalidArgumentError("Value for attr 'T' of bool is not in the list of allowed values: %s (%s: "
                                'bools have no arithmetic; cast them first, e.g. tf.cast(x, tf.int32))'
                                % (allowed, op))


def _small_int(a):
    dtype = getattr(a, 'dtype', None)
    return dtype is not None and dtype.kind in 'iu' and dtype.itemsize <= 2


@tf_named('div_no_nan')
@named_errors('divide_no_nan')
def divide_no_nan(x, y, name=None):
    """x / y, with 0 wherever y is 0 (and a gradient of 0 there too)."""
    if isinstance(y, Tensor) and not isinstance(x, Tensor):
        # TF converts the tensor first, so 1.0 / a float64 tensor divides in float64
        y = as_tensor(y, 'divide_no_nan')
        x = as_tensor(x, 'divide_no_nan', dtype=y.dtype)
        if y._data.dtype.kind in 'bOSU':
            raise _divide_no_nan_refusal(x, y)
    else:
        x = as_tensor(x, 'divide_no_nan')
        if x._data.dtype.kind in 'bOSU' or isinstance(y, Tensor) and y._data.dtype.kind in 'bOSU':
            raise _divide_no_nan_refusal(x, y)
        y = as_tensor(y, 'divide_no_nan', dtype=x.dtype)
    try:
        np.broadcast_shapes(x._data.shape, y._data.shape)
    except ValueError:
        raise _broadcast_error('divide_no_nan', x._data, y._data) from None     # DivNoNan's text, not RealDiv's
    a, b = x._data, y._data
    if a.dtype != b.dtype or a.dtype.kind not in 'fc':
        zero = y == 0
        return where(zero, 0, x / where(zero, 1, y))
    xp = backend.array_module(a)
    with np.errstate(all='ignore'):
        quotient = a / b
        if eigen_complex_divide.handles(a, b, quotient):
            quotient = eigen_complex_divide.divide(a, b, quotient)      # Eigen's complex quotient, not numpy's
        out = Tensor(xp.where(b == 0, xp.zeros((), a.dtype), quotient))      # DivNoNan: x / y, +0 where y is 0
    if ACTIVE:
        record('divide_no_nan', (x, y), out, _DIVIDE_NO_NAN_VJPS)
    return out


def _divide_no_nan_refusal(x, y):
    """TF 2.21's Python checks in divide_no_nan for a bool or string operand: y converted with x's dtype as a
    hint, then '`x` and `y` must have the same dtype, got tf.float32 != tf.string.', then its dtype table's
    'Invalid dtype tf.string in tf.math.divide_no_nan. Expected one of {...}'."""
    if not isinstance(y, Tensor):
        y = convert_to_tensor(y, dtype_hint=x.dtype)
    name = lambda t: 'string' if t._data.dtype.kind in 'OSU' else t.dtype.name
    if name(x) != name(y):
        return TypeError('`x` and `y` must have the same dtype, got tf.%s != tf.%s.' % (name(x), name(y)))
    return float_kernels.truediv_dtype_error(name(x), 'tf.math.divide_no_nan')


def floordiv(x, y, name=None):
    """Floor division (no gradient, as in TensorFlow). Floats divide then floor, as TensorFlow's
    FloorDiv does (float32 1.0 // 0.1 is floor(10.0) = 10; numpy's divmod-based // gives 9)."""
    xt, yt, dx, dy = binary(x, y, 'floordiv')
    try:
        with np.errstate(divide='ignore', invalid='ignore'):      # an integer zero divisor is refused below
            floating = (xt if isinstance(xt, Tensor) else yt).dtype.is_floating
            out = Tensor(backend.array_module(dx).floor(dx / dy) if floating else dx // dy)
    except ValueError:
        raise _broadcast_error('floordiv', dx, dy, x, y) from None
    except TypeError:       # numpy's floor_divide of complex values: FloorDiv has no CPU kernel for them
        error = missing_kernels.not_found('FloorDiv', (xt if isinstance(xt, Tensor) else yt).dtype.name, 'floordiv')
        raise (without_name_tail(error) if _slow_path(x, y) else error) from None
    _refuse_integer_zero_divisor(out, dy, 'floordiv', not _slow_path(x, y))
    return out


floor_div = floordiv


@tf_named('floor_mod')
def floormod(x, y, name=None):
    """Remainder of floor division; the gradient flows to x only."""
    try:
        xt, yt, dx, dy = binary(x, y, 'floormod')
        if getattr(dx, 'dtype', None) == np.bool_ or getattr(dy, 'dtype', None) == np.bool_:
            raise _bool_kernel_error('floormod', 'int8, int16, int32, int64, uint8, uint16, uint32, uint64, bfloat16, '
                                     'half, float, double')
        try:
            with np.errstate(divide='ignore'):      # an integer zero divisor is refused below
                out = Tensor(dx % dy)
        except ValueError:
            raise _broadcast_error('floormod', dx, dy, x, y) from None
        except TypeError:       # numpy's remainder of complex values: FloorMod's registry refuses them
            error = float_kernels.complex_error('floormod', (xt if isinstance(xt, Tensor) else yt).dtype.name)
            raise (without_name_tail(error) if _slow_path(x, y) else error) from None
        _refuse_integer_zero_divisor(out, dy, 'floormod', not _slow_path(x, y))
        if out._data.dtype.kind == 'f' or out._data.dtype.name == 'bfloat16':
            out = _zero_with_sign_of(out, dx)
        if ACTIVE:
            record('floormod', (xt, yt), out, _FLOORMOD_VJPS)
        return out
    except OpError as error:
        given_name(error, name)
        raise


mod = floormod


def _zero_with_sign_of(out, dx):
    """TensorFlow's float floormod is fmod(x, y), moved by y when the signs differ, so a zero
    remainder keeps x's sign (-2.0 % 2.0 is -0.0); numpy gives it y's."""
    data = out._data
    zero = data == 0
    if not zero.any():
        return out
    xp = array_module_of(data)
    signed = xp.where(zero, xp.copysign(xp.zeros_like(data), xp.broadcast_to(xp.asarray(dx), data.shape)), data)
    return Tensor(signed.astype(data.dtype, copy=False))


@tf_named('neg')
def negative(x, name=None):
    """-x."""
    try:
        if not isinstance(x, Tensor):
            try:
                x = as_numeric_tensor(x, 'negative')
            except TypeError:      # a RaggedTensor or SparseTensor: negate its values (framework/composite.py)
                return map_elementwise(x, negative, 'negative')
        try:
            data = x._data
            if data.dtype.kind == 'u':      # numpy wraps unsigned values around; TensorFlow's Neg has no kernel
                raise TypeError
            out = Tensor(-data)
        except TypeError:      # numpy refuses bools (and strings) in its own words; TensorFlow's Neg kernel in its
            error = float_kernels.refusal('negative', x.dtype.name)
            error.add_note('negative: TensorFlow cannot negate a %s tensor; cast it to a signed type first, e.g. '
                           'tf.cast(x, tf.int32)'
                           % x.dtype.name)
            raise error from None
        if ACTIVE:
            record('negative', (x,), out, _NEGATIVE_VJPS)
        return out
    except OpError as error:
        given_name(error, name)
        raise


def pow(x, y, name=None):  # noqa: A001  (TensorFlow's name)
    """x ** y, as TensorFlow's Pow kernel computes it (see ``pow_arrays``). The gradient for y
    uses log(x) where x > 0, and 0 elsewhere."""
    try:
        xt, yt, dx, dy = binary(x, y, 'pow')
    except TypeError:      # a RaggedTensor (its 'pow' entry, as TF dispatches it); else re-raised
        return dispatch('pow', x, y)
    if getattr(dx, 'dtype', _NO_DTYPE).kind == 'u':      # Pow has no kernel for unsigned ints
        error = float_kernels.string_refusal('pow', dx.dtype.name, not _slow_path(x, y))
        error.add_note('pow: TensorFlow takes no %s tensor here; cast it first, e.g. tf.cast(x, tf.int32)'
                       % dx.dtype.name)
        raise error
    try:
        out = Tensor(pow_arrays(dx, dy, not isinstance(yt, Tensor)))
    except ValueError as err:
        if 'negative integer powers' in str(err):      # numpy's refusal is the Pow kernel's too
            raise kernel_error('Pow', 'Integers to negative integer powers are not allowed', named=True,
                               note='pow: an integer tensor raised to a negative integer; cast the base to a '
                                    'floating dtype first') from None
        raise _broadcast_error('pow', dx, dy, x, y) from None
    if ACTIVE:
        record('pow', (xt, yt), out, _POW_VJPS)
    return out


def pow_arrays(dx, dy, constant_exponent):
    """``dx ** dy`` on raw arrays with TensorFlow's bits. Eagerly, float32 and float64 take Eigen's
    vectorized pow (framework/ops/eigen_pow.py, eigen_pow64.py), which is not correctly rounded.
    In a traced function (Keras's train step, a ``tf.function``) the graph optimizer first
    replaces a Pow whose exponent is a constant of the graph (a Python number here:
    ``constant_exponent``) by a cheaper op when the constant is 2, 3, 1, 0.5, 0, -0.5 or -1
    (grappler's ConvertPow)."""
    dtype = (dy if type(dx) in _PY_NUMBERS else dx).dtype      # a Python base takes the tensor's dtype
    if dtype.kind == 'f' and constant_exponent and (graph_random_ops.current() is not None
                                                    or graph_rewrites.PREDICT[0] > 0):    # (predict is traced too)
        rewritten = _graph_pow(dx, dy)
        if rewritten is not None:
            return rewritten
    if dtype.kind == 'c':
        return _complex_pow(dx, dy, dtype)
    if dtype == np.float32 and type(dx) in _HOST_FLOAT32 and type(dy) in _HOST_FLOAT32 and _exact_pow(dx, dy):
        return eigen_pow.pow(dx, dy)
    if dtype == np.float64 and type(dx) in _HOST_FLOAT64 and type(dy) in _HOST_FLOAT64 and _exact_pow(dx, dy):
        return eigen_pow64.pow(dx, dy)
    return dx ** dy


def _complex_pow(dx, dy, dtype):
    """TF's complex Pow: the C library's cpow, exp(y * log(x)) in the dtype, for every exponent (numpy's
    power multiplies out integer ones: (1+1j)**2 is 2j there, (-8.742278e-08+2j) in TF), 0 ** 0 NaN."""
    xp = backend.array_module(dx if not isinstance(dx, _PY_NUMBERS + (complex,)) else dy)
    base, exponent = xp.asarray(dx, dtype), xp.asarray(dy, dtype)
    with np.errstate(all='ignore'):
        return xp.exp(exponent * xp.log(base))


def _exact_pow(dx, dy):
    """Whether the exact-math mode (config.set_tf_exact_math) covers this pow: as for exp or tanh,
    every size when True, tensors of at most eigen_math.SMALL_ELEMENTWISE (256) elements by default
    ('small'): TF's pow(x, 2) is not x * x (27% of float32 values differ), so a blog's
    ``tf.reduce_mean((y_pred - y) ** 2)`` over 100 points printed other last digits. The emulation
    costs ~150 numpy calls (0.3-0.5 ms whatever the size up to 256, 100-800x numpy's pow), paid by
    programs that write ``**`` on such tensors; larger ones (a training batch's activations) keep
    numpy's pow. Keras's losses and optimizers square with Square, which costs nothing extra."""
    return eigen_math.exact_elementwise(max(np.size(dx), np.size(dy)))


_PY_NUMBERS = (int, float)
_HOST_FLOAT32 = (np.ndarray, np.float32, int, float)     # (with the dtype checked above)
_HOST_FLOAT64 = (np.ndarray, np.float64, int, float)


def _graph_pow(dx, dy):
    """Grappler's ConvertPow on a float x and a constant exponent all of one value; None where it
    keeps the Pow."""
    values = np.unique(np.asarray(backend.to_host(dy) if not isinstance(dy, (int, float)) else dy))
    if values.size != 1:
        return None
    c = float(values[0])
    xp = array_module_of(dx)
    shape = np.broadcast_shapes(np.shape(dx), np.shape(dy))
    keeps_shape = np.shape(dx) == shape
    if c == 2:
        return dx * dx                          # Square
    if c == 3:
        return dx * (dx * dx)                   # Mul(x, Square(x)), on the CPU
    if c == 0.5:
        return xp.sqrt(dx)
    if c == -0.5:
        return rsqrt_array(xp, dx)              # Rsqrt, as tapeflow's rsqrt computes it
    if c == -1:
        return _reciprocal_value(xp, dx)        # Reciprocal: Eigen's estimate and Newton step, not 1 / x
    if c == 1 and keeps_shape:
        return xp.array(dx, copy=True)          # Identity
    if c == 0 and keeps_shape:
        return xp.ones_like(dx)
    return None


def maximum(x, y, name=None):
    """Elementwise max; ties send the gradient to x, as TensorFlow does."""
    try:
        return _extremum('maximum', x, y, _MAXIMUM_VJPS)
    except OpError as error:
        given_name(error, name)
        raise


def minimum(x, y, name=None):
    """Elementwise min; ties send the gradient to x, as TensorFlow does."""
    try:
        return _extremum('minimum', x, y, _MINIMUM_VJPS)
    except OpError as error:
        given_name(error, name)
        raise


def _extremum(name, x, y, vjps):
    """``maximum`` or ``minimum`` (numpy's function of that name), with TensorFlow's ties and refusals."""
    try:
        xt, yt, dx, dy = binary(x, y, name)
    except TypeError:      # a RaggedTensor or SparseTensor operand (framework/composite.py); else re-raised
        return dispatch(name, x, y)
    try:
        xp = array_module_of(dx, dy)
        pick = getattr(xp, name)
        out = Tensor(ties_as_tensorflow(xp, pick, pick(dx, dy), dx, dy))
    except ValueError:
        raise _broadcast_error(name, dx, dy, x, y) from None
    if out._data.dtype.kind == 'c':         # numpy orders complex values; TF's kernel refuses them
        raise float_kernels.complex_error(name, out.dtype.name)
    if ACTIVE:
        record(name, (xt, yt), out, vjps)
    return out


@named_errors('squared_difference', passes_name=True)
def squared_difference(x, y, name=None):
    given = x, y
    x, y, dx, dy = binary(x, y, 'squared_difference')     # a dtype mismatch names TF's SquaredDifference
    if getattr(dx, 'dtype', _NO_DTYPE).kind in 'bu' or getattr(dx, 'dtype', None) in _SMALL_SIGNED:
        # no kernel for bools, unsigned ints, int8 or int16
        if dx.dtype.kind != 'b':
            allowed = _SQUARED_DIFFERENCE_TYPES
            text = _SQUARED_DIFFERENCE_TEXT % (dx.dtype.name, ', '.join(allowed),
                                               ', '.join('DT_' + t.upper() for t in allowed))
            # (a list or a numpy scalar other than float64 takes TF's slow path: no ' name: ')
            slow = any(isinstance(v, (list, tuple)) or isinstance(v, np.generic) and not isinstance(v, float)
                       for v in given)
            raise InvalidArgumentError(text[:-len(' name: ')] if slow else text)
        raise _bool_kernel_error('squared_difference', ', '.join(_SQUARED_DIFFERENCE_TYPES))
    try:
        np.broadcast_shapes(np.shape(dx), np.shape(dy))
    except ValueError:
        raise _broadcast_error('squared_difference', dx, dy, *given) from None     # not Sub's words
    d = dx - dy
    complex_ = getattr(d, 'dtype', _NO_DTYPE).kind == 'c'
    out = Tensor(d * d.conj() if complex_ else d * d)        # TF's kernel: (x - y) * conj(x - y)
    if ACTIVE:
        # one op with TF's rule, not the product d * d: the same first derivative, but higher ones
        # add their terms in TF's order (tf.nn.moments under nested tapes)
        record('squared_difference', (x, y), out, _SQUARED_DIFFERENCE_COMPLEX_VJPS if complex_ else
               _squared_difference_vjps())
    return out


_SMALL_SIGNED = (np.dtype(np.int8), np.dtype(np.int16))


@named_errors('add_n', passes_name=True)
def add_n(inputs, name=None):
    """The sum of a list of tensors of one shape and dtype."""
    if inputs is None:
        raise TypeError("'NoneType' object is not iterable")        # TF iterates the inputs first
    if isinstance(inputs, Tensor) or not hasattr(inputs, '__len__') or len(inputs) < 2:
        return _few_inputs(inputs, name)
    if type(inputs) is list and {*map(type, inputs)} == _TENSORS_ONLY \
            and inputs[0]._data.dtype.kind in 'fciub':
        tensors = inputs        # (a loss and its penalties, every training step: nothing to convert)
    else:
        tensors = _numeric_tensors(inputs)
    arrays = list(map(_DATA, tensors))
    if arrays[0].dtype.kind == 'b':
        float_kernels.refuse_bool(tensors[0], 'add_n')       # AddN takes no bool (numpy would or them)
    # one shape and one dtype: the sets of them, made in C (a loss plus its penalties every step)
    if len({*map(_SHAPE, arrays)}) != 1 or len({*map(_DTYPE, arrays)}) != 1:
        raise _add_n_mismatch(_numeric_tensors(tensors))      # (a string input's own error first)
    out = Tensor(add_n_arrays(arrays))
    if ACTIVE:
        record('add_n', tuple(tensors), out, (_pass_through,) * len(tensors))
    return out


_TENSORS_ONLY = {Tensor}
_NOT_INPUTS = 'Inputs must be an iterable of at least one Tensor/IndexedSlices with the same dtype and shape.'


def _few_inputs(inputs, name):
    """add_n of a tensor, an iterable without a length, or fewer than two inputs, as TF's add_n: it iterates
    a tensor (the sum of its rows; the rows' slices are recorded for gradients) and a generator, and hands a
    single input back converted but unsummed (AddN never runs, so a bool or string input passes; a given
    name makes it an Identity of that name)."""
    if isinstance(inputs, Tensor):
        if inputs.ndim == 0:
            error = TypeError('Cannot iterate over a scalar tensor.')
            error.add_note('add_n: expected a list of tensors (or a tensor to sum along its first axis), '
                           'got a scalar tensor')
            raise error
        if inputs.shape[0]:
            return add_n(list(inputs), name)
    elif not hasattr(inputs, '__len__') and hasattr(inputs, '__iter__'):
        inputs = list(inputs)
        if len(inputs) > 1:
            return add_n(inputs, name)
    if hasattr(inputs, '__len__') and len(inputs) == 1:
        from ..sparse.sparse_tensor import SparseTensor
        value, = inputs
        if value is not None and not isinstance(value, SparseTensor):     # TF's list holds only them unconverted
            value = as_tensor(value, 'add_n')     # (a RaggedTensor's TypeError: framework/composite.py sums it)
            # a variable is read as TF converts it: through an Identity, recorded on tapes
            return identity(value, name=name) if name or type(value) is not Tensor else value
    error = ValueError(_NOT_INPUTS)
    error.add_note('add_n: expected a non-empty list of tensors, got %r' % (inputs,))
    raise error


def _numeric_tensors(inputs):
    """add_n's inputs as numeric tensors, or TensorFlow's error for the first that is not one."""
    try:
        return [as_numeric_tensor(t, 'add_n') for t in inputs]
    except Exception:
        # TF keeps a None or SparseTensor input unconverted, then refuses the list (asked here, off the training
        # step's path)
        from ..sparse.sparse_tensor import SparseTensor
        if isinstance(inputs, (list, tuple)) and any(t is None or isinstance(t, SparseTensor) for t in inputs):
            kept = [t is None or isinstance(t, SparseTensor) for t in inputs].index(True)
            raise noted(ValueError(_NOT_INPUTS), 'add_n: input %d is %s, not a Tensor or IndexedSlices'
                        % (kept, type(inputs[kept]).__name__)) from None
        raise


def _add_n_mismatch(tensors):
    """TensorFlow's AddN errors: a dtype unlike the first input's fails the op's input check, then the
    kernel refuses a shape unlike the first's (no broadcasting)."""
    first = tensors[0]
    note = ('add_n: all inputs must have the same shape and dtype; got %s'
            % ', '.join('%s %s' % (t.dtype.name, tuple(t.shape)) for t in tensors))
    for i, t in enumerate(tensors[1:], 1):
        if t._data.dtype != first._data.dtype:
            error = eager_input_error('AddN', i, first.dtype, t.dtype)
            error.add_note(note)
            return list_mismatch(error, 'AddN', [u.dtype for u in tensors])     # (a TypeError where TF traces)
    for i, t in enumerate(tensors[1:], 1):
        if t._data.shape != first._data.shape:
            return kernel_error('AddN', 'Inputs to operation AddN of type AddN must have the same size and shape.  '
                                'Input 0: [%s] != input %d: [%s]' % (','.join(map(str, first._data.shape)), i,
                                                                       ','.join(map(str, t._data.shape))),
                                named=True, note=note, node='AddN_N_%d' % len(tensors))


def add_n_arrays(arrays):
    """The sum of same-shaped arrays in TensorFlow's AddN order: its kernel adds the first
    n % 8 inputs left to right (8 when that is 0, 9 when 1), then each following block of 8, left
    to right, into the total. Up to 9 inputs that is a plain left-to-right sum."""
    first = len(arrays) % 8 or 8
    if first == 1 and len(arrays) > 1:
        first = 9
    total = arrays[0]
    for a in arrays[1:first]:
        total = total + a
    for start in range(first, len(arrays), 8):
        block = arrays[start]
        for a in arrays[start + 1:start + 8]:
            block = block + a
        total = total + block
    return total


_GIVEN_AS_IS = frozenset(('subtract', 'multiply', 'pow', 'maximum', 'minimum', 'squared_difference', 'floordiv',
                          'floormod'))


def _refuse_integer_zero_divisor(out, divisor, op, named=True):
    """TensorFlow's integer kernels refuse a zero divisor; numpy gives 0 with a warning."""
    if out._data.dtype.kind in 'iu' and not bool((divisor != 0).all() if hasattr(divisor, 'all') else divisor != 0):
        raise kernel_error(_KERNELS[op], 'Integer division by zero', named=named,     # the kernel's words
                           note='%s: integer division by zero (the divisor holds 0); cast to a float dtype for '
                                'inf/nan results, or use framework.math.divide_no_nan' % op)


# TensorFlow's kernel for each op, as its broadcast errors name it.
_KERNELS = {'add': 'AddV2', 'subtract': 'Sub', 'multiply': 'Mul', 'divide': 'RealDiv', 'floordiv': 'FloorDiv',
            'floormod': 'FloorMod', 'pow': 'Pow', 'maximum': 'Maximum', 'minimum': 'Minimum',
            'squared_difference': 'SquaredDifference', 'divide_no_nan': 'DivNoNan'}


def _broadcast_error(op, dx, dy, x=None, y=None):
    # TensorFlow's eager text, word for word, since programs print the errors they catch;
    # tapeflow's words (the op, the shapes, what to do) ride along as a note. Where TF's Python hands the
    # operands ``x``, ``y`` to the kernel as given (not add's, divide's), a list among them or a Keras
    # variable sends the call through the slow path: no ' name: ' tail
    sx, sy = tuple(getattr(dx, 'shape', ())), tuple(getattr(dy, 'shape', ()))
    named = op not in _GIVEN_AS_IS or not slow_operands(x, y)
    return kernel_error(_KERNELS[op], 'Incompatible shapes: [%s] vs. [%s]' % (','.join(map(str, sx)), ','.join(map(str, sy))),
                        named=named, note='%s: shapes %s and %s do not broadcast together; make the trailing '
                                         'dimensions equal or 1 (e.g. with reshape or expand_dims)' % (op, sx, sy))


# Gradient rules: vjp(g, out, x, y) -> the gradient for one input, given the
# output gradient g. Module-level tuples, so recording an op builds no closure.
# d(x + y)/dx: the output gradient as it is (the sweep passes it on without a call).
_pass_through = pass_gradient


def _pow_grad_y(g, out, x, y):
    if not isinstance(x, Tensor):            # a Python base: log(x) is a number
        return g * out * (math.log(x) if x > 0 else 0.0)
    # TF's mask: x > 0 for real bases (no sensible value below 0), x != 0 for complex ones
    positive = (x != 0) if x._data.dtype.kind == 'c' else x > 0
    return g * out * where(positive, log(where(positive, x, 1)), 0)


def _multiply_grad_x(g, out, x, y):
    """d(x * y)/dx as a recording tape sees TF's _MulGrad build it (see _reduced)."""
    if _reduced(g, x, y, x) and not (type(y) in _NUMBERS or (type(y) is Tensor and not y._data.shape)):
        return _reduced_product(g, y, x)
    return g * y


def _multiply_grad_y(g, out, x, y):
    """d(x * y)/dy as a recording tape sees TF's _MulGrad build it (see _reduced)."""
    if _reduced(g, x, y, y):
        return _reduced_product(x, g, y)
    return g * x


def _reduced(g, x, y, target):
    """Whether TF's eager _MulGrad leaves its fast path (float32 or int32 with x, y and the gradient of
    one shape: Mul(grad, y) and Mul(grad, x)) for Mul, Sum and Reshape to Shape(input) of each gradient
    (_ReduceGradientArgs). Those ops change no value, but a tape recording this sweep visits them in turn,
    so a second derivative adds its terms in another order (float64 x * x * x). Its skip path, Mul(grad,
    y) alone, serves x's gradient where y is a scalar the tape does not need: a number, or (tapeflow's
    rules cannot see the tape) a scalar tensor that is no variable. Only where the product has the shape
    of the input it is for: a broadcast gradient's own sum (tape._fitted) keeps the plain order. A traced
    function knows the shapes statically and emits no Sum (grappler's order is modelled elsewhere)."""
    shape = g._data.shape
    if g._data.dtype.name in _MUL_FAST and _shape(x) == shape and _shape(y) == shape:
        return False
    return _shape(target) == shape and not graph_rewrites.tracing()


def _shape(v):
    return v._data.shape if isinstance(v, Tensor) else ()


def _reduced_product(a, b, target):
    """``a * b`` recorded as TF's Mul, Sum and Reshape to ``target``'s Shape: the node's third input is
    read by that Shape op, a reader that counts in TF's visiting order (backward_order.py)."""
    a, b, da, db = binary(a, b, 'multiply')
    out = Tensor(da * db)
    if ACTIVE:
        if isinstance(target, Tensor):
            record('mul_reduced', (a, b, target), out, _REDUCED_VJPS)
            connected_only_through(out, (a, b))     # target is TF's Shape(target): an int32 read
        else:
            record('multiply', (a, b), out, _MULTIPLY_VJPS)
    return out


_MUL_FAST = ('float32', 'int32')


# Rules written with operators alone compute the same on raw arrays (array_rule).
_ADD_VJPS = (_pass_through, _pass_through)
_SUBTRACT_VJPS = (_pass_through, array_rule(lambda g, out, x, y: -g))
_MULTIPLY_VJPS = (array_rule(_multiply_grad_x, lambda g, out, x, y: g * y),
                  array_rule(_multiply_grad_y, lambda g, out, x, y: g * x))


def _complex_times(p, q):
    return eigen_complex_product.product(p, q, p * q)


def _complex_grad_x(g, out, x, y):
    """TF's _MulGrad of complex operands, grad * conj(y), Mul, Sum and Reshape as for real ones (_reduced)."""
    if _reduced(g, x, y, x) and not (type(y) in _NUMBERS or (type(y) is Tensor and not y._data.shape)):
        return _reduced_product(g, _conj(y, g), x)
    return g * _conj(y, g)


def _complex_grad_y(g, out, x, y):
    """TF's conj(x) * grad for y."""
    return _reduced_product(_conj(x, g), g, y) if _reduced(g, x, y, y) else _conj(x, g) * g


def _conj(v, g):
    """conj(v) of an operand, a number first made a constant of g's complex dtype (conj(-1.) is -1 - 0i)."""
    from .complex_parts import conj
    return conj(v if isinstance(v, Tensor) else as_tensor(v, 'multiply', dtype=g._data.dtype))


def _conj_array(v, g):
    return np.conj(np.asarray(v, g.dtype))


# In TensorFlow's complex form already (complex_gradients.in_tf_form): a zero upstream's parts stay +0.0
_COMPLEX_MULTIPLY_VJPS = (in_tf_form(array_rule(_complex_grad_x, lambda g, out, x, y: _complex_times(g, _conj_array(y, g)))),
                          in_tf_form(array_rule(_complex_grad_y, lambda g, out, x, y: _complex_times(_conj_array(x, g), g))))


def _folded_quotient_grad_x(g, out, x, y):
    pushed = softmax_grad_push_down.scaled(g, y)
    return _multiply_grad_x(g, out, x, y) if pushed is None else pushed


def _folded_quotient_grad_x_array(g, out, x, y):
    pushed = softmax_grad_push_down.scaled(g, y)
    return g * y if pushed is None else pushed


_FOLDED_QUOTIENT_VJPS = (array_rule(_folded_quotient_grad_x, _folded_quotient_grad_x_array), _MULTIPLY_VJPS[1])
# _reduced_product's node: the product's two inputs, then the input whose Shape the Reshape reads
_REDUCED_VJPS = (array_rule(lambda g, out, x, y, target: _multiply_grad_x(g, out, x, y), lambda g, out, x, y, t: g * y),
                 array_rule(lambda g, out, x, y, target: _multiply_grad_y(g, out, x, y), lambda g, out, x, y, t: g * x),
                 None)
# TF's _SquaredDifferenceGrad: x_grad = (2 * g) * (x - y) and -x_grad, each summed to its input's shape
def _squared_difference_vjps():
    """TF's _SquaredDifferenceGrad: x_grad = (2 g) (x - y) once, and -x_grad for y. The node's two rules
    share that tensor, so an outer tape differentiates one product (two rounded second derivatives apart);
    sweeps nothing records take the array forms."""
    last = []

    def x_rule(g, out, x, y):
        if not last or last[0] is not g:
            last[:] = [g, (2.0 * g) * (x - y)]      # holding g keeps its id from being reused meanwhile
        return last[1]
    return (array_rule(x_rule, _squared_difference_x_array),
            array_rule(lambda g, out, x, y: -x_rule(g, out, x, y), _squared_difference_y_array))


def _squared_difference_x_array(g, out, x, y):
    return (2.0 * g) * (x - y)


def _squared_difference_y_array(g, out, x, y):
    return -((2.0 * g) * (x - y))


def _complex_squared_difference_grad(g, out, x, y):
    # TF's 2 g (x - y) for complex too; written in the real form the tape conjugates (complex_gradients)
    from .complex_parts import conj
    return (2.0 * g) * conj(x - y)


_SQUARED_DIFFERENCE_COMPLEX_VJPS = (_complex_squared_difference_grad,
                                    lambda g, out, x, y: -_complex_squared_difference_grad(g, out, x, y))
# TF's _DivNoNanGrad: div_no_nan(g, y) and g * div_no_nan(div_no_nan(-x, y), y), whose products keep the
# sign of g where y is 0 (0 * g), and are recorded as those ops for higher derivatives
_DIVIDE_NO_NAN_VJPS = (lambda g, out, x, y: divide_no_nan(g, y),
                       lambda g, out, x, y: g * divide_no_nan(divide_no_nan(-x, y), y))
_DIVIDE_VJPS = (array_rule(lambda g, out, x, y: g / y), array_rule(lambda g, out, x, y: g * (-x / y / y)))


def _complex_quotient(x, y):
    return eigen_complex_divide.divide(x, y, x / y)


def _complex_divide_grad_y(g, out, x, y):
    cy = _conj(y, g)
    return g * (-_conj(x, g) / cy / cy)


def _complex_divide_grad_y_array(g, out, x, y):
    cy = _conj_array(y, g)
    return _complex_times(g, _complex_quotient(_complex_quotient(-_conj_array(x, g), cy), cy))


# TF's _RealDivGrad of complex operands, in its form (complex_gradients.in_tf_form): grad / conj(y) and
# grad * ((-conj(x) / conj(y)) / conj(y)); on host arrays with Eigen's quotients and products
_COMPLEX_DIVIDE_VJPS = (
    in_tf_form(array_rule(lambda g, out, x, y: g / _conj(y, g), lambda g, out, x, y: _complex_quotient(g, _conj_array(y, g)))),
    in_tf_form(array_rule(_complex_divide_grad_y, _complex_divide_grad_y_array)))
_FLOORMOD_VJPS = (_pass_through, lambda g, out, x, y: g * -(x // y))
_NEGATIVE_VJPS = (array_rule(lambda g, out, x: -g),)
# TF's (g * y) * pow(x, y - 1): a Pow op again, with a constant exponent where y is one.
_POW_VJPS = (array_rule(lambda g, out, x, y: g * y * x ** _less_one(x, y),
                        lambda g, out, x, y: g * y * pow_arrays(x, _less_one(x, y), type(y) in (int, float))),
             _pow_grad_y)


def _less_one(x, y):
    """``y - 1`` as TF's _PowGrad computes it: a Python float exponent is a tensor of x's dtype first, so
    for float32 x, 1.7 - 1 is 0.70000005 (float32 arithmetic), not 0.7 rounded to float32 (0.69999999)."""
    if type(y) is float:
        dtype = (x._data if isinstance(x, Tensor) else x).dtype
        if dtype.kind == 'f' and dtype.itemsize < 8:
            return float(dtype.type(y) - dtype.type(1))
    return y - 1
_MAXIMUM_VJPS = (lambda g, out, x, y: where(x >= y, g, 0), lambda g, out, x, y: where(x >= y, 0, g))
_MINIMUM_VJPS = (lambda g, out, x, y: where(x <= y, g, 0), lambda g, out, x, y: where(x <= y, 0, g))
