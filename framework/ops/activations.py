"""Activation functions (``tf.nn``): fused where numerics or speed ask for it,
composed from other ops elsewhere."""

import numpy as np

from .. import backend, graph_random_ops, libm, onednn_policy
from ..errors import AbortedError, InvalidArgumentError, OpError, kernel_error
from ..given_op_name import given_name
from . import eigen_math, eigen_math64, eigen_reciprocal, half_softmax_rows, onednn_softmax, reductions
from . import gelu_tanh_traced, softmax_grad_push_down
from .hard_silu_graph import taped_traced_hard_silu
from .eigen_sum import kernel_row_sums
from .fusable_outputs import FUSABLE, is_fusable
from ..composite import dispatch, map_ragged
from ..tape import array_rule
from ..tensor import Tensor
from .gradient_ops import elu_grad, mask_grad, selu_grad
from .graph_logits import as_graph_op_output
from .signed_zero_ties import ties_as_tensorflow
from .branchless_select import SELECT_SIZE, select
from .operands import ACTIVE, as_float_tensor, as_real_tensor, normalize_axis, record
from .selection import where
from .unary import sigmoid, tanh, exp
from .variable_reads import read_once
from ..tf_python_names import tf_named


def relu(features, name=None):
    """max(x, 0); the gradient at 0 is 0. Integer tensors keep their dtype (TensorFlow's Relu takes them)."""
    try:
        try:
            x = as_real_tensor(features, 'relu')
        except TypeError:       # a RaggedTensor: relu of its values (TF dispatches it; a SparseTensor fails)
            return map_ragged(features, relu, 'relu')
        if FUSABLE and is_fusable(features) and onednn_policy.enabled():     # tf.nn.relu(dense(x)), traced
            out = Tensor(fused_relu_value(x._data))
        else:
            out = Tensor(relu_value(x._data))
        if ACTIVE and _has_gradients(x._data.dtype):
            record('relu', (x,), out, RELU_VJPS)
        return out
    except OpError as error:
        given_name(error, name)
        raise


def _has_gradients(dtype):
    # float kinds, and ml_dtypes' bfloat16 (numpy kind 'V'): relu / relu6 also take integers, which have none
    return dtype.kind == 'f' or dtype.name == 'bfloat16'


def relu_value(a):
    """relu on a raw array (shared with the fused dense op)."""
    if a.dtype.kind == 'V':
        # bfloat16: Eigen's scalar max(x, 0) is x < 0 ? 0 : x, so -0 stays -0 (TF 2.21); ml_dtypes' maximum gives 0
        return backend.array_module(a).where(a < 0, a.dtype.type(0), a)
    xp, zero = backend.array_module(a), a.dtype.type(0)
    # TF's Relu is max(x, 0), a -0 kept where its kernel's scalar tail computes (as tf.maximum's ties)
    return ties_as_tensorflow(xp, xp.maximum, xp.maximum(a, zero), a, zero)


def fused_relu_value(a):
    """relu as TF's fused MatMul + BiasAdd + Relu kernel computes it (a traced Dense layer's output, where
    TF runs oneDNN): a NaN gives 0, where the Relu op alone passes it on. Measured on TF 2.21: a NaN
    feature made the fused Dense + relu output 0 in predict and fit (float32 and float64), so the loss
    stayed finite and TerminateOnNaN did not stop. 16-bit floats keep the op's values (affine_activation's)."""
    if a.dtype.kind != 'f' or a.dtype.itemsize < 4:
        return relu_value(a)
    # x > 0 ? x : +0 (oneDNN's max(x, 0) packets: a NaN and a -0 give +0): fmax drops the NaN, + 0 makes
    # its -0 (fmax may give either zero) +0; twenty times cheaper than numpy's where on a batch
    zero = a.dtype.type(0)
    out = backend.array_module(a).fmax(a, zero)
    out += zero
    return out


# TF's Relu and Relu6 rules hand their ReluGrad / Relu6Grad the op's output, not its input (nn_grad.py): a
# third derivative then reaches x through relu itself and is zeros, where leaky_relu's (input) is None
RELU_VJPS = (array_rule(lambda g, y, x: mask_grad(g, x._data > 0, y),
                         lambda g, y, x: g * (x > 0).astype(g.dtype, copy=False)),)
_RELU6_VJPS = (lambda g, y, x: mask_grad(g, (x._data > 0) & (x._data < 6), y),)


