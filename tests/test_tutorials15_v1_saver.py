"""tf.compat.v1.train.Saver run eagerly, and tf.train.Checkpoint.restore of its name-based checkpoints.

The checkpoint-migration guide (tensorflow/docs guide/migrate/migrating_checkpoints) saves and restores
TF 1 checkpoints eagerly with `tf1.train.Saver(var_list=...).save(sess=None, ...)` / `.restore(...)`
and restores them with `tf.train.Checkpoint(variables=[...]).restore(path)`, which matches variables
by name (NameBasedSaverStatus). tapeflow had no Saver (AttributeError), restored nothing from a
name-based checkpoint (matched object paths), and its statuses lacked run_restore_ops. Goldens printed
by /opt/tfref/bin/python: /work/notes/progs/tutorials15/probe_saver.py and p05_migrating_checkpoints.py.
"""
import logging
import os

import numpy as np
import pytest

import framework as tf

tf1 = tf.compat.v1
DEPRECATED = 'Saver is deprecated, please switch to tf.train.Checkpoint'


def test_saver_needs_a_var_list_eagerly(caplog):
    with caplog.at_level(logging.WARNING), pytest.raises(RuntimeError) as info:
        tf1.train.Saver()
    assert str(info.value) == 'When eager execution is enabled, `var_list` must specify a list or dict of variables to save'
    assert DEPRECATED in caplog.text


