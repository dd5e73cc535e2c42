"""Dataset.cache(filename) writes TensorFlow's cache files and reads them back, as TF 2.21's CacheDataset.

TF 2.21 printed (/work/notes/progs/data12/p13.py): range(5).map(lambda x: x * 2).cache(p) leaves
['c1.data-00000-of-00001', 'c1.index']; range(7).cache(p) then gives [0, 2, 4, 6, 8] (the files, not its input);
a partial pass (take(2)) writes nothing; a missing directory is NotFoundError '{{function_node
__wrapped__IteratorGetNext_output_types_1_device_/job:localhost/replica:0/task:0/device:CPU:0}} <p>_0.lockfile; No
such file or directory [Op:IteratorGetNext] name: '. TF 2.21 wrote the keys below for a 3-component element
('      0_0', ...) and for 11 components ('      0_ 0' ... '      0_10'), and read tapeflow's files back.
tapeflow kept every cache in memory and wrote no file.
"""
import os

import pytest

import framework as tf
from framework.errors import NotFoundError
from framework.train import tensor_bundle


def _range(*args):
    return tf.data.Dataset.range(*args)


def test_full_pass_writes_tf_files_that_later_datasets_read(tmp_path):
    prefix = str(tmp_path / 'c1')
    cached = _range(5).map(lambda x: x * 2).cache(prefix)
    assert list(cached.as_numpy_iterator()) == [0, 2, 4, 6, 8]
    assert sorted(os.listdir(tmp_path)) == ['c1.data-00000-of-00001', 'c1.index']
    assert list(cached.as_numpy_iterator()) == [0, 2, 4, 6, 8]
    assert list(_range(7).cache(prefix).as_numpy_iterator()) == [0, 2, 4, 6, 8]


def test_partial_pass_writes_nothing(tmp_path):
    prefix = str(tmp_path / 'c2')
    cached = _range(5).cache(prefix)
    assert list(cached.take(2).as_numpy_iterator()) == [0, 1]
    assert os.listdir(tmp_path) == []
    assert list(cached.as_numpy_iterator()) == [0, 1, 2, 3, 4]


def test_keys_and_values_are_tfs(tmp_path):
    prefix = str(tmp_path / 'c')
    element = lambda x: (x, tf.strings.as_string(x), tf.fill([x], 1.5))
    list(_range(3).map(element).cache(prefix))
    shapes, values = tensor_bundle.read(prefix)
    assert list(shapes)[:3] == ['      0_0', '      0_1', '      0_2']
    assert shapes['      2_2'] == ([2], 'float32') and values['      1_1'] == b'1'
    wide = str(tmp_path / 'w')
    list(_range(2).map(lambda x: tuple([x] * 11)).cache(wide))
    assert sorted(tensor_bundle.read(wide)[0])[:3] == ['      0_ 0', '      0_ 1', '      0_ 2']
    read_back = list(_range(0).map(element).cache(prefix).as_numpy_iterator())
    assert [(int(a), b, c.tolist()) for a, b, c in read_back] == [(0, b'0', []), (1, b'1', [1.5]), (2, b'2', [1.5, 1.5])]


def test_empty_input_writes_only_the_index(tmp_path):
    prefix = str(tmp_path / 'e')
    assert list(_range(0).cache(prefix)) == []
    assert os.listdir(tmp_path) == ['e.index']
    assert list(_range(4).cache(prefix)) == []


def test_missing_directory_is_tfs_not_found_error(tmp_path):
    prefix = str(tmp_path / 'nope' / 'c')
    with pytest.raises(NotFoundError) as raised:
        list(_range(3).cache(prefix))
    assert str(raised.value) == (
        '{{function_node __wrapped__IteratorGetNext_output_types_1_device_/job:localhost/replica:0/task:0/device:'
        'CPU:0}} %s_0.lockfile; No such file or directory [Op:IteratorGetNext] name: ' % prefix)


def test_string_tensor_filename(tmp_path):
    prefix = str(tmp_path / 's')
    assert list(_range(2).cache(tf.constant(prefix)).as_numpy_iterator()) == [0, 1]
    assert os.path.exists(prefix + '.index')


def test_options_type_error_shows_the_value_as_str():
    # TF 2.21: Property "deterministic" must be of type <class 'bool'>, got: yes (type: <class 'str'>)
    with pytest.raises(TypeError) as raised:
        tf.data.Options().deterministic = 'yes'
    assert str(raised.value) == "Property \"deterministic\" must be of type <class 'bool'>, got: yes (type: <class 'str'>)"
