"""TF 1's spellings of ops that TF 2 renamed, as ``tf.compat.v1`` keeps them and TF 1-era eager programs use
them: ``tf.compat.v1.random_normal([784, 10])`` for initial weights, ``div`` (Python 2's division),
``arg_max``, the reductions' ``keep_dims`` / ``reduction_indices``, ``softmax_cross_entropy_with_logits_v2``,
and the variable initializers, which do nothing eagerly (TF returns None: variables start initialized)."""
import framework

from ..deprecation import deprecated


def random_normal(shape, mean=0.0, stddev=1.0, dtype='float32', seed=None, name=None):
    return framework.random.normal(shape, mean=mean, stddev=stddev, dtype=dtype, seed=seed)


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype='float32', seed=None, name=None):
    return framework.random.truncated_normal(shape, mean=mean, stddev=stddev, dtype=dtype, seed=seed)


def random_uniform(shape, minval=0, maxval=None, dtype='float32', seed=None, name=None):
    return framework.random.uniform(shape, minval=minval, maxval=maxval, dtype=dtype, seed=seed)


def random_shuffle(value, seed=None, name=None):
    return framework.random.shuffle(value, seed=seed)


@deprecated('multinomial', 'tensorflow.python.ops.random_ops', 'Use `tf.random.categorical` instead.')
def multinomial(logits, num_samples, seed=None, name=None, output_dtype=None):
    """Samples of each row's categorical distribution (TF 2's ``tf.random.categorical``)."""
    return framework.random.categorical(logits, num_samples, dtype=output_dtype or 'int64', seed=seed)


@deprecated('div', 'tensorflow.python.ops.math_ops', 'Deprecated in favor of operator or tf.math.divide.')
def div(x, y, name=None):
    """Python 2's division: floored for integers, true division for floats (TF 1's ``tf.div``)."""
    x = framework.convert_to_tensor(x)
    y = framework.convert_to_tensor(y, dtype=x.dtype)
    if x.dtype.is_integer:
        return framework.math.floordiv(x, y)
    return framework.math.truediv(x, y)


@deprecated('arg_max', 'tensorflow.python.ops.gen_math_ops', 'Use `tf.math.argmax` instead')
def arg_max(input, dimension, name=None, output_type='int64'):      # noqa: A002  (TF's argument name)
    return framework.math.argmax(input, axis=dimension, output_type=output_type)


@deprecated('arg_min', 'tensorflow.python.ops.gen_math_ops', 'Use `tf.math.argmin` instead')
def arg_min(input, dimension, name=None, output_type='int64'):      # noqa: A002
    return framework.math.argmin(input, axis=dimension, output_type=output_type)


def _v1_arg_extremum(v2):
    """TF 1's tf.argmax / tf.argmin: ``dimension`` is the old name of ``axis``."""
    def op(input, axis=None, name=None, dimension=None, output_type=framework.int64):  # noqa: A002  (TF's name)
        if axis is not None and dimension is not None:
            raise ValueError("Cannot specify both 'dimension' and 'axis'.")
        return v2(input, axis=dimension if axis is None else axis, output_type=output_type, name=name)
    op.__name__ = op.__qualname__ = v2.__name__
    op.__doc__ = v2.__doc__
    return op


V1_ARG_EXTREMA = {'argmax': _v1_arg_extremum(framework.math.argmax),
                  'argmin': _v1_arg_extremum(framework.math.argmin)}


def _v1_reduction(reduce):
    """TF 1's signature of a reduction: ``keep_dims`` and ``reduction_indices`` for ``keepdims`` and ``axis``."""
    def reduction(input_tensor, axis=None, keepdims=None, name=None, reduction_indices=None, keep_dims=None):
        if axis is not None and reduction_indices is not None:
            raise ValueError('Cannot specify both \'reduction_indices\' and \'axis\'.')
        if keepdims is not None and keep_dims is not None:
            raise ValueError('Cannot specify both \'keep_dims\' and \'keepdims\'.')
        axis = reduction_indices if axis is None else axis
        keepdims = keep_dims if keepdims is None else keepdims
        return reduce(input_tensor, axis=axis, keepdims=bool(keepdims))
    reduction.__name__ = reduce.__name__
    reduction.__doc__ = reduce.__doc__
    return reduction


