"""global_clipnorm over gradients of different dtypes fails as in TF 2.21 / Keras 3.15.

Keras stacks the per-gradient squared norms, which promotes them to the widest dtype; the scale is then
of that dtype and TensorFlow's Mul refuses a narrower gradient times it. tapeflow computed the norm in
the first gradient's dtype and trained on.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import InvalidArgumentError


@pytest.mark.parametrize('dtypes, expected, got', [
    (('float64', 'float32'), 'float', 'double'),
    (('float32', 'float64'), 'float', 'double'),
    (('float16', 'float32'), 'half', 'float'),
    (('float32', 'float16', 'float64'), 'float', 'double'),
])
@pytest.mark.parametrize('extra', [{}, {'loss_scale_factor': 2.0}])
def test_mixed_dtypes_raise_tensorflows_mul_error(dtypes, expected, got, extra):
    optimizer = keras.optimizers.SGD(0.1, global_clipnorm=0.5, **extra)
    variables = [tf.Variable(np.array([1.0, 2.0], dtype)) for dtype in dtypes]
    with pytest.raises(InvalidArgumentError) as err:
        optimizer.apply_gradients([(tf.constant(np.array([3.0, 4.0], v.dtype.name)), v) for v in variables])
    assert str(err.value) == ('cannot compute Mul as input #1(zero-based) was expected to be a %s tensor but is a '
                              '%s tensor [Op:Mul] name: ' % (expected, got))


def test_in_fit_it_is_the_graph_type_error():
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1), keras.layers.Dense(1, dtype='float64')])
    model.compile(keras.optimizers.SGD(0.1, global_clipnorm=0.5), 'mse')
    with pytest.raises(TypeError, match="Input 'y' of 'Mul' Op has type float64 that does not match type float32 "
                                        "of argument 'x'."):
        model.fit(np.ones((4, 2)), np.ones((4, 1)), verbose=0)


def test_one_dtype_still_clips():
    optimizer = keras.optimizers.SGD(1.0, global_clipnorm=0.5)
    a, b = tf.Variable([0.0, 0.0], dtype='float64'), tf.Variable([0.0], dtype='float64')
    optimizer.apply_gradients([(tf.constant([3.0, 0.0], 'float64'), a), (tf.constant([4.0], 'float64'), b)])
    np.testing.assert_allclose(a.numpy(), [-0.3, 0.0]); np.testing.assert_allclose(b.numpy(), [-0.4])
