"""Four rewrites TensorFlow's graph optimizer makes in a traced function, so traced steps carry its bits.

Grappler's arithmetic optimizer (ConvertLog1pStage, ConvertExpm1Stage) turns ``log(1 + x)`` into
``log1p(x)`` and ``exp(x) - 1`` into ``expm1(x)`` inside a tf.function or Keras's train / test /
predict step, where eager TensorFlow computes them as written. Hands-On ML's
``my_softplus(z) = tf.math.log(1.0 + tf.exp(z))`` as a Dense activation therefore differs between
``model(x)`` and ``fit`` / ``predict`` in about half its values (measured on TF 2.21: 35 of 64 for
log(1 + exp(z)), 6 of 64 for exp(z) - 1; the rewritten values equal log1p / expm1 exactly).

tapeflow runs a trace eagerly, so the ops remember their last such operand here: ``add`` of a
scalar one notes ``(its output, x)``, ``exp`` notes ``(its output, x)``, and ``log`` / ``subtract``
take ``log1p(x)`` / ``expm1(x)`` when handed that output while a trace runs. Only the latest is
kept (the rewritten pattern reads it at once); the gradients are the same values either way
(Log1pGrad's reciprocal(1 + x) is LogGrad's reciprocal of the sum).

Grappler's constant folding (ReduceDivToReciprocalMul) turns a float ``x / c`` with a constant c
into ``x * (1 / c)``, the reciprocal folded in x's dtype: a contrastive loss's ``logits / 0.1`` is
``logits * 10.0`` in a traced step (TF 2.21: 39 of 256 values differ from the eager quotient, all
equal to the product). Its gradient ``g / c`` is rewritten the same way, so ``divide`` under a
trace simply multiplies by the reciprocal when the divisor is a Python or numpy number, unless the
dividend is itself a constant of the tf.function's graph (``folded_whole``: then the Div folds whole). A traced
``1 / y`` is Reciprocal(y) (77 of 256 values differ from the eager quotient, none from
tf.math.reciprocal; ``1 / tf.sqrt(x)`` so too); its gradient stays the division's.

Grappler's arithmetic optimizer (SqrtDivToRsqrtMulStage) turns ``x / sqrt(v)`` into
``x * rsqrt(v)`` when the Sqrt's output has no other consumer: Pearson's r (``centred /
reduce_std(centred)``) in an evaluate or predict step, or a metric's update in a train step
(TF 2.21: 2690 of 6000 quotients differ graph vs eager, none from x * rsqrt(v)). A gradient
through the quotient or the root reads the root too, so differentiated quotients stay divisions:
``sqrt`` notes its output only when no tape recorded it, and ``divide`` rewrites only a quotient
no tape watches. (A root divided into twice is rewritten at its first quotient, where TF keeps
both: tapeflow cannot count a tensor's later readers.)
"""
import sys
import weakref

from .. import graph_random_ops

_STATES = graph_random_ops._stack     # ``.states`` ends in a state while a traced step or tf.function runs
GATE = graph_random_ops.TRACED_CALLS  # > 0 while any thread runs one (or a predict step): the ops' cheap test
PREDICT = [0]                         # > 0 while a Keras predict step runs (layers.call_context.traced_predict)
PREDICT_STATIC = [True]               # whether the trace serving the running predict step fixes every axis
_ONE_PLUS = [None]                    # (weakref to the output of 1 + x, x)
_EXP = [None]                         # (weakref to the output of exp(x), x)
SQRT = [None]                         # (weakref to the output of sqrt(v) no tape recorded, v)


def in_layer_call():
    """Whether a Keras layer's call is running: its ops' graph names then carry the layers' scopes
    ('functional_1/scale_1/mul'), which the name-ordered rewrites (constant_push_down, product_push_down)
    cannot know."""
    call_context = sys.modules.get('layers.call_context')
    return call_context is not None and call_context.current_layer() is not None


def tracing():
    states = _STATES.states       # a None state is a call run with eager semantics (run_eagerly=True)
    return bool(states and states[-1] is not None) or PREDICT[0] > 0


def static_shapes():
    """Whether the traced step running now (see ``tracing``) was traced on fully defined shapes: not a
    fit step on a None batch, a relaxed predict trace or a None-shaped signature. Grappler's
    shape-aware rewrites (AddOpsRewrite's grouping of same-shape terms) need the shapes."""
    states = _STATES.states
    if states and states[-1] is not None:
        return states[-1].static_shapes
    return PREDICT_STATIC[0]


