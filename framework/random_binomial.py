"""``tf.random.stateless_binomial`` and ``Generator.binomial``: TensorFlow's binomial draws
(the sampler is philox_binomial.py).

``counts`` and ``probs`` broadcast together; the output ``shape`` must end with their broadcast
shape, and its leading axes count the samples drawn for each (count, prob) pair.
"""
import numpy as np

from . import backend, dtypes, philox_binomial
from .errors import InvalidArgumentError, kernel_error, noted
from .tensor import Tensor
from .tf_python_names import tf_named

STATELESS = 'StatelessRandomBinomial'
_KERNEL_TYPE_NAMES = {'float16': 'half', 'float32': 'float', 'float64': 'double'}


@tf_named('stateless_random_binomial')
def stateless_binomial(shape, seed, counts, probs, output_dtype='int32', name=None):
    """Binomial(counts, probs) samples of ``shape`` fixed by ``seed`` (two integers)."""
    from .ops.stateless_random import _key_counter
    from .random import _shape
    shape = _shape(shape, 'stateless_binomial')
    counts, probs = parameters(counts, probs)
    key, counter = _key_counter(seed, 'stateless_binomial')
    return binomial_tensor(shape, key, counter, counts, probs, output_dtype)


def parameters(counts, probs):
    """counts and probs as arrays as TensorFlow converts them (probs float32 unless typed, counts
    in probs' dtype unless typed)."""
    probs = _floats(probs, None)
    return _floats(counts, probs.dtype), probs


def batches_and_samples(shape, counts, probs, kernel=STATELESS):
    """(batch shape, samples per batch member) for ``shape``, or ``kernel``'s InvalidArgumentError in
    TensorFlow's words (the stateless op's wrapper adds no ' name: ' tail, the Generator's does)."""
    named = kernel != STATELESS
    if counts.dtype != probs.dtype:     # the kernel's type attribute comes from counts, the input before probs
        shown = [_KERNEL_TYPE_NAMES.get(a.dtype.name, a.dtype.name) for a in (counts, probs)]
        raise noted(InvalidArgumentError('cannot compute %s as input #%d(zero-based) was expected to be a %s tensor '
                                         'but is a %s tensor [Op:%s]%s' % (kernel, 4 if named else 3, shown[0],
                                                                           shown[1], kernel, ' name: ' * named)),
                    'random.binomial: counts and probs must have one dtype, got %s and %s'
                    % (counts.dtype.name, probs.dtype.name))
    try:
        batch_shape = np.broadcast_shapes(counts.shape, probs.shape)
    except ValueError:
        raise kernel_error(kernel, 'counts and probs must have compatible batch dimensions: %s vs. %s'
                           % (list(counts.shape), list(probs.shape)), named=named) from None
    sample_axes = len(shape) - len(batch_shape)
    if sample_axes < 0 or tuple(shape[sample_axes:]) != tuple(batch_shape):
        raise kernel_error(kernel, 'Shape passed in must end with broadcasted shape.', named=named,
                           note='random.binomial: shape %s must end with the broadcast shape %s of counts and probs'
                           % (list(shape), list(batch_shape)))
    return batch_shape, int(np.prod(shape[:sample_axes], dtype=np.int64))



def binomial_tensor(shape, key, counter, counts, probs, output_dtype, kernel=STATELESS):
    """The draws for ``shape`` from Philox (key, counter), as a tensor of ``output_dtype``."""
    batch_shape, samples = batches_and_samples(shape, counts, probs, kernel)
    draws = philox_binomial.binomial_values(key, counter, np.broadcast_to(counts, batch_shape),
                                            np.broadcast_to(probs, batch_shape), samples)
    out_dtype = dtypes.numpy_dtype(output_dtype)
    return Tensor(backend.place(draws.astype(out_dtype).reshape(shape)))


def _floats(value, dtype):
    """A float array: a tensor or typed array keeps its dtype, Python numbers take ``dtype`` (float32 by default)."""
    if isinstance(value, Tensor):
        array = np.asarray(value.numpy())
    elif isinstance(value, np.ndarray) and value.dtype.kind == 'f':
        array = value
    else:
        array = np.asarray(value, dtype=dtype or np.float32)
    if array.dtype.kind not in 'fiu':
        raise TypeError('random.binomial: counts and probs must be numbers, got %s' % array.dtype.name)
    return array
