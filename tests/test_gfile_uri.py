"""'file://' URIs name local paths in tf.io.gfile, tf.io.read_file / write_file and tf.data, as in
TensorFlow (its GFile docstring writes "file:///tmp/x"); other schemes raise TF's UnimplementedError.
Expected values from TensorFlow 2.21 running the same calls."""
import pytest

import framework as tf


def test_file_uris_read_and_write_local_files(tmp_path):
    root = 'file://' + str(tmp_path)
    tf.io.gfile.makedirs(root + '/a')
    assert tf.io.gfile.exists(root + '/a') and tf.io.gfile.isdir(root + '/a')
    assert tf.io.gfile.listdir(root) == ['a']
    assert tf.io.gfile.glob(root + '/*') == [root + '/a']       # matches keep the scheme
    assert tf.io.gfile.join('file:///tmp', 'x') == 'file:///tmp/x'
    with tf.io.gfile.GFile(root + '/f.txt', 'w') as f:
        f.write('asdf\n')
        f.write('qwer\n')
    assert tf.io.gfile.GFile(str(tmp_path / 'f.txt')).readlines() == ['asdf\n', 'qwer\n']
    assert [line[:-1] for line in tf.io.gfile.GFile(root + '/f.txt')] == ['asdf', 'qwer']
    assert tf.io.gfile.stat(root + '/f.txt').length == 10
    assert tf.io.read_file(root + '/f.txt').numpy() == b'asdf\nqwer\n'
    tf.io.write_file(root + '/g.txt', 'abc')
    assert (tmp_path / 'g.txt').read_text() == 'abc'
    assert list(tf.data.TextLineDataset(root + '/f.txt').as_numpy_iterator()) == [b'asdf', b'qwer']
    tf.io.gfile.rmtree(root + '/a')
    assert not tf.io.gfile.exists(str(tmp_path / 'a'))


def test_other_schemes_are_not_served():
    with pytest.raises(tf.errors.UnimplementedError,
                       match=r"^File system scheme 'foo' not implemented \(file: 'foo://bucket/x'\)$"):
        tf.io.gfile.GFile('foo://bucket/x')
    with pytest.raises(tf.errors.UnimplementedError, match="scheme 'gs'"):
        tf.io.read_file('gs://bucket/x')
    # a colon and slashes later in a path are no scheme
    assert not tf.io.gfile.exists('/tmp/no/such://thing')
