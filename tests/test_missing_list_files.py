"""tf.data.Dataset.list_files (framework/data/files.py), against TF 2.21 (/work/notes/progs/missing/tf_list_files.py
run with /opt/tfref over a/1.jpg, a/2.jpg, b/3.jpg, b/x.txt: the ported program prints the same lines)."""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError


@pytest.fixture
def tree(tmp_path):
    for name in ('a/2.jpg', 'a/1.jpg', 'b/3.jpg', 'b/x.txt'):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_bytes(b'')
    return str(tmp_path)


def _names(ds, root):
    return [x.decode()[len(root) + 1:] for x in ds.as_numpy_iterator()]


def test_sorted_without_shuffle_for_one_or_several_patterns(tree):
    assert _names(tf.data.Dataset.list_files(tree + '/*/*', shuffle=False), tree) == ['a/1.jpg', 'a/2.jpg', 'b/3.jpg',
                                                                                       'b/x.txt']
    both = tf.data.Dataset.list_files([tree + '/b/*', tree + '/a/*.jpg'], shuffle=False)
    assert _names(both, tree) == ['a/1.jpg', 'a/2.jpg', 'b/3.jpg', 'b/x.txt']


def test_shuffled_orders_as_tf(tree):
    tf.random.set_seed(None)        # no global seed, as in the TF program (earlier tests may have set one)
    ds = tf.data.Dataset.list_files(tree + '/*/*.jpg', seed=42)
    assert ds.element_spec == tf.TensorSpec((), tf.string) and int(ds.cardinality()) == 3
    # TF 2.21: seed 42 gives 1, 3, 2 on every iteration
    assert _names(ds, tree) == _names(ds, tree) == ['a/1.jpg', 'b/3.jpg', 'a/2.jpg']
    tf.random.set_seed(1)
    assert _names(tf.data.Dataset.list_files(tree + '/*/*'), tree) == ['b/3.jpg', 'a/2.jpg', 'a/1.jpg', 'b/x.txt']


def test_no_match_raises_tf_error_at_once(tree):
    # TF 2.21's Assert runs eagerly in list_files itself (progs/tutorials30/gfile_errors.py)
    with pytest.raises(InvalidArgumentError, match="Summarized data: b'No files matched pattern: .*/none/\\*'"):
        tf.data.Dataset.list_files(tree + '/none/*')
