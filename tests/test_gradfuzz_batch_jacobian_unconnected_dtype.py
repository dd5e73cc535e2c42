"""batch_jacobian of a target its source does not reach: TF 2.21 returns zeros of the *target's*
dtype when the per-row gradients were None (unconnected_gradients='none', the default), and of
the source's dtype when they were zeros ('zero'). An int32 target (never differentiable) so gives
int32 zeros.

Goldens: the same statements run on TensorFlow 2.21 (tensorflow-cpu, eager), dtypes and shapes
printed (found by the gradfuzz tape-semantics fuzzer).
"""
import pytest

import framework as tf


def _tape():
    x = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    with tf.GradientTape(persistent=True) as t:
        y = x * 2.0
        targets = {'int32': tf.cast(y, tf.int32),
                   'float64': tf.constant([[1.0, 2.0, 3.0]] * 2, tf.float64),
                   'empty': tf.zeros([2, 0])}
    return t, x, targets


@pytest.mark.parametrize('name, kwargs, dtype, shape', [
    ('int32', {}, 'int32', (2, 2, 2)),
    ('int32', {'unconnected_gradients': 'zero'}, 'float32', (2, 2, 2)),
    ('int32', {'experimental_use_pfor': False}, 'int32', (2, 2, 2)),
    ('float64', {}, 'float64', (2, 3, 2)),
    ('float64', {'unconnected_gradients': 'zero'}, 'float32', (2, 3, 2)),
    ('empty', {}, 'float32', (2, 0, 2)),
])
def test_unconnected_batch_jacobian_dtype_is_tfs(name, kwargs, dtype, shape):
    t, x, targets = _tape()
    result = t.batch_jacobian(targets[name], x, **kwargs)
    assert (result.dtype.name, tuple(result.shape)) == (dtype, shape)
    assert not result.numpy().any()
