"""Stateless random draws (``tf.random.stateless_*``): the same ``seed`` pair gives the same values.

uniform, normal and truncated_normal give TensorFlow's values (its Philox stream and
distributions, philox.py); ``_generator`` (numpy's Philox keyed by the seed) serves the
draws TensorFlow makes otherwise (image crops), repeatable but not TensorFlow's bits.
"""
import numpy as np

from .. import backend, dtypes
from ..errors import InvalidArgumentError, fast_path, kernel_error, noted
from ..tensor import Tensor, convert_to_tensor
from ..partial_shape_refusal import refuse_partial_shape
from ..tensor_shape import SHAPE_SEQUENCES
from .. import graph_random_ops, philox
from ..tf_python_names import tf_named


def _seed_values(seed, op):
    """The two integers of a seed pair (a list, array or integer tensor of shape [2])."""
    given = seed
    if isinstance(seed, Tensor):
        if seed._data.dtype.kind not in 'iuf':
            raise TypeError('%s: seed must hold integers, got dtype %s' % (op, seed.dtype.name))
        seed = backend.to_host(seed._data)
    elif backend.is_device_array(seed):     # a raw cupy pair (numpy will not read it)
        seed = backend.to_host(seed)
    if isinstance(seed, (list, tuple)) and any(isinstance(v, int) and not -2 ** 63 <= v < 2 ** 63 for v in seed):
        from ..tensor import ConversionError      # TF's conversion of the list to an int64 tensor
        raise ConversionError("Can't convert Python sequence with out-of-range integer to Tensor.")
    values = np.asarray(seed)
    if not isinstance(given, (Tensor, list, tuple)) and values.dtype.kind in 'iuf':
        # TF casts a numpy seed to int64 (np.array([1.7, 2.2]) seeds as [1, 2])
        values = values.astype(np.int64)
    note = '%s: seed must be two integers (shape [2]), got %r' % (op, seed)
    if values.shape != (2,) and values.dtype.kind in 'iu':      # the key-counter kernel's check
        raise kernel_error('StatelessRandomGetKeyCounter', 'seed must have shape [2], not [%s]'
                           % ','.join(map(str, values.shape)), named=fast_path(given), note=note)
    if values.dtype.kind == 'f' or values.dtype not in (np.int32, np.int64) and isinstance(given, Tensor):
        # the kernel's attr check: int32 / int64 seeds only
        kind = 'float' if isinstance(seed, (list, tuple)) or values.dtype == np.float32 else \
            {'float64': 'double', 'float16': 'half'}.get(values.dtype.name, values.dtype.name)
        error = InvalidArgumentError(
            "Value for attr 'Tseed' of %s is not in the list of allowed values: int32, int64\n\t; NodeDef: "
            "{{node StatelessRandomGetKeyCounter}}; Op<name=StatelessRandomGetKeyCounter; signature=seed:Tseed -> "
            "key:uint64, counter:uint64; attr=Tseed:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]> "
            "[Op:StatelessRandomGetKeyCounter]%s" % (kind, ' name: ' if isinstance(given, Tensor) else ''))
        error.add_note(note)
        raise error
    if values.shape != (2,) or values.dtype.kind not in 'iu':
        raise ValueError(note)
    return int(values[0]), int(values[1])


def _key_counter(seed, op, alg='auto_select', kernel=None):
    """The Philox key and counter TensorFlow derives from a seed pair ('philox' and 'auto_select' scramble
    the seed alike on the CPU; ThreeFry has no CPU kernel: ``kernel``, the op's, refuses its one-word
    counter in TF's words)."""
    from ..random_algorithm import Algorithm, algorithm_id, unsupported_message
    alg_id = Algorithm.AUTO_SELECT.value if alg is None else algorithm_id(alg)     # (None: TF's auto-select)
    if alg_id not in (Algorithm.PHILOX.value, Algorithm.THREEFRY.value, Algorithm.AUTO_SELECT.value):
        raise ValueError(unsupported_message(alg_id))
    if alg_id == Algorithm.THREEFRY.value:
        raise kernel_error(kernel, 'counter must be a vector with length at least 2; got shape: [1]. (Note that '
                           'batched counters are not supported yet.)', named=True,
                           note='%s: the ThreeFry algorithm (alg=%r) has no CPU kernel in TensorFlow; use '
                           'alg="philox" or "auto_select"' % (op, alg))
    return philox.key_counter_from_seed(*_seed_values(seed, op))


def _generator(seed, op):
    key = [v % 2 ** 64 for v in _seed_values(seed, op)]
    return np.random.Generator(np.random.Philox(key=key[0] | (key[1] << 64)))


def scalar_dims(dims):
    """A shape list with its 0-d integer tensors as ints ((tf.shape(x)[0], 16): TensorFlow packs them);
    other entries stay as they are, for the caller to check."""
    return [int(backend.to_host(d._data)) if isinstance(d, Tensor) and d.ndim == 0 and d._data.dtype.kind in 'iu'
            else d for d in dims]


