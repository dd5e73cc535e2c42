"""keras.utils bad-argument errors carry Keras 3.15's class and text (values taken from TF 2.21)."""
import re

import numpy as np
import pytest

from framework import keras
from helpers_error_texts import assert_raises_exactly

U = keras.utils
X = np.zeros(10)

CASES = [
    (lambda: U.split_dataset(X), ValueError,
     'At least one of the `left_size` or `right_size` must be specified. Received: left_size=None and '
     'right_size=None'),
    (lambda: U.split_dataset(3, left_size=0.5), TypeError, "Unsupported dataset type: <class 'int'>"),
    (lambda: U.split_dataset([], left_size=0.5), ValueError,
     'Received an empty list dataset. Please provide a non-empty list of arrays.'),
    (lambda: U.split_dataset((), left_size=0.5), ValueError,
     'Received an empty list dataset.Please provide a non-empty tuple of arrays.'),
    (lambda: U.split_dataset([X, np.zeros(9)], left_size=0.5), ValueError,
     'Received a list of NumPy arrays with different lengths.Mismatch found at index 1, Expected shape=(10,) '
     'Received shape=(9,).Please provide a list of NumPy arrays of the same length.'),
    (lambda: U.split_dataset((X, np.zeros(9)), left_size=0.5), ValueError,
     'Received a tuple of NumPy arrays with different lengths.Mismatch found at index 1, Expected shape=(10,) '
     'Received shape=(9,).Please provide a tuple of NumPy arrays of the same length.'),
    (lambda: U.split_dataset([X, [1] * 10], left_size=0.5), ValueError,
     "Expected a list of `numpy.ndarray` objects,Received: <class 'list'> at index 1."),
    (lambda: U.split_dataset(X, left_size=1.5), ValueError,
     '`left_size` should be either a positive integer smaller than 10, or a float within the range `[0, 1]`. '
     'Received: left_size=1.5'),
    (lambda: U.split_dataset(X, left_size=-1), ValueError,
     '`left_size` should be either a positive integer smaller than 10, or a float within the range `[0, 1]`. '
     'Received: left_size=-1'),
    (lambda: U.split_dataset(X, right_size=12), ValueError,
     '`right_size` should be either a positive integer and smaller than 10 or a float within the range `[0, 1]`. '
     'Received: right_size=12'),
    (lambda: U.split_dataset(X, left_size=0, right_size=0), ValueError,
     'Both `left_size` and `right_size` are zero. At least one of the split sizes must be non-zero.'),
    (lambda: U.split_dataset(X, left_size='a'), TypeError,
     "Invalid `left_size` Type. Expected: int or float or None, Received: type(left_size)=<class 'str'>.  "),
    (lambda: U.split_dataset(X, right_size='b'), TypeError,
     "Invalid `right_size` Type. Expected: int or float or None,Received: type(right_size)=<class 'str'>."),
    (lambda: U.split_dataset(X, left_size='a', right_size='b'), TypeError,
     "Invalid `left_size` and `right_size` Types. Expected: integer or float or None, Received: "
     "type(left_size)=<class 'str'> and type(right_size)=<class 'str'>"),
    (lambda: U.split_dataset(X, left_size=0.5, right_size=0.6), ValueError,
     'The sum of `left_size` and `right_size` is greater than 1. It must be less than or equal to 1.'),
    (lambda: U.split_dataset(X, left_size=6, right_size=6), ValueError,
     'The sum of `left_size` and `right_size` should be smaller than the 10. Received: left_size + right_size = '
     '12.0and total_length = 10'),
    (lambda: U.split_dataset(X, left_size=0.5, right_size=6), ValueError,
     'The sum of `left_size` and `right_size` should be smaller than the 10. Received: left_size + right_size = '
     '11.0and total_length = 10'),
    (lambda: U.split_dataset(X, left_size=0.01), ValueError,
     'With `dataset` of length=10, `left_size`=0 and `right_size`=10.Resulting left side dataset split will be '
     'empty. Adjust any of the aforementioned parameters'),
    (lambda: U.timeseries_dataset_from_array(X, None, 3, sequence_stride=0), ValueError,
     '`sequence_stride` must be higher than 0. Received: sequence_stride=0'),
    (lambda: U.timeseries_dataset_from_array(X, None, 3, sequence_stride=-2.5), ValueError,
     '`sequence_stride` must be higher than 0. Received: sequence_stride=-2.5'),
    (lambda: U.timeseries_dataset_from_array(X, None, 3, sequence_stride=10), ValueError,
     '`sequence_stride` must be lower than the length of the data. Received: sequence_stride=10, for data of '
     'length 10'),
    (lambda: U.timeseries_dataset_from_array(X, None, 3, sampling_rate=0), ValueError,
     '`sampling_rate` must be higher than 0. Received: sampling_rate=0'),
    (lambda: U.timeseries_dataset_from_array(X, None, 3, sampling_rate=12), ValueError,
     '`sampling_rate` must be lower than the length of the data. Received: sampling_rate=12, for data of length 10'),
    (lambda: U.timeseries_dataset_from_array(X, None, 3, start_index=-1), ValueError,
     '`start_index` must be 0 or greater. Received: start_index=-1'),
    (lambda: U.timeseries_dataset_from_array(X, None, 3, start_index=20), ValueError,
     '`start_index` must be lower than the length of the data. Received: start_index=20, for data of length 10'),
    (lambda: U.timeseries_dataset_from_array(X, None, 3, end_index=-1), ValueError,
     '`end_index` must be higher than 0. Received: end_index=-1'),
    (lambda: U.timeseries_dataset_from_array(X, None, 3, end_index=12), ValueError,
     '`end_index` must be lower than the length of the data. Received: end_index=12, for data of length 10'),
    (lambda: U.timeseries_dataset_from_array(X, None, 3, start_index=5, end_index=3), ValueError,
     '`end_index` must be higher than `start_index`. Received: start_index=5, and end_index=3 '),
    (lambda: U.get_file(), ValueError, 'Please specify the "origin" argument (URL of the file to download).'),
    (lambda: U.img_to_array(3), ValueError, 'Unsupported image shape: ()'),
    (lambda: U.img_to_array(np.zeros((2, 2, 2, 2))), ValueError, 'Unsupported image shape: (2, 2, 2, 2)'),
    (lambda: U.serialize_keras_object(3j), TypeError,
     "Cannot serialize object 3j of type <class 'complex'>. To be serializable, a class must implement the "
     "`get_config()` method."),
]


@pytest.mark.parametrize('call, error, text', CASES)
def test_keras_utils_error_texts(call, error, text):
    assert_raises_exactly(call, error, text)


def test_serialize_error_keeps_the_hint_as_a_note():
    with pytest.raises(TypeError) as caught:
        U.serialize_keras_object(object())
    assert re.match(r'Cannot serialize object <object object at 0x[0-9a-f]+> of type <class .object.>\.',
                    str(caught.value))
    assert any('register_keras_serializable' in note for note in caught.value.__notes__)
