"""``tf.compat.v1.to_float`` and its siblings: TensorFlow 1's one-dtype spellings of ``tf.cast``
(deprecated there, still in ``tf.compat.v1``). Sparse and ragged inputs cast as ``tf.cast`` casts them."""
import framework

from ..deprecation import deprecated


def _caster(dtype_name, default_name, tf_name):
    """A caster logging TF 2.21's deprecation notice the first time it is called, as TF's does."""
    def to_dtype(x, name=default_name):
        return framework.cast(x, getattr(framework, dtype_name), name=name)
    to_dtype.__name__ = 'to_' + dtype_name
    to_dtype.__doc__ = 'tf.cast(x, tf.%s) (TensorFlow 1\'s name).' % dtype_name
    return deprecated(tf_name, 'tensorflow.python.ops.math_ops', 'Use `tf.cast` instead.')(to_dtype)


to_float = _caster('float32', 'ToFloat', 'to_float')
to_double = _caster('float64', 'ToDouble', 'to_double')
to_int32 = _caster('int32', 'ToInt32', 'to_int32')
to_int64 = _caster('int64', 'ToInt64', 'to_int64')
to_bfloat16 = _caster('bfloat16', 'ToBFloat16', 'to_bfloat16')
to_complex64 = _caster('complex64', 'ToComplex64', 'to_complex64')
to_complex128 = _caster('complex128', 'ToComplex128', 'to_complex128')
