"""keras.io's "Structured data classification from scratch" concatenates one-hot lookups (int64 when
run eagerly, as Keras 3 returns them) with Normalization's float32 features. Keras 3's merge layers
run keras.ops, which promote mixed dtypes; tapeflow raised 'concat: all tensors must share one dtype'.
Every expected dtype and value below was printed by TensorFlow 2.21 / Keras 3 running the same calls.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.keras import layers

I64 = np.array([[1, 2]], 'int64')
F32 = np.array([[0.5, 1.5]], 'float32')
I32 = np.array([[3, 4]], 'int32')
F64 = np.array([[0.25, 1.0]], 'float64')
B = np.array([[True, False]])

# (merge function, first input, second input, Keras 3's dtype, Keras 3's values)
CASES = [
    (layers.add, I64, F32, 'float32', [[1.5, 3.5]]),
    (layers.add, I32, I64, 'int64', [[4, 6]]),
    (layers.add, B, I32, 'int32', [[4, 4]]),
    (layers.add, I64, F64, 'float32', [[1.25, 3.0]]),        # float64 is autocast to float32 first
    (layers.subtract, I64, I32, 'int64', [[-2, -2]]),
    (layers.subtract, I32, B, 'int32', [[2, 4]]),
    (layers.multiply, I64, F32, 'float32', [[0.5, 3.0]]),
    (layers.average, I64, F32, 'float32', [[0.75, 1.75]]),
    (layers.average, I32, I64, 'float64', [[2.0, 3.0]]),      # an integer sum / 2 is TF's truediv
    (layers.average, B, I32, 'float64', [[2.0, 2.0]]),
    (layers.maximum, I64, F32, 'float32', [[1.0, 2.0]]),
    (layers.minimum, I32, I64, 'int64', [[1, 2]]),
    (layers.minimum, B, I32, 'int32', [[1, 0]]),
    (layers.concatenate, I64, F32, 'float32', [[1.0, 2.0, 0.5, 1.5]]),
    (layers.concatenate, I32, I64, 'int64', [[3, 4, 1, 2]]),
    (layers.concatenate, B, I32, 'int32', [[1, 0, 3, 4]]),
    (layers.concatenate, I64, F64, 'float32', [[1.0, 2.0, 0.25, 1.0]]),
]


@pytest.mark.parametrize('merge, a, b, dtype, values', CASES)
def test_merge_layers_promote_mixed_dtypes_as_keras(merge, a, b, dtype, values):
    out = merge([a, b])
    assert out.dtype == dtype
    assert np.asarray(out).tolist() == values


@pytest.mark.parametrize('merge', [layers.add, layers.multiply, layers.average, layers.maximum, layers.concatenate])
def test_three_mixed_inputs_and_symbolic_inputs_give_float32(merge):
    assert merge([I64, I32, F32]).dtype == 'float32'
    ints, floats = keras.Input(shape=(2,), dtype='int64'), keras.Input(shape=(2,))
    assert merge([ints, floats]).dtype == 'float32'


def test_structured_data_model_on_one_hot_lookups_and_normalized_floats():
    keras.utils.set_random_seed(42)
    train = {'sex': np.array([0, 1, 1, 0, 1], 'int64'), 'thal': np.array(['fixed', 'normal', 'normal', 'a', 'fixed']),
             'age': np.array([41, 63, 55, 70, 38], 'int64')}
    ds = tf.data.Dataset.from_tensor_slices((train, np.array([0, 1, 1, 0, 1]))).batch(2)
    sex = keras.Input(shape=(1,), name='sex', dtype='int64')
    thal = keras.Input(shape=(1,), name='thal', dtype='string')
    age = keras.Input(shape=(1,), name='age')
    encoded = []
    for feature, name, layer in ((sex, 'sex', layers.IntegerLookup(output_mode='one_hot')),
                                 (thal, 'thal', layers.StringLookup(output_mode='multi_hot')),
                                 (age, 'age', layers.Normalization())):
        layer.adapt(ds.map(lambda x, y: x[name]).map(lambda x: tf.expand_dims(x, -1)))
        encoded.append(layer(feature))
    features = layers.concatenate(encoded)
    assert features.dtype == 'float32' and tuple(features.shape) == (None, 8)
    model = keras.Model([sex, thal, age], layers.Dense(1, activation='sigmoid')(features))
    model.compile('adam', 'binary_crossentropy')
    with pytest.warns(UserWarning, match='shuffle=True'):       # Keras warns about a Dataset too
        history = model.fit(ds, epochs=2, verbose=0)
    sample = {'sex': 1, 'thal': 'fixed', 'age': 60}
    single = model.predict({k: tf.convert_to_tensor([v]) for k, v in sample.items()}, verbose=0)
    # TensorFlow 2.21 / Keras 3 printed these for the same program
    np.testing.assert_allclose(history.history['loss'], [0.8104437589645386, 0.8074483871459961], rtol=1e-6)
    np.testing.assert_allclose(single, [[0.55818224]], rtol=1e-6)