def _shape(shape, op, kernel=None):
    from ..random import refuse_non_vector
    refuse_partial_shape(shape, '%s: shape must be a list of non-negative ints, got %r' % (op, shape))
    refuse_non_vector(shape, kernel, '%s: shape must be a list of non-negative ints, got %r' % (op, shape))
    given = shape
    if isinstance(shape, Tensor):
        shape = backend.to_host(shape._data).tolist()
    dims = scalar_dims(shape) if isinstance(shape, SHAPE_SEQUENCES) else shape if isinstance(shape, np.ndarray) \
        else [shape]
    if any(not isinstance(d, (int, np.integer)) or isinstance(d, bool) or d < 0 for d in dims):
        from ..random import negative_dimension
        note = '%s: shape must be a list of non-negative ints, got %r' % (op, shape)
        negative = negative_dimension(list(dims), kernel, note)
        if negative is None and kernel in _FLOAT_KERNELS:
            negative = _tshape_error(given, kernel)
            if negative is not None:
                negative.add_note(note)
        raise negative if negative is not None else TypeError(note)
    return tuple(int(d) for d in dims)


_FLOAT_KERNELS = frozenset(('StatelessRandomNormalV2', 'StatelessTruncatedNormalV2', 'StatelessRandomUniformV2'))


def _tshape_error(given, kernel):
    """TF's error for a stateless float kernel's shape that converts to no int32 / int64 vector: None and
    partial shapes fail the conversion, other dtypes (a float list, a string, bools, a float array) the
    op registry's Tshape attribute."""
    from ..tensor import ConversionError, convert_to_tensor
    from ..tensor_shape import TensorShape, partial_shape_error
    if isinstance(given, TensorShape):
        return partial_shape_error(given)
    if given is None or (isinstance(given, (list, tuple)) and any(d is None for d in given)):
        return ConversionError("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
                               "Tensor.")
    try:
        name = given.dtype.name if isinstance(given, (Tensor, np.ndarray)) else convert_to_tensor(given).dtype.name
    except (TypeError, ValueError) as err:
        return err
    if name in ('int32', 'int64'):
        return None
    shown = {'float32': 'float', 'float64': 'double', 'float16': 'half'}.get(name, name)
    return InvalidArgumentError(
        "Value for attr 'Tshape' of %s is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node %s}}; "
        "Op<name=%s; signature=shape:Tshape, key:uint64, counter:uint64, alg:int32 -> output:dtype; "
        "attr=dtype:type,default=DT_FLOAT,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; "
        "attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:%s] name: " % (shown, kernel, kernel,
                                                                                          kernel))


_STATELESS_KERNELS = {'stateless_normal': 'StatelessRandomNormalV2',
                      'stateless_truncated_normal': 'StatelessTruncatedNormalV2'}


def stateless_normal(shape, seed, mean=0.0, stddev=1.0, dtype='float32', name=None, alg='auto_select'):
    """Normal samples N(mean, stddev**2) determined by ``seed`` (two integers)."""
    return _stateless_scaled('stateless_normal', philox.normal_values, shape, seed, mean, stddev, dtype, alg)


def stateless_truncated_normal(shape, seed, mean=0.0, stddev=1.0, dtype='float32', name=None, alg='auto_select'):
    """Normal samples within two standard deviations of ``mean``, determined by ``seed``."""
    return _stateless_scaled('stateless_truncated_normal', philox.truncated_normal_values, shape, seed, mean, stddev,
                             dtype, alg)


def _stateless_scaled(op, draw, shape, seed, mean, stddev, dtype, alg):
    """``draw``'s unit samples (philox.normal_values or truncated_normal_values) for ``seed``,
    scaled by ``stddev`` and shifted by ``mean``."""
    dtype = 'float32' if dtype is None else dtype      # TF's stateless_normal falls back on float32
    given, dtype = dtype, dtypes.numpy_dtype(dtype)
    shape = _shape(shape, op, _STATELESS_KERNELS.get(op))
    if not dtypes.is_floating(dtype):
        raise _not_floating(op, dtype, mean, stddev, isinstance(given, dtypes.DType))
    key, counter = _key_counter(seed, op, alg, _STATELESS_KERNELS.get(op))
    values = draw(key, counter, int(np.prod(shape, dtype=np.int64)), dtype).reshape(shape)
    return _scaled(values, stddev, mean, dtype)


