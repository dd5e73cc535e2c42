"""A BatchNormalization layer's batch moments in a traced step, with x's gradient adding as TF's graph does.

In training, x reaches the layer's output three ways: the normalization ``x * inv`` (a), the mean
(``reduce_mean``, b) and the variance (``squared_difference(x, stop_gradient(mean))``, c), so its
gradient is an AddN of three terms. Eager TensorFlow adds them in its tape's order, (a + b) + c,
which tapeflow's sweep repeats (framework/backward_order.py). In a graph (Keras's train step, a
tf.function) grappler sorts an AddN's inputs by node name first: ``batchnorm/mul_1/Mul``,
``moments/mul_1``, ``moments/truediv``, i.e. (a + c) + b, in every variant of the layer (with or
without center / scale). The terms nearly cancel (their sum over the batch is zero), so a bias
before the layer, whose gradient is that sum, moved by a different rounding noise in every step,
which Adam amplifies: a Dense -> BatchNormalization -> relu classifier drifted to 1e-3 relative in
its predictions over 6 epochs (TF 2.21); with this order it trains through TF's bits.

The values are tf.nn.moments' (ops/losses_nn.py); the variance's path reads the mean once more,
through a select that keeps the stop_gradient copy (the same value, a gradient of 0 for the mean):
the mean's gradient, and so its reduce_mean's term for x, then waits for the variance path's.
"""
from framework.ops import ones_like, reduce_mean, squeeze, stop_gradient, where


def traced_moments(x, axes):
    """(mean, variance) over ``axes``, as ``moments``; x's gradient sums as (a + c) + b."""
    mean = reduce_mean(x, axes, keepdims=True)
    held = stop_gradient(mean)
    held = where(ones_like(held, dtype='bool'), held, mean)       # reads mean: gradient 0
    deviation = x - held
    variance = reduce_mean(deviation * deviation, axes, keepdims=True)
    return squeeze(mean, axes), squeeze(variance, axes)