def relu6(features, name=None):
    try:
        x = as_real_tensor(features, 'relu6')
    except TypeError:
        return map_ragged(features, relu6, 'relu6')
    xp = backend.array_module(x._data)
    a, zero = x._data, x._data.dtype.type(0)
    if FUSABLE and is_fusable(features) and onednn_policy.enabled():    # tf.nn.relu6(dense(x)), traced
        above_zero = fused_relu_value(a)        # (NaN: 0, as fused relu's)
    else:
        # TF's kernel is max(x, 0) then min(., 6): a -0.0 keeps its sign where TF's max returns x on the tie
        above_zero = ties_as_tensorflow(xp, xp.maximum, xp.maximum(a, zero), a, zero)
    out = Tensor(xp.minimum(above_zero, a.dtype.type(6)).astype(a.dtype, copy=False))
    if ACTIVE and _has_gradients(x._data.dtype):
        record('relu6', (x,), out, _RELU6_VJPS)
    return out


def elu(features, name=None):
    """x for x > 0, exp(x) - 1 otherwise: TF's tf.nn.elu, which takes no alpha (Keras's is keras_elu)."""
    try:
        if FUSABLE and is_fusable(features):     # tf.nn.elu(dense(x)), traced: TF fuses the three
            if onednn_policy.enabled():
                from .fused_eltwise import fused_elu
                return fused_elu(features)
            from .eigen_fused_elu import eigen_fused_elu     # (its fused Eigen kernel, where oneDNN is off)
            return eigen_fused_elu(features)
        try:
            x = as_float_tensor(features, 'elu')
        except TypeError:
            return map_ragged(features, elu, 'elu')
        out = Tensor(elu_value(x._data))
        if ACTIVE:
            record('elu', (x,), out, ELU_VJPS)
        return out
    except OpError as error:
        given_name(error, name)
        raise


def keras_elu(features, alpha=1.0):
    """Keras 3's elu (its TF backend): tf.nn.elu(x) for alpha 1, else where(x > 0, elu(x), alpha * elu(x)).
    Composed the same way, the gradient is TF's EluGrad(alpha * g, elu(x)) = (alpha * g) * (elu(x) + 1),
    whose rounding g * (alpha * elu(x) + alpha) missed in the last bit."""
    if alpha == 1.0:
        return elu(features)
    try:
        x = as_float_tensor(features, 'elu')
    except TypeError:
        return map_ragged(features, lambda values: keras_elu(values, alpha), 'elu')
    unit = elu(x)
    return where(x > 0, unit, unit * alpha)


def elu_value(a):
    """elu on a raw array (shared with the fused dense op)."""
    xp = backend.array_module(a)
    # exp(x) - 1, not expm1: TensorFlow's Elu kernel computes exp(x) - 1 (Eigen), and
    # numpy's exp is vectorised where its expm1 is a scalar libm loop. The minimum
    # keeps exp from overflowing on the branch that where() discards.
    # TensorFlow's Elu selects exp(x) - 1 where x < 0, which its denormals-are-zero threads
    # read as x <= -tiny: -0.0 and negative denormals come back as they are.
    per_dtype = _ELU_PER_DTYPE.get(a.dtype)
    if per_dtype is None:       # (np.finfo costs a microsecond per call: once per dtype)
        per_dtype = _ELU_PER_DTYPE[a.dtype] = (-np.finfo(a.dtype).tiny,
                                               _exp_double if a.dtype == np.float64 else _exp)
    negative_tiny, exp_of = per_dtype
    neg = exp_of(xp, xp.minimum(a, 0)) - a.dtype.type(1)
    if a.size < SELECT_SIZE:            # (the seed's 32 x 30 batch: numpy's where, as fast there)
        return xp.where(a <= negative_tiny, neg, a)
    return select(xp, a <= negative_tiny, neg, a)


# dtype -> (minus its smallest normal number, its exp): float64's is Eigen's too (eigen_math64; numpy's
# exp gave 13 of 241 elu values an ulp or more off), chosen here once per dtype, not per call
_ELU_PER_DTYPE = {}


def _exp(xp, a):
    """exp on a raw array: TensorFlow's float32 kernel (eigen_math) where it applies."""
    return eigen_math.exp(a) if eigen_math.handles(a) else xp.exp(a)


def _exp_double(xp, a):
    """exp on a raw float64 array: TensorFlow's kernel (eigen_math64) where it applies."""
    return eigen_math64.exp(a) if eigen_math64.handles(a) else xp.exp(a)


# TensorFlow's EluGrad selects g * (y + 1) where the output y < 0 and g elsewhere (a NaN
# input passes g through); the fused Dense op calls these rules with x = y.
def _elu_grad_array(g, y, x):
    """EluGrad on raw arrays: g * (y + 1) where y < 0, else g, computed as g * fmin(y + 1, 1) (two
    passes fewer than where()'s, a training step's every elu layer). The same bits: y + 1 is below 1
    exactly where y < 0 (a negative y that rounds y + 1 to 1 gives g * 1 = g both ways), and fmin
    takes 1 for a NaN y, which EluGrad passes g for."""
    if y.dtype.kind != 'f' or not y.ndim:       # bfloat16 (no fmin loop) and 0-d values (scalar sums)
        return backend.array_module(g).where(y < 0, g * (y + 1.0), g)
    t = y + 1.0
    backend.array_module(t).fmin(t, 1.0, out=t)
    t *= g
    return t


