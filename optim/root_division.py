"""``x / sqrt(y)`` in an optimizer's update, as TensorFlow computes it where Keras's steps run.

Eagerly TensorFlow divides by the square root. In a traced step (Keras's fit, a tf.function)
grappler's arithmetic optimizer rewrites Div(x, Sqrt(y)) into x * Rsqrt(y), with Eigen's rsqrt
(``framework.ops.eigen_rsqrt``), so a fit's RMSprop, Adagrad and Adadelta steps round differently
from the same steps run eagerly.

A float32 radicand takes Eigen's packets at every size, not only up to eigen_math.SMALL_ELEMENTWISE
as ``tf.math.rsqrt`` does: the packets' estimate and Newton step are 1 ulp from 1 / sqrt in about 40%
of values, so with numpy's 1 / sqrt past 256 elements a Dense(32) kernel's first traced RMSprop step
was 1 ulp from TF 2.21's in 11 of 640 weights. An optimizer's radicands are positive and normal
(a second moment plus epsilon), which eigen_rsqrt computes by table: about 10 numpy passes over the
variable, only in these three optimizers' traced steps (not the seed step's Adam / Nadam).
"""
import numpy as np

from framework import graph_random_ops
from framework.ops import eigen_math, eigen_rsqrt
from framework.ops.unary import rsqrt_array


def divided_by_root(xp, numerator, radicand):
    """numerator / sqrt(radicand), or numerator * rsqrt(radicand) inside a traced step."""
    if graph_random_ops.current() is None:
        return numerator / xp.sqrt(radicand)
    return numerator * _traced_rsqrt(xp, radicand)


def rate_step(xp, rate, gradient, radicand, rate_joins):
    """Keras's ``rate * gradient / sqrt(radicand)`` (RMSprop's and Adagrad's step). ``rate_joins`` (set in
    traced steps only, by RateJoinsQuotient) where the rate's graph ends in a product that grappler's
    MinimizeBroadcasts takes into the step's Mul chain: it sorts the chain's inputs by size and multiplies
    them pairwise, so the rate's scalar factors meet first and the two full-size ones apart,
    ``rate * (gradient * rsqrt(radicand))``."""
    if rate_joins:
        return rate * (gradient * _traced_rsqrt(xp, radicand))
    return divided_by_root(xp, rate * gradient, radicand)


def _traced_rsqrt(xp, radicand):
    if type(radicand) is np.ndarray and radicand.dtype == np.float32 and eigen_math.ENABLED[0] is not False:
        return eigen_rsqrt.rsqrt(radicand)      # any size (see above)
    return rsqrt_array(xp, radicand)


class RateJoinsQuotient:
    """Mixed in before Optimizer (RMSprop, Adagrad): whether a traced update's rate joins the step's Mul
    chain (``rate_step``). Keras 3 passes one rate tensor to every variable's update_step, so grappler
    takes its last Mul into a chain only where one variable is updated (one consumer); and only where the
    rate is a schedule's product (ExponentialDecay, CosineDecay without warmup, CosineDecayRestarts: a
    float rate is a variable's read) of the variable's dtype (else a Cast stands between). TF 2.21,
    returning tf.functions and those returning None alike: RMSprop's and Adagrad's steps on one 64x64
    variable were ``rate * (g * rsqrt(d))`` in every weight for each of these schedules, where ``(rate * g)
    * rsqrt(d)`` left 2-6% of them 1 ulp off; with a second variable beside it, ``(rate * g) * rsqrt(d)``
    (notes/progs/optimtraj31/p1_chain_tf.py, p1_search.py)."""

    _rate_joins = False

    def _update_variables(self, grads, variables, lr):
        if graph_random_ops.current() is None:
            return super()._update_variables(grads, variables, lr)
        self._rate_joins = (len(variables) == 1 and variables[0]._data.dtype == lr.dtype
                            and getattr(self._rate_in_effect(), 'ends_in_product', False))
        try:
            return super()._update_variables(grads, variables, lr)
        finally:
            self._rate_joins = False


class _ElementwiseWhenEager:
    """An optimizer's ``elementwise_update`` when its step divides by a root: eagerly each element
    is on its own, but a traced step's Rsqrt takes Eigen's packets of 8 from each variable's first
    element (the last size % 8 through the scalar functor), so variables concatenated into one
    flat array (flat_update) would round at other places than TensorFlow's per-variable kernels.
    (A non-data descriptor: an instance may still set its own flag.)"""

    def __get__(self, optimizer, owner=None):
        if optimizer is None:
            return self
        return graph_random_ops.current() is None


elementwise_when_eager = _ElementwiseWhenEager()
