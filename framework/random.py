"""Random tensors (``tf.random``), reproducible through ``set_seed``.

``normal``, ``truncated_normal`` and ``uniform`` draw TensorFlow's values: its seeds
(op_seeds.py) and its Philox stream and distributions (philox.py), computed on the host
and placed on the current device. The rest (shuffle, categorical, ``fit``'s shuffling)
draw from one numpy stream per process, which ``set_seed`` also fixes.
"""
import threading

import numpy as np

from .errors import InvalidArgumentError, noted
from . import backend, dtypes, op_seeds
from . import philox
from .placement import current
from .random_affine import scaled
from .random_seed_order import kernel_checked
from .tensor import Tensor
from .partial_shape_refusal import refuse_partial_shape
from .tensor_shape import SHAPE_SEQUENCES

_lock = threading.Lock()
_global_seed = None
_host = np.random.default_rng()
_op_streams = {}
_device_streams = {}


def set_seed(seed):
    """Reset every random stream from ``seed`` (None: fresh entropy)."""
    global _global_seed, _host
    with _lock:
        # kept as given, as TensorFlow keeps it: ops take it modulo 2**31 - 1 (-1 and 1.5 draw; 'a' makes
        # the first seeded op raise TF's TypeError); tapeflow's own numpy stream needs a non-negative int
        _global_seed = seed
        _host = np.random.default_rng(_numpy_seed(seed))
        _op_streams.clear()
        _device_streams.clear()
    op_seeds.reset(_global_seed)


def clear_kernel_cache():
    """Start every op-seeded random kernel over, as TF's ``context.clear_kernel_cache()`` (Keras 3's
    ``clear_session`` calls it): ``tf.random.uniform([2], seed=5)`` then gives its first values again,
    where ``set_seed`` would also restart the global seed's stream. Measured on TF 2.21
    (/work/notes/progs/testorder/clear_kernels2.py): uniform, normal, truncated_normal, categorical,
    shuffle and a learned-unigram sampler with op seeds, eager and in a tf.function."""
    with _lock:
        _op_streams.clear()
        _device_streams.clear()
    op_seeds.clear_kernels()


def _numpy_seed(seed):
    try:
        return None if seed is None else int(seed) % 2 ** 64
    except (TypeError, ValueError):     # a string seed: TF's ops refuse it when they run
        return None


def get_global_seed():
    return _global_seed


def _host_stream(seed):
    if seed is None:
        return _host
    key = int(seed)
    stream = _op_streams.get(key)
    if stream is None:
        stream = _op_streams[key] = np.random.default_rng([key % 2 ** 64, _numpy_seed(_global_seed) or 0])
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


def _shape(shape, op, kernel=None):
    """A shape of non-negative ints (a list, tuple, int or integer tensor), else InvalidArgumentError
    (a negative size in ``kernel``'s words: 'Dimension -1 must be >= 0')."""
    from .errors import InvalidArgumentError
    refuse_partial_shape(shape, 'random.%s: shape must be a list of non-negative integers, got %r' % (op, shape))
    refuse_non_vector(shape, kernel, 'random.%s: shape must be a list of non-negative integers, got %r' % (op, shape))
    given = shape
    if isinstance(shape, Tensor):
        shape = shape.numpy().tolist()
    if isinstance(shape, SHAPE_SEQUENCES):      # (tf.shape(x)[0], 16): TensorFlow packs scalar tensors
        dims = scalar_dims(shape)
    else:
        dims = None if shape is None else [shape] if np.ndim(shape) == 0 else list(shape)
    if dims is None or any(isinstance(d, bool) or not isinstance(d, (int, np.integer)) or d < 0 for d in dims):
        note = 'random.%s: shape must be a list of non-negative integers, got %r' % (op, shape)
        if shape is None:       # TF converts the shape to a tensor first
            raise noted(ValueError("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) "
                                   "to a Tensor."), note)
        if isinstance(given, (list, tuple)) and None in dims:
            raise noted(unknown_length_error(given, dims), note)
        if kernel in _SHAPE_SIGNATURES and dims:
            texts = [isinstance(d, (str, bytes)) for d in dims]
            if isinstance(given, (list, tuple)) and any(texts) and not all(texts):
                raise noted(ValueError("Can't convert Python sequence with mixed types to Tensor."), note)
            if isinstance(given, (list, tuple)):
                refuse_mixed_tensor_dtypes(given, note)
            if all(texts) or any(is_float_entry(d) for d in dims):     # the kernel's T attribute refuses them
                from .ops.graph_input_errors import kernel_dtype_name
                dtype_name = ('string' if all(texts) else kernel_dtype_name(given.dtype.name)
                              if isinstance(given, (Tensor, np.ndarray)) else shape_list_dtype_name(given))
                raise noted(_shape_dtype_error(kernel, dtype_name), note)
        negative = negative_dimension(dims, kernel, note)
        raise negative if negative is not None else InvalidArgumentError(note)
    return tuple(int(d) for d in dims)