ELU_VJPS = (array_rule(lambda g, y, x: elu_grad(g, x, y), _elu_grad_array),)


_SELU_ALPHA = 1.6732632423543772848170429916717
_SELU_SCALE = 1.0507009873554804934193349852946
_SELU_SCALE_ALPHA = 1.7580993408473768599402175208123      # TensorFlow's constant, not the product


def selu(features, name=None):
    """scale * x for x > 0, scale * alpha * (exp(x) - 1) otherwise (TensorFlow's Selu kernel:
    one product by scale * alpha, not two)."""
    try:
        try:
            x = as_float_tensor(features, 'selu')
        except TypeError:
            return map_ragged(features, selu, 'selu')
        a = x._data
        xp = backend.array_module(a)
        one = a.dtype.type(1)
        neg = ((_exp_double if a.dtype == np.float64 else _exp)(xp, xp.minimum(a, 0)) - one) \
            * a.dtype.type(_SELU_SCALE_ALPHA)
        tiny = xp.finfo(a.dtype).tiny
        pos = a * a.dtype.type(_SELU_SCALE)
        denormal = xp.abs(a) < tiny                  # TensorFlow's threads read denormal inputs as zero
        if denormal.any():
            pos = xp.where(denormal, a * 0, pos)
        out = Tensor(select(xp, a <= -tiny, neg, pos))
        if ACTIVE:
            record('selu', (x,), out, (lambda g, y, x: selu_grad(g, x, y, _SELU_SCALE, _SELU_SCALE_ALPHA),))
        return out
    except OpError as error:
        given_name(error, name)
        raise


def leaky_relu(features, alpha=0.2, name=None):
    if alpha is None:       # (TF's op leaves the attr at its default)
        alpha = 0.2
    if isinstance(alpha, (str, bytes, Tensor)):     # TF's words for its float attr (a tensor is no attr value)
        error = TypeError("Expected float for argument 'alpha' not %r." % (alpha,))
        error.add_note('leaky_relu: alpha is the slope for negative inputs, a Python number such as 0.2')
        raise error
    if isinstance(alpha, np.ndarray):
        alpha = alpha.item()
    if isinstance(alpha, (int, float, np.number)):
        # TF's LeakyRelu takes alpha as a float attr, 32 bits: float64 inputs are scaled by float32(alpha)
        alpha = float(np.float32(alpha))
    try:
        x = as_real_tensor(features, 'leaky_relu')
    except TypeError:
        return map_ragged(features, lambda values: leaky_relu(values, alpha), 'leaky_relu')
    if x._data.dtype.kind != 'f' and x._data.dtype.name != 'bfloat16':    # TF computes integers in float32
        from .shapes import cast
        x = cast(x, 'float32')
    a = x._data
    xp = backend.array_module(a)
    out = Tensor(select(xp, a > 0, a, a * alpha))
    if ACTIVE:
        record('leaky_relu', (x,), out, (lambda g, y, x: _leaky_relu_grad(g, x, alpha),))
    return out


def _leaky_relu_grad(g, x, alpha):
    """TF's LeakyReluGrad: g where x > 0, g * alpha elsewhere (one rounding, as where(x > 0, g, g * alpha))."""
    a = g._data
    xp = backend.array_module(a)
    return mask_grad(g, xp.where(x._data > 0, a.dtype.type(1), a.dtype.type(alpha)), x)


# nn_ops.gelu's math_ops.cast(0.044715, dtype) / cast(0.7071067811865476, dtype) convert the Python float
# to a float32 constant first: a float64 gelu multiplies by these float32 values (its tanh factor
# 0.7978845608028654 is a plain Python operand, full precision in float64).
_GELU_CUBIC = float(np.float32(0.044715))
_GELU_SQRT_HALF = float(np.float32(0.7071067811865476))


def gelu(features, approximate=False, name=None):
    """Gaussian error linear unit; the tanh approximation when ``approximate``.

    TensorFlow's own composition of ops (nn_ops.gelu), so that values and gradients take the same
    roundings: 0.5 * x * erfc(-x * 0.70710677), or 0.5 * x * (1 + tanh(0.7978846 * (x + 0.044715 * x**3)))
    with x**3 a Pow (Eigen's pow eagerly; grappler's rewritten graph in a traced function: gelu_tanh_traced.py).
    TF casts 0.044715 and 1/sqrt(2) to x's dtype from float32 constants, so float64 gelu takes their float32
    values too."""
    from .special_functions import erfc
    from .gelu_folded_constants import erfc_term, folds_gelu_constants
    x = read_once(as_float_tensor(features, 'gelu'))
    if approximate:
        if gelu_tanh_traced.rewritten(x):       # grappler's ConvertPow and ConstantPushDown
            return gelu_tanh_traced.gelu(x)
        return 0.5 * x * (1.0 + tanh(0.7978845608028654 * (x + _GELU_CUBIC * _cube(x))))
    if ACTIVE and folds_gelu_constants(x):
        return 0.5 * x * erfc_term(x)       # a traced step's gradient (gelu_folded_constants.py)
    return 0.5 * x * erfc(-x * _GELU_SQRT_HALF)


