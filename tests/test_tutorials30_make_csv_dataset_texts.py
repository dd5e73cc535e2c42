"""tf.data.experimental.make_csv_dataset's ValueErrors in TF 2.21's words (tapeflow prefixed its own
sentences with the function's name), and its type inference reading the row after the last one it uses
(a short row there is TF's error). Printed by TF 2.21: progs/tutorials30/csv_errors.py, csv_errors2.py."""
import re

import pytest

import framework as tf

mk = tf.data.experimental.make_csv_dataset


@pytest.fixture
def csv_dir(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    files = {'a.csv': 'x,y,x\n1,2,3\n', 'b.csv': 'p,q\n1,2\n', 'c.csv': 'p,r\n1,2\n', 'empty.csv': '',
             'short.csv': 'p,q\n1,2\n3,4\n5\n'}
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    return tmp_path


CASES = [
    (lambda: mk('nope.csv', 2), 'No files match `file_pattern` nope.csv.'),
    (lambda: mk(['nope.csv', 'nope2.csv'], 2), "No files match `file_pattern` ['nope.csv', 'nope2.csv']."),
    (lambda: mk([], 2), 'Argument `file_pattern` should not be empty.'),
    (lambda: mk('a.csv', 2), "Either `column_names` argument or CSV header row contains duplicate column names: {'x'}."),
    (lambda: mk('b.csv', 2, column_names=['p', 'p']),
     "Either `column_names` argument or CSV header row contains duplicate column names: {'p'}."),
    (lambda: mk('b.csv', 2, header=False), 'Expected `column_names` or `header` arguments. Neither is provided.'),
    (lambda: mk(['b.csv', 'c.csv'], 2),
     'All input CSV files should have the same column names in the header row. File c.csv has different column names.'),
    (lambda: mk('empty.csv', 2), 'Failed when reading the header line of empty.csv. Is it an empty file?'),
    (lambda: mk('b.csv', 2, select_columns=['p'], column_defaults=[0, 0]),
     'If specified, `column_defaults` and `select_columns` must have the same length: `column_defaults` has length 2, '
     '`select_columns` has length 1.'),
    (lambda: mk('b.csv', 2, label_name='zz'), "`label_name` provided must be one of the columns: ['p', 'q']. Received: zz."),
    (lambda: mk('b.csv', 2, compression_type='ZIP'),
     'Received unknown `compression_type` ZIP. Expected: GZIP, ZLIB or  (empty string).'),
    (lambda: mk('b.csv', 2, compression_type=tf.constant('ZIP')),
     "Received unknown `compression_type` b'ZIP'. Expected: GZIP, ZLIB or  (empty string)."),
    (lambda: mk('b.csv', 2, compression_type='ZLIB'), '`compression_type` ZLIB is not supported for probing columns.'),
    (lambda: mk('b.csv', 2, select_columns=['zz']),
     "Column zz specified in `select_columns` must be of one of the columns: dict_keys(['p', 'q'])."),
    (lambda: mk('b.csv', 2, select_columns=[5]),
     'Column index 5 specified in `select_columns` should be > 0  and <= 2, which is the number of columns.'),
    (lambda: mk('b.csv', 2, select_columns=['p', 'p']), 'The `select_columns` argument contains duplicate columns: set().'),
    (lambda: mk('short.csv', 2, num_rows_for_inference=2),
     'Problem inferring types: CSV row 4 has 1 number of fields. Expected: 2.'),
]


@pytest.mark.parametrize('call, text', CASES, ids=[c[1][:40] for c in CASES])
def test_tfs_words(csv_dir, call, text):
    with pytest.raises(ValueError, match='^%s$' % re.escape(text)):
        call()


def test_inference_stops_before_a_short_row_two_rows_on(csv_dir):
    assert mk('short.csv', 2, num_rows_for_inference=1) is not None