def is_float_entry(dim):
    """A float shape entry: a Python or numpy float, or a float scalar tensor (tf.shape(x)[0] / 2)."""
    return isinstance(dim, (float, np.floating)) or (isinstance(dim, Tensor) and dim._data.dtype.kind == 'f')


def shape_list_dtype_name(given):
    """The dtype TF packs a shape list to, as the kernel's T attribute names it: its first tensor's
    ([3, tf.shape(x)[0] / 2] is a double list), else float for Python floats."""
    from .autopacking import first_tensor_dtype
    from .ops.graph_input_errors import kernel_dtype_name
    first = first_tensor_dtype(given)
    return 'float' if first is None else kernel_dtype_name(first.name)


def refuse_mixed_tensor_dtypes(given, note):
    """A shape list of tensors alone takes TF's eager fast path: Pack, named 'shape' by the random op's
    conversion, refuses a tensor of another dtype than the first's before any kernel sees the shape."""
    if given and all(isinstance(d, Tensor) for d in given):
        first = given[0]._data.dtype
        for index, d in enumerate(given):
            if d._data.dtype != first:
                from .ops.graph_input_errors import eager_input_error
                raise noted(eager_input_error('Pack', index, first, d._data.dtype, name='shape'), note)


def unknown_length_error(given, dims):
    """TF's refusal of a shape list holding None (an unknown batch size): eagerly the C++ converter's
    ValueError, which names None when it comes first ((None, 3)) and calls the list mixed otherwise;
    where TensorFlow builds a graph (a tf.function, Keras's symbolic call) make_tensor_proto's TypeError,
    the shape shown as the tuple the random ops make of it."""
    from .eager_graph_names import inside_function
    if inside_function():
        from .graph_conversion_errors import graph_conversion_error
        return graph_conversion_error(tuple(given), None)
    if dims[0] is None:
        return ValueError("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
                          "Tensor.")
    return ValueError("Can't convert Python sequence with mixed types to Tensor.")


# the float kernels' signatures, as their registry error for a shape of floats or strings prints them
_SHAPE_SIGNATURES = {kernel: ('shape:T -> output:dtype; attr=seed:int,default=0; attr=seed2:int,default=0; '
                              'attr=dtype:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; '
                              'attr=T:type,allowed=[DT_INT32, DT_INT64]; is_stateful=true')
                     for kernel in ('RandomStandardNormal', 'RandomUniform', 'TruncatedNormal')}
_SHAPE_SIGNATURES['RandomUniformInt'] = ('shape:T, minval:Tout, maxval:Tout -> output:Tout; attr=seed:int,default=0; '
                                         'attr=seed2:int,default=0; attr=Tout:type,allowed=[DT_INT32, DT_INT64]; '
                                         'attr=T:type,allowed=[DT_INT32, DT_INT64]; is_stateful=true')


def _shape_dtype_error(kernel, dtype_name):
    return InvalidArgumentError("Value for attr 'T' of %s is not in the list of allowed values: int32, int64\n\t; "
                                "NodeDef: {{node %s}}; Op<name=%s; signature=%s> [Op:%s] name: "
                                % (dtype_name, kernel, kernel, _SHAPE_SIGNATURES[kernel], kernel))


