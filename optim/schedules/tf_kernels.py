"""cos and log of a schedule's steps with the bits TensorFlow's kernels give.

A schedule called on one step computes on a scalar, where TensorFlow's Cos and Log reach the C
library (libm.py). Called on an array of steps (``schedule(tf.range(100))``, to plot or print the
rates to come) they run Eigen's packet kernels, whose cos rounds otherwise on ~4% of values: a
float32 array that the exact-math mode covers (ops/eigen_math.py: up to 256 elements by default)
takes those kernels, as ``tf.cos`` / ``tf.math.log`` do here; anything else keeps C's functions.
"""
import numpy as np

from framework import libm
from framework.ops import eigen_math, eigen_trig

_KERNELS = {'cos': eigen_trig.cos, 'log': eigen_math.log}


def tf_unary(name, x):
    """TensorFlow's ``name`` ('cos' or 'log') of ``x``, a numpy scalar or array."""
    if type(x) is np.ndarray and x.ndim and eigen_math.handles(x):
        return _KERNELS[name](x)
    return libm.apply(name, x)
