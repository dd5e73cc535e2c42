"""keras.ops.view_as_real of real tensors and on KerasTensors, as Keras 3 on TF 2.21 (its real / imag ops
stacked; ViewAsReal's compute_output_spec is float32 whatever the input)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

ops = keras.ops


@pytest.mark.parametrize('dtype', ['int32', 'float32', 'float64', 'uint8'])
def test_real_tensor_keeps_its_dtype_with_zero_imaginary_parts(dtype):
    # TF 2.21: view_as_real(np.array([[1, 0, 2]], int32)) is int32 [[[1, 0], [0, 0], [2, 0]]] (float32 alike)
    r = ops.view_as_real(np.array([[1, 0, 2]]).astype(dtype))
    assert r.dtype.name == dtype and tuple(r.shape) == (1, 3, 2)
    assert np.asarray(r).tolist() == [[[1, 0], [0, 0], [2, 0]]]


def test_bool_and_scalar():
    # TF 2.21: tf.math.real's TypeError for bool; a float64 scalar is float64 [2.5, 0.0]
    with pytest.raises(TypeError) as caught:
        ops.view_as_real(np.array([True, False]))
    assert str(caught.value) == "input must be a numeric tensor, but got tensor with dtype <dtype: 'bool'>"
    r = ops.view_as_real(np.float64(2.5))
    assert r.dtype.name == 'float64' and np.asarray(r).tolist() == [2.5, 0.0]


def test_gradient_of_a_real_variable():
    # TF 2.21: d/dx sum(view_as_real(x) * 3) is [3., 3.]
    x = tf.Variable([1.5, 2.0])
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(ops.view_as_real(x) * 3.0)
    assert np.asarray(tape.gradient(y, x)).tolist() == [3.0, 3.0]


@pytest.mark.parametrize('dtype', ['complex128', 'int32', 'float64', 'bool'])
def test_keras_tensor_spec_is_float32(dtype):
    # TF 2.21: ops.view_as_real(keras.Input((3,), dtype=...)) is KerasTensor (None, 3, 2) float32 for each
    r = ops.view_as_real(keras.Input((3,), dtype=dtype))
    assert tuple(r.shape) == (None, 3, 2) and r.dtype == 'float32'


def test_functional_model_runs_the_eager_op():
    # TF 2.21: the model's output spec says float32, its call gives int32 [[[1, 0], [2, 0]]]
    inp = keras.Input((2,), dtype='int32')
    model = keras.Model(inp, ops.view_as_real(inp))
    r = model(np.array([[1, 2]], 'int32'))
    assert r.dtype.name == 'int32' and np.asarray(r).tolist() == [[[1, 0], [2, 0]]]