def refuse_non_vector(shape, kernel, note):
    """TF's random kernels take a shape vector: a scalar (tf.random.uniform(3)) or a nested list is the kernel's
    'shape must be a vector of {int32,int64}, got shape []' error (only where ``kernel`` names it). A ragged
    nesting is TF's conversion error, which comes first."""
    if isinstance(shape, (list, tuple)) and any(isinstance(d, (list, tuple)) for d in shape):
        try:
            np.shape(shape)
        except ValueError:
            raise noted(ValueError("Can't convert non-rectangular Python sequence to Tensor."), note) from None
    if kernel is None or isinstance(shape, SHAPE_SEQUENCES) and not any(isinstance(d, (list, tuple)) for d in shape):
        return
    try:
        rank_shape = np.shape(backend.to_host(shape._data) if isinstance(shape, Tensor) else shape)
    except ValueError:          # (ragged nesting: refused above)
        return
    if len(rank_shape) != 1 and isinstance(shape, (int, np.integer, Tensor, list, tuple)) \
            and not isinstance(shape, bool):
        from .errors import kernel_error
        raise kernel_error(kernel, 'shape must be a vector of {int32,int64}, got shape [%s]'
                           % ','.join(map(str, rank_shape)), named=True, note=note)


def negative_dimension(dims, kernel, note):
    """The random kernel's error for a shape of integers with a negative one, else None."""
    from .errors import kernel_error
    if kernel is None or dims is None or not all(isinstance(d, (int, np.integer)) and not isinstance(d, bool)
                                                 for d in dims):
        return None
    return kernel_error(kernel, 'Dimension %d must be >= 0' % next(d for d in dims if d < 0), named=True, note=note)


def _none_dtype(dtype, op, text):
    """TF's TypeError for dtype=None, where its op has no default to fall back on."""
    if dtype is None:
        error = TypeError(text)
        error.add_note('random.%s: dtype must be a floating dtype such as tf.float32' % op)
        raise error


_NO_DATATYPE = "Expected DataType for argument 'dtype' not None."
NO_DTYPE = 'Cannot convert the argument `type_value`: None to a TensorFlow DType.'


def _float_dtype(dtype, op, kernel=None):
    _none_dtype(dtype, op, _NO_DATATYPE)
    dtype = dtypes.numpy_dtype(dtype)
    if not dtypes.is_floating(dtype):
        name = dtypes.as_dtype(dtype).name
        note = 'random.%s: dtype must be floating, got %s' % (op, name)
        if kernel is None:
            raise TypeError(note)
        if dtype.kind == 'c':       # the mean 0.0 converts; the kernel's registry refuses the dtype
            error = InvalidArgumentError(
                "Value for attr 'dtype' of %s is not in the list of allowed values: half, bfloat16, float, double\n\t; "
                "NodeDef: {{node %s}}; Op<name=%s; signature=shape:T -> output:dtype; attr=seed:int,default=0; "
                "attr=seed2:int,default=0; attr=dtype:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; "
                "attr=T:type,allowed=[DT_INT32, DT_INT64]; is_stateful=true> [Op:%s] name: " % (name, kernel, kernel,
                                                                                              kernel))
        else:                       # TF converts the mean 0.0 to the dtype first
            error = TypeError('Cannot convert 0.0 to EagerTensor of dtype %s' % name)
        error.add_note(note)
        raise error
    return dtype


def _tf_draw(op, dtype, shape, seed, values):
    """``values(key, counter, n, start)`` for one call of TensorFlow's stateful kernel ``op``."""
    n = int(np.prod(shape, dtype=np.int64))
    seeds = op_seeds.seed_pair(seed, lambda: tuple(int(v) for v in draw_seed_pair()))
    key, counter, start = op_seeds.reserve(op, dtype, seeds, n)
    return values(key, counter, n, start).reshape(shape)


def _parameter_conversions(mean, stddev, dtype):
    """TF's conversions of mean and stddev to the draw's dtype, as calls (their errors only matter)."""
    from .tensor import convert_to_tensor
    return [lambda: convert_to_tensor(mean, dtype=dtype, name='mean'),
            lambda: convert_to_tensor(stddev, dtype=dtype, name='stddev')]


def draw_seed_pair():
    """Two fresh seeds from the process stream (for ops nothing seeds)."""
    with _lock:
        return _host.integers(1, 2 ** 31 - 1, size=2)


