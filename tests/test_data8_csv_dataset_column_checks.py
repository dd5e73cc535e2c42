"""CsvDataset's select_cols / exclude_cols checks and its 'have more' record error, in TF 2.21's words.

Printed by TF 2.21 (/work/notes/progs/data8/p5.py, p6.py, p8.py), for a file 'a,b,c,d\\n1,2,3,4\\n' and
    tf.data.experimental.CsvDataset(path, [0] * n, header=True, select_cols=sel)   # raises when made
    list(tf.data.experimental.CsvDataset(path, [0, 0], header=True))               # raises when iterated
"""
import os

import pytest

import framework as tf

_MADE = ('{{function_node __wrapped__CSVDatasetV2_output_types_%d_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
         '%s [Op:CSVDatasetV2] name: ')


@pytest.fixture
def path(tmp_path):
    name = os.path.join(str(tmp_path), 'a.csv')
    with open(name, 'w') as f:
        f.write('a,b,c,d\n1,2,3,4\n')
    return name


@pytest.mark.parametrize('kwargs, n, text', [
    (dict(select_cols=[1, 0]), 3, 'select_cols should match output size'),
    (dict(select_cols=[-1, 2]), 3, 'select_cols should match output size'),
    (dict(select_cols=[0, 1, 2]), 2, 'select_cols should match output size'),
    (dict(select_cols=[-1, 2]), 2, 'select_cols should be non-negative indices'),
    (dict(select_cols=[-2, -1]), 2, 'select_cols should be non-negative indices'),
    (dict(select_cols=[-1, -2]), 2, 'select_cols should be strictly increasing indices'),
    (dict(select_cols=[2, 2]), 2, 'select_cols should be strictly increasing indices'),
    (dict(select_cols=[3, 1]), 2, 'select_cols should be strictly increasing indices'),
    (dict(select_cols=[0, 1], exclude_cols=[3]), 2, 'Either select_cols or exclude_cols should be empty'),
    (dict(exclude_cols=[3, 2]), 2, 'exclude_cols should be strictly increasing indices'),
    (dict(exclude_cols=[-1, 2]), 2, 'exclude_cols should be non-negative indices'),
])
def test_bad_column_indices_refused_when_made(path, kwargs, n, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.data.experimental.CsvDataset(path, [0] * n, header=True, **kwargs)
    assert str(caught.value) == _MADE % (n, text)


def test_empty_select_cols_reads_every_column(path):
    ds = tf.data.experimental.CsvDataset(path, [0, 0, 0, 0], header=True, select_cols=[])
    assert [tuple(int(v) for v in row) for row in ds.as_numpy_iterator()] == [(1, 2, 3, 4)]


@pytest.mark.parametrize('n, kwargs, have', [(2, {}, 'more'), (3, {}, 'more'), (5, {}, '4'),
                                             (2, dict(exclude_cols=[0]), 'more'),
                                             (3, dict(exclude_cols=[0, 1]), '2')])
def test_record_with_other_field_count(path, n, kwargs, have):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        list(tf.data.experimental.CsvDataset(path, [0] * n, header=True, **kwargs))
    assert str(caught.value) == ('{{function_node __wrapped__IteratorGetNext_output_types_%d_device_/job:localhost/'
                                 'replica:0/task:0/device:CPU:0}} Expect %d fields but have %s in record '
                                 '[Op:IteratorGetNext] name: ' % (n, n, have))
