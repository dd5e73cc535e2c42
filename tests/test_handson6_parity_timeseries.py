"""Géron ch. 15 (3rd ed.) builds windows with keras.utils.timeseries_dataset_from_array over Python
lists: Keras slices the list and TensorFlow converts the slice, so ints come out int32 and floats
float32 (tapeflow gave numpy's int64 / float64). Expected values printed by TF 2.21 (/opt/tfref)."""
import numpy as np
import pytest

from framework import keras


@pytest.mark.parametrize('data, targets, x_dtype, y_dtype', [
    ([0, 1, 2, 3, 4, 5], [3, 4, 5], 'int32', 'int32'),
    ([0., 1.5, 2, 3, 4, 5], [1., 2., 3.], 'float32', 'float32'),
    ([[1, 2], [3, 4], [5, 6], [7, 8]], [True, False], 'int32', 'bool'),
    (np.arange(6), np.arange(3.), 'int64', 'float64'),          # numpy arrays keep their dtype
])
def test_list_series_are_converted_as_tensorflow_converts_them(data, targets, x_dtype, y_dtype):
    ds = keras.utils.timeseries_dataset_from_array(data, targets=targets, sequence_length=3, batch_size=2)
    x, y = ds.element_spec
    assert (x.dtype.name, y.dtype.name) == (x_dtype, y_dtype)
    first_x, first_y = next(iter(ds))
    assert first_x.dtype.name == x_dtype and first_y.dtype.name == y_dtype


def test_geron_my_series_windows():
    my_series = [0, 1, 2, 3, 4, 5]
    batches = list(keras.utils.timeseries_dataset_from_array(my_series, targets=my_series[3:], sequence_length=3,
                                                             batch_size=2))
    assert [(x.numpy().tolist(), y.numpy().tolist()) for x, y in batches] == [
        ([[0, 1, 2], [1, 2, 3]], [3, 4]), ([[2, 3, 4]], [5])]
    assert batches[0][0].dtype.name == 'int32'
