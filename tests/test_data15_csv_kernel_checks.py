"""CsvDataset's made-time checks of its record defaults and field_delim, as TF 2.21's CSVDatasetV2
kernel makes them: InvalidArgumentError in its words, defaults first, then field_delim, then the
column indices. Goldens: TF 2.21 ran /work/notes/progs/data15/p14.py (file '1,2\\n')."""
import pytest

import framework as tf

_PREFIX = ('{{function_node __wrapped__CSVDatasetV2_output_types_2_device_/job:localhost/replica:0/task:0/'
           'device:CPU:0}} ')


@pytest.fixture
def csv_path(tmp_path):
    path = tmp_path / 'c.csv'
    path.write_text('1,2\n')
    return str(path)


@pytest.mark.parametrize('kwargs, text', [
    (dict(record_defaults=[0, 0], field_delim=';;'), 'field_delim should be only 1 char'),
    (dict(record_defaults=[0, 0], field_delim=''), 'field_delim should be only 1 char'),
    (dict(record_defaults=[[0, 1], 0]), 'There should only be 1 default per field but field 0 has 2'),
    (dict(record_defaults=[0, [[1]]]), 'Each record default should be at most rank 1'),
    (dict(record_defaults=[0, [1, 2, 3]], field_delim='ab'),
     'There should only be 1 default per field but field 1 has 3'),
    (dict(record_defaults=[0, 0], field_delim=';;', select_cols=[1, 0]), 'field_delim should be only 1 char'),
], ids=['two_chars', 'empty', 'two_defaults', 'rank_2', 'defaults_before_delim', 'delim_before_select_cols'])
def test_made_time_errors_are_the_kernels(csv_path, kwargs, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.data.experimental.CsvDataset(csv_path, **kwargs)
    assert str(info.value).startswith(_PREFIX + text + ' [Op:CSVDatasetV2] name: ')


def test_one_char_delim_and_one_value_defaults_are_taken(csv_path):
    ds = tf.data.experimental.CsvDataset(csv_path, [[0], []], field_delim=',')
    assert [tuple(int(v) for v in row) for row in ds] == [(1, 2)]
