"""A file passed where a checkpoint prefix belongs reads as in TF 2.21, whose reader falls back to
TF 1's V1 TensorSliceReader when '<path>.index' is missing and opens the file itself as a table.

Golden texts printed by TF 2.21 (/work/notes/progs/kerasio37/p11.py), e.g.
    v = tf.Variable(1.0); p = tf.train.Checkpoint(v=v).write('ck/c'); m.save('m.keras')
    tf.train.Checkpoint(v=tf.Variable(0.)).restore('m.keras')   # and read / load_checkpoint / list_variables
"""
import os

import pytest

import framework as tf
from framework import keras

ADVICE = 'perhaps your file is in a different file format and you need to use a different restore operator?'


@pytest.fixture
def checkpoint_dir(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    tf.train.Checkpoint(v=tf.Variable(1.0)).write('ck/c')
    return tmp_path


def _readers():
    return {'restore': lambda p: tf.train.Checkpoint(v=tf.Variable(0.0)).restore(p),
            'read': lambda p: tf.train.Checkpoint(v=tf.Variable(0.0)).read(p),
            'load_checkpoint': tf.train.load_checkpoint, 'list_variables': tf.train.list_variables,
            'NewCheckpointReader': tf.compat.v1.train.NewCheckpointReader}


@pytest.mark.parametrize('reader', sorted(_readers()))
def test_a_file_that_is_not_a_table_is_data_loss(checkpoint_dir, reader):
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.save('m.keras')
    model.save_weights('w.weights.h5')
    open('short.txt', 'w').write('hello world')
    for path, reason in [('m.keras', 'not an sstable (bad magic number)'),
                         ('w.weights.h5', 'not an sstable (bad magic number)'),
                         ('ck/c.data-00000-of-00001', 'not an sstable (bad magic number)'),
                         ('short.txt', 'file is too short to be an sstable')]:
        with pytest.raises(tf.errors.DataLossError) as error:
            _readers()[reader](path)
        assert str(error.value) == 'Unable to open table file %s: DATA_LOSS: %s: %s' % (path, reason, ADVICE)
        assert 'is not a checkpoint prefix' in error.value.__notes__[-1]


def test_a_checkpoints_index_file_is_an_empty_name_based_checkpoint(checkpoint_dir):
    # TF 2.21 restores nothing (the V1 reader sees no tensors in the index) and says so only when asked
    variable = tf.Variable(0.0)
    status = tf.train.Checkpoint(v=variable).restore('ck/c.index')
    assert float(variable.numpy()) == 0.0
    with pytest.raises(AssertionError) as error:
        status.assert_consumed()
    assert str(error.value) == ("Some objects had attributes which were not restored: \n    <tf.Variable "
                                "'Variable:0' shape=() dtype=float32, numpy=0.0>: ['Variable']")
    assert status.expect_partial() is status
    reader = tf.train.load_checkpoint('ck/c.index')
    assert reader.get_variable_to_shape_map() == {} and reader.get_variable_to_dtype_map() == {}
    assert tf.train.list_variables('ck/c.index') == []
    with pytest.raises(tf.errors.NotFoundError) as error:
        reader.get_tensor('v/.ATTRIBUTES/VARIABLE_VALUE')
    assert str(error.value) == 'v/.ATTRIBUTES/VARIABLE_VALUE not found in checkpoint file'


def test_the_prefix_itself_still_restores(checkpoint_dir):
    variable = tf.Variable(0.0)
    tf.train.Checkpoint(v=variable).read('ck/c').assert_consumed()
    assert float(variable.numpy()) == 1.0
    assert sorted(os.listdir('ck')) == ['c.data-00000-of-00001', 'c.index']