def _cube(x):
    """x**3 as TensorFlow's Pow where tapeflow gives Pow's bits (eigen_math's mode, a traced function);
    elsewhere two products, within an ulp of it: numpy's float power costs 25x more."""
    from .arithmetic import pow
    if eigen_math.exact_elementwise(x._data.size) or x._data.dtype.itemsize == 2 or graph_random_ops.current() is not None:
        return pow(x, 3)
    return x * x * x


def silu(features, beta=1.0, name=None):
    """x * sigmoid(beta * x). Its gradient is TensorFlow's custom one,
    g * (s * (1 + beta * x * (1 - s))) with s = sigmoid(beta * x), not the product rule's."""
    x = as_float_tensor(features, 'silu')
    if isinstance(beta, Tensor):
        return _silu_tensor_beta(x, beta)
    # TF converts a Python beta to a tensor (float32 for a float) and casts that to x's dtype: a float64 x
    # meets beta=1.7 as 1.7000000476837158
    if type(beta) is float and x._data.dtype != np.float32:
        beta = float(np.float32(beta))
    if beta == 1.0 and graph_random_ops.TRACED_CALLS[0]:
        if not ACTIVE or untaped(x):
            traced = traced_swish(x)
            if traced is not None:
                return traced
        elif _in_keras_step() or x._data.dtype.itemsize == 2:
            traced = traced_swish(x)
            if traced is not None:      # TF's custom gradient recomputes the sigmoid: silu's own gradient
                record('silu', (x,), traced, _custom_rules(x, (lambda g, y, x: _silu_grad(g, x, 1.0),)))
                return traced
    s = sigmoid(x * beta if beta != 1.0 else x)
    out = Tensor(x._data * s._data)
    if ACTIVE:
        record('silu', (x,), out, _custom_rules(x, (lambda g, y, x: _silu_grad(g, x, beta),)))
    return out


def _custom_rules(x, vjps):
    """TF's swish is a custom gradient, dy times its expressions with no conjugate (its Mul rule would take
    one): a complex silu's rules go to the tape pre-conjugated, so that its complex wrapping cancels."""
    if x._data.dtype.kind != 'c':
        return vjps
    from ..complex_gradients import conjugated
    return conjugated(vjps)


def untaped(x):
    """Whether no active tape tracks tensor ``x`` (a model's input in a train step): TF's tape records no
    custom gradient for silu(x) or mish(x) then, and grappler fuses the graph's x * sigmoid(x) (x *
    tanh(softplus(x))) into oneDNN's kernel as in a call no tape sees. Measured on TF 2.21: in a traced
    GradientTape step, tf.nn.silu and keras mish of an unwatched (16, 8) input gave oneDNN's bits (66 and
    67 values off eager's); of a watched product, eager's (progs/modelfuzz2/t_swish_tape2.py)."""
    return type(x) is Tensor and not any(id(x) in tape._tracked for tape in ACTIVE)


def _in_keras_step():
    """Whether this is a Keras train step, where the loss's gradient reaches a silu as data: TF's custom
    gradient then recomputes sigmoid(x) behind a control dependency on it, so the forward sigmoid has the
    product as its one reader and grappler fuses them into oneDNN's swish. Measured on TF 2.21 in a traced
    tape step: silu of a watched x * w gave oneDNN's bits (66 of 128 off eager's) under reduce_sum(y * c)
    and reduce_sum(y * y); under reduce_sum(y), a constant gradient, eager's (progs/modelfuzz2/t_swish_tape4.py).
    A BatchNormalization + Activation('swish') or a Conv2D(activation='swish') of a fit step (EfficientNet's)
    takes them."""
    state = graph_random_ops.current()
    return state is not None and state.keras_step


def traced_swish(x):
    """silu(x) as oneDNN's swish where TF 2.21's graph runs one: a traced call no tape records (predict,
    evaluate, a tf.function), float32, oneDNN on; None elsewhere. Measured: tf.function(tf.nn.silu)(x)
    and keras.activations.silu differ from eager in TF on any tensor (a placeholder, x * 1.0 + 0.5, a
    rank-3 one), each then oneDNN's value (notes progs/kerasguides29/p_silu.py)."""
    from . import graph_rewrites, onednn_activations
    a = x._data
    if a.dtype.itemsize == 2 and type(a) is np.ndarray and graph_rewrites.tracing() and onednn_policy.enabled() \
            and eigen_math.ENABLED[0] is not False:
        # float16 / bfloat16: s / (1 + expf(-s)) in float32, rounded (TF 2.21, modelfuzz12 p18.py, p25.py: every
        # value, a tape recording it or not; the 16-bit ops' differed in about a third). At every size: the
        # rounding hides float32 ulps, and libm's expf is banded at numpy's speed
        s = a.astype(np.float32)
        with np.errstate(all='ignore'):
            return Tensor((s / (np.float32(1) + libm.apply('exp', -s))).astype(a.dtype))
    if a.dtype != np.float32 or not graph_rewrites.tracing() or not onednn_policy.enabled() \
            or not eigen_math.handles(a):
        return None
    return Tensor(onednn_activations.swish(a))


