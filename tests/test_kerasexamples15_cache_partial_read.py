"""A Dataset.cache() read part-way logs TensorFlow 2.21's warning on stderr, as its cache_dataset_ops.cc does.

TF 2.21 discards what an iterator closed early read into a cache (a ``take(1)`` to look at a batch, a ``break``, a
fit or evaluate with fewer steps than batches) and logs, in absl's format::

    W0000 00:00:1796683640.932202   32527 cache_dataset_ops.cc:912] The calling iterator did not fully read ...

(line 330 for a file cache). tapeflow discarded the same elements silently. Where the line appears was measured
with notes progs/kerasexamples15/p22_cache_partial.py, p22b_cache_edges.py and p24_cache_keras.py (TF 2.21: 14
places, the same here; the clock and the thread id differ from run to run, as TF's do). keras.io's neural decision
forest example meets it: ``for x, y in train_ds.take(1)`` over a cached make_csv_dataset.
"""
import re

import numpy as np
import pytest

import framework as tf
from framework import keras

_LINE = re.compile(r'^W0000 00:00:\d+\.\d{6} {1,7}\d+ cache_dataset_ops\.cc:(\d+)\] The calling iterator did not '
                   r'fully read the dataset being cached\. In order to avoid unexpected truncation of the dataset, '
                   r'the partially cached contents of the dataset  will be discarded\. This can happen if you have '
                   r'an input pipeline similar to `dataset\.cache\(\)\.take\(k\)\.repeat\(\)`\. You should use '
                   r'`dataset\.take\(k\)\.cache\(\)\.repeat\(\)` instead\.$')


def _warnings(capsys, run):
    capsys.readouterr()
    run()
    lines = capsys.readouterr().err.splitlines()
    assert all(_LINE.match(line) for line in lines), lines
    return [int(_LINE.match(line).group(1)) for line in lines]


def _read(ds, stop=None):
    for i, _ in enumerate(ds):
        if i + 1 == stop:
            break


def test_partial_reads_of_a_memory_cache_warn_once_each(capsys):
    ds = tf.data.Dataset.range(5).cache()
    assert _warnings(capsys, lambda: _read(ds.take(2))) == [912]
    assert _warnings(capsys, lambda: _read(ds)) == []                  # a full pass completes the cache
    assert _warnings(capsys, lambda: _read(ds.take(2))) == []          # later passes read memory only
    assert _warnings(capsys, lambda: _read(tf.data.Dataset.range(5).cache(), stop=1)) == [912]     # a break
    assert _warnings(capsys, lambda: _read(tf.data.Dataset.range(5).cache().batch(2).take(1))) == [912]
    assert _warnings(capsys, lambda: _read(tf.data.Dataset.range(3).cache().take(2).repeat(2))) == [912, 912]
    zipped = tf.data.Dataset.zip((tf.data.Dataset.range(3).cache(), tf.data.Dataset.range(5).cache()))
    assert _warnings(capsys, lambda: _read(zipped)) == [912]           # the longer input is left part-read


def test_no_warning_where_tf_completes_or_never_reads(capsys):
    assert _warnings(capsys, lambda: _read(tf.data.Dataset.range(5).cache().take(5))) == []    # known cardinality
    assert _warnings(capsys, lambda: _read(tf.data.Dataset.range(5).cache().take(0))) == []
    assert _warnings(capsys, lambda: iter(tf.data.Dataset.range(5).cache())) == []
    assert _warnings(capsys, lambda: _read(tf.data.Dataset.range(3).cache().repeat(2).take(4))) == []
    # unknown cardinality: reading every element is not reaching the end
    # (ignore_errors: an unknown cardinality with no function to trace; TF 2.21's cardinality is -2 too)
    assert _warnings(capsys, lambda: _read(tf.data.Dataset.range(3).ignore_errors().cache().take(3))) == [912]


def test_a_file_cache_read_part_way_warns_from_its_own_line_and_writes_nothing(capsys, tmp_path):
    path = str(tmp_path / 'cache')
    assert _warnings(capsys, lambda: _read(tf.data.Dataset.range(5).cache(path).take(5))) == [330]
    assert not list(tmp_path.iterdir())
    assert _warnings(capsys, lambda: _read(tf.data.Dataset.range(5).cache(path))) == []


def test_keras_steps_and_peeks(capsys):
    keras.utils.set_random_seed(0)
    x, y = np.ones((40, 3), 'float32'), np.ones((40, 1), 'float32')
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')

    def batches():
        return tf.data.Dataset.from_tensor_slices((x, y)).batch(8).cache()
    assert _warnings(capsys, lambda: next(iter(batches()))) == [912]
    assert _warnings(capsys, lambda: model.fit(batches(), epochs=2, verbose=0)) == []
    assert _warnings(capsys, lambda: model.fit(batches(), epochs=2, steps_per_epoch=2, verbose=0)) == []
    assert _warnings(capsys, lambda: model.evaluate(batches(), steps=1, verbose=0)) == [912]