def _not_floating(op, dtype, mean, stddev, given_as_dtype=True):
    """TF's error for stateless_normal / truncated_normal of a non-float ``dtype``: its wrapper converts
    mean, then stddev, to ``dtype`` (a float number or a tensor of another dtype fails there: integers, bools,
    strings), then the kernel's dtype attribute refuses it, with the fast path's ' name: ' tail only where the
    dtype was given as a tf.DType (TF 2.21: dtype='complex64' or np.complex64 goes the slow path, no tail)."""
    name, kernel = dtypes.as_dtype(dtype).name, _STATELESS_KERNELS[op]
    note = '%s: dtype must be floating, got %s' % (op, name)
    if dtype.kind in 'iubOSU':
        for what, value in (('mean', mean), ('stddev', stddev)):
            if isinstance(value, float):
                return noted(TypeError('Cannot convert %r to EagerTensor of dtype %s' % (value, name)), note)
            if isinstance(value, Tensor) and value.dtype.name != name:
                return noted(ValueError('%s: Tensor conversion requested dtype %s for Tensor with dtype %s: %r'
                                        % (what, name, value.dtype.name, value)), note)
    return noted(InvalidArgumentError(
        "Value for attr 'dtype' of %s is not in the list of allowed values: half, bfloat16, float, double\n\t; "
        "NodeDef: {{node %s}}; Op<name=%s; signature=shape:Tshape, key:uint64, counter:uint64, alg:int32 -> "
        "output:dtype; attr=dtype:type,default=DT_FLOAT,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; "
        "attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:%s]%s" % (
            name, kernel, kernel, kernel, ' name: ' if given_as_dtype else '')), note)


def _scaled(unit, scale, offset, dtype):
    """``unit * scale + offset`` in ``dtype``, as TensorFlow's Python wrappers compute it (broadcast
    arrays allowed; a tensor mean or stddev is recorded on tapes)."""
    from ..random_affine import scaled
    return scaled(unit, scale, offset, dtype)


def stateless_uniform(shape, seed, minval=0, maxval=None, dtype='float32', name=None, alg='auto_select'):
    """Uniform samples in [minval, maxval) determined by ``seed`` (two integers).

    Floats default to [0, 1). Integer dtypes need both bounds, or neither for the
    dtype's full range.
    """
    if dtype is None:
        from ..random import NO_DTYPE
        raise TypeError(NO_DTYPE)
    if dtypes.as_dtype(dtype).name not in _UNIFORM_DTYPES:      # TF's Python check comes first
        raise noted(ValueError('Argument `dtype` got invalid value %s. Accepted dtypes are (tf.float16, tf.bfloat16, '
                               'tf.float32, tf.float64, tf.int32, tf.int64, tf.uint32, tf.uint64).'
                               % (dtypes.as_dtype(dtype),)),
                    'stateless_uniform: dtype must be a float, int32 / int64 or uint32 / uint64 (full range)')
    dtype = dtypes.numpy_dtype(dtype)
    kernel = 'StatelessRandomUniformV2' if dtype.kind not in 'iu' else \
        'StatelessRandomUniformFullIntV2' if minval is None else 'StatelessRandomUniformIntV2'
    if dtype.kind in 'iu' and (minval is None) != (maxval is None):
        raise noted(ValueError("For integer `dtype` argument <dtype: '%s'>, argument `minval` and `maxval` must be "
                               "both None or not None. Got `minval`=%s and `maxval`=%s."
                               % (dtype.name, minval, maxval)),
                    'stateless_uniform: for integer dtype %s give both minval and maxval or neither, got '
                    'minval=%r, maxval=%r' % (dtype.name, minval, maxval))
    if dtype.kind == 'u' and minval is not None:        # TF's Python check, before any kernel runs
        raise ValueError("Argument `dtype` got invalid value <dtype: '%s'> when argument `minval` is not None. "
                         "Please don't use unsigned integers in this case." % dtype.name)
    shape = _shape(shape, 'stateless_uniform', kernel)
    n = int(np.prod(shape, dtype=np.int64))
    if dtype.kind in 'iu' and minval is None:
        key, counter = _key_counter(seed, 'stateless_uniform', alg, kernel)
        return Tensor(backend.place(philox.full_int_values(key, counter, n, dtype).reshape(shape)))
    if dtype.kind in 'iu':
        from ..random_int_bounds import integer_bounds
        bounds = convert_to_tensor(minval, dtype=dtype, name='min'), convert_to_tensor(maxval, dtype=dtype, name='max')
        key, counter = _key_counter(seed, 'stateless_uniform', alg, kernel)
        lo, hi = integer_bounds(*bounds, dtype, kernel, 'stateless_uniform')
        return Tensor(backend.place(philox.uniform_int_values(key, counter, n, lo, hi, dtype).reshape(shape)))
    # TF converts both bounds to dtype (a string or a float64 tensor fails there), then computes
    # rnd * (maxval - minval) + minval, broadcasting (a Variable bound is recorded on tapes)
    lo, hi = convert_to_tensor(minval, dtype=dtype, name='min'), convert_to_tensor(
        1 if maxval is None else maxval, dtype=dtype, name='max')
    key, counter = _key_counter(seed, 'stateless_uniform', alg, kernel)
    state = graph_random_ops.current()
    unit = Tensor(backend.place(philox.uniform_values(key, counter, n, dtype, xla=state is not None and state.xla)
                                .reshape(shape)))
    return unit * (hi - lo) + lo


_UNIFORM_DTYPES = frozenset(('float16', 'bfloat16', 'float32', 'float64', 'int32', 'int64', 'uint32', 'uint64'))


# TensorFlow's names for them (tf.random.stateless_normal.__name__ is 'stateless_random_normal'),
# as framework/random.py's
tf_named('stateless_random_normal')(stateless_normal)
tf_named('stateless_random_uniform')(stateless_uniform)