def folds_constants():
    """Whether grappler's constant folding runs on the code running now (``x / 0.1`` as ``x * 10.0``,
    ``1 / y`` as Reciprocal): a traced step or tf.function with outputs, a predict step; not a
    tf.data function (TF 2.21 leaves ``x / 60`` and ``1 / x`` as eager code computes them there, while
    its log1p / expm1 / rsqrt rewrites do apply) nor a tf.function that returns None."""
    states = _STATES.states
    if states and states[-1] is not None:
        return states[-1].pushes_constants
    return PREDICT[0] > 0


def is_one(d):
    """Whether an operand's value (an array, or a Python number on binary's fast path) is a scalar one."""
    return getattr(d, 'ndim', 0) == 0 and d == 1


def _floating(d):
    return getattr(getattr(d, 'dtype', None), 'kind', None) == 'f'


def constant_reciprocal(x, c):
    """``1 / c`` folded in the dtype of the float tensor ``x``, or None when ``x`` is no float tensor
    (integer quotients and Python arithmetic are not rewritten)."""
    dtype = getattr(getattr(x, '_data', None), 'dtype', None)
    if dtype is None or (dtype.kind != 'f' and dtype.name != 'bfloat16') or c == 0:     # (grappler folds bfloat16 too)
        return None
    return dtype.type(1) / dtype.type(c)


def folded_whole(x):
    """Whether the running tf.function trace made ``x`` from constants alone (``tf.range(12.0)`` reshaped):
    grappler then folds ``x / 3`` itself with the Div kernel, no reciprocal (TF 2.21: 5 / 3 is 1.66666663
    there, 1.66666675 where x is an argument). Only a tensor the trace named counts (runtime_values.py);
    the calls that replay the trace reuse what it found at the same line of the user's code."""
    from .. import runtime_values, trace_names     # (late: they import tensor, which imports the ops)
    states = _STATES.states
    state = states[-1] if states else None
    if state is None:
        return False
    key = ('folded_whole', _user_site())
    trace = trace_names.current() if trace_names.ACTIVE else None
    if trace is None:
        return state.trace_values.get(key, False)
    found = trace_names.entry_of(x) is not None and not runtime_values.known_at_run(trace, x)
    state.trace_values.setdefault(key, found)
    return found


def _user_site():
    """(code, offset) of the nearest caller outside tapeflow's packages."""
    frame = sys._getframe(2)
    while frame is not None and frame.f_code.co_filename.startswith(_OWN):
        frame = frame.f_back
    return None if frame is None else (frame.f_code, frame.f_lasti)


_OWN = tuple(__file__.rsplit('/framework/', 1)[0] + '/' + package + '/' for package in ('framework', 'layers', 'optim'))


def note_add(x, y, dx, dy, out):
    """After ``out = x + y`` in a trace: remember x when y is a scalar one, or y when x is."""
    if is_one(dy) and _floating(dx):
        _ONE_PLUS[0] = (weakref.ref(out), x)
    elif is_one(dx) and _floating(dy):
        _ONE_PLUS[0] = (weakref.ref(out), y)


def note_exp(x, out):
    _EXP[0] = (weakref.ref(out), x)


def note_sqrt(v, out):
    if not taped(out):
        SQRT[0] = (weakref.ref(out), v)


def sqrt_operand(t, x):
    """v when ``t`` is the latest untaped ``sqrt(v)`` of this trace and no tape watches ``x``
    (the numerator of ``x / t``), else None."""
    return None if taped(x) else _operand(SQRT, t)


def taped(t):
    """Whether an active tape may record ops on ``t``: it tracks ``t``, or it watches the variables
    its ops read (a tensor read from one may not be tracked yet), or ``t`` is a variable."""
    from ..tape import ACTIVE
    return bool(ACTIVE) and (type(t).__name__ == 'Variable' or
                             any(tape._watch_accessed or id(t) in tape._tracked for tape in ACTIVE))


def one_plus_operand(t):
    """x when ``t`` is the latest ``1 + x`` of this trace, else None."""
    return _operand(_ONE_PLUS, t)


def exp_operand(t):
    """x when ``t`` is the latest ``exp(x)`` of this trace, else None."""
    return _operand(_EXP, t)


def forget_operands():
    """Drop the noted operands when a trace ends: the next op to read them belongs to another trace,
    and a noted operand must not keep a variable the trace made alive (later_trace_variables)."""
    _ONE_PLUS[0] = _EXP[0] = SQRT[0] = None


def _operand(slot, t):
    noted = slot[0]
    # (a dead reference gives None: ``x / None`` after a trace whose noted output is gone is no match)
    if noted is None or t is None or noted[0]() is not t:
        return None
    slot[0] = None
    return noted[1]
