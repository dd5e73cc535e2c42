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

TOP_LEVEL = {fn.__name__: fn for fn in (random_normal, truncated_normal, random_uniform, random_shuffle, multinomial,
                                         div, arg_max, arg_min, global_variables_initializer, variables_initializer,
                                         global_variables)}
TOP_LEVEL.update(local_variables_initializer=local_variables_initializer, tables_initializer=tables_initializer,
                 trainable_variables=trainable_variables, local_variables=local_variables,
                 model_variables=model_variables)
TOP_LEVEL.update({name: _v1_reduction(getattr(framework.math, name)) for name in (
    'reduce_sum', 'reduce_mean', 'reduce_max', 'reduce_min', 'reduce_prod', 'reduce_all', 'reduce_any',
    'reduce_logsumexp')})
NN = {'softmax_cross_entropy_with_logits_v2': softmax_cross_entropy_with_logits_v2,
      'softmax_cross_entropy_with_logits': softmax_cross_entropy_with_logits}