def _placed(values, dtype):
    return Tensor(backend.place(np.asarray(values, dtype=dtype)))


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype='float32', seed=None, name=None):
    """Normal samples within two standard deviations of the mean."""
    dtype, shape = kernel_checked(seed, lambda: (_float_dtype(dtype, 'truncated_normal', 'TruncatedNormal'),
                                                 _shape(shape, 'truncated_normal', 'TruncatedNormal')),
                                  *_parameter_conversions(mean, stddev, dtype))
    for convert in _parameter_conversions(mean, stddev, dtype):     # before the seeds, as TF
        convert()
    unit = _tf_draw('TruncatedNormal', dtype, shape, seed,
                    lambda key, counter, n, start: philox.truncated_normal_values(key, counter, n, dtype, start))
    return scaled(unit, stddev, mean, dtype)


def fit_permutation(n):
    """The order ``fit`` visits n samples in one epoch, as Keras 3 on TensorFlow: TensorFlow's
    shuffle with the seeds ``op_seeds.fit_shuffle_seeds`` gives, or a fresh random order."""
    seeds = op_seeds.fit_shuffle_seeds()
    if seeds is None:
        return permutation(n)
    key, counter = philox.key_counter_from_op_seeds(*seeds)
    return philox.shuffle_order(key, counter, int(n))


def fit_batch_orders():
    """The orders in which fit's ``shuffle='batch'`` visits the rows of each batch of one epoch, as
    Keras 3 on TensorFlow: a function of a batch's size. Keras shuffles each batch with
    ``tf.random.shuffle`` in a tf.data map function, whose kernel (op seeds as ``fit_permutation``'s)
    starts afresh every epoch, each batch drawing its words after the previous batch's (TF 2.21:
    23 rows in batches of 5 under seed 0 give [2, 3, 4, 1, 0], [6, 8, 7, 9, 5], ...). Without a
    global seed, a fresh random order per batch."""
    seeds = op_seeds.fit_shuffle_seeds()
    if seeds is None:
        return permutation
    key, counter = philox.key_counter_from_op_seeds(*seeds)
    drawn = [0]         # the 128-bit blocks the batches so far took (RandomShuffle's reservation)

    def order(n):
        taken = philox.shuffle_order(key, counter, n, drawn[0])
        if n > 1:       # (one row: the kernel returns it, drawing nothing)
            drawn[0] += (n - 1 + 3) // 4
        return taken
    return order


def permutation(n, seed=None):
    """A random permutation of range(n), drawn from the host stream (int64 numpy)."""
    with _lock:
        return _host_stream(seed).permutation(int(n))


def categorical(logits, num_samples, dtype='int64', seed=None, name=None):
    """Class indices sampled from unnormalised log-probabilities (batch, classes), TensorFlow's
    Multinomial kernel's draws (philox.categorical_samples)."""
    _refuse_sample_dtype(dtype)
    host, num_samples = kernel_checked(seed, lambda: _categorical_inputs(logits, num_samples, 'categorical'))
    seeds = op_seeds.seed_pair(seed, lambda: tuple(int(v) for v in draw_seed_pair()))
    per_row = (num_samples + 3) // 4 * 4 * 2            # doubles take two words each
    key, counter, start = op_seeds.reserve('Multinomial', host.dtype, seeds, host.shape[0] * per_row)
    samples = philox.categorical_samples(key, counter, host, num_samples, start)
    return Tensor(backend.place(samples.astype(dtypes.numpy_dtype(dtype))))


def stateless_categorical(logits, num_samples, seed, dtype='int64', name=None):
    """``categorical`` drawn from a seed pair (TensorFlow's StatelessMultinomial)."""
    from .ops.stateless_random import _key_counter
    _refuse_sample_dtype(dtype)
    _refuse_int_logits(logits, seed, dtype)
    host, num_samples = _categorical_inputs(logits, num_samples, 'stateless_categorical')
    key, counter = _key_counter(seed, 'stateless_categorical')
    samples = philox.categorical_samples(key, counter, host, num_samples)
    return Tensor(backend.place(samples.astype(dtypes.numpy_dtype(dtype))))