def test_save_writes_name_based_checkpoints_and_state(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    a = tf.Variable([1.0, 2.0], name='a')
    b = tf.Variable(3, name='scope/b')
    s = tf1.train.Saver([a, b])
    assert s.save(None, 'ck') == 'ck'
    assert open('checkpoint').read() == 'model_checkpoint_path: "ck"\nall_model_checkpoint_paths: "ck"\n'
    assert s.save(None, 'sub/ck', global_step=7) == 'sub/ck-7'
    assert open('sub/checkpoint').read() == ('model_checkpoint_path: "ck-7"\nall_model_checkpoint_paths: "../ck"\n'
                                             'all_model_checkpoint_paths: "ck-7"\n')
    assert s.save(None, 'ck2', global_step=tf.Variable(3, dtype=tf.int64), write_state=False) == 'ck2-3'
    assert sorted(os.listdir('.')) == ['checkpoint', 'ck.data-00000-of-00001', 'ck.index',
                                       'ck2-3.data-00000-of-00001', 'ck2-3.index', 'sub']
    assert s.last_checkpoints == ['ck', 'sub/ck-7']
    assert sorted(tf.train.load_checkpoint('ck').get_variable_to_shape_map().items()) == [('a', [2]), ('scope/b', [])]
    path = tf1.train.Saver([a]).save(None, str(tmp_path / 'abs_ck'))
    assert open('checkpoint').read() == 'model_checkpoint_path: "%s"\nall_model_checkpoint_paths: "%s"\n' % (path, path)


def test_restore_by_name_and_tensorflows_errors(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    a = tf.Variable([1.0, 2.0], name='a')
    b = tf.Variable(3, name='scope/b')
    s = tf1.train.Saver([a, b])
    s.save(None, 'ck')
    a.assign([9., 9.])
    b.assign(0)
    assert s.restore(None, 'ck') is None
    assert a.numpy().tolist() == [1.0, 2.0] and int(b.numpy()) == 3
    s2 = tf1.train.Saver({'x': a, 'scope/b': b})
    assert s2.save(None, 'ck3') == 'ck3'
    assert sorted(tf.train.load_checkpoint('ck3').get_variable_to_shape_map()) == ['scope/b', 'x']
    with pytest.raises(tf.errors.NotFoundError) as info:
        s2.restore(None, 'ck')
    assert str(info.value).endswith(
        'Original error:\n\n{{function_node __wrapped__RestoreV2_dtypes_2_device_/job:localhost/replica:0/task:0/'
        'device:CPU:0}} Key x not found in checkpoint [Op:RestoreV2]')
    with pytest.raises(ValueError, match=r'^The passed save_path is not a valid checkpoint: nope$'):
        s.restore(None, 'nope')
    with pytest.raises(ValueError, match=r"^Can't load save_path when it is None\.$"):
        s.restore(None, None)
    d = tf.Variable([1.0, 2.0, 3.0], name='a')
    with pytest.raises(ValueError) as info:
        tf1.train.Saver([d]).restore(None, 'ck')
    assert str(info.value) == ('Received incompatible tensor with shape (2,) when attempting to restore variable with '
                               'shape (3,) and name a.')


def test_checkpoint_restores_a_name_based_checkpoint_by_names(tmp_path):
    a, b, c = tf.Variable(1.0, name='a'), tf.Variable(2.0, name='b'), tf.Variable(3.0, name='scoped/c')
    save_path = tf1.train.Saver(var_list=[a, b, c]).save(sess=None, save_path=str(tmp_path / 'tf1-ckpt'))
    a, b = tf.Variable(0.0, name='a'), tf.Variable(0.0, name='b')
    with tf.name_scope('scoped'):
        c = tf.Variable(0.0, name='c')
    c_2 = tf.Variable(0.0, name='scoped/c')
    status = tf.train.Checkpoint(variables=[a, b, c, c_2]).restore(save_path)
    assert type(status).__name__ == 'NameBasedSaverStatus'
    assert [float(v.numpy()) for v in (a, b, c, c_2)] == [1.0, 2.0, 3.0, 3.0]      # TF 2.21
    assert status.assert_consumed() is status and status.run_restore_ops() is None
    other = tf.Variable(1.0)
    with pytest.raises(AssertionError) as info:
        tf.train.Checkpoint(variables=[other]).restore(save_path).assert_consumed()
    assert str(info.value) == ("Some objects had attributes which were not restored: \n"
                               "    <tf.Variable 'Variable:0' shape=() dtype=float32, numpy=1.0>: ['Variable']")


def test_object_based_status_has_run_restore_ops(tmp_path):
    a, b, c = tf.Variable(1.), tf.Variable(2.), tf.Variable(3.)
    path = tf.train.Checkpoint(unscoped=[a, b], scoped=[c]).save(str(tmp_path / 'tf2-ckpt'))
    a2, b2, c2 = tf.Variable(0.), tf.Variable(0.), tf.Variable(0.)
    status = tf.train.Checkpoint(unscoped=[a2, b2], scoped=[c2]).restore(path)
    assert status.assert_consumed().run_restore_ops() is None
    assert [float(v.numpy()) for v in (a2, b2, c2)] == [1.0, 2.0, 3.0]
    assert tf.train.Checkpoint().restore(None).run_restore_ops() is None
    np.testing.assert_equal(status.initialize_or_restore(), None)


def test_new_checkpoint_reader_is_tf1s_reader(tmp_path):
    # TF 2.21: a function in tf.compat.v1.train only; a missing prefix is the reader's NotFoundError
    assert type(tf1.train.NewCheckpointReader).__name__ == 'function' and not hasattr(tf.train, 'NewCheckpointReader')
    with pytest.raises(tf.errors.NotFoundError) as info:
        tf1.train.NewCheckpointReader('nope')
    assert str(info.value) == 'Unsuccessful TensorSliceReader constructor: Failed to find any matching files for nope'
    a = tf.Variable(1.0, name='a')
    path = tf1.train.Saver([a]).save(None, str(tmp_path / 'ck'))
    assert sorted(tf1.train.NewCheckpointReader(path).get_variable_to_shape_map()) == ['a']


def test_the_guides_tf2_to_tf1_conversion_round_trip(tmp_path):
    # migrating_checkpoints' convert_tf2_to_tf1: '/' in a dict key is escaped '.S' in TF2 keys
    a, b, c = tf.Variable(1.0, name='a'), tf.Variable(2.0, name='b'), tf.Variable(3.0, name='scoped/c')
    path = tf.train.Checkpoint(var_list={v.name.split(':')[0]: v for v in [a, b, c]}).save(str(tmp_path / 't'))
    reader = tf.train.load_checkpoint(path)
    named = {key.split('/')[1].replace('.S', '/'): tf.Variable(reader.get_tensor(key))
             for key in reader.get_variable_to_dtype_map() if key.startswith('var_list/')}
    converted = tf1.train.Saver(var_list=named).save(sess=None, save_path=str(tmp_path / 'converted'))
    a2, b2, c2 = tf.Variable(0.0, name='a'), tf.Variable(0.0, name='b'), tf.Variable(0.0, name='scoped/c')
    tf1.train.Saver([a2, b2, c2]).restore(None, converted)
    assert [float(v.numpy()) for v in (a2, b2, c2)] == [1.0, 2.0, 3.0]


def test_var_list_checks_at_use(tmp_path, monkeypatch):
    # TF 2.21 (probe_saver3b.py): the same variable twice is saved once; refusals come when the Saver is used
    monkeypatch.chdir(tmp_path)
    v, u = tf.Variable([1.0, 2.0], name='v'), tf.Variable([5.0], name='v')
    path = tf1.train.Saver([v, v]).save(None, 'kk')
    assert sorted(tf.train.load_checkpoint(path).get_variable_to_shape_map().items()) == [('v', [2])]
    with pytest.raises(ValueError) as info:
        tf1.train.Saver([v, u]).save(None, 'kk')
    assert str(info.value) == ("Two different ResourceVariable objects with the same shared_name 'v' were passed to "
                               "the Saver. This likely means that they were created in different Graphs or isolated "
                               "contexts, and may not be checkpointed together.")
    with pytest.raises(ValueError, match='^The same saveable will be restored with two names: b$'):
        tf1.train.Saver({'a': v, 'b': v}).save(None, 'kk')
    with pytest.raises(AttributeError, match="^'float' object has no attribute 'name'$"):
        tf1.train.Saver([v, 3.0]).save(None, 'kk')
