"""tf.io.gfile.glob / tf.io.matching_files name matches as TF 2.21's GetMatchingPaths: a pattern whose
fixed prefix (before the first wildcard) holds no directory lists '.', so its matches start with
'./'; any iterable of patterns is taken (file_io.py docstrings). Golden values printed by TF 2.21
(tensorflow-cpu): /work/notes/progs/tfdocB/gg.py."""
import framework as tf


def _tree(tmp_path, monkeypatch):
    (tmp_path / 'sub').mkdir()
    for name in ('b.py', 'a.py', 'c.txt', 'sub/z.py', 'sub/y.py'):
        (tmp_path / name).write_text('')
    monkeypatch.chdir(tmp_path)


def test_glob_names_relative_matches_as_tensorflow(tmp_path, monkeypatch):
    _tree(tmp_path, monkeypatch)
    assert sorted(tf.io.gfile.glob('*.py')) == ['./a.py', './b.py']
    assert sorted(tf.io.gfile.glob('sub/*.py')) == ['sub/y.py', 'sub/z.py']
    assert sorted(tf.io.gfile.glob('./sub/*.py')) == ['./sub/y.py', './sub/z.py']
    assert sorted(tf.io.gfile.glob('s*/*')) == ['./sub/y.py', './sub/z.py']
    assert sorted(tf.io.gfile.glob(str(tmp_path / '*.py'))) == [str(tmp_path / 'a.py'), str(tmp_path / 'b.py')]
    assert tf.io.gfile.glob('nothing*') == []
    assert tf.io.matching_files('*.py').numpy().tolist() == [b'./a.py', b'./b.py']


def test_glob_takes_any_iterable_of_patterns(tmp_path, monkeypatch):
    _tree(tmp_path, monkeypatch)
    assert sorted(tf.io.gfile.glob(['sub/*.py', '*.txt'])) == ['./c.txt', 'sub/y.py', 'sub/z.py']
    assert tf.io.gfile.glob(iter({'*.txt'})) == ['./c.txt']
    assert tf.io.gfile.glob(tf.constant('*.txt')) == ['./c.txt']
