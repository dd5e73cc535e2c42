"""fit / evaluate read a Dataset one batch ahead only where TF 2.21's pipeline makes one early.

The imbalanced-data tutorial oversamples with ``sample_from_datasets`` of two ``shuffle().repeat()``
datasets. Reading a batch early shows in the order the next iterator gets (each pass of a
reshuffling shuffle draws its seeds when it begins). TF injects a prefetch after the last stage
unless the dataset's options turn off autotuning, the inject_prefetch rewrite or the default
rewrites; a ``map(f).batch(n)`` still makes one batch early then (map_and_batch_fusion's
MapAndBatch), unless that rewrite is off too.

The expected batches were printed by TF 2.21 with /work/notes/progs/tutorials50/t50_opts.py and
t50_opts3.py (the same program per variant, ``import tensorflow as tf``), each variant as::

    keras.utils.set_random_seed(11)
    pos_ds, neg_ds = make_ds(0, 5, 1), make_ds(100, 120, 0)     # from_tensor_slices(...).shuffle(1000).repeat()
    rs = tf.data.Dataset.sample_from_datasets([pos_ds, neg_ds], weights=[0.5, 0.5])   # [.map(f)] .batch(4) ...
    model.fit(rs, steps_per_epoch=3, epochs=2, verbose=0); print(next(iter(rs))[0][:, 0])
    model.evaluate(rs, steps=2, verbose=0); print(next(iter(rs))[0][:, 0])
"""
import random

import numpy as np
import pytest

import framework as tf
from framework import keras

NO_BATCH_AHEAD = ([110, 106, 2, 116], [114, 116, 4, 106])     # TF 2.21: nothing made early
ONE_BATCH_AHEAD = ([102, 110, 2, 118], [103, 104, 4, 106])    # TF 2.21: one batch made early


@pytest.fixture(autouse=True)
def _random_state_restored():
    python_state, numpy_state = random.getstate(), np.random.get_state()
    yield
    random.setstate(python_state)
    np.random.set_state(numpy_state)
    tf.random.set_seed(None)


def _make_ds(lo, hi, label):
    features = np.arange(lo, hi, dtype='float32').reshape(-1, 1)
    labels = np.full((hi - lo, 1), label, 'float32')
    return tf.data.Dataset.from_tensor_slices((features, labels)).shuffle(1000).repeat()


def _orders_after_fit_and_evaluate(set_options, mapped=False, repeat_after=False):
    keras.utils.set_random_seed(11)
    pos_ds, neg_ds = _make_ds(0, 5, 1), _make_ds(100, 120, 0)
    rs = tf.data.Dataset.sample_from_datasets([pos_ds, neg_ds], weights=[0.5, 0.5])
    if mapped:
        rs = rs.map(lambda x, y: (x * 2.0 - x, y + 0.0))
    rs = rs.batch(4)
    if repeat_after:
        rs = rs.repeat()
    options = tf.data.Options()
    set_options(options)
    rs = rs.with_options(options)
    model = keras.Sequential([keras.Input((1,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    model.fit(rs, steps_per_epoch=3, epochs=2, verbose=0)
    after_fit = next(iter(rs))[0].numpy()[:, 0].astype(int).tolist()
    model.evaluate(rs, steps=2, verbose=0)
    after_evaluate = next(iter(rs))[0].numpy()[:, 0].astype(int).tolist()
    return after_fit, after_evaluate


def _autotune_off(options):
    options.autotune.enabled = False


def _inject_prefetch_off(options):
    options.experimental_optimization.inject_prefetch = False


def _default_rewrites_off(options):
    options.experimental_optimization.apply_default_optimizations = False


def _autotune_and_fusion_off(options):
    options.autotune.enabled = False
    options.experimental_optimization.map_and_batch_fusion = False


@pytest.mark.filterwarnings('ignore::UserWarning')
@pytest.mark.parametrize('set_options', [_autotune_off, _inject_prefetch_off, _default_rewrites_off])
def test_no_batch_is_read_ahead_without_the_injected_prefetch(set_options):
    assert _orders_after_fit_and_evaluate(set_options) == NO_BATCH_AHEAD


@pytest.mark.filterwarnings('ignore::UserWarning')
def test_default_options_read_one_batch_ahead():
    # TF's injected prefetch races its consumer (one of two TF runs printed these, the other read
    # nothing ahead); one batch ahead is what tapeflow emulates (read_ahead.py)
    assert _orders_after_fit_and_evaluate(lambda options: None) == ONE_BATCH_AHEAD


@pytest.mark.filterwarnings('ignore::UserWarning')
@pytest.mark.parametrize('repeat_after', [False, True])
def test_a_map_then_batch_reads_one_ahead_without_the_injected_prefetch(repeat_after):
    assert _orders_after_fit_and_evaluate(_autotune_off, mapped=True, repeat_after=repeat_after) == ONE_BATCH_AHEAD


@pytest.mark.filterwarnings('ignore::UserWarning')
def test_map_and_batch_fusion_off_reads_nothing_ahead():
    assert _orders_after_fit_and_evaluate(_autotune_and_fusion_off, mapped=True) == NO_BATCH_AHEAD
