"""tf.experimental.numpy promotes a tensor with a Python number as TF 2.21's tnp does: the number is
weak (NumPy 2's rule for np.result_type of a dtype and a Python scalar), so ``tnp.matmul(x, w) + b`` and
``tnp.maximum(x, 0.0)`` stay float32. The keras.io example "Writing Keras Models With TensorFlow NumPy"
failed here with a float64/float32 AddV2 error. The dtypes were printed by TF 2.21 for the same calls
(``r.dtype.name`` after ``tnp.experimental_enable_numpy_behavior()``).
"""
import numpy as np
import pytest

import framework as tf
import framework.experimental.numpy as tnp
from framework import keras
from framework import tensor_numpy_methods


def _x():
    return tf.constant(np.ones((2, 3), np.float32))


def _i():
    return tf.constant([1, 2])


# (name, call, TF 2.21's dtype, TF 2.21's dtype with prefer_float32=True or None)
CASES = [
    ('maximum_f0', lambda: tnp.maximum(_x(), 0.0), 'float32', 'float32'),
    ('add_float', lambda: tnp.add(_x(), 1.5), 'float32', 'float32'),
    ('where_float', lambda: tnp.where(_x() > 0, _x(), 0.0), 'float32', 'float32'),
    ('power', lambda: tnp.power(_x(), 2.0), 'float32', None),
    ('subtract_left', lambda: tnp.subtract(1.0, _x()), 'float32', None),
    ('true_divide', lambda: tnp.true_divide(_x(), 2.0), 'float32', None),
    ('arctan2', lambda: tnp.arctan2(_x(), 1.0), 'float32', None),
    ('heaviside', lambda: tnp.heaviside(_x(), 0.5), 'float32', None),
    ('logaddexp', lambda: tnp.logaddexp(_x(), 0.0), 'float32', None),
    ('add_list', lambda: tnp.add(_x(), [1.0, 2.0, 3.0]), 'float32', 'float32'),
    ('add_int', lambda: tnp.add(_i(), 3), 'int32', 'int32'),
    ('add_int_float', lambda: tnp.add(_i(), 1.5), 'float64', 'float64'),
    ('maximum_int_relu', lambda: tnp.maximum(_i(), 0.0), 'int32', 'int32'),      # TF's relu fast path
    ('maximum_np64_relu', lambda: tnp.maximum(_x(), np.float64(0.0)), 'float32', 'float32'),
    ('maximum_np64', lambda: tnp.maximum(_x(), np.float64(0.5)), 'float64', 'float32'),
    ('maximum_variable', lambda: tnp.maximum(tf.Variable(np.ones(3, np.float32)), 0.0), 'float32', 'float32'),
    ('concatenate', lambda: tnp.concatenate([_x(), [[1.0, 2.0, 3.0]]]), 'float32', 'float32'),
    ('where_int', lambda: tnp.where(_i() > 1, _i(), 0), 'int32', 'int32'),
    ('multiply_f16', lambda: tnp.multiply(tf.constant([1.0], tf.float16), 2.0), 'float16', None),
    ('add_bool', lambda: tnp.add(_x(), True), 'float32', None),
    ('add_np_f32', lambda: tnp.add(_x(), np.float32(1.0)), 'float32', None),
    ('add_np_array64', lambda: tnp.add(_x(), np.ones(3)), 'float64', None),
    ('hypot_number', lambda: tnp.hypot(_x(), 1.0), 'float64', None),     # sqrt(square(x1) + square(x2))
    ('hypot_tensors', lambda: tnp.hypot(_x(), _x()), 'float32', None),
    ('subtract_int64', lambda: tnp.subtract(_i(), tf.constant([1], tf.int64)), 'int64', None),
]


@pytest.mark.parametrize('name, call, dtype, dtype32', CASES, ids=[c[0] for c in CASES])
def test_tnp_promotes_numbers_weakly_as_tensorflow(numpy_behavior, name, call, dtype, dtype32):
    assert call().dtype.name == dtype


@pytest.mark.parametrize('name, call, dtype, dtype32', [c for c in CASES if c[3]], ids=[c[0] for c in CASES if c[3]])
def test_tnp_promotion_with_prefer_float32(name, call, dtype, dtype32, numpy_operators_restored):
    saved = list(tensor_numpy_methods.ENABLED)
    tnp.experimental_enable_numpy_behavior(prefer_float32=True)
    try:
        assert call().dtype.name == dtype32
    finally:
        tnp.experimental_enable_numpy_behavior(prefer_float32=False)
        tensor_numpy_methods.ENABLED[:] = saved


def test_tnp_values_and_gradients_unchanged(numpy_behavior):
    x = tf.constant([[-1.5, 2.0, 0.5]])
    assert tnp.maximum(x, 0.0).numpy().tolist() == [[0.0, 2.0, 0.5]]
    assert tnp.add(tf.constant([1, 2]), 3).numpy().tolist() == [4, 5]
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tnp.sum(tnp.maximum(x, 0.0) * 2.0 + tnp.hypot(x, x))
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), [[-np.sqrt(2), 2 + np.sqrt(2), 2 + np.sqrt(2)]],
                               rtol=1e-6)


def test_tnp_regression_model_trains_in_float32(numpy_behavior):
    # the keras.io example's model: tnp.matmul(a, w) + b, then tnp.maximum(a, 0.0)
    class TNPDense(keras.layers.Layer):
        def build(self, input_shape):
            self.w = self.add_weight(shape=(input_shape[1], 2), initializer='ones')
            self.b = self.add_weight(shape=(2,), initializer='zeros')

        def call(self, inputs):
            return tnp.maximum(tnp.matmul(inputs, self.w) + self.b, 0.0)

    model = keras.Sequential([keras.Input((3,)), TNPDense(), keras.layers.Dense(1, kernel_initializer='ones')])
    model.compile(optimizer='sgd', loss='mse')
    x = np.arange(12, dtype=np.float32).reshape(4, 3) / 10
    loss = model.evaluate(x, np.ones((4, 1), np.float32), verbose=0)
    assert model.predict(x, verbose=0).dtype == np.float32
    assert loss == pytest.approx(float(np.mean((2 * x.sum(axis=1) - 1) ** 2)), rel=1e-6)
