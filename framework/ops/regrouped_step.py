"""BatchNormalization's ``rsqrt(variance + epsilon) * gamma`` in a traced step, whose gamma gradient
an SGD step multiplies by the learning rate in grappler's order: ``(lr * d) * r``, not ``(d * r) * lr``.

TF's gradient for gamma is one Mul node, ``d * r`` (d: the gradient reaching the product, r: the
root; _MulGrad's same-shape path). Keras's SGD reads it once, in ``gradient * learning_rate``, and
in a returning traced step (fit, train_on_batch, a tf.function that returns its loss) grappler's
MinimizeBroadcasts absorbs that lone Mul into the scalar product: the leaves [d, r, lr] sorted by
size put lr first, pair it with d, and join r last. Measured on TF 2.21 (progs/histories2 d10-d12):
a Dense -> BatchNormalization -> softmax fit with SGD(0.05, momentum=0.9) has its gamma momentum
-0x1.5f46c8p-12 = -((lr * d) * r), where ``(d * r) * lr`` (eager TF, a tf.function that returns
nothing or returns the gradients, and tapeflow before) is -0x1.5f46c6p-12; its weights then
drifted by an ulp a few batches on. Adam, RMSprop and the others read the gradient twice (its
square too), so nothing is absorbed there; a clipped, accumulated or loss-scaled gradient is no
lone Mul either.

The gamma rule notes its factors in NOTED (keyed by the variable, copies: the sweep may add into
the gradient later); SGD's update asks ``regrouped_steps`` while a returning trace runs. A noted
product that is no longer the gradient the optimizer sees (gamma read twice: an AddN) is left alone.
"""
import weakref

from .. import graph_random_ops
from ..tape import array_rule, record
from ..tensor import Tensor
from .operands import binary

NOTED = {}      # id(gamma variable) -> (d, r): the factors of its gradient in the running traced step
# id(gamma variable) -> a weak reference whose callback drops the variable's note when it dies: only SGD
# reads (pops) a note, so an Adam model's last note stayed behind its model, and every later SGD step in
# the process then took the regrouping path (``if NOTED`` in optim/sgd.py) and looked its variables up
_WATCHED = {}


def _watch(gamma, key):
    def forget(ref):
        if _WATCHED.get(key) is ref:
            del _WATCHED[key]
            NOTED.pop(key, None)

    _WATCHED[key] = weakref.ref(gamma, forget)


def regroups(gamma):
    """Whether ``r * gamma`` runs in a returning traced step where a tape may differentiate it."""
    from ..tape import ACTIVE
    return bool(ACTIVE) and graph_random_ops.pushes_constants() and gamma._data.dtype.kind == 'f'


def root_times_gamma(r, gamma):
    """``r * gamma`` (the multiply's bits) whose gamma gradient notes its factors (see the module doc)."""
    r, gamma, dr, dg = binary(r, gamma, 'multiply')
    out = Tensor(dr * dg)
    key = id(gamma)
    if key not in _WATCHED:
        _watch(gamma, key)

    def gamma_rule(g, output, r, gamma):
        return g * r

    def gamma_array_rule(g, output, r, gamma):
        NOTED[key] = (g.copy(), r.copy())
        return g * r

    record('multiply', (r, gamma), out, (_ROOT_RULE, array_rule(gamma_rule, gamma_array_rule)))
    return out


_ROOT_RULE = array_rule(lambda g, output, r, gamma: g * gamma)


def regrouped_steps(gradient, variable, learning_rate):
    """``gradient * learning_rate``, where part of it is a noted product d * r: that part as
    ``(learning_rate * d) * r``. ``variable``: a Variable or a flat group of them (optim/flat_update)."""
    steps = gradient * learning_rate
    if not graph_random_ops.pushes_constants():
        return steps
    members = getattr(variable, 'variables', None)
    offsets = getattr(variable, '_offsets', None) if members is not None else (0,)
    members = members if members is not None else (variable,)
    flat_gradient, flat_steps = gradient.reshape(-1), steps.reshape(-1)
    for member, start in zip(members, offsets):
        noted = NOTED.pop(id(member), None)
        if noted is None:
            continue
        d, r = noted
        end = start + d.size
        if d.shape == member._data.shape and (flat_gradient[start:end] == (d * r).reshape(-1)).all():
            flat_steps[start:end] = ((learning_rate * d) * r).reshape(-1)
    return steps
