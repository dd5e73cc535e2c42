"""A checkpoint restored into a Sequential with no Input, then model.build((None, 3)): TF 2.21 gives
the Dense its saved kernel as the build makes it (as on a first call); tapeflow left the restore
waiting until a call. Derived from TF 2.21 running /work/notes/progs/tutorials19/ckpt_more.py
(the restored kernel equals the saved one: True).
"""
import numpy as np

import framework as tf


def _saved(tmp_path):
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2, name='d')])
    model(tf.ones([1, 3]))
    return model, tf.train.Checkpoint(model=model).save(str(tmp_path / 'c'))


def test_build_takes_the_waiting_values(tmp_path):
    model, path = _saved(tmp_path)
    target = tf.keras.Sequential([tf.keras.layers.Dense(2, name='d')])
    status = tf.train.Checkpoint(model=target).restore(path)
    status.assert_existing_objects_matched()
    target.build((None, 3))
    np.testing.assert_array_equal(target.layers[0].kernel.numpy(), model.layers[0].kernel.numpy())
    np.testing.assert_array_equal(target.layers[0].bias.numpy(), model.layers[0].bias.numpy())
    status.assert_consumed()


def test_first_call_still_restores(tmp_path):
    model, path = _saved(tmp_path)
    target = tf.keras.Sequential([tf.keras.layers.Dense(2, name='d')])
    tf.train.Checkpoint(model=target).restore(path)
    target(tf.ones([1, 3]))
    np.testing.assert_array_equal(target.layers[0].kernel.numpy(), model.layers[0].kernel.numpy())
