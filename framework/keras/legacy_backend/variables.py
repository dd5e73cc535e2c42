"""tf.keras.backend's variables and value access: ``K.variable``, ``K.get_value`` / ``set_value``,
``K.update*``, ``K.zeros`` / ``ones`` / ``eye`` and the constant makers.

Keras 2 variables are plain ``tf.Variable`` objects; ``zeros``, ``ones`` and ``eye`` return one
(a tensor when the shape holds a 0).
"""
import numpy as np

import framework as tf
from .. import backend as _config
from framework.dtypes import KerasDTypeName
from .shapes import to_dense

__all__ = ['batch_get_value', 'batch_set_value', 'constant', 'eval', 'eye', 'get_value', 'moving_average_update',
           'ones', 'ones_like', 'set_value', 'update', 'update_add', 'update_sub', 'variable', 'zeros',
           'zeros_like']


def variable(value, dtype=None, name=None, constraint=None):
    """A ``tf.Variable`` holding ``value`` in ``dtype`` (floatx() by default); a scipy sparse
    matrix becomes a ``tf.SparseTensor`` instead."""
    dtype = dtype or _config.floatx()
    if hasattr(value, 'tocoo'):
        coo = value.tocoo()
        return tf.SparseTensor(indices=np.stack([coo.row, coo.col], axis=1).astype('int64'),
                               values=coo.data, dense_shape=coo.shape)
    return tf.Variable(value, dtype=tf.as_dtype(dtype), name=name, constraint=constraint)


def constant(value, dtype=None, shape=None, name=None):
    """tf.constant in ``dtype`` (floatx() by default)."""
    return tf.constant(value, dtype=dtype or _config.floatx(), shape=shape, name=name)


def get_value(x):
    """A tensor's or variable's value as a numpy array; anything else as it is."""
    return x.numpy() if tf.is_tensor(x) else x


def eval(x):
    """get_value, sparse tensors made dense first."""
    return get_value(to_dense(x))


def batch_get_value(tensors):
    return [x.numpy() for x in tensors]


def set_value(x, value):
    """Assign ``value`` (numpy-converted to x's dtype) to the variable ``x``."""
    x.assign(np.asarray(value, dtype=_keras2_dtype_name(x)))


def _keras2_dtype_name(x):
    """``x.dtype.name``, as Keras 2's set_value reads it. A Keras 3 variable (a layer's weight,
    ``optimizer.learning_rate``, ``optimizer.iterations``) reports its dtype as a plain string
    ('float32'), so TF 2.21's tf.keras.backend.set_value fails on it with AttributeError (the old
    custom-callback guide's learning-rate scheduler does); tapeflow's dtype string would answer."""
    if isinstance(x.dtype, KerasDTypeName):
        error = AttributeError("'str' object has no attribute 'name'")
        error.add_note('tf.keras.backend.set_value takes a tf.Variable; %r is a Keras 3 variable '
                       '(dtype %r): assign to it with x.assign(value)' % (x.name, str(x.dtype)))
        raise error
    return tf.as_dtype(x.dtype).name


def batch_set_value(tuples):
    for x, value in tuples:
        set_value(x, value)


def update(x, new_x):
    return x.assign(new_x)


def update_add(x, increment):
    return x.assign_add(increment)


def update_sub(x, decrement):
    return x.assign_sub(decrement)


def moving_average_update(x, value, momentum):
    """x <- x - (x - value) * (1 - momentum), Keras 2's batch-norm statistic update."""
    momentum = tf.cast(momentum, x.dtype)
    value = tf.cast(value, x.dtype)
    return x.assign_sub((x - value) * (1 - momentum))


def _variable_unless_empty(value, dtype, name):
    if all(int_dim for int_dim in value.shape.as_list()):
        return variable(value, dtype=dtype, name=name)
    return value


def zeros(shape, dtype=None, name=None):
    """A variable of zeros (a tensor if ``shape`` holds a 0)."""
    dtype = dtype or _config.floatx()
    return _variable_unless_empty(tf.zeros(shape, dtype=tf.as_dtype(dtype)), dtype, name)


def ones(shape, dtype=None, name=None):
    """A variable of ones (a tensor if ``shape`` holds a 0)."""
    dtype = dtype or _config.floatx()
    return _variable_unless_empty(tf.ones(shape, dtype=tf.as_dtype(dtype)), dtype, name)


def eye(size, dtype=None, name=None):
    """A variable holding the ``size`` x ``size`` identity."""
    dtype = dtype or _config.floatx()
    return variable(tf.eye(size, dtype=tf.as_dtype(dtype)), dtype, name)


def zeros_like(x, dtype=None, name=None):
    return tf.zeros_like(x, dtype=dtype, name=name)


def ones_like(x, dtype=None, name=None):
    return tf.ones_like(x, dtype=dtype, name=name)
