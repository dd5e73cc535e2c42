"""Checkpoint.restore(...).assert_consumed() names an unused saved object as TF 2.21 does.

TF raises "Unresolved object in checkpoint (root).unscoped.1: <the node as protobuf text>" for the
first saved object with values that nothing restored (the checkpoint-migration guide's
Checkpoint(unscoped=[a], scoped=[c]) against a checkpoint of unscoped=[a, b]); tapeflow said its own
sentence. Keras weights' full_name in the object graph is their path ('adam/iteration'), as TF writes
it. Goldens printed by /opt/tfref/bin/python: /work/notes/progs/tutorials15/probe_unresolved.py and
p05_migrating_checkpoints.py.
"""
import pytest

import framework as tf
from framework import keras


def _node(path, full_name, key):
    return ('Unresolved object in checkpoint %s: attributes {\n  name: "VARIABLE_VALUE"\n  full_name: "%s"\n'
            '  checkpoint_key: "%s"\n}\nhas_checkpoint_values {\n  value: true\n}\n' % (path, full_name, key))


def test_the_guides_unscoped_list(tmp_path):
    a, b, c = tf.Variable(1.), tf.Variable(2.), tf.Variable(3.)
    path = tf.train.Checkpoint(unscoped=[a, b], scoped=[c]).save(str(tmp_path / 'tf2-ckpt'))
    status = tf.train.Checkpoint(unscoped=[tf.Variable(0.)], scoped=[tf.Variable(0.)]).restore(path)
    with pytest.raises(AssertionError) as info:
        status.assert_consumed()
    assert str(info.value) == _node('(root).unscoped.1', 'Variable', 'unscoped/1/.ATTRIBUTES/VARIABLE_VALUE')
    status.expect_partial()


def test_dict_child_and_keras_weight_paths(tmp_path):
    keras.backend.clear_session()       # the optimizer's path is 'adam' only in a fresh session
    keras.utils.set_random_seed(0)
    try:
        m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2), keras.layers.Dense(1, name='head')])
        opt = keras.optimizers.Adam()
        m.compile(opt, 'mse')
        m.fit(tf.ones((4, 3)), tf.ones((4, 1)), verbose=0)
        path = tf.train.Checkpoint(model=m, optimizer=opt).save(str(tmp_path / 'ck'))
        m2 = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
        status = tf.train.Checkpoint(model=m2).restore(path)
        with pytest.raises(AssertionError) as info:
            status.assert_consumed()
        assert str(info.value) == _node('(root).optimizer._iterations', 'adam/iteration',
                                        'optimizer/_iterations/.ATTRIBUTES/VARIABLE_VALUE')
        status.expect_partial()
    finally:
        tf.random.set_seed(None)
    p2 = tf.train.Checkpoint(x=tf.Variable([1.0, 2.0]), y={'k': tf.Variable(1)}).save(str(tmp_path / 'ck2'))
    status = tf.train.Checkpoint(x=tf.Variable([0.0, 0.0])).restore(p2)
    with pytest.raises(AssertionError) as info:
        status.assert_consumed()
    assert str(info.value) == _node('(root).y.k', 'Variable', 'y/k/.ATTRIBUTES/VARIABLE_VALUE')
    status.expect_partial()


def test_a_complete_restore_still_passes(tmp_path):
    a = tf.Variable(1.)
    path = tf.train.Checkpoint(a=a).save(str(tmp_path / 'c'))
    b = tf.Variable(0.)
    assert tf.train.Checkpoint(a=b).restore(path).assert_consumed() is not None and float(b.numpy()) == 1.0