def softmax_cross_entropy_with_logits_v2(labels, logits, axis=None, name=None, dim=None):
    """TF 2's ``tf.nn.softmax_cross_entropy_with_logits`` under its TF 1 name (gradients reach the labels)."""
    axis = dim if axis is None else axis
    return framework.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits,
                                                          axis=-1 if axis is None else axis)


@deprecated('softmax_cross_entropy_with_logits', 'tensorflow.python.ops.nn_ops',
            '\nFuture major versions of TensorFlow will allow gradients to flow\ninto the labels input on backprop by '
            'default.\n\nSee `tf.nn.softmax_cross_entropy_with_logits_v2`.\n')
def softmax_cross_entropy_with_logits(labels=None, logits=None, dim=-1, name=None, axis=None):
    """TF 1's version: no gradient flows into ``labels``."""
    labels = framework.stop_gradient(labels)
    return softmax_cross_entropy_with_logits_v2(labels, logits, axis=dim if axis is None else axis)


def global_variables_initializer():
    """Nothing to run eagerly: variables hold their values from creation (TF returns None)."""
    return None


local_variables_initializer = tables_initializer = global_variables_initializer


def variables_initializer(var_list, name='init'):
    return None


def global_variables(scope=None):
    """TF 1's collections are empty when executing eagerly."""
    return []


trainable_variables = local_variables = model_variables = global_variables

@deprecated('clip_by_average_norm', 'tensorflow.python.ops.clip_ops', 'clip_by_average_norm is deprecated in '
            'TensorFlow 2.0. Please use clip_by_norm(t, clip_norm * tf.cast(tf.size(t), tf.float32), name) instead.')
def clip_by_average_norm(t, clip_norm, name=None):
    """``t`` scaled so that its L2 norm divided by its size is at most ``clip_norm``: TF 1's composition,
    t * clip_norm * min(size / norm(t), 1 / clip_norm), the size and 1.0 float32 (float64 t: Mul's error)."""
    t = framework.convert_to_tensor(t)
    n_element = framework.cast(framework.size(t), 'float32')
    l2norm_inv = framework.math.rsqrt(framework.reduce_sum(t * t, framework.range(framework.rank(t))))
    return t * clip_norm * framework.minimum(l2norm_inv * n_element, framework.constant(1.0) / clip_norm)


TOP_LEVEL = {fn.__name__: fn for fn in (clip_by_average_norm, random_normal, truncated_normal, random_uniform, random_shuffle, multinomial,
                                         div, arg_max, arg_min, global_variables_initializer, variables_initializer,
                                         global_variables)}
TOP_LEVEL.update(local_variables_initializer=local_variables_initializer, tables_initializer=tables_initializer,
                 trainable_variables=trainable_variables, local_variables=local_variables,
                 model_variables=model_variables)
TOP_LEVEL.update(V1_ARG_EXTREMA)
TOP_LEVEL.update({name: _v1_reduction(getattr(framework.math, name)) for name in (
    'reduce_sum', 'reduce_mean', 'reduce_max', 'reduce_min', 'reduce_prod', 'reduce_all', 'reduce_any',
    'reduce_logsumexp')})


def dropout(x, keep_prob=None, noise_shape=None, seed=None, name=None, rate=None):
    """TF 1's ``tf.nn.dropout(x, keep_prob)``: keep each element with probability ``keep_prob`` (TF 2 takes
    ``rate``, given as ``1. - keep_prob``, so ``keep_prob=0.7`` drops at rate 0.30000000000000004 as in TF).

    Raises:
        ValueError: neither or both of keep_prob and rate, a keep_prob that is no number (TF's texts).
    """
    try:
        rate_from_keep_prob = 1. - keep_prob if keep_prob is not None else None
    except TypeError:
        raise ValueError('`keep_prob` must be a floating point number or Tensor. Received: keep_prob=%s'
                         % (keep_prob,)) from None
    if rate is not None and rate_from_keep_prob is not None:
        raise ValueError("Cannot specify both 'keep_prob' and 'rate'.")
    rate = rate_from_keep_prob if rate is None else rate
    if rate is None:
        raise ValueError('`rate` must be provided. Received: rate=None')
    return framework.nn.dropout(x, rate, noise_shape=noise_shape, seed=seed, name=name)


