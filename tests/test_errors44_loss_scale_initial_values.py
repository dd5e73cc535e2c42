"""LossScaleOptimizer takes any initial_scale, as Keras 3, and uses it where Keras does: scale_loss multiplies by it
before the first step (keras.ops.multiply), build fills the dynamic_scale Variable through initializers.Constant.
TF 2.21 trains with a tensor or a list scale and refuses 'a' only at the first step (tapeflow refused them all when
made, with its own "`initial_scale` must be a number"). Values and texts printed by TF 2.21
(/work/notes/progs/errors44/c12.txt, c13.txt)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _lso(scale, learning_rate=0.01):
    return keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD(learning_rate), initial_scale=scale)


@pytest.mark.parametrize('scale, scaled, variable, dynamic', [
    (tf.constant(4.0), 8.0, [0.9975], 4.0),
    ([4.0], [8.0], [0.9975], [4.0]),
    (True, 2.0, [0.99], 1.0),
])
def test_tensor_list_and_bool_scales_train(scale, scaled, variable, dynamic):
    np.testing.assert_array_equal(_lso(scale).scale_loss(tf.constant(2.0)).numpy(), np.float32(scaled))
    optimizer, v = _lso(scale), tf.Variable([1.0])
    optimizer.apply_gradients([(tf.constant([1.0]), v)])
    np.testing.assert_allclose(v.numpy(), variable, rtol=1e-6)
    np.testing.assert_array_equal(optimizer.dynamic_scale.numpy(), np.float32(dynamic))


def test_a_tensor_scale_in_fit():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, kernel_initializer='ones')])
    optimizer = _lso(tf.constant(8.0), 0.1)
    model.compile(optimizer, 'mse')
    model.fit(np.ones((2, 3)), np.ones((2, 2)), verbose=0)
    np.testing.assert_allclose(model.layers[0].kernel.numpy().ravel(), [0.8] * 6, rtol=1e-6)
    assert float(optimizer.dynamic_scale.numpy()) == 8.0


def test_a_string_scale_fails_at_the_first_step_and_changes_nothing():
    keras.backend.clear_session()       # (the auto names below)
    optimizer, v = _lso('a'), tf.Variable([1.0])
    with pytest.raises(tf.errors.UnimplementedError, match=r'Cast string to float is not supported \[Op:Cast\] name: '):
        optimizer.apply_gradients([(tf.constant([1.0]), v)])
    assert v.numpy().tolist() == [1.0] and int(optimizer.iterations.numpy()) == 0 and not optimizer.built
    assert [x.path for x in optimizer.variables] == ['loss_scale_optimizer/iteration',
                                                     'loss_scale_optimizer/learning_rate',
                                                     'loss_scale_optimizer/step_counter', 'sgd/iteration',
                                                     'sgd/learning_rate']
    with pytest.raises(ValueError) as info:
        _lso('a').scale_loss(tf.constant(2.0))
    assert str(info.value) == "dtype='string' is not a valid dtype for Keras type promotion."


def test_a_none_scale_is_the_conversion_error():
    with pytest.raises(ValueError) as info:
        _lso(None).apply_gradients([(tf.constant([1.0]), tf.Variable([1.0]))])
    assert str(info.value) == "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."
