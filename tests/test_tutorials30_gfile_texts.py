"""tf.io.gfile's errors in TF 2.21's words and at TF's moments (printed by TF 2.21:
progs/tutorials30/gfile_errors.py): a GFile opens on first use, mkdir of an existing directory is no
error, and Dataset.list_files' empty match is its eager Assert's error, raised by list_files itself."""
import pytest

import framework as tf
from framework.errors import AlreadyExistsError, FailedPreconditionError, InvalidArgumentError, NotFoundError

g = tf.io.gfile


@pytest.fixture
def tree(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / 'd').mkdir()
    (tmp_path / 'f.txt').write_text('x')
    return tmp_path


CASES = [
    (lambda: g.listdir('nope'), NotFoundError, 'Could not find directory nope'),
    (lambda: g.listdir('f.txt'), NotFoundError, 'Could not find directory f.txt'),
    (lambda: g.GFile('nope.txt').read(), NotFoundError, 'nope.txt; No such file or directory'),
    (lambda: g.GFile('nope.txt', 'rb').readline(), NotFoundError, 'nope.txt; No such file or directory'),
    (lambda: g.GFile('nope.txt').size(), NotFoundError, 'nope.txt; No such file or directory'),
    (lambda: g.GFile('nodir/x.txt', 'w').write('a'), NotFoundError, 'nodir/x.txt; No such file or directory'),
    (lambda: g.GFile('d').read(), FailedPreconditionError, 'd; Is a directory'),
    (lambda: g.remove('nope.txt'), NotFoundError, 'nope.txt; No such file or directory'),
    (lambda: g.rename('nope.txt', 'x.txt'), NotFoundError, 'nope.txt; No such file or directory'),
    (lambda: g.rename('f.txt', 'f.txt'), AlreadyExistsError, 'file already exists'),
    (lambda: g.copy('nope.txt', 'x.txt'), NotFoundError, 'nope.txt; No such file or directory'),
    (lambda: g.copy('f.txt', 'f.txt'), AlreadyExistsError, 'file already exists'),
    (lambda: g.rmtree('nope'), NotFoundError, 'nope not found'),
    (lambda: g.mkdir('a/b'), NotFoundError, 'a/b; No such file or directory'),
    (lambda: tf.data.Dataset.list_files(['*.zz', '*.yy'], shuffle=False), InvalidArgumentError,
     "Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized data: "
     "b'No files matched pattern: *.zz, *.yy'"),
]


@pytest.mark.parametrize('call, error_class, text', CASES, ids=[c[2][:30] for c in CASES])
def test_tfs_words(tree, call, error_class, text):
    with pytest.raises(error_class) as caught:
        call()
    assert type(caught.value) is error_class and str(caught.value) == text


def test_gfile_opens_on_first_use_and_mkdir_keeps_an_existing_directory(tree):
    f = g.GFile('nope.txt')
    assert type(f).__name__ == 'GFile'
    f.close()
    assert g.mkdir('d') is None
    with g.GFile('new.txt', 'w') as out:
        out.write('hi')
    assert g.GFile('new.txt').read() == 'hi'
