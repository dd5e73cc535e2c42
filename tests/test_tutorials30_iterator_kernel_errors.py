"""A missing file or a bad CSV record surfaces from the iterator in TF 2.21's words: IteratorGetNext's
frame around the reader kernel's sentence, named by the iterated dataset's component count (a map or a
batch after the reader changes it). Printed by TF 2.21: progs/tutorials30/csv_kernel_errors.py,
csv_kernel_errors3.py, iter_errors_pins.py."""
import re

import pytest

import framework as tf
from framework.errors import InvalidArgumentError, NotFoundError

C = tf.data.experimental.CsvDataset
FRAME = '{{function_node __wrapped__IteratorGetNext_output_types_%d_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


@pytest.fixture
def files(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / 'a.csv').write_text('p,q,r\n1,2,3\n4,,6\n7,8\n')
    (tmp_path / 'f.csv').write_text('1.5,abc\n')
    (tmp_path / 'g.csv').write_text('1.5,2\n2.5,abc\n')
    return tmp_path


CASES = [
    (lambda: list(C('a.csv', [tf.int32, tf.int32, tf.int32], header=True)), InvalidArgumentError, 3,
     'Field 1 is required but missing in record!'),
    (lambda: list(C('a.csv', [tf.int32], header=True, select_cols=[3])), InvalidArgumentError, 1,
     'Expect 1 fields but have 0 in record'),
    (lambda: list(C('a.csv', [0, 0], header=True, select_cols=[0, 2])), InvalidArgumentError, 2,
     'Expect 2 fields but have 1 in record'),
    (lambda: list(C('a.csv', [0, 0.0, 0], header=True)), InvalidArgumentError, 3,
     'Expect 3 fields but have 2 in record'),
    (lambda: list(C('a.csv', [0, 0.0, 0], header=True).skip(2)), InvalidArgumentError, 3,
     'Expect 3 fields but have 2 in record'),
    (lambda: list(C('f.csv', [0.0, 0.0])), InvalidArgumentError, 2, 'Field 1 in record is not a valid float: abc'),
    (lambda: list(C('f.csv', [0, ''])), InvalidArgumentError, 2, 'Field 0 in record is not a valid int32: 1.5'),
    (lambda: list(C('g.csv', [tf.float64, tf.float64])), InvalidArgumentError, 2,
     'Field 1 in record is not a valid double: abc'),
    (lambda: list(C('g.csv', [0.0, tf.int64])), InvalidArgumentError, 2, 'Field 1 in record is not a valid int64: abc'),
    (lambda: list(C('f.csv', [0.0, 0.0]).batch(2)), InvalidArgumentError, 2, 'Field 1 in record is not a valid float: abc'),
    (lambda: list(C('g.csv', [0.0, 0.0]).map(lambda a, b: a + b)), InvalidArgumentError, 1,
     'Field 1 in record is not a valid float: abc'),
    (lambda: list(C('g.csv', [0.0, 0.0]).map(lambda a, b: {'s': a, 't': b, 'u': a})), InvalidArgumentError, 3,
     'Field 1 in record is not a valid float: abc'),
    (lambda: list(C('g.csv', [0.0, 0.0]).map(lambda a, b: a).as_numpy_iterator()), InvalidArgumentError, 1,
     'Field 1 in record is not a valid float: abc'),
    (lambda: list(C('nope.csv.gz', [0], compression_type='GZIP')), NotFoundError, 1,
     'nope.csv.gz; No such file or directory'),
    (lambda: list(tf.data.TextLineDataset(['f.csv', 'zz.txt']).batch(3)), NotFoundError, 1,
     'zz.txt; No such file or directory'),
    (lambda: list(tf.data.TFRecordDataset('nope.rec')), NotFoundError, 1, 'nope.rec; No such file or directory'),
    (lambda: iter(tf.data.TextLineDataset('zz.txt')).get_next(), NotFoundError, 1, 'zz.txt; No such file or directory'),
    (lambda: list(tf.data.Dataset.zip((tf.data.TextLineDataset('zz'), tf.data.Dataset.range(3),
                                       tf.data.Dataset.range(3)))), NotFoundError, 3, 'zz; No such file or directory'),
]


@pytest.mark.parametrize('call, error_class, components, text', CASES, ids=[c[3][:30] for c in CASES])
def test_iterator_words(files, call, error_class, components, text):
    with pytest.raises(error_class) as caught:
        call()
    assert type(caught.value) is error_class
    assert str(caught.value) == FRAME % components + text + ' [Op:IteratorGetNext] name: '


def test_a_for_loop_over_a_missing_file(files):
    with pytest.raises(NotFoundError, match=re.escape('zz.txt; No such file or directory [Op:IteratorGetNext]')):
        for _ in tf.data.TextLineDataset('zz.txt'):
            pass
