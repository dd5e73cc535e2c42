"""A DType given where a tensor is wanted (the CSV tutorial's CsvDataset record_defaults=[tf.int32, ...]
handed to tf.io.decode_csv instead) names TF's DType class in the conversion ValueError, as TF 2.21 printed:
    ValueError Attempt to convert a value (tf.int32) with an unsupported type
    (<class 'tensorflow.python.framework.dtypes.DType'>) to a Tensor."""
import pytest

import framework as tf


@pytest.mark.parametrize('call, shown', [
    (lambda: tf.constant(tf.int32), 'tf.int32'),
    (lambda: tf.io.decode_csv(['1'], record_defaults=[tf.int32]), 'tf.int32'),
    (lambda: tf.add(tf.float32, 1), 'tf.float32'),
])
def test_dtype_is_not_a_tensor(call, shown):
    with pytest.raises(ValueError) as info:
        call()
    assert str(info.value) == ("Attempt to convert a value (%s) with an unsupported type "
                               "(<class 'tensorflow.python.framework.dtypes.DType'>) to a Tensor." % shown)


def test_csv_dataset_takes_dtypes_as_record_defaults(tmp_path):
    path = tmp_path / 'a.csv'
    path.write_text('x,y\n1,a\n2,b\n')
    rows = [[v.numpy() for v in row] for row in tf.data.experimental.CsvDataset(
        str(path), record_defaults=[tf.int32, tf.string], header=True)]
    assert rows == [[1, b'a'], [2, b'b']]