def _refuse_int_logits(logits, seed, dtype):
    # TF finds no kernel for int / bool logits before it looks at their shape or num_samples
    kind = np.dtype(getattr(getattr(logits, 'dtype', None), 'as_numpy_dtype', None) or np.asarray(logits).dtype)
    if kind.kind in 'iub':
        from .random_multinomial_kernels import logits_refusal, seed_dtype_name
        name = seed_dtype_name(logits) if kind.kind == 'i' else kind.name     # nested Python ints: int32
        raise logits_refusal(name, seed_dtype_name(seed), dtypes.as_dtype(dtype).name)


def _refuse_sample_dtype(dtype):
    if dtypes.as_dtype(dtype).name not in ('int32', 'int64'):      # TF's check, before anything is converted
        raise ValueError('Argument `dtype` got invalid value %s. Accepted dtypes are (tf.int32, tf.int64).'
                         % (dtypes.as_dtype(dtype),))


def _categorical_inputs(logits, num_samples, op):
    from .errors import InvalidArgumentError
    from .tensor import convert_to_tensor
    if not isinstance(logits, (Tensor, np.ndarray)):
        convert_to_tensor(logits)       # TF converts logits first: None and ragged lists are its ValueError
    fast = isinstance(num_samples, Tensor)      # (a list runs on TF's slow path: no ' name: ' tail)
    if not fast:        # then the op converts num_samples to int32 (None, 2.5: its errors)
        num_samples = convert_to_tensor(num_samples, dtype='int32')
    host = np.asarray(logits.numpy() if isinstance(logits, Tensor) else logits)
    from .errors import kernel_error
    kernel = 'StatelessMultinomial' if op == 'stateless_categorical' else 'Multinomial'
    if host.ndim != 2 and host.dtype.kind == 'f':       # the kernel's words
        raise kernel_error(kernel, 'logits should be a matrix, got shape [%s]' % ','.join(map(str, host.shape)),
                           named=kernel == 'Multinomial', note='random.%s: logits must be a float matrix (batch, classes)' % op)
    if host.ndim != 2 or host.shape[1] == 0 or host.dtype.kind != 'f':
        raise InvalidArgumentError('random.%s: logits must be a float matrix (batch, classes) with classes > 0, '
                                   'got shape %s dtype %s' % (op, host.shape, host.dtype))
    if num_samples.ndim:
        raise kernel_error(kernel, 'num_samples should be a scalar, got shape [%s]'
                           % ','.join(map(str, num_samples.shape)), named=kernel == 'Multinomial' and fast)
    num_samples = int(num_samples.numpy())
    if num_samples < 0:
        raise kernel_error(kernel, 'num_samples should be non-negative, got %d' % num_samples,
                           named=kernel == 'Multinomial',
                           note='random.%s: num_samples should be nonnegative, got %d' % (op, num_samples))
    return host, num_samples


def draw_seed(seed=None):
    """A fresh integer seed drawn from the process stream (or op stream ``seed``)."""
    with _lock:
        return int(_host_stream(seed).integers(2 ** 31))


def host_stream():
    """The process stream as a numpy Generator (for shuffling data in ``fit``)."""
    return _host


from .ops.stateless_random import stateless_normal, stateless_truncated_normal, stateless_uniform  # noqa: F401,E402
from .ops.stateless_random import scalar_dims  # noqa: E402
from .random_algorithm import Algorithm, create_rng_state  # noqa: F401,E402
from .random_generator import Generator, get_global_generator, set_global_generator  # noqa: F401,E402
from .random_seed_ops import fold_in, split  # noqa: F401,E402
from . import random_experimental as experimental  # noqa: F401,E402  (tf.random.experimental)
from .random_draws import normal, shuffle, uniform  # noqa: F401,E402
from .random_gamma_poisson import gamma, poisson, stateless_gamma, stateless_poisson  # noqa: F401,E402
from .random_binomial import stateless_binomial  # noqa: F401,E402
from .random_parameterized import stateless_parameterized_truncated_normal  # noqa: F401,E402
from .ops.sampled_losses import log_uniform_candidate_sampler  # noqa: F401,E402  (tf.random's name for tf.nn's)
from .ops.candidate_sampling import (all_candidate_sampler, fixed_unigram_candidate_sampler,  # noqa: F401,E402
                                     learned_unigram_candidate_sampler, uniform_candidate_sampler)
