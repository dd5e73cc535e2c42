"""A loss made with a DTypePolicy object computes in its compute dtype, as Keras 3.15 (dtype_policies.get);
tapeflow took only dtype names and strings ("Cannot convert the argument `type_value`: <DTypePolicy
"float64"> to a TensorFlow DType."). Expected values printed by TF 2.21 for the same inputs.
"""
import numpy as np

from framework import keras

Y_TRUE = np.array([[0., 1.], [1., 0.]], 'float32')
Y_PRED = np.array([[0.3, 0.6], [0.8, 0.1]], 'float32')


def test_loss_takes_a_dtype_policy_object():
    loss = keras.losses.MeanSquaredError(dtype=keras.DTypePolicy('float64'))
    assert loss.dtype == 'float64'
    assert float(loss(Y_TRUE, Y_PRED)) == 0.07499999590218089
    assert loss.get_config() == {'name': 'mean_squared_error', 'reduction': 'sum_over_batch_size'}


def test_mixed_policy_object_computes_in_float16():
    loss = keras.losses.CategoricalCrossentropy(dtype=keras.DTypePolicy('mixed_float16'))
    assert loss.dtype == 'float16'
    assert float(loss(Y_TRUE, Y_PRED)) == 0.261962890625
    assert float(keras.losses.Huber(dtype=keras.DTypePolicy('bfloat16'))(Y_TRUE, Y_PRED)) == 0.03759765625
