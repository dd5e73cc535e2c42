"""A trainable variable read into Python under a GradientTape is watched, as TF 2.21's tapes see the read.

TF 2.21's ResourceVariable.numpy() (print, float(), np.asarray, f'{v.numpy():.4f}' go through it) reads
with _read_variable_op, which calls tape.variable_accessed; assign / assign_add / assign_sub return a lazy
read that calls it too. A learner printing W inside seed 004's `with tf.GradientTape() as tape:` block and
then listing tape.watched_variables() got () from tapeflow. Probes: /work/notes/progs/seedvariants10/v8.py,
v9.py (TF 2.21's outputs in out/v8_tf.txt, out/v9_tf.txt).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


READS = {
    'numpy': lambda v: v.numpy(),
    'float': float,
    'int': int,
    'bool': bool,
    'repr': repr,
    'str': str,
    'asarray': np.asarray,
    'format': lambda v: f'{v.numpy():.2f}',
    'assign': lambda v: v.assign(2.0),
    'assign_add': lambda v: v.assign_add(2.0),
    'assign_sub': lambda v: v.assign_sub(1.0),
}


@pytest.mark.parametrize('read', sorted(READS))
def test_a_host_read_of_a_trainable_variable_is_watched(read):
    # TF 2.21 gives 1 for each of these reads (v8.py / v9.py)
    v = tf.Variable(5.0)
    with tf.GradientTape() as tape:
        READS[read](v)
    assert tape.watched_variables() == (v,)


@pytest.mark.parametrize('read', ['assign', 'assign_add'])
def test_an_update_without_read_value_is_not_watched(read):
    # TF 2.21: assign(2.0, read_value=False) and assign_add(2.0, read_value=False) give 0
    v = tf.Variable(5.0)
    with tf.GradientTape() as tape:
        getattr(v, read)(2.0, read_value=False)
    assert tape.watched_variables() == ()


def test_printing_inside_the_block_lists_the_variable_in_creation_order_and_its_gradient_stays_none(capsys):
    v, v2 = tf.Variable(5.0), tf.Variable(3.0)
    with tf.GradientTape(persistent=True) as tape:
        y = v2 * 2
        print(v)
        v * 3
    # TF 2.21: [5.0, 3.0] and (None, tf.Tensor(2.0, ...))
    assert [w.numpy() for w in tape.watched_variables()] == [5.0, 3.0]
    grads = tape.gradient(y, tape.watched_variables())
    assert grads[0] is None and grads[1].numpy() == 2.0
    assert capsys.readouterr().out == "<tf.Variable 'Variable:0' shape=() dtype=float32, numpy=5.0>\n"


def test_integer_variables_are_listed_and_nested_tapes_both_watch():
    iv = tf.Variable(3)
    with tf.GradientTape() as tape:
        iv.numpy()
    assert tape.watched_variables() == (iv,)        # TF 2.21 lists the int32 variable
    v = tf.Variable(5.0)
    with tf.GradientTape() as t1:
        with tf.GradientTape() as t2:
            v.numpy()
    assert (len(t1.watched_variables()), len(t2.watched_variables())) == (1, 1)


def test_reads_that_tf_does_not_watch():
    v = tf.Variable(5.0)
    with tf.GradientTape() as tape:
        with tape.stop_recording():
            v.numpy()
    assert tape.watched_variables() == ()
    with tf.GradientTape(watch_accessed_variables=False) as tape:
        v.numpy()
    assert tape.watched_variables() == ()
    frozen = tf.Variable(5.0, trainable=False)
    with tf.GradientTape() as tape:
        frozen.numpy()
    assert tape.watched_variables() == ()


def test_a_keras_kernel_read_to_numpy_is_watched():
    dense = keras.layers.Dense(2)
    dense.build((None, 2))
    with tf.GradientTape() as tape:
        dense.kernel.numpy()
    assert len(tape.watched_variables()) == 1        # TF 2.21: 1


SCATTERS = {
    'scatter_update': lambda v: v.scatter_update(tf.IndexedSlices([1.0], [0])),
    'scatter_add': lambda v: v.scatter_add(tf.IndexedSlices([1.0], [0])),
    'scatter_max': lambda v: v.scatter_max(tf.IndexedSlices([1.0], [0])),
    'scatter_nd_update': lambda v: v.scatter_nd_update([[0]], [1.0]),
    'scatter_nd_add': lambda v: v.scatter_nd_add([[0]], [1.0]),
    'slice_assign': lambda v: v[0].assign(1.0),
}


@pytest.mark.parametrize('write', sorted(SCATTERS))
def test_scatter_writes_return_a_read_the_tape_sees(write):
    # TF 2.21 gives 1 for each (/work/notes/progs/seedvariants10/v11.py): the write returns a lazy read
    v = tf.Variable([5.0, 1.0])
    with tf.GradientTape() as tape:
        SCATTERS[write](v)
    assert tape.watched_variables() == (v,)