def traced_mish(x):
    """mish(x) as oneDNN's where TF 2.21's graph runs one (as ``traced_swish``: x * tanh(softplus(x)) in a
    traced call no tape records differs from eager in TF, p_silu.py); None elsewhere."""
    from . import graph_rewrites, onednn_activations
    if not graph_random_ops.TRACED_CALLS[0] or not isinstance(x, Tensor) or (ACTIVE and not untaped(x)):
        return None
    a = x._data
    if a.dtype != np.float32 or not graph_rewrites.tracing() or not onednn_policy.enabled() \
            or not eigen_math.handles(a):
        return None
    return Tensor(onednn_activations.mish(a))


def _silu_grad(g, x, beta):
    # TF's grad_fn multiplies beta * features twice (once inside the sigmoid, once in the factor): an outer
    # tape adds the two products' contributions at x, each already scaled by beta, not their sum once
    if beta == 1.0:
        s = sigmoid(x)
        return g * (s * (1.0 + x * (1.0 - s)))
    s = sigmoid(x * beta)
    return g * (s * (1.0 + (x * beta) * (1.0 - s)))


def _silu_tensor_beta(x, beta):
    """silu with a tensor (a variable: a learnable swish) beta, which TF's custom gradient also
    differentiates: sum(dy * x**2 * s * (1 - s)), one scalar whatever beta's shape."""
    from .reductions import reduce_sum
    from .shapes import cast
    from .unary import square
    b = cast(beta, x.dtype)
    s = sigmoid(b * x)
    out = Tensor(x._data * s._data)
    if ACTIVE:
        last = []

        def recomputed_sigmoid(g, x, b):
            # TF's grad_fn computes sigmoid(beta * features) once for both gradients: an outer tape
            # differentiates that one node
            if not last or last[0] is not g:
                last[:] = [g, sigmoid(b * x)]      # holding g keeps its id from being reused meanwhile
            return last[1]

        def features_grad(g, y, x, b):
            s = recomputed_sigmoid(g, x, b)
            return g * (s * (1.0 + (b * x) * (1.0 - s)))      # a second beta * x, as _silu_grad says

        def beta_grad(g, y, x, b):
            s = recomputed_sigmoid(g, x, b)
            return reduce_sum(g * square(x) * s * (1.0 - s))
        record('silu', (x, b), out, _custom_rules(x, (features_grad, beta_grad)))
    return out


swish = silu
# TensorFlow's own names for these functions (tf.nn.silu is its ``swish``; softmax and log_softmax are the
# ``_v2`` ones): Keras configures an activation given as such a function by its name
silu.__name__ = silu.__qualname__ = 'swish'


def softsign(features, name=None):
    """x / (|x| + 1), with TensorFlow's gradient rule g / (|x| + 1)^2."""
    try:
        x = as_float_tensor(features, 'softsign')
        a = x._data
        out = Tensor(a / (backend.array_module(a).abs(a) + a.dtype.type(1)))
        if ACTIVE:
            record('softsign', (x,), out, _SOFTSIGN_VJPS)
        return out
    except OpError as error:
        given_name(error, name)
        raise


def _softsign_grad(g, y, x):
    """TF's SoftsignGrad kernel, which registers no gradient: a second derivative through it raises
    LookupError (an outer tape reaching this node), as TF 2.21 does."""
    from .unary import abs as abs_, square
    from .unregistered_gradient import without_gradient
    return without_gradient('SoftsignGrad', lambda g, x: g / square(abs_(x) + 1), g, x)


_SOFTSIGN_VJPS = (_softsign_grad,)


def hard_sigmoid(features, name=None, traced=None):
    """relu6(x + 3) / 6, as Keras 3's TF backend writes it. In a traced function TensorFlow's graph
    optimizer turns the division by a constant into a multiplication by its reciprocal, which rounds
    differently (about 1 value in 3), so there it is relu6(x + 3) * (1 / 6). ``traced``: whether the
    caller runs in one (Keras's predict steps too, which layers.call_context knows); None: a traced
    function or Keras train / test step."""
    x = as_float_tensor(features, 'hard_sigmoid')
    shifted = relu6(x + 3.0)
    return shifted * (1 / 6) if _traced(traced) else shifted / 6.0


