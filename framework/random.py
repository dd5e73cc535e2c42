"""Random tensors (``tf.random``), reproducible through ``set_seed``.

One stream per process, like TensorFlow's global seed: ``set_seed(s)`` makes
every later draw, on the CPU and the GPU, repeat exactly. An op-level
``seed`` gives that op its own stream, which repeats across runs too.
"""
import threading

import numpy as np

from . import backend, dtypes
from .placement import current
from .tensor import Tensor

_lock = threading.Lock()
_global_seed = None
_host = np.random.default_rng()
_op_streams = {}
_device_streams = {}


def set_seed(seed):
    """Reset every random stream from ``seed`` (None: fresh entropy)."""
    global _global_seed, _host
    with _lock:
        _global_seed = None if seed is None else int(seed)
        _host = np.random.default_rng(_global_seed)
        _op_streams.clear()
        _device_streams.clear()


def get_global_seed():
    return _global_seed


def _host_stream(seed):
    if seed is None:
        return _host
    key = int(seed)
    stream = _op_streams.get(key)
    if stream is None:
        stream = _op_streams[key] = np.random.default_rng([key, _global_seed or 0])
    return stream


def _draw(seed, fn_host, fn_device):
    kind, index = current()
    with _lock:
        stream = _host_stream(seed)
        if kind == 'cpu':
            return fn_host(stream)
        key = (index, seed)
        dev = _device_streams.get(key)
        if dev is None:
            cp = backend.cupy_module()
            with cp.cuda.Device(index):
                dev = _device_streams[key] = cp.random.default_rng(int(stream.integers(2 ** 63)))
    with backend.cupy_module().cuda.Device(index):
        return fn_device(dev)


def _shape(shape):
    if isinstance(shape, Tensor):
        shape = shape.numpy().tolist()
    return (int(shape),) if np.ndim(shape) == 0 else tuple(int(d) for d in shape)


def _float_dtype(dtype, op):
    dtype = dtypes.numpy_dtype(dtype)
    if dtype.kind != 'f':
        raise TypeError('random.%s: dtype must be floating, got %s' % (op, dtype.name))
    return dtype


def normal(shape, mean=0.0, stddev=1.0, dtype='float32', seed=None, name=None):
    """Samples of N(mean, stddev**2)."""
    dtype, shape = _float_dtype(dtype, 'normal'), _shape(shape)
    data = _draw(seed, lambda r: r.standard_normal(shape), lambda r: r.standard_normal(shape))
    return Tensor((data * stddev + mean).astype(dtype))


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype='float32', seed=None, name=None):
    """Normal samples redrawn until they lie within two standard deviations."""
    dtype, shape = _float_dtype(dtype, 'truncated_normal'), _shape(shape)

    def draw(r):
        values = r.standard_normal(shape)
        bad = abs(values) > 2
        while bad.any():
            values[bad] = r.standard_normal(int(bad.sum()))
            bad = abs(values) > 2
        return values
    return Tensor((_draw(seed, draw, draw) * stddev + mean).astype(dtype))


def uniform(shape, minval=0, maxval=None, dtype='float32', seed=None, name=None):
    """Uniform samples in [minval, maxval); integer dtypes need maxval."""
    dtype, shape = dtypes.numpy_dtype(dtype), _shape(shape)
    if dtype.kind in 'iu':
        if maxval is None:
            raise ValueError('random.uniform: integer dtype %s needs maxval' % dtype.name)
        return Tensor(_draw(seed, lambda r: r.integers(int(minval), int(maxval), shape),
                            lambda r: r.integers(int(minval), int(maxval), shape)).astype(dtype))
    maxval = 1.0 if maxval is None else maxval
    data = _draw(seed, lambda r: r.random(shape), lambda r: r.random(shape))
    return Tensor((data * (float(maxval) - float(minval)) + float(minval)).astype(dtype))


def shuffle(value, seed=None, name=None):
    """The tensor with its first axis randomly permuted."""
    from .ops import gather
    x = value if isinstance(value, Tensor) else Tensor(np.asarray(value))
    perm = permutation(x.shape[0], seed)
    return gather(x, perm)


def permutation(n, seed=None):
    """A random permutation of range(n), drawn from the host stream (int64 numpy)."""
    with _lock:
        return _host_stream(seed).permutation(int(n))


def categorical(logits, num_samples, dtype='int64', seed=None, name=None):
    """Class indices sampled from unnormalised log-probabilities, one row per batch entry."""
    from .ops import softmax
    probs = np.asarray(softmax(logits).numpy(), dtype=np.float64)
    with _lock:
        stream = _host_stream(seed)
        rows = [stream.choice(probs.shape[-1], size=int(num_samples), p=p / p.sum()) for p in probs]
    return Tensor(np.asarray(rows, dtype=dtypes.numpy_dtype(dtype)))


def draw_seed(seed=None):
    """A fresh integer seed drawn from the process stream (or op stream ``seed``)."""
    with _lock:
        return int(_host_stream(seed).integers(2 ** 31))


def host_stream():
    """The process stream as a numpy Generator (for shuffling data in ``fit``)."""
    return _host


from .ops.stateless_random import stateless_normal, stateless_uniform  # noqa: F401,E402
