"""``tf.random.stateless_parameterized_truncated_normal``: normals with per-element mean, stddev and
bounds, with TensorFlow's values (the sampler is philox_truncated_normal.py).

The four parameters broadcast together; ``shape`` must end with their broadcast shape, and its
leading axes count the samples drawn for each parameter set.
"""
import numpy as np

from . import backend, philox_truncated_normal
from .errors import InvalidArgumentError
from .tensor import Tensor


def stateless_parameterized_truncated_normal(shape, seed, means=0.0, stddevs=1.0, minvals=-2.0, maxvals=2.0,
                                             name=None):
    """Normal(means, stddevs) samples of ``shape`` kept within [minvals, maxvals], fixed by ``seed``."""
    from .ops.stateless_random import _key_counter
    from .random import _shape
    op = 'stateless_parameterized_truncated_normal'
    shape = _shape(shape, op)
    params = [_floats(p) for p in (means, stddevs, minvals, maxvals)]
    dtype = params[0].dtype
    if any(p.dtype != dtype for p in params) or dtype not in (np.float32, np.float64):
        raise TypeError('%s: means, stddevs, minvals and maxvals must all be float32 or all float64, got %s'
                        % (op, [p.dtype.name for p in params]))
    try:
        batch_shape = np.broadcast_shapes(*(p.shape for p in params))
    except ValueError:
        raise InvalidArgumentError('%s: means, stddevs, minvals and maxvals must broadcast together, got shapes %s'
                                   % (op, [list(p.shape) for p in params])) from None
    leading = len(shape) - len(batch_shape)
    if leading < 0 or tuple(shape[leading:]) != tuple(batch_shape):
        raise InvalidArgumentError('%s: shape %s must end with the parameters\' broadcast shape %s '
                                   '(Shape passed in must end with broadcasted shape.)'
                                   % (op, list(shape), list(batch_shape)))
    samples = int(np.prod(shape[:leading], dtype=np.int64))
    key, counter = _key_counter(seed, op)
    flat = [np.broadcast_to(p, batch_shape).ravel() for p in params]
    draws = philox_truncated_normal.values(key, counter, *flat, samples, dtype) if samples and flat[0].size else \
        np.empty((samples, flat[0].size), dtype)
    return Tensor(backend.place(draws.reshape(shape)))


def _floats(value):
    """A parameter as TensorFlow converts it: tensors and arrays keep their dtype, Python numbers are float32."""
    if isinstance(value, Tensor):
        return np.asarray(value.numpy())
    if isinstance(value, np.ndarray):
        return value
    return np.asarray(value, dtype=np.float32)