def hard_silu(features, name=None, traced=None, scope=None):
    """x * hard_sigmoid(x), Keras 3's hard_silu / hard_swish. In a traced function grappler also
    pushes the reciprocal down onto x, (x * (1 / 6)) * relu6(x + 3), where x is made by an op of the
    graph (a layer's output: measured on TF 2.21, 32 of 32 values; a function's own argument x keeps
    x * (relu6(x + 3) * (1 / 6)), which tapeflow does not tell apart). Under a tape it keeps
    x * (relu6(x + 3) * (1 / 6)), and the gradient's products go in the graph's order, which the
    outermost name ``scope`` of the layer call decides (hard_silu_graph.py)."""
    x = as_float_tensor(features, 'hard_silu')
    if not _traced(traced):
        return x * (relu6(x + 3.0) / 6.0)
    if ACTIVE:
        return taped_traced_hard_silu(x, relu6, scope)
    return (x * (1 / 6)) * relu6(x + 3.0)


def _traced(traced):
    return graph_random_ops.current() is not None if traced is None else traced


def softmax(logits, axis=-1, name=None):
    """exp(x - max) times the reciprocal of its sum along ``axis`` (TensorFlow's kernel order)."""
    try:
        try:
            x = as_float_tensor(logits, 'softmax')
        except TypeError:       # a RaggedTensor: TF's ragged softmax, over each row (ragged/ragged_dispatch_more.py)
            return dispatch('softmax', logits, axis)
        ax = _class_axis(x, axis, 'Softmax', 'softmax')
        if x.ndim > 5:
            _refuse_onednn_rank(x)
        out = Tensor(_along_last(x._data, ax, _softmax_rows))
        if ACTIVE:
            if ax == x.ndim - 1:        # the array rule sums as reduce_sum does (TF's order)
                record('softmax', (x,), out, (array_rule(     # (s * (g - sum): a traced x / T regroups it)
                    lambda g, y, x: softmax_grad_push_down.product(y, g - reductions.reduce_sum(g * y, ax, keepdims=True)),
                    lambda g, y, x: softmax_grad_push_down.product(y, g - reductions._sum((g * y), (ax,), True))),))
            else:
                record('softmax', (x,), out, (array_rule(
                    lambda g, y, x: _in_class_layout(_softmax_grad, ax, g, y),
                    lambda g, y, x: _in_class_layout_array(_softmax_grad_array, ax, g, y)),))
        if ax == x.ndim - 1:        # (another axis is TF's Softmax between two transposes: no Softmax op output)
            as_graph_op_output(out, x)
        return out
    except OpError as error:
        given_name(error, name)
        raise


def _class_axis(x, axis, kernel, op):
    """softmax's / log_softmax's ``axis`` of ``x`` as a non-negative int (None is TF's wrapper's last axis), or
    their refusal: the axis check's InvalidArgumentError, after the kernel's own refusals it meets first (a
    scalar's; softmax's oneDNN rank limit on the last axis, which another axis's range check comes before)."""
    if axis is None:
        axis = -1
    try:
        (ax,) = normalize_axis(axis, x.ndim, op)
    except InvalidArgumentError:
        ax = _last_axis_by_comparison(axis, x.ndim, op)
        if ax is None:
            if axis == -1 and kernel == 'Softmax':
                _refuse_onednn_rank(x)
            _refuse_scalar_logits(x, axis, kernel, op)
            raise
    return ax


def _last_axis_by_comparison(axis, ndim, op):
    """TF's softmax / log_softmax wrapper compares an axis that is no integer before any kernel sees it:
    one equal to -1 or the last axis runs there (axis=1.0 on a matrix softmaxes its rows), any other meets
    the range check's Python comparison (a string: TypeError "'<=' not supported between instances of
    'int' and 'str'"). None: tapeflow's own refusal stands."""
    if isinstance(axis, (list, tuple, np.ndarray, Tensor)) or ndim == 0:
        return None
    if axis == -1 or axis == ndim - 1:
        return ndim - 1
    try:
        -ndim <= axis < ndim       # noqa: B015  (TF's range check: Python's TypeError for a string)
    except TypeError as error:
        error.add_note('%s: axis must be an integer, got %r' % (op, axis))
        raise
    return None


def _softmax_grad(g, y):
    from .reductions import reduce_sum
    return y * (g - reduce_sum(g * y, -1, keepdims=True))


def _softmax_grad_array(g, y):
    from .reductions import _sum
    return y * (g - _sum(g * y, (g.ndim - 1,), True))


def _log_softmax_grad(g, y):
    from .reductions import reduce_sum
    return g - exp(y) * reduce_sum(g, -1, keepdims=True)


