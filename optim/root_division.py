"""``x / sqrt(y)`` in an optimizer's update, as TensorFlow computes it where Keras's steps run.

Eagerly TensorFlow divides by the square root. In a traced step (Keras's fit, a tf.function)
grappler's arithmetic optimizer rewrites Div(x, Sqrt(y)) into x * Rsqrt(y), with Eigen's rsqrt
(``framework.ops.unary.rsqrt_array``, its bits where the exact-math mode computes the array), so a
fit's RMSprop, Adagrad and Adadelta steps round differently from the same steps run eagerly.
"""
from framework import graph_random_ops
from framework.ops.unary import rsqrt_array


def divided_by_root(xp, numerator, radicand):
    """numerator / sqrt(radicand), or numerator * rsqrt(radicand) inside a traced step."""
    if graph_random_ops.current() is None:
        return numerator / xp.sqrt(radicand)
    return numerator * rsqrt_array(xp, radicand)


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
