"""Iterating a distributed dataset in a tf.function logs tf.data's options() UserWarning, as TF 2.21 does.

TF's distributed iterator reads the dataset's options(); in a graph (a ``for`` over the distributed dataset
in a tf.function, its ``iter()``, a dataset from distribute_datasets_from_function) that warns 'To make it
possible to preserve tf.data options across serialization boundaries, ...'. The distribute/custom_training
tutorial's distributed_train_epoch prints it; tapeflow printed nothing. Eager iteration warns nothing.
Observed with TF 2.21 (probes opt1.py - opt3.py, dc1.py in /work/notes/progs/tutorials36).
"""
import warnings

import pytest

import framework as tf

NOTICE = 'To make it possible to preserve tf.data options across serialization boundaries'


def _summed(d):
    t = tf.constant(0, tf.int64)
    for x in d:
        t += tf.reduce_sum(x)
    return t


def _first(d):
    return next(iter(d))


@pytest.mark.parametrize('make', [
    lambda s: s.experimental_distribute_dataset(tf.data.Dataset.range(4).batch(2)),
    lambda s: s.distribute_datasets_from_function(lambda ctx: tf.data.Dataset.range(4).batch(2)),
])
@pytest.mark.parametrize('body, expected', [(_summed, 6), (_first, [0, 1])])
def test_graph_iteration_warns(make, body, expected):
    dd = make(tf.distribute.MirroredStrategy())
    with pytest.warns(UserWarning, match=NOTICE):
        result = tf.function(body)(dd)
    assert result.numpy().tolist() == expected


def test_eager_iteration_is_silent():
    dd = tf.distribute.MirroredStrategy().experimental_distribute_dataset(tf.data.Dataset.range(4).batch(2))
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        assert [x.numpy().tolist() for x in dd] == [[0, 1], [2, 3]]
        assert next(iter(dd)).numpy().tolist() == [0, 1]
