"""Reductions over axes, and their gradients (which broadcast g back)."""
import contextlib

import numpy as np
from numpy import ndarray  # (not np.ndarray on hot paths: see backend.py)

from ..eigen_outer_sum import outer_sum
from ..errors import InvalidArgumentError, OpError
from ..given_op_name import given_name
from .. import backend, graph_random_ops
from ..composite import dispatch
from ..tape import array_rule
from ..tensor import Tensor
from . import eigen_complex_divide, eigen_complex_sum, eigen_prod, eigen_sum
from .eigen_prod_axes import strided_products
from .eigen_shuffled_sum import shuffled_sum
from .gradient_ops import unreduce
from . import float_kernels
from .bool_attributes import bool_attribute
from .kernel_scalar_axis import scan_axis
from .operands import ACTIVE, as_float_tensor, as_numeric_tensor, as_tensor, named_errors, normalize_axis, record

_empty = np.empty     # (module attributes of numpy are not cached by CPython 3.11: see backend.py)


def _kept_shape(shape, axes):
    return tuple(1 if i in axes else d for i, d in enumerate(shape))


def _spread(g, x, axes, keepdims):
    """g (the reduced gradient) broadcast back to x's shape."""
    return unreduce(g, x._data.shape, _kept_shape(x._data.shape, axes))


def _prepare(given, axis, op, check=as_numeric_tensor):
    x = check(given, op)
    kind = x._data.dtype.kind
    if kind in 'bc':        # (one test for the float tensors of a training step)
        if kind == 'b' and op in float_kernels.BOOL_REFUSED:
            # TensorFlow's kernel text (numpy would give True)
            error = float_kernels.refusal(op, 'bool', float_kernels.named_for(op, given))
            error.add_note('%s: TensorFlow reduces no bool tensor this way; cast it first, e.g. '
                           'tf.cast(x, tf.int32)' % op)
            raise error
        if kind == 'c' and op in float_kernels.ORDERED_REDUCTIONS:      # numpy orders complex values
            raise float_kernels.complex_error(op, x.dtype.name, float_kernels.ORDERED_REDUCTIONS[op])
    return x, normalize_axis(axis, x._data.ndim, op), backend.array_module(x._data)


def reduce_sum(input_tensor, axis=None, keepdims=False, name=None):
    """Sum over ``axis`` (all axes when None)."""
    try:
        keepdims = bool(keepdims)      # TensorFlow reads keepdims=None as False
        try:
            x, axes, xp = _prepare(input_tensor, axis, 'reduce_sum')
        except TypeError:      # a RaggedTensor or SparseTensor (framework/composite.py); else re-raised
            return dispatch('reduce_sum', input_tensor, axis, keepdims)
        a = x._data
        out = Tensor(_sum(a, axes, keepdims))
        if ACTIVE:
            record('reduce_sum', (x,), out, (_Spread(axes, None),))
        return out
    except OpError as error:
        given_name(error, name)
        raise


def reduce_mean(input_tensor, axis=None, keepdims=False, name=None):
    """Mean over ``axis``; integer tensors give a (truncated) integer mean, as in TensorFlow."""
    try:
        return _mean(input_tensor, axis, keepdims, True)
    except OpError as error:
        given_name(error, name)
        raise


def divided_mean(x):
    """The mean of every value of float tensor ``x`` whose gradient divides by the count whatever
    the trace: Keras's loss reduction ``divide_no_nan(sum(x), count)`` (losses/reduction.py), which
    grappler does not rewrite as it does a Mean's gradient (``traced_reciprocal``)."""
    return _mean(x, None, False, False)


