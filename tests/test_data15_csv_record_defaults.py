"""CsvDataset / make_csv_dataset record defaults that TF 2.21 reads as column types, and the
field index its errors name when select_cols picks columns.

Goldens: TF 2.21 ran /work/notes/progs/data15/p10.py (a file '1,2.5,a,7\\n,,,\\n', one column
selected with select_cols=[col], record_defaults=[default]): TF asks `default in (float32,
float64, int32, int64, string)`, and a DType equals its name and its enum number, so 1, 9.0,
True and 'string' make required columns there; 0, 5, 5.5 and b'x' stay defaults.
"""
import numpy as np
import pytest

import framework as tf


@pytest.fixture
def csv_path(tmp_path):
    path = tmp_path / 'c.csv'
    path.write_text('1,2.5,a,7\n,,,\n')
    return str(path)


def _rows(path, default, col):
    ds = tf.data.experimental.CsvDataset(path, [default], select_cols=[col])
    return [tuple(x.tolist() if hasattr(x, 'tolist') else x for x in row) for row in ds.as_numpy_iterator()]


@pytest.mark.parametrize('default, dtype', [
    (1, tf.float32), (2, tf.float64), (3, tf.int32), (7, tf.string), (9, tf.int64),
    (9.0, tf.int64), (1.0, tf.float32), (True, tf.float32), ('string', tf.string), ('int64', tf.int64),
    ('float', tf.float32), ('double', tf.float64), (np.int64(9), tf.int64), (np.float64(2), tf.float64)])
def test_a_default_equal_to_a_csv_dtype_makes_a_required_column(csv_path, default, dtype):
    ds = tf.data.experimental.CsvDataset(csv_path, [default], select_cols=[0])
    assert ds.element_spec == (tf.TensorSpec((), dtype),)
    with pytest.raises(tf.errors.InvalidArgumentError, match='Field 0 is required but missing in record!'):
        list(ds)


@pytest.mark.parametrize('default, col, rows', [
    (0, 3, [(7,), (0,)]), (5, 0, [(1,), (5,)]), (5.5, 1, [(2.5,), (5.5,)]),
    (b'x', 2, [(b'a',), (b'x',)]), (b'int32', 2, [(b'a',), (b'int32',)]), ('x', 2, [(b'a',), (b'x',)])])
def test_other_defaults_stay_values(csv_path, default, col, rows):
    assert _rows(csv_path, default, col) == rows


def test_a_tensor_equal_to_a_dtype_enum_stays_a_value(csv_path):
    assert _rows(csv_path, tf.constant(9), 0) == [(1,), (9,)]


def test_make_csv_dataset_column_defaults_of_one_are_required_float_columns(csv_path):
    ds = tf.data.experimental.make_csv_dataset(csv_path, 2, column_names=['a', 'b', 'c', 'd'],
                                               column_defaults=[1] * 4, shuffle=False, num_epochs=1)
    with pytest.raises(tf.errors.InvalidArgumentError, match='Field 0 is required but missing in record!'):
        next(iter(ds))


@pytest.mark.parametrize('default, col, text', [
    (0, 1, 'Field 0 in record is not a valid int32: 2.5'),
    (0, 2, 'Field 0 in record is not a valid int32: a'),
    (tf.float32, 3, 'Field 0 is required but missing in record!')])
def test_errors_name_the_output_index_of_a_selected_column(csv_path, default, col, text):
    with pytest.raises(tf.errors.InvalidArgumentError, match=text):
        _rows(csv_path, default, col)


def test_errors_name_the_output_index_after_excluded_columns(tmp_path):
    path = tmp_path / 'e.csv'
    path.write_text('1,x\n')      # TF 2.21: exclude_cols=[0] parses 'x' as its output 0
    ds = tf.data.experimental.CsvDataset(str(path), [0], exclude_cols=[0])
    with pytest.raises(tf.errors.InvalidArgumentError, match='Field 0 in record is not a valid int32: x'):
        list(ds)
