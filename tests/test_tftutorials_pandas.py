"""The pandas-dataframe tutorial feeds ``dict(df)`` to a model whose call concatenates the columns
on axis 1: Keras 3's array adapter makes each pandas Series a column of shape (batch, 1), and a
layer called on a list of Series takes them as several inputs (so Concatenate(axis=1) of the 1-D
columns fails in the concat op, with InvalidArgumentError, as on TensorFlow). Expected values were
printed by TensorFlow 2.21 + Keras 3.15 running the same code.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

pd = pytest.importorskip('pandas')

DF = pd.DataFrame({'age': [63, 37, 41, 56, 57, 57, 56, 44], 'chol': [233, 250, 204, 236, 354, 192, 294, 263],
                   'oldpeak': [2.3, 3.5, 1.4, 0.8, 0.6, 0.4, 1.3, 0.0]})
TARGET = pd.Series([1, 0, 1, 0, 1, 1, 0, 0])


class Stacked(keras.Model):
    def __init__(self):
        super().__init__()
        self.concat = keras.layers.Concatenate(axis=1)
        self.dense = keras.layers.Dense(1, kernel_initializer=keras.initializers.Constant(0.01))

    def call(self, inputs):
        return self.dense(self.concat([value for key, value in sorted(inputs.items())]))


def test_fit_and_predict_take_each_series_of_a_dict_as_a_column():
    model = Stacked()
    model.compile(optimizer='sgd', loss=keras.losses.BinaryCrossentropy(from_logits=True), metrics=['accuracy'])
    history = model.fit(dict(DF), TARGET, epochs=2, batch_size=4, shuffle=False, verbose=0).history
    # TF 2.21: {'accuracy': [0.5, 0.5], 'loss': [76.8741226196289, 83.82569885253906]} (the multi-row
    # matmul's summation order differs from oneDNN's in the last bits)
    assert history['accuracy'] == [0.5, 0.5]
    np.testing.assert_allclose(history['loss'], [76.8741226196289, 83.82569885253906], rtol=1e-6)
    np.testing.assert_allclose(model.predict(dict(DF.iloc[:3]), verbose=0),
                               [[111.59940338134766], [115.3749771118164], [95.69451141357422]], rtol=1e-6)


def test_a_list_of_series_is_several_inputs():
    joined = keras.layers.Concatenate(axis=0)([DF['age'], DF['chol']])
    assert joined.numpy().tolist() == DF['age'].tolist() + DF['chol'].tolist()
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'ConcatOp : Expected concatenating dimensions in the range \[-1, 1\), but got 1'):
        keras.layers.Concatenate(axis=1)([DF['age'], DF['chol']])


def test_symbolic_columns_without_the_axis_are_refused_when_the_model_is_built():
    x = keras.Input(shape=(), name='age')
    # TF 2.21: IndexError, Keras's compute_output_shape reading axis 1 of the shape (None,) ('list index out
    # of range', which TF wraps in 'Exception encountered when calling Concatenate.call()')
    with pytest.raises(IndexError, match='list index out of range'):
        keras.layers.Concatenate(axis=1)([x, x])


def _preprocessor():
    inputs = {'age': keras.Input(shape=(), name='age', dtype='float32'),
              'thal': keras.Input(shape=(), name='thal', dtype='string')}
    lookup = keras.layers.StringLookup(vocabulary=['fixed', 'normal', 'reversible'], output_mode='one_hot')
    age = keras.ops.expand_dims(inputs['age'], -1)
    return inputs, keras.Model(inputs, keras.layers.Concatenate(axis=-1)([age, lookup(inputs['thal'])]))


def test_a_model_of_string_inputs_called_on_its_inputs_builds_the_full_model():
    # The tutorial's "full example": x = preprocessor(inputs); model = keras.Model(inputs, body(x))
    inputs, preprocessor = _preprocessor()
    x = preprocessor(inputs)
    assert tuple(x.shape) == (None, 5) and x.dtype == 'float32'
    model = keras.Model(inputs, keras.layers.Dense(1, kernel_initializer='ones')(x))
    data = tf.data.Dataset.from_tensor_slices({'age': np.float32([50, 60]), 'thal': ['normal', 'zzz']}).batch(2)
    # age + one-hot (unknown 'zzz' is index 0): 50 + 1 and 60 + 1
    np.testing.assert_array_equal(model.predict(data, verbose=0), [[51.0], [61.0]])


def test_fit_refuses_a_text_column_as_keras_does():
    inputs, preprocessor = _preprocessor()
    model = keras.Model(inputs, keras.layers.Dense(1)(preprocessor(inputs)))
    model.compile('sgd', keras.losses.MeanSquaredError())
    frame = pd.DataFrame({'age': [50.0, 60.0], 'thal': pd.Series(['normal', 'fixed'], dtype=object)})
    # TF 2.21 / Keras 3.15: ValueError 'Invalid dtype: object' (pandas 3's own strings: 'Invalid dtype: str')
    with pytest.raises(ValueError, match='^Invalid dtype: object\nfit: x holds a pandas column of dtype object'):
        model.fit(dict(frame), np.zeros(2), verbose=0)
    with pytest.raises(ValueError, match='^Invalid dtype: object\npredict'):
        model.predict(dict(frame), verbose=0)