def _in_class_layout(grad_fn, ax, g, y):
    """``grad_fn(g, y)`` (classes on the last axis) for classes on another axis ``ax``: TF swaps a softmax
    axis with the last (transposes) around its kernels, so the gradient's sum runs over the last axis of the
    transposed tensors and its exp sees their order (summed in place along ``ax``, float64 softmax /
    log_softmax gradients were an ulp off: progs/gradfuzz10/t_lsm.py)."""
    from .shapes import transpose
    order = _swapped_last(ax, y.ndim)
    return transpose(grad_fn(transpose(g, order), transpose(y, order)), order)


def _swapped_last(ax, ndim):
    """TF's _swap_axis permutation: ``ax`` and the last axis trade places, the others stay (for rank 3 and
    axis 0 the rows come in another order than moving ``ax`` last gives, and Eigen's packets of the row
    logs fell elsewhere: log_softmax(x (3, 4, 5), axis=0) was an ulp off in 3 of 60 values). Its own inverse."""
    order = list(range(ndim))
    order[ax], order[-1] = order[-1], order[ax]
    return order


def _in_class_layout_array(grad_fn, ax, g, y):
    """_in_class_layout on arrays (the array rule's form)."""
    return np.swapaxes(grad_fn(np.ascontiguousarray(np.swapaxes(g, ax, -1)),
                               np.ascontiguousarray(np.swapaxes(y, ax, -1))), -1, ax)


def _refuse_onednn_rank(x):
    """TF 2.21's oneDNN Softmax (float32, half, bfloat16; float64 takes Eigen's kernel) takes ranks 1 to 5
    and aborts on others, a scalar included; without oneDNN, Eigen's kernel takes any rank from 1."""
    if x._data.dtype != np.float64 and x._data.dtype.kind in 'fV' and not 1 <= x.ndim <= 5 and onednn_policy.enabled():
        raise kernel_error('Softmax', 'Input dims must be <= 5 and >=1', named=True, error_class=AbortedError,
                           note='softmax: logits of rank %d; TensorFlow\'s CPU softmax takes ranks 1 to 5 '
                                '(float64 any rank from 1)' % x.ndim)


def _refuse_scalar_logits(x, axis, kernel, op):
    """A scalar's softmax along its last axis: TF's wrapper hands it straight to the kernel, which
    refuses it in these words (another axis fails the wrapper's own range check)."""
    if x.ndim == 0 and axis == -1:
        raise kernel_error(kernel, 'logits must have >= 1 dimension, got []', named=True,
                           note='%s: logits must have an axis of classes, got a scalar' % op)


def _along_last(a, ax, rows_fn):
    """Apply ``rows_fn`` to ``a`` seen as (rows, classes) with ``ax`` swapped with the last axis, as
    TensorFlow transposes a softmax axis to the end (the flat order decides Eigen's packets)."""
    xp = backend.array_module(a)
    if a.size == 0:                 # no rows, or rows of no classes: nothing to normalise (reshape(-1, 0) fails)
        return a.copy()
    last = ax == a.ndim - 1
    moved = a if last else xp.swapaxes(a, ax, -1)
    if a.ndim == 0:
        moved = moved.reshape(1)
    out = rows_fn(xp, xp.ascontiguousarray(moved).reshape(-1, moved.shape[-1] if moved.ndim else 1))
    out = out.reshape(moved.shape)
    if a.ndim == 0:
        return out.reshape(())
    return out if last else xp.swapaxes(out, -1, ax)


def _log_softmax_rows(xp, a):
    if a.dtype == np.float16 and a.size and not onednn_policy.enabled():
        return half_softmax_rows.log_softmax_rows(
            a, lambda f: _summed_exp(xp, f), lambda f: eigen_math.log(f) if eigen_math.handles(f) else xp.log(f))
    # (dtype.name runs Python code in numpy: the kind, a C getter, turns float32 rows away first)
    if a.dtype.kind == 'V' and a.dtype.name == 'bfloat16' and xp is np \
            and 0 < a.shape[1] <= half_softmax_rows.BFLOAT16_ROWS_MAX:
        return half_softmax_rows.bfloat16_log_softmax_rows(
            a, lambda f: _softmax_exp(xp, f), lambda f: eigen_math.log(f) if eigen_math.handles(f) else xp.log(f))
    shifted = a - a.max(axis=1, keepdims=True) if a.size else a
    total = kernel_row_sums(_summed_exp(xp, shifted)) if a.size else shifted.sum(axis=1)
    if eigen_math.handles_class_scores(total):
        log_total = eigen_math.log(total)
    else:
        log_total = eigen_math64.log(total) if eigen_math64.handles_class_scores(total) else xp.log(total)
    shifted -= log_total[:, None]
    return shifted


