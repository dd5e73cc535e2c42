"""tf.io.gfile.join / stat / get_registered_schemes.

Expected values and texts are TensorFlow 2.21's, printed by the same calls under /opt/tfref/bin/python
(its schemes list also has 'ram', 'file' and 'gs', which tapeflow's local-only gfile does not serve)."""
import os
import pathlib

import pytest

import framework as tf
from framework.errors import NotFoundError


@pytest.mark.parametrize('parts, joined', [
    (('a', 'b', 'c'), 'a/b/c'), (('/a/', 'b'), '/a/b'), (('gs://bucket', 'dir', 'f'), 'gs://bucket/dir/f'),
    (('gs://bucket/', 'f'), 'gs://bucket/f'), (('a', '/b'), '/b'), (('gs://b', '/x'), '/x'),
    ((pathlib.Path('a'), 'b'), 'a/b'), ((b'a', b'b'), 'a/b'),
])
def test_join_is_tensorflows(parts, joined):
    assert tf.io.gfile.join(*parts) == joined


def test_stat_reports_length_mtime_and_directory(tmp_path):
    path = tmp_path / 'f.txt'
    path.write_text('hello\n')
    info = tf.io.gfile.stat(str(path))
    assert type(info).__name__ == 'FileStatistics'
    assert (info.length, info.is_directory, info.mtime_nsec) == (6, False, os.stat(path).st_mtime_ns)
    assert tf.io.gfile.stat(tmp_path).is_directory
    with pytest.raises(NotFoundError) as error:
        tf.io.gfile.stat(str(tmp_path / 'nope'))
    assert str(error.value) == '%s; No such file or directory' % (tmp_path / 'nope')


def test_registered_schemes_name_what_gfile_reads():
    assert tf.io.gfile.get_registered_schemes() == ['file', '']
