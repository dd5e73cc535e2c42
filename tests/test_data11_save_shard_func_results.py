"""Dataset.save's shard_func results checked as TF 2.21's SaveDataset kernel checks them (an int64 scalar, per
element as it runs). Goldens printed by TF 2.21 (probe /work/notes/progs/data11/p15.py), e.g.
`tf.data.Dataset.range(4).save(path, shard_func=lambda x: tf.cast(x % 2, tf.int32))`.
"""
import numpy as np
import pytest

import framework as tf

R = tf.data.Dataset.range
_TEXT = ('{{function_node __wrapped__SaveDataset_Tshard_func_args_0_device_/job:localhost/replica:0/task:0/device:CPU:0}}'
         ' `shard_func` must return a scalar int64. [Op:SaveDataset] name: ')


@pytest.mark.parametrize('shard_func', [
    lambda x: tf.cast(x % 2, tf.int32), lambda x: 3, lambda x: tf.fill([2], x), lambda x: 2.5, lambda x: (x, x),
    lambda x: x > 1, lambda x: tf.cast(x, tf.uint8),
], ids=['int32', 'python-int', 'vector', 'float', 'pair', 'bool', 'uint8'])
def test_other_results_are_the_kernel_error(tmp_path, shard_func):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        R(4).save(str(tmp_path / 'saved'), shard_func=shard_func)
    assert str(caught.value) == _TEXT
    assert not (tmp_path / 'saved').exists()


@pytest.mark.parametrize('shard_func', [lambda x: x % 2, lambda x: tf.constant(1, tf.int64), lambda x: np.int64(0)])
def test_int64_scalars_save(tmp_path, shard_func):
    R(4).save(str(tmp_path / 'saved'), shard_func=shard_func)
    assert sorted(int(v) for v in tf.data.Dataset.load(str(tmp_path / 'saved'))) == [0, 1, 2, 3]


def test_no_element_never_calls_it(tmp_path):
    R(0).save(str(tmp_path / 'saved'), shard_func=lambda x: tf.cast(x, tf.int32))
    assert list(tf.data.Dataset.load(str(tmp_path / 'saved'))) == []


def test_shard_func_must_be_callable(tmp_path):
    with pytest.raises(ValueError) as caught:
        R(2).save(str(tmp_path / 'saved'), shard_func=3)
    assert str(caught.value) == "Argument `func` must be a callable. Received func=3 (of type <class 'int'>)"