def _summed_exp(xp, a):
    """The exp inside LogSoftmax's ``exp().sum(along_class)``: Eigen's inner-dimension reducer runs
    the packet exp on each row's whole packets and C's exp (the scalar functor) on the rest of the
    row, so a row shorter than a packet (2 actions of a policy) is C's exp throughout. An exp of the
    whole array first would put the scalar tail at the array's end instead."""
    e = _softmax_exp(xp, a)
    if xp is not np or not (eigen_math.handles_class_scores(a) or
                            a.dtype == np.float64 and eigen_math64.handles_class_scores(a)):
        return e
    packet = eigen_math.PACKET if a.dtype == np.float32 else eigen_math64.PACKET
    start = a.shape[1] - a.shape[1] % packet
    if start < a.shape[1]:
        tail = libm.apply('exp', a[:, start:])
        # TensorFlow's threads flush denormal results to zero, as eigen_math's kernels do
        tail[np.abs(tail) < np.finfo(a.dtype).tiny] = 0
        e[:, start:] = tail
    return e


def _softmax_exp(xp, a):
    """The softmax kernels' exp: TensorFlow's float32 and float64 Eigen kernels where they apply
    up to eigen_math.CLASS_SCORES values (float64 is not elu's: its _exp keeps the seed step's one check)."""
    if eigen_math.handles_class_scores(a):
        return eigen_math.exp(a)
    if a.dtype == np.float64 and eigen_math64.handles_class_scores(a):
        return eigen_math64.exp(a)
    return xp.exp(a)


def _softmax_rows(xp, a):
    if a.dtype == np.float16 and a.size and not onednn_policy.enabled():
        # Eigen's kernel (TF without oneDNN) rounds each step to float16 (half_softmax_rows.py)
        return half_softmax_rows.softmax_rows(a, lambda f: _softmax_exp(xp, f))
    # (dtype.name runs Python code in numpy: the kind, a C getter, turns float32 rows away first)
    if a.dtype.kind == 'V' and a.dtype.name == 'bfloat16' and xp is np \
            and 0 < a.shape[1] <= half_softmax_rows.BFLOAT16_ROWS_MAX:
        return half_softmax_rows.bfloat16_softmax_rows(a, lambda f: _softmax_exp(xp, f))
    if a.dtype.itemsize == 2:
        # bfloat16, and float16 where oneDNN runs: computed in float32 and rounded once (not measured
        # against TF on such a machine; bfloat16's Eigen steps are another order, not yet followed)
        return _softmax_rows(xp, a.astype(np.float32)).astype(a.dtype)
    row_max = None
    if a.dtype == np.float32 and xp is np and a.size and onednn_policy.enabled():
        # TF's x86 kernel is oneDNN's: a -inf (a mask: tf.where(mask, logits, -inf)) gives an exact 0
        # there, as oneDNN's exp does, and a row holding NaN or +inf (or only -inf) gives NaN where its exp
        # overflowed and 0 elsewhere ([inf, 1] is [nan, 0], [1, nan] [0, nan]), not a row of NaN
        row_max = a.max(axis=1, keepdims=True)
        finite = np.isfinite(row_max[:, 0])
        if eigen_math.exact_class_scores(a.size) and finite.all():
            return onednn_softmax.softmax_rows(a, row_max)
        if not finite.all():
            full = _softmax_rows(xp, np.where(finite[:, None], a, np.float32(0))) if finite.any() else np.empty_like(a)
            rows = a[~finite]
            full[~finite] = onednn_softmax.softmax_rows(rows, np.fmax.reduce(rows, axis=1, keepdims=True), True)
            return full
    # (the array's max method: xp.max's Python dispatch costs microseconds on every batch)
    shifted = a - (a.max(axis=1, keepdims=True) if row_max is None else row_max) if a.size else a
    e = _softmax_exp(xp, shifted)
    total = kernel_row_sums(e) if a.size else e.sum(axis=1)
    if e.dtype == np.float32 and xp is np and eigen_math.exact_class_scores(a.size):
        # Eigen's sum(...).inverse() on the rows' sums: VRCPPS's estimate and a Newton step on packets of 8
        # rows (TF 2.21 without oneDNN: 200 of 200 random batches; 1 / total matched 25)
        e *= eigen_reciprocal.reciprocal(total)[:, None]
    else:
        e *= (1 / total)[:, None]
    return e


def log_softmax(logits, axis=-1, name=None):
    """x - logsumexp(x) along ``axis``, computed stably."""
    try:
        x = as_float_tensor(logits, 'log_softmax')
        ax = _class_axis(x, axis, 'LogSoftmax', 'log_softmax')
        out = Tensor(_along_last(x._data, ax, _log_softmax_rows))
        if ACTIVE:
            if ax == x.ndim - 1:
                from .reductions import reduce_sum
                record('log_softmax', (x,), out, (lambda g, y, x: g - exp(y) * reduce_sum(g, ax, keepdims=True),))
            else:
                record('log_softmax', (x,), out, (lambda g, y, x: _in_class_layout(_log_softmax_grad, ax, g, y),))
        return out
    except OpError as error:
        given_name(error, name)
        raise


tf_named('softmax_v2')(softmax)          # TensorFlow's names (see swish above)
tf_named('log_softmax_v2')(log_softmax)
