"""``tf.random.gamma`` / ``poisson`` and their stateless forms, with TensorFlow's values
(the samplers are in philox_gamma_poisson.py).

The stateful ops give ``shape + alpha's (or lam's) shape``; the stateless ones take the whole
output shape, which must end with the parameters' shape. Gamma's draws are divided by beta and
kept above the dtype's smallest normal number, as TensorFlow's Python wrappers do; a tensor alpha
or beta gets TensorFlow's gradients (random_gamma_gradient.py).
"""
import numpy as np

from . import backend, dtypes, op_seeds, philox_gamma_poisson
from .errors import InvalidArgumentError, kernel_error
from .tensor import Tensor
from .tf_python_names import tf_named


def gamma(shape, alpha, beta=None, dtype='float32', seed=None, name=None):
    """Gamma(alpha, beta) samples of shape ``shape + broadcast(alpha, beta).shape`` (beta is a rate)."""
    from .random import draw_seed_pair
    alpha_in, beta_in = alpha, beta
    dtype = _float_dtype(dtype, 'gamma', alpha, beta)
    shape, alpha, beta = _shape(shape, 'gamma'), _floats(alpha, dtype), _floats(1 if beta is None else beta, dtype)
    alpha = np.broadcast_to(alpha, np.broadcast_shapes(alpha.shape, beta.shape))
    count = int(np.prod(shape, dtype=np.int64))
    seeds = op_seeds.seed_pair(seed, lambda: tuple(int(v) for v in draw_seed_pair()))
    key, counter, start = op_seeds.reserve('RandomGamma', dtype, seeds, count * max(alpha.size, 1))
    draws = philox_gamma_poisson.gamma_values(key, counter, alpha, count, start).astype(dtype)
    if _on_tape(alpha_in, beta_in):
        from .random_gamma_gradient import differentiable_result
        return differentiable_result(draws.reshape(shape + alpha.shape), alpha_in, 1 if beta_in is None else beta_in,
                                     alpha.shape, range(len(shape)), dtype)
    return _gamma_result(draws.reshape(shape + alpha.shape), beta, dtype)


@tf_named('stateless_random_gamma')
def stateless_gamma(shape, seed, alpha, beta=None, dtype='float32', name=None):
    """Gamma(alpha, beta) samples of ``shape`` (ending with broadcast(alpha, beta).shape) fixed by ``seed``."""
    from .ops.stateless_random import _key_counter
    alpha_in, beta_in = alpha, beta
    dtype = _float_dtype(dtype, 'stateless_gamma', alpha, beta)
    shape, alpha = _shape(shape, 'stateless_gamma'), _floats(alpha, dtype)
    beta = _floats(1 if beta is None else beta, dtype)
    alpha = np.broadcast_to(alpha, np.broadcast_shapes(alpha.shape, beta.shape))
    samples = _samples_per_parameter(shape, alpha.shape, 'StatelessRandomGammaV3')
    key, counter = _key_counter(seed, 'stateless_gamma')
    draws = philox_gamma_poisson.gamma_values(key, counter, alpha, samples).astype(dtype)
    if _on_tape(alpha_in, beta_in):
        from .random_gamma_gradient import differentiable_result
        return differentiable_result(draws.reshape(shape), alpha_in, 1 if beta_in is None else beta_in, alpha.shape,
                                     range(len(shape) - len(alpha.shape)), dtype)
    return _gamma_result(draws.reshape(shape), beta, dtype)


def poisson(shape, lam, dtype='float32', seed=None, name=None):
    """Poisson(lam) samples of shape ``shape + lam.shape``, in ``dtype`` (float or integer)."""
    from .random import draw_seed_pair
    shape, rates, dtype = _shape(shape, 'poisson'), _rates(lam, 'poisson'), _out_dtype(dtype, 'poisson')
    count = int(np.prod(shape, dtype=np.int64))
    seeds = op_seeds.seed_pair(seed, lambda: tuple(int(v) for v in draw_seed_pair()))
    kernel = 'RandomPoissonV2/%s' % rates.dtype.name        # one kernel per (rate dtype, output dtype)
    key, counter, start = op_seeds.reserve(kernel, dtype, seeds, count * max(rates.size, 1))
    draws = philox_gamma_poisson.poisson_values(key, counter, rates, count, start)
    return Tensor(backend.place(draws.astype(dtype).reshape(shape + rates.shape)))