def xw_plus_b(x, weights, biases, name=None):
    """TF 1's ``matmul(x, weights) + biases`` (a bias_add), kept by tf.compat.v1.nn only."""
    return framework.nn.bias_add(framework.matmul(x, weights), biases)


NN = {'softmax_cross_entropy_with_logits_v2': softmax_cross_entropy_with_logits_v2,
      'softmax_cross_entropy_with_logits': softmax_cross_entropy_with_logits, 'dropout': dropout,
      'xw_plus_b': xw_plus_b}

# TF 1's names of ops TF 2 moved into modules, with the same arguments: resolved when first asked for
RENAMED = {
    'matrix_band_part': 'linalg.band_part', 'matrix_determinant': 'linalg.det', 'matrix_diag': 'linalg.diag',
    'matrix_diag_part': 'linalg.diag_part', 'matrix_inverse': 'linalg.inv', 'matrix_set_diag': 'linalg.set_diag',
    'matrix_solve': 'linalg.solve', 'matrix_solve_ls': 'linalg.lstsq', 'matrix_triangular_solve': 'linalg.triangular_solve',
    'self_adjoint_eig': 'linalg.eigh', 'self_adjoint_eigvals': 'linalg.eigvalsh', 'lin_space': 'linspace',
    'div_no_nan': 'math.divide_no_nan', 'where_v2': 'where', 'reverse_v2': 'reverse', 'batch_to_space_nd': 'batch_to_space',
    'fft': 'signal.fft', 'ifft': 'signal.ifft', 'fft2d': 'signal.fft2d', 'ifft2d': 'signal.ifft2d', 'fft3d': 'signal.fft3d',
    'ifft3d': 'signal.ifft3d', 'string_to_number': 'strings.to_number', 'string_join': 'strings.join',
    'string_strip': 'strings.strip', 'substr': 'strings.substr', 'regex_replace': 'strings.regex_replace',
    'reduce_join': 'strings.reduce_join', 'decode_base64': 'io.decode_base64', 'encode_base64': 'io.encode_base64',
    'decode_raw': 'io.decode_raw', 'read_file': 'io.read_file', 'write_file': 'io.write_file', 'decode_csv': 'io.decode_csv',
    'parse_single_example': 'io.parse_single_example', 'parse_example': 'io.parse_example',
    'serialize_tensor': 'io.serialize_tensor', 'parse_tensor': 'io.parse_tensor', 'matching_files': 'io.matching_files',
    'check_numerics': 'debugging.check_numerics', 'is_numeric_tensor': 'debugging.is_numeric_tensor',
    'tensor_scatter_add': 'tensor_scatter_nd_add', 'tensor_scatter_sub': 'tensor_scatter_nd_sub',
    'tensor_scatter_update': 'tensor_scatter_nd_update', 'random_crop': 'image.random_crop', 'random_gamma': 'random.gamma',
    'dimension_value': 'compat.dimension_value', 'sparse_tensor_to_dense': 'sparse.to_dense',
    'sparse_reorder': 'sparse.reorder', 'sparse_reshape': 'sparse.reshape', 'sparse_transpose': 'sparse.transpose',
    'sparse_retain': 'sparse.retain', 'sparse_softmax': 'sparse.softmax', 'sparse_slice': 'sparse.slice',
    'sparse_fill_empty_rows': 'sparse.fill_empty_rows', 'sparse_maximum': 'sparse.maximum',
    'sparse_minimum': 'sparse.minimum', 'sparse_tensor_dense_matmul': 'sparse.sparse_dense_matmul',
}


def renamed(name):
    """The TF 2 function TF 1 called ``name``, or None."""
    path = RENAMED.get(name)
    if path is None:
        return None
    found = framework
    for part in path.split('.'):
        found = getattr(found, part)
    return found