def _mean(input_tensor, axis, keepdims, mean_op):
    keepdims = bool(keepdims)
    try:
        x, axes, xp = _prepare(input_tensor, axis, 'reduce_mean')
    except TypeError:      # a RaggedTensor or SparseTensor (framework/composite.py); else re-raised
        return dispatch('reduce_mean', input_tensor, axis, keepdims)
    a = x._data
    shape = a.shape
    count = 1
    for ax in axes:
        count *= shape[ax]
    kind = a.dtype.kind
    if kind in 'iub':
        # TensorFlow's integer mean divides as C does: the quotient rounds toward zero.
        total = xp.sum(a, axis=axes, keepdims=keepdims)
        count = max(count, 1)
        return Tensor(xp.where(total < 0, -(-total // count), total // count).astype(a.dtype))
    # sum / count rather than xp.mean: numpy's mean is a Python function with a
    # few microseconds of overhead. The result is the same to the bit: the float
    # quotient is correctly rounded either way while count is exact (< 2**24).
    if kind == 'V':          # bfloat16: TensorFlow's reducers sum and divide in float32, then round
        mean = _sum(a.astype(np.float32), axes, keepdims) / np.float32(count)
        out = Tensor(mean.astype(a.dtype))
        if ACTIVE:
            record('reduce_mean', (x,), out, (_Spread(axes, count),))
        return out
    total = _sum(a, axes, keepdims)
    if len(axes) == len(shape) and not keepdims and type(total) is ndarray:
        # a whole mean (a loss): divided as a numpy scalar, the same float op at a fraction of a 0-d ufunc's cost
        total = total[()]
    mean = total / count if count < 2 ** 24 else (total / xp.float64(count)).astype(a.dtype)
    if kind == 'c':
        if eigen_complex_divide.handles(total, count, mean):
            # TF divides each part by the count; numpy's complex quotient multiplies by its reciprocal
            mean = eigen_complex_divide.divide(total, np.asarray(count, mean.dtype), mean)
        if not count:
            # TF fills a reduction of nothing with its reducer's identity; Mean's is NaN for the real float
            # types only (reduction_ops_common.h's FIX_MEAN_IDENTITY), a complex mean of no values is 0
            mean = xp.zeros_like(mean)
    out = Tensor(mean)
    if ACTIVE:
        scale = traced_reciprocal(count, a.dtype) if mean_op and count & (count - 1) else None
        record('reduce_mean', (x,), out, ((_MeanSpread if mean_op else _QuotientSpread)(axes, count, scale),))
    return out


def traced_reciprocal(count, dtype):
    """``1 / count`` in ``dtype`` where TensorFlow's Mean gradient multiplies by it instead of
    dividing, else None. The gradient is ``g / count`` with the count a constant when the trace's
    shapes are static, and grappler turns a division by a constant into a product with its
    reciprocal (one rounding more, unless count is a power of two); eagerly, or in a trace on a
    None batch (a fit whose last batch is partial), the count is computed and divides."""
    state = graph_random_ops.current()
    if state is None or not state.static_shapes or dtype.kind != 'f':
        return None
    return dtype.type(1) / dtype.type(count)


def _sum(a, axes, keepdims):
    """Float32 sums in TensorFlow's order over trailing axes (eigen_sum.py: a loss over a batch, a
    whole tensor) and over leading axes (framework/eigen_outer_sum.py); else the array's own sum():
    the same reduction as xp.sum without its Python-level dispatch."""
    if a.dtype.kind == 'V':          # bfloat16: TensorFlow's reducers accumulate in float32, then round
        return _sum(a.astype(np.float32), axes, keepdims).astype(a.dtype)
    ndim = a.ndim
    inner = None
    if axes and axes[0] == ndim - len(axes) and axes[-1] == ndim - 1:     # trailing axes (sorted, distinct)
        inner = 1
        for ax in axes:
            inner *= a.shape[ax]
    elif axes:
        inner = _trailing_but_for_ones(a.shape, axes)
    if inner is not None and eigen_sum.applies(a, inner):
        total = eigen_sum.sum_all(a) if inner == a.size else eigen_sum.row_sums(a.reshape(-1, inner))
        return total.reshape(_kept_shape(a.shape, axes) if keepdims else () if len(axes) == ndim else
                             tuple(d for i, d in enumerate(a.shape) if i not in axes))     # (axes are distinct)
    if inner == 1 or not axes:      # one value per sum: TF's reducer copies it (a -0 stays -0; numpy adds it to 0)
        return a.reshape(_kept_shape(a.shape, axes) if keepdims else
                         tuple(d for i, d in enumerate(a.shape) if i not in axes)).copy()
    if inner is not None and a.dtype.kind == 'c' and eigen_complex_sum.applies(a, inner):
        # complex rows: each part in Eigen's order on complex packets (numpy's pairwise sum differed)
        total = eigen_complex_sum.row_sums(a.reshape(-1, inner))
        return total.reshape(_kept_shape(a.shape, axes) if keepdims else () if len(axes) == ndim else
                             tuple(d for i, d in enumerate(a.shape) if i not in axes))
    total = outer_sum(a, axes) if ndim > 1 else None
    if total is None:
        total = shuffled_sum(a, axes)
    if total is None:
        return a.sum(axis=axes, keepdims=keepdims, dtype=a.dtype)
    return total.reshape(_kept_shape(a.shape, axes)) if keepdims else total


def _trailing_but_for_ones(shape, axes):
    """The number of values per sum when the reduced axes follow every kept one once size-1 axes
    are set aside, else None. TensorFlow drops size-1 axes before it reduces, so a column's mean
    (axis 0 of (n, 1), Normalization.adapt's) is a whole-tensor sum in its order."""
    inner, reducing = 1, False
    for i, d in enumerate(shape):
        if d == 1:
            continue
        if i in axes:
            inner, reducing = inner * d, True
        elif reducing:
            return None
    return inner


class _Spread:
    """The gradient of a sum (count None) or mean over ``axes``: g (divided by ``count``, or times
    ``scale``, its reciprocal in a static trace: ``traced_reciprocal``) spread back over the
    reduced axes; also on raw arrays (tape.array_rule)."""
    __slots__ = ('axes', 'count', 'scale')

    def __init__(self, axes, count, scale=None):
        self.axes, self.count, self.scale = axes, count, scale

    def _divided(self, g):
        if self.count is None:
            return g
        if self.scale is None or folded_constant(g):
            return g / self.count
        return g * self.scale

    def __call__(self, g, y, x):
        # keepdims or not, unreduce reshapes g to the kept shape first. A mean divides after the
        # spread, as TensorFlow's _MeanGrad (truediv(_SumGrad(g), count)): the same values, but an
        # outer tape differentiating with respect to g (ForwardAccumulator's jvp) then sums
        # u / count, not sum(u) / count (1.6666667 against 1.6666666 for [2, 0, 3])
        return self._divided(_spread(g, x, self.axes, False))

    def array_rule(self, g, y, x):
        axes = self.axes
        if len(axes) == x.ndim and type(g) is ndarray and g.dtype.kind == 'f':
            # a whole sum or mean (a loss): one value, divided and spread as a numpy scalar (a 0-d
            # ufunc costs several times a scalar's division and fill; the same bits)
            value = g.reshape(())[()]
            spread = _empty(x.shape, g.dtype)
            spread.fill(value if self.count is None else value / self.count if self.scale is None
                        else value * self.scale)
            return spread
        if self.count is not None:
            g = self._divided(g)
        kept = (1,) * x.ndim if len(axes) == x.ndim else _kept_shape(x.shape, axes)
        spread = backend.array_module(x).empty(x.shape, g.dtype)
        spread[...] = g.reshape(kept)
        return spread


def folded_constant(g):
    """Whether a static trace's Mean gradient ``g`` (several values) is one TF's grappler computes while it
    optimizes the graph: the loss's own gradient spread back through an unweighted mean over the batch is one
    value everywhere, and constant folding divides it by the count as the graph says ((1/3) / 3 for a fit of
    Dense(3) with mse on a batch of 3), where a gradient that depends on the data (sample weights) is
    multiplied by the count's reciprocal. Equal values stand for constant ones."""
    data = g._data if type(g) is Tensor else g
    if data.size < 2:
        return False
    flat = data.reshape(-1)
    return bool((flat == flat[0]).all())


class _MeanSpread(_Spread):
    """A Mean op's gradient, which grappler rewrites in a traced backward pass: the jacobians'
    sweeps (TF's pfor traces them) set its ``scale`` for their duration (``traced_means``)."""
    __slots__ = ()


class _QuotientSpread(_Spread):
    """``divided_mean``'s gradient: Keras's ``divide_no_nan(sum(x), count)``, whose DivNoNan gradient
    divides g before the Sum's gradient spreads it. The first derivative is the same either way; an outer
    tape (the Hessian of a Keras loss) then sums u before dividing, as TF 2.21 does: the second derivative
    of tanh(Huber()(y, x)) was 24 ulps off in 4 of 9 values with the mean's spread-then-divide order."""
    __slots__ = ()

    def __call__(self, g, y, x):
        return _spread(self._divided(g), x, self.axes, False)


@contextlib.contextmanager
def traced_means(nodes):
    """The Mean gradients among tape ``nodes`` multiply by the reciprocal of their count while
    inside, as TensorFlow's traced pfor loop does (``traced_reciprocal``); restored after."""
    changed = []
    for node in nodes:
        rules, output = node[2], node[0]
        if node[3] == 'reduce_mean' and type(rules[0]) is _MeanSpread and rules[0].scale is None:
            scale = _static_reciprocal(rules[0].count, output._data.dtype)
            if scale is not None:
                rules[0].scale = scale
                changed.append(rules[0])
    try:
        yield
    finally:
        for spread in changed:
            spread.scale = None


def _static_reciprocal(count, dtype):
    return dtype.type(1) / dtype.type(count) if dtype.kind == 'f' and count & (count - 1) else None


def sum_of_squares(x, scale=None, name=None):
    """sum(x * x) over every element as one op, times ``scale`` if given (a Python float).

    An L2 penalty ``l2 * sum(square(w))`` is one recorded node instead of three,
    with the same bits: ``scale`` is cast to x's dtype and multiplies the sum.
    """
    x = as_float_tensor(x, 'sum_of_squares')
    a = x._data
    squares = a * a
    # In TensorFlow's order where it applies, as reduce_sum(square(w)) sums there.
    total = eigen_sum.sum_all(squares)
    if scale is None:
        out = Tensor(total)
        if ACTIVE:
            # The rule square's and reduce_sum's would give together: g * (2 * x).
            record('sum_of_squares', (x,), out, (_sum_of_squares_grad,))
        return out
    factor = _SCALES.get((a.dtype, scale)) if type(scale) is float else None
    if factor is None:       # (the cast costs more than the product: made once per dtype and penalty)
        factor = a.dtype.type(scale)
        if type(scale) is float and len(_SCALES) < 64:
            _SCALES[a.dtype, scale] = factor
    out = Tensor(factor * total)
    if ACTIVE:
        record('sum_of_squares', (x,), out, _SCALED_VJPS.get(scale) or _scaled_vjps(scale))
    return out


_SCALED_VJPS = {}     # scale -> the rule of sum_of_squares(x, scale): a model's few penalties, made once
_SCALES = {}          # (dtype, scale) -> scale as a numpy scalar of that dtype


def _scaled_vjps(scale):
    def scaled_rule(g, y, x):
        if type(g) is ndarray and not g.ndim:
            g = g[()]       # (a loss's 0-d gradient: scalar arithmetic, the same float ops, without a 0-d ufunc)
        # x * (2 * gs) is (gs) * (2 * x) to the bit (both doublings are exact: the same product, rounded
        # once) in one pass over the weights instead of two, unless 2 * x overflows (|x| >= 2**127,
        # where the penalty itself is inf already)
        return x * (2 * (g * scale))
    vjps = (array_rule(lambda g, y, x: (g * scale) * (2 * x), scaled_rule),)
    if len(_SCALED_VJPS) < 64:
        _SCALED_VJPS[scale] = vjps
    return vjps


@array_rule
def _sum_of_squares_grad(g, y, x):
    return g * (2 * x)


def _extreme(name, fn):
    def op(input_tensor, axis=None, keepdims=False, name=None):
        try:
            keepdims = bool(keepdims)
            try:
                x, axes, xp = _prepare(input_tensor, axis, name_)
            except TypeError:      # a RaggedTensor or SparseTensor (framework/composite.py); else re-raised
                return dispatch(name_, input_tensor, axis, keepdims)
            a = x._data
            if a.size == 0 and any(a.shape[i] == 0 for i in axes):
                out = Tensor(_empty_extreme(xp, a, axes, keepdims, name_))
            else:
                out = Tensor(fn(xp, a, axes, keepdims))
            if ACTIVE:
                def grad(g, out, x):
                    # Ties share the gradient equally, as in TensorFlow: its _MinOrMaxGrad's
                    # (indicators / num_selected) * grad, in that order (3 ties: (1/3) * g, not g / 3)
                    y = out._data if keepdims else out._data.reshape(_kept_shape(a.shape, axes))
                    hit = Tensor((a == y).astype(a.dtype))
                    count = reduce_sum(hit, axes, keepdims=True)
                    return hit / count * _spread(g, x, axes, keepdims)
                record(name_, (x,), out, (grad,))
            return out
        except OpError as error:
            given_name(error, name)
            raise
    name_ = name
    op.__name__ = op.__qualname__ = name   # (Python's argument errors print the qualname: 'reduce_max()')
    op.__doc__ = '%s over ``axis``; tied elements share the gradient.' % name
    return op


def _empty_extreme(xp, a, axes, keepdims, name):
    """TensorFlow's Max / Min over an empty axis: the reduction's identity, -inf / inf (an integer
    dtype's lowest / highest value), where numpy raises."""
    low = name == 'reduce_max'
    if a.dtype.kind in 'iu':
        info = np.iinfo(a.dtype)
        fill = info.min if low else info.max
    else:
        fill = -np.inf if low else np.inf
    shape = tuple(1 if i in axes else d for i, d in enumerate(a.shape) if keepdims or i not in axes)
    return xp.full(shape, fill, dtype=a.dtype)


reduce_max = _extreme('reduce_max', lambda xp, a, axes, k: xp.max(a, axis=axes, keepdims=k))
reduce_min = _extreme('reduce_min', lambda xp, a, axes, k: xp.min(a, axis=axes, keepdims=k))


def reduce_prod(input_tensor, axis=None, keepdims=False, name=None):
    """Product over ``axis``; the gradient is exact also where elements are zero."""
    try:
        keepdims = bool(keepdims)
        try:
            x, axes, xp = _prepare(input_tensor, axis, 'reduce_prod')
        except TypeError:      # a RaggedTensor (framework/composite.py); else re-raised
            return dispatch('reduce_prod', input_tensor, axis, keepdims)
        a = x._data
        out = Tensor(_prod(a, axes, keepdims, xp))
        if ACTIVE:
            order = _given_order(axis, axes, a.ndim)
            record('reduce_prod', (x,), out, (lambda g, y, x: _spread(g, x, axes, keepdims) * _prod_of_others(x, order),))
        return out
    except OpError as error:
        given_name(error, name)
        raise


def _given_order(axis, axes, ndim):
    """The reduced axes in the order the caller gave them (TF's ProdGrad flattens them so: its
    exclusive products run along that order; for axis=[-1, 0] of (2, 4, 2) sorted axes gave 5 of 16
    gradients an ulp off TF 2.21's); ``axes`` (sorted) where they are not a list of distinct ints."""
    if len(axes) < 2:
        return axes
    given = axis.numpy().tolist() if isinstance(axis, Tensor) else axis.tolist() if isinstance(axis, np.ndarray) \
        else axis
    if not isinstance(given, (list, tuple)) or len(given) != len(axes):
        return axes
    order = tuple(int(a) % ndim for a in given)
    return order if sorted(order) == list(axes) else axes


def _prod(a, axes, keepdims, xp):
    """Float32 / float64 products over trailing axes (a whole tensor's too) in TensorFlow's order (eigen_prod.py)."""
    inner = None
    if axes and axes[0] == a.ndim - len(axes) and axes[-1] == a.ndim - 1:
        inner = int(np.prod([a.shape[ax] for ax in axes]))
    elif axes:
        inner = _trailing_but_for_ones(a.shape, axes)
    if inner is not None and type(a) is np.ndarray and a.dtype == np.float16 and inner <= eigen_prod.LEAF * 8:
        total = eigen_prod.half_row_products(np.ascontiguousarray(a).reshape(-1, inner))
        return total.reshape(_kept_shape(a.shape, axes) if keepdims else
                             tuple(d for i, d in enumerate(a.shape) if i not in axes))
    if inner is not None and eigen_prod.applies(a, inner):
        total = eigen_prod.row_products(np.ascontiguousarray(a).reshape(-1, inner))
        return total.reshape(_kept_shape(a.shape, axes) if keepdims else
                             tuple(d for i, d in enumerate(a.shape) if i not in axes))
    if inner is None and axes:      # reduced axes between or before kept ones: Eigen's strided orders
        total = strided_products(a, axes)
        if total is not None:
            return total.reshape(_kept_shape(a.shape, axes)) if keepdims else total
    with np.errstate(all='ignore'):     # inf * 0 is NaN silently, as in TensorFlow (numpy's wrapper warns)
        return xp.prod(a, axis=axes, keepdims=keepdims, dtype=a.dtype)


def _prod_of_others(x, axes):
    """For each element, the product of the other elements of its reduction group.

    Exclusive cumulative products from the left and from the right, so that a
    zero element does not turn the gradient into 0/0. Written with framework
    ops, so that an outer tape differentiates it again.
    """
    from .shapes import reshape, transpose
    rest = [i for i in range(x.ndim) if i not in axes]
    perm = rest + list(axes)
    moved = transpose(x, perm)
    flat = reshape(moved, tuple(moved.shape[:len(rest)]) + (-1,))
    others = cumprod(flat, -1, exclusive=True) * cumprod(flat, -1, exclusive=True, reverse=True)
    inverse = [0] * len(perm)
    for i, p in enumerate(perm):
        inverse[p] = i
    return transpose(reshape(others, tuple(moved.shape)), inverse)


def reduce_logsumexp(input_tensor, axis=None, keepdims=False, name=None):
    """log(sum(exp(x))) over ``axis``, computed stably; its gradient is the softmax."""
    from .unary import exp
    from ..composite import handler_for
    ragged = handler_for('reduce_logsumexp', (input_tensor,), {})     # TF's composition, on a RaggedTensor
    if ragged is not None:
        return ragged(input_tensor, axis, keepdims)
    keepdims = bool(keepdims)
    x, axes, xp = _prepare(input_tensor, axis, 'reduce_logsumexp', as_float_tensor)
    a = x._data
    if a.size:
        m = xp.max(a, axis=axes, keepdims=True)
        m = xp.where(xp.isfinite(m), m, 0)
    else:       # an empty sum: log(0) = -inf, as TensorFlow gives (max has no identity)
        m = xp.zeros(tuple(1 if i in axes else d for i, d in enumerate(a.shape)), a.dtype)
    shifted = a - m
    e, total, log = _exp_and_sum(xp, shifted, axes)
    logs = log(total)
    kept = logs + m
    out = Tensor(kept if keepdims else kept.reshape(tuple(d for i, d in enumerate(a.shape) if i not in axes)))
    if ACTIVE:
        if a.size:
            _record_composed(x, shifted, e, total, logs, out, axes, keepdims)
        else:
            shift = Tensor(m)
            record('reduce_logsumexp', (x,), out,
                   (lambda g, y, x: _log_sum_exp_grad(g, x, shift, axes, keepdims),))
    return out


def _record_composed(x, shifted, e, total, logs, out, axes, keepdims):
    """Tape nodes for TF's composition log(sum(exp(x - max))) + max, holding the kernel's values: the
    subtraction of the max, exp (its gradient g * e), the sum over ``axes``, log (g * reciprocal(sum))
    and the max's add; the max is a constant (TF stops its gradient), so Sub and Add pass g on. An
    outer tape then meets the exps and the sums that the gradient reads as the forward's own tensors,
    and adds its terms at them as TF does: one node with a recomputed softmax gave eager second
    derivatives an ulp off TF 2.21 in 19 of 40 values (notes progs/gradfuzz12/t_readonce.py). Sub and
    Add are nodes of their own because TF's tape visits them: x is read five ops from the output, and
    where x has other readers its gradients add in that visiting order (backward_order.py;
    lse(v) + reduce_sum((v - 1) * 0.3) + reduce_sum(v * v) was an ulp off TF 2.21 with three nodes)."""
    from .unary import reciprocal
    shifts = Tensor(shifted)
    record('logsumexp_shift', (x,), shifts, (_pass_gradient,))
    exps = Tensor(e)
    record('exp', (shifts,), exps, (lambda g, y, x: g * y,))
    shape = out._data.shape
    sums = Tensor(total if keepdims else total.reshape(shape))
    record('reduce_sum', (exps,), sums, (_Spread(axes, None),))
    logged = Tensor(logs if keepdims else logs.reshape(shape))
    record('log', (sums,), logged, (lambda g, y, s: g * reciprocal(s),))
    record('logsumexp_unshift', (logged,), out, (_pass_gradient,))


def _pass_gradient(g, y, x):
    """The gradient of x - c or x + c for a constant c of x's shape or smaller (the max, kept or reshaped
    to the result's shape): g as it is."""
    return g


def _log_sum_exp_grad(g, x, shift, axes, keepdims):
    """The gradient as TensorFlow's composed reduce_logsumexp takes it: log's ``g * reciprocal(s)``
    spread over the sum's axes, times exp's output ``exp(x - shift)`` (``shift``, the max, is held
    constant, as TF stops its gradient). The softmax exp(x - y) rounds otherwise: for three equal
    inputs 0.3333333 where TensorFlow gives 0.33333334. Written with ops, so outer tapes see it."""
    from .unary import exp, reciprocal
    e = exp(x - shift)
    return _spread(g * reciprocal(reduce_sum(e, axis=list(axes), keepdims=keepdims)), x, axes, keepdims) * e


def _exp_and_sum(xp, shifted, axes):
    """(exp(shifted), its sum over ``axes`` kept, the log to take of it): float32 and float64 on the host
    with TensorFlow's exp and log kernels and its reduce_sum's summation order."""
    import math
    from . import eigen_math, eigen_math64
    if not eigen_math.handles(shifted):
        if eigen_math64.handles(shifted):     # float64: TensorFlow's exp and log kernels, its sums' order
            e = eigen_math64.exp(shifted)
            return e, _sum(e, tuple(axes), True), eigen_math64.log
        e = xp.exp(shifted)
        return e, xp.sum(e, axis=axes, keepdims=True), xp.log
    e = eigen_math.exp(shifted)
    kept_shape = tuple(1 if i in axes else d for i, d in enumerate(shifted.shape))
    if tuple(axes) == tuple(range(shifted.ndim - len(axes), shifted.ndim)) and e.size:
        total = eigen_sum.kernel_row_sums(e.reshape(-1, int(math.prod(shifted.shape[i] for i in axes)))).reshape(kept_shape)
    else:       # other axes: reduce_sum's own order (its outer or shuffled sums; numpy's pairwise sum was an ulp off)
        total = _sum(e, tuple(axes), True)
    return e, total, eigen_math.log


@named_errors('reduce_variance')
def reduce_variance(input_tensor, axis=None, keepdims=False, name=None):
    from .complex_parts import conj, real
    from .unary import square
    from .variable_reads import read_once
    # TF converts the input once (a variable: one ReadVariableOp) and reads that tensor twice; its tape
    # then adds the mean's and the deviations' gradients before the variable's other reads
    try:
        x = read_once(as_float_tensor(input_tensor, 'reduce_variance'))
    except (TypeError, InvalidArgumentError):   # integers, strings: TF takes the mean before it refuses them,
        # so the mean's errors (its axis, its kernel's dtypes) come first
        reduce_mean(as_tensor(input_tensor, 'reduce_variance'), axis, keepdims=True)
        raise
    mean = reduce_mean(x, axis, keepdims=True)
    d = x - mean
    # TF's squared deviations: Square (its gradient 2 * d * g, where d * d's adds two d * g and rounds
    # otherwise), and conj(d) * d for complex inputs (a real variance; d * d was a complex number)
    squared = real(conj(d) * d) if d._data.dtype.kind == 'c' else square(d)
    return reduce_mean(squared, axis, keepdims=keepdims)


@named_errors('reduce_std')
def reduce_std(input_tensor, axis=None, keepdims=False, name=None):
    from .unary import sqrt
    return sqrt(reduce_variance(input_tensor, axis, keepdims))


def cumsum(x, axis=0, exclusive=False, reverse=False, name=None):
    """Cumulative sum along ``axis``."""
    from .shapes import reverse as flip
    given = x
    try:
        x = float_kernels.refuse_bool(as_numeric_tensor(x, 'cumsum'), 'cumsum')     # numpy counts Trues
    except TypeError:      # a RaggedTensor (ragged/ragged_dispatch_more.py); else re-raised
        return dispatch('cumsum', x, axis, exclusive, reverse)
    exclusive, reverse = bool_attribute(exclusive, 'exclusive'), bool_attribute(reverse, 'reverse')
    (ax,) = normalize_axis(scan_axis('cumsum', 'Cumsum', given, axis), x.ndim, 'cumsum')
    if reverse:
        return flip(cumsum(flip(x, [ax]), ax, exclusive), [ax])
    a = x._data
    xp = backend.array_module(a)
    with np.errstate(all='ignore'):     # inf - inf is NaN silently, as in TensorFlow (numpy warns)
        c = xp.cumsum(a, axis=ax, dtype=a.dtype)
    if a.dtype.kind in 'fc':
        c += 0      # Eigen's scan adds to an accumulator that starts at +0, so no sum is -0 (numpy's starts at x[0])
    if exclusive:
        c = _shift_in(xp, c, ax, 0)
    out = Tensor(c)
    if ACTIVE:
        record('cumsum', (x,), out, (lambda g, y, x: cumsum(g, ax, exclusive, reverse=True),))
    return out


def cumprod(x, axis=0, exclusive=False, reverse=False, name=None):
    """Cumulative product along ``axis``.

    The gradient is TensorFlow's, reverse-cumsum(g * y) / x, taken as 0 where
    x is 0 (TensorFlow's div_no_nan): exact away from zeros only. reduce_prod
    does not depend on it for its first derivative.
    """
    from .arithmetic import divide_no_nan
    from .shapes import reverse as flip
    given = x
    x = float_kernels.refuse_bool(as_numeric_tensor(x, 'cumprod'), 'cumprod')     # numpy counts Trues
    exclusive, reverse = bool_attribute(exclusive, 'exclusive'), bool_attribute(reverse, 'reverse')
    (ax,) = normalize_axis(scan_axis('cumprod', 'Cumprod', given, axis), x.ndim, 'cumprod')
    if reverse:
        return flip(cumprod(flip(x, [ax]), ax, exclusive), [ax])
    a = x._data
    xp = backend.array_module(a)
    with np.errstate(all='ignore'):     # inf * 0 is NaN silently, as in TensorFlow (numpy warns)
        c = xp.cumprod(a, axis=ax, dtype=a.dtype)
    if exclusive:
        c = _shift_in(xp, c, ax, 1)
    out = Tensor(c)
    if ACTIVE and (a.dtype.kind in 'fc' or a.dtype.name == 'bfloat16'):     # (ml_dtypes' bfloat16 is kind 'V')
        # TF's _CumprodGrad computes the products again (a node of its own under an outer tape, where the
        # output's other readers add at the output instead: second derivatives an ulp off otherwise)
        vjps = (lambda g, y, x: divide_no_nan(cumsum(cumprod(x, ax, exclusive) * g, ax, exclusive, reverse=True), x),)
        if a.dtype.kind == 'c':     # TF's rule takes no conjugates: pre-conjugated for the tape's complex wrapping
            from ..complex_gradients import conjugated
            vjps = conjugated(vjps)
        record('cumprod', (x,), out, vjps)
    return out


def _shift_in(xp, c, axis, fill):
    """``c`` moved one step along ``axis``, ``fill`` entering first: inclusive
    cumulative results made exclusive without cancellation error."""
    head = (slice(None),) * axis
    first = xp.full_like(c[head + (slice(0, 1),)], fill)
    return xp.concatenate([first, c[head + (slice(0, -1),)]], axis=axis)