@tf_named('stateless_random_poisson')
def stateless_poisson(shape, seed, lam, dtype='int32', name=None):
    """Poisson(lam) samples of ``shape`` (ending with lam's shape) fixed by ``seed``."""
    from .ops.stateless_random import _key_counter
    shape, rates, dtype = _shape(shape, 'stateless_poisson'), _rates(lam, 'stateless_poisson'), \
        _out_dtype(dtype, 'stateless_poisson')
    samples = _samples_per_parameter(shape, rates.shape, 'StatelessRandomPoisson')
    key, counter = _key_counter(seed, 'stateless_poisson')
    draws = philox_gamma_poisson.poisson_values(key, counter, rates, samples)
    return Tensor(backend.place(draws.astype(dtype).reshape(shape)))


def _on_tape(*parameters):
    """Whether a parameter is a tensor (a tape may differentiate the draws with respect to it)."""
    return any(isinstance(p, Tensor) for p in parameters)


def _gamma_result(draws, beta, dtype):
    tiny = np.finfo(dtype).tiny
    return Tensor(backend.place(np.maximum(tiny, (draws / beta).astype(dtype)).astype(dtype)))


def _samples_per_parameter(shape, parameter_shape, op):
    tail = shape[len(shape) - len(parameter_shape):] if parameter_shape else ()
    if len(parameter_shape) > len(shape) or tuple(tail) != tuple(parameter_shape):
        # TF 2.21's kernel words; stateless_gamma's wrapper adds the ' name: ' tail, stateless_poisson's does not
        raise kernel_error(op, 'Shape passed in must end with broadcasted shape.',
                           named=op == 'StatelessRandomGammaV3',
                           note="%s: shape %s must end with the parameters' broadcast shape %s"
                                % (op, list(shape), list(parameter_shape)))
    return int(np.prod(shape[:len(shape) - len(parameter_shape)], dtype=np.int64))


def _shape(shape, op):
    from .random import _shape as checked_shape
    return checked_shape(shape, op)


def _float_dtype(dtype, op, alpha=None, beta=None):
    dtype = dtypes.numpy_dtype(dtype)
    if dtype.kind != 'f':
        if alpha is not None:       # TF converts alpha, then beta, to the dtype first: 1.0 for int32 fails there
            from .tensor import convert_to_tensor
            convert_to_tensor(alpha, dtype=dtype, name='alpha')
            convert_to_tensor(1 if beta is None else beta, dtype=dtype, name='beta')
        raise TypeError('random.%s: dtype must be floating (float16, float32 or float64), got %s' % (op, dtype.name))
    return dtype


def _out_dtype(dtype, op):
    dtype = dtypes.numpy_dtype(dtype)
    if dtype.kind not in 'fi':
        raise TypeError('random.%s: dtype must be a float or signed integer type, got %s' % (op, dtype.name))
    return dtype


def _floats(value, dtype):
    try:
        return np.asarray(value.numpy() if isinstance(value, Tensor) else value, dtype=dtype)
    except ValueError:
        if isinstance(value, (str, bytes)):      # TF converts alpha / beta to dtype first: its TypeError
            from .tensor import _kernel_name
            raise TypeError('Cannot convert %r to EagerTensor of dtype %s' % (value, _kernel_name(np.dtype(dtype))))
        raise


def _rates(lam, op):
    """lam as a float array in its own dtype (a Python number or list is float32, as TensorFlow converts it)."""
    if isinstance(lam, Tensor):
        rates = np.asarray(lam.numpy())
    else:
        rates = np.asarray(lam)
        rates = rates.astype(np.float64 if rates.dtype == np.float64 and not isinstance(lam, (list, float, int))
                             else np.float32)
    if rates.dtype.kind != 'f':
        raise TypeError('random.%s: lam must be floating, got %s' % (op, rates.dtype.name))
    return rates


# TensorFlow's names for them (tf.random.gamma.__name__ is 'random_gamma'), as framework/random.py's
tf_named('random_gamma')(gamma)
tf_named('random_poisson_v2')(poisson)
