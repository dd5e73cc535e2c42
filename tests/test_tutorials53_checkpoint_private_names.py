"""tf.train.Checkpoint tracks attributes and keywords whose names start with '_' as TF 2.21 does.

The checkpoints guide's delayed restoration assigns a Keras 3 Dense's saved '_kernel' to a stand-in
Checkpoint (``fake_layer._kernel = variable``); tapeflow kept such names out of the checkpoint, so
nothing was saved under them and nothing restored into them. Expected keys and values: TF 2.21
(/work/notes/progs/tutorials53/probes p6.py, p7.py).
"""
import numpy as np
import pytest

import framework as tf


def _keys(path):
    return [key for key, _ in tf.train.list_variables(path)]


def test_private_keywords_and_attributes_are_saved(tmp_path):
    c = tf.train.Checkpoint(_b=tf.Variable(1.), a=tf.Variable(2.))
    c._x = 3                       # not trackable: a plain attribute, as on TF
    c._m = tf.Module()
    c._m.v = tf.Variable(4.)
    c._l = [tf.Variable(5.)]
    assert c._x == 3
    assert type(c._l).__name__ == 'ListWrapper'
    path = c.save(str(tmp_path / 'c'))
    # TF 2.21 gives exactly these keys
    assert _keys(path) == ['_CHECKPOINTABLE_OBJECT_GRAPH', '_b/.ATTRIBUTES/VARIABLE_VALUE',
                           '_l/0/.ATTRIBUTES/VARIABLE_VALUE', '_m/v/.ATTRIBUTES/VARIABLE_VALUE',
                           'a/.ATTRIBUTES/VARIABLE_VALUE', 'save_counter/.ATTRIBUTES/VARIABLE_VALUE']
    assert int(c.save_counter.numpy()) == 1


def test_a_private_keyword_that_holds_no_state_is_refused():
    with pytest.raises(ValueError, match=r"^`Checkpoint` was expecting _z to be a trackable object"):
        tf.train.Checkpoint(_z=3)


def test_private_names_restore_when_assigned_later(tmp_path):
    root = tf.train.Checkpoint(a=tf.Variable([1., 2.]), _b=tf.Variable([3., 4.]))
    root.sub = tf.train.Checkpoint(_k=tf.Variable([5., 6.]), k=tf.Variable([7., 8.]))
    path = root.save(str(tmp_path / 'c'))
    assert _keys(path) == ['_CHECKPOINTABLE_OBJECT_GRAPH', '_b/.ATTRIBUTES/VARIABLE_VALUE',
                           'a/.ATTRIBUTES/VARIABLE_VALUE', 'save_counter/.ATTRIBUTES/VARIABLE_VALUE',
                           'sub/_k/.ATTRIBUTES/VARIABLE_VALUE', 'sub/k/.ATTRIBUTES/VARIABLE_VALUE']
    restored = tf.train.Checkpoint()
    restored.sub = tf.train.Checkpoint()
    restored.restore(path)
    restored._b = tf.Variable([0., 0.])
    restored.sub._k = tf.Variable([0., 0.])
    restored.sub.k = tf.Variable([0., 0.])
    # TF 2.21 gives [3. 4.] [5. 6.] [7. 8.]
    np.testing.assert_array_equal(restored._b.numpy(), [3., 4.])
    np.testing.assert_array_equal(restored.sub._k.numpy(), [5., 6.])
    np.testing.assert_array_equal(restored.sub.k.numpy(), [7., 8.])
    # a tf.Module standing in for the saved Checkpoint takes its private name too
    module = tf.Module()
    status = tf.train.Checkpoint(sub=module).restore(path)
    module._k = tf.Variable([0., 0.])
    np.testing.assert_array_equal(module._k.numpy(), [5., 6.])
    status.expect_partial()


def test_guide_delayed_restore_of_a_dense_kernel(tmp_path):
    # the checkpoints guide's stand-in objects for a Keras 3 Dense (whose kernel is saved as '_kernel')
    from framework import keras
    net = keras.Sequential([keras.Input((1,)), keras.layers.Dense(5)])
    net.layers[0].kernel.assign([[1., 2., 3., 4., 5.]])
    net.layers[0].bias.assign([6., 7., 8., 9., 10.])
    path = tf.train.Checkpoint(net=tf.train.Checkpoint(l1=net.layers[0])).save(str(tmp_path / 'g'))
    assert 'net/l1/_kernel/.ATTRIBUTES/VARIABLE_VALUE' in _keys(path)
    to_restore = tf.Variable(tf.zeros([5]))
    fake_layer = tf.train.Checkpoint(bias=to_restore)
    status = tf.train.Checkpoint(net=tf.train.Checkpoint(l1=fake_layer)).restore(path)
    np.testing.assert_array_equal(to_restore.numpy(), [6., 7., 8., 9., 10.])
    delayed_restore = tf.Variable(tf.zeros([1, 5]))
    fake_layer._kernel = delayed_restore
    np.testing.assert_array_equal(delayed_restore.numpy(), [[1., 2., 3., 4., 5.]])
    status.assert_existing_objects_matched()
