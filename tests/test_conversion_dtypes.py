"""The dtype TensorFlow gives values converted to tensors: lists take a float dtype from their
first element, array objects of other libraries (pandas, anything with __array__) keep numpy's,
numpy object arrays hold strings only. Goldens: the same calls under TF 2.21."""
import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('value, dtype', [
    ([2.0, np.float64(1)], 'float32'),
    ([np.float64(1), 2.0], 'float64'),
    ([np.float32(1), np.float64(2)], 'float32'),
    ([np.float64(1), np.float32(2)], 'float64'),
    ([np.float16(1)], 'float16'),
    ([[np.float64(1)], [2.0]], 'float64'),
    ([np.array(1.0)], 'float64'),
    ([np.array([1.0, 2.0]), np.array([3.0, 4.0])], 'float64'),
    ([np.array([1.0], np.float32), [1.0]], 'float32'),
    ([[1.0, 2.0], np.array([3.0, 4.0])], 'float32'),
    ((np.float64(1),), 'float64'),
    ([1, np.float64(2)], 'float32'),
    ([np.int64(1), 1.5], 'float32'),
    ([np.int32(1)], 'int32'),
    ([np.int64(2 ** 40)], 'int64'),
    ([np.uint8(1)], 'int32'),
    ([np.int16(1)], 'int32'),
    ([np.array([1, 2])], 'int32'),
    ([np.bool_(True)], 'bool'),
])
def test_a_list_takes_its_float_dtype_from_its_first_element(value, dtype):
    assert tf.constant(value).dtype.name == dtype
    assert tf.convert_to_tensor(value).dtype.name == dtype


class _Floats:
    def __array__(self, dtype=None, copy=None):
        return np.array([1.0, 2.0], dtype=dtype)


class _Ints:
    def __array__(self, dtype=None, copy=None):
        return np.array([1, 2], dtype=np.int64 if dtype is None else dtype)


def test_array_objects_keep_numpys_dtype():
    assert tf.constant(_Floats()).dtype.name == 'float64'
    assert tf.convert_to_tensor(_Ints()).dtype.name == 'int64'
    assert tf.constant(_Floats(), tf.float32).dtype.name == 'float32'


@pytest.mark.parametrize('objects, kind', [([1.0, True], 'float'), ([None, 1], 'NoneType'), ([1, 2.5], 'int')])
def test_an_object_array_of_numbers_is_refused_in_tensorflows_words(objects, kind):
    with pytest.raises(ValueError, match=r'Failed to convert a NumPy array to a Tensor \(Unsupported object type %s\)'
                       % kind):
        tf.constant(np.array(objects, dtype=object))


def test_an_object_array_of_strings_is_a_string_tensor():
    t = tf.constant(np.array([b'a', 'b'], dtype=object))
    assert t.dtype == tf.string and t.numpy().tolist() == [b'a', b'b']


def test_pandas_values_convert_as_tensorflow_converts_them():
    pd = pytest.importorskip('pandas')
    assert tf.constant(pd.Series([1.5, 2.5])).dtype.name == 'float64'
    assert tf.convert_to_tensor(pd.Series([1, 2])).dtype.name == 'int64'
    assert tf.constant(pd.Series([True, False])).dtype.name == 'bool'
    assert tf.constant(pd.DataFrame({'a': [1.0, 2.0], 'b': [3, 4]})).dtype.name == 'float64'
    assert tf.constant(pd.Series(['a', 'b'])).numpy().tolist() == [b'a', b'b']
    df = pd.DataFrame({'a': [1.0, 2.0], 'b': [3, 4]})
    spec = tf.data.Dataset.from_tensor_slices(dict(df)).element_spec
    assert (spec['a'].dtype.name, spec['b'].dtype.name) == ('float64', 'int64')
    with pytest.raises(ValueError, match='Unsupported object type float'):
        tf.convert_to_tensor(pd.DataFrame({'a': [1.0], 'b': [True]}))


def test_fit_and_predict_take_a_frame_of_floats_and_bools_as_float32():
    # pd.get_dummies makes bool columns; Keras casts a frame with float64 columns to float32 whole.
    pd = pytest.importorskip('pandas')
    frame = pd.DataFrame({'x': [1.0, 2.0, 3.0, 4.0], 'USA': [True, False, True, False],
                          'Japan': [False, True, False, True]})
    labels = pd.Series([1.0, 2.0, 3.0, 4.0])
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.layers.Dense(1, kernel_initializer='ones')])
    model.compile('sgd', 'mse')
    prediction = model.predict(frame, verbose=0)
    np.testing.assert_array_equal(prediction[:, 0], [2.0, 3.0, 4.0, 5.0])
    history = model.fit(frame, labels, epochs=1, verbose=0)
    assert history.history['loss'][0] == pytest.approx(1.0)
