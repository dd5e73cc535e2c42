"""Dataset.cache as tf.data's in-memory cache: it is complete as soon as it holds the input's known
cardinality (TF's MemoryWriterIterator), not only when an iterator reaches the end, and an iterator of
a complete cache starts no input iterator, so a reshuffling shuffle upstream draws no more seeds.

The load_data/text tutorial (tensorflow.org) fits on `raw_train_ds.map(...).cache().prefetch()`
(known cardinality: Keras 3 stops after len(ds) steps) and later fits another model on another
cached map of the same raw dataset: on TF the raw dataset was iterated once by the first fit, on
tapeflow once per epoch plus once per dropped iterator, so the second model saw other batches
(history off from epoch 1). Golden orders printed by TF 2.21 (/opt/tfref) for the same programs
(/work/notes/progs/tftutorials11/probe_cache.py, probe_cache2.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

# TF 2.21: the first 8 iterations' first batch of _pairs() (a fresh dataset each time, same seeds)
_FIRST_BATCHES = [[5., 4.], [6., 1.], [6., 4.], [4., 7.], [3., 6.], [7., 5.], [5., 1.], [2., 7.]]


@pytest.fixture(autouse=True)
def _global_seed():
    tf.random.set_seed(1)
    yield
    tf.random.set_seed(None)


def _pairs():
    return tf.data.Dataset.range(8).shuffle(8, seed=3).map(
        lambda x: (tf.cast(tf.reshape(x, [1]), tf.float32), tf.cast(x, tf.float32))).batch(2)


def _first_labels(ds):
    return [b[1].numpy().tolist() for b in ds.take(1)][0]


def test_the_golden_shuffle_passes():
    ds = _pairs()
    assert [_first_labels(ds) for _ in range(8)] == _FIRST_BATCHES


@pytest.mark.parametrize('prefetch', [None, 1, tf.data.AUTOTUNE])
def test_reading_every_element_without_the_end_completes_the_cache(prefetch):
    # TF 2.21 (probe_cache.py): the same order in each partial pass and in full passes after them
    ds = tf.data.Dataset.range(8).shuffle(8, seed=3).batch(2).map(lambda x: x * 10).cache()
    if prefetch is not None:
        ds = ds.prefetch(prefetch)
    passes = []
    for _ in range(3):
        it = iter(ds)
        passes.append([next(it).numpy().tolist() for _ in range(4)])
    passes.append([b.numpy().tolist() for b in ds])
    assert passes == [[[50, 40], [0, 10], [20, 30], [70, 60]]] * 4


def test_a_partial_pass_still_discards_the_cache():
    # fewer elements than the cardinality: tf.data drops the partial cache (its 'did not fully read'
    # warning) and the next iterator reshuffles; TF 2.21 (probe_cache3.py)
    ds = tf.data.Dataset.range(8).shuffle(8, seed=3).batch(2).cache()
    assert next(iter(ds)).numpy().tolist() == [5, 4]
    assert [b.numpy().tolist() for b in ds] == [[6, 1], [0, 4], [2, 5], [7, 3]]
    assert [b.numpy().tolist() for b in ds] == [[6, 1], [0, 4], [2, 5], [7, 3]]


def test_a_file_cache_read_to_its_cardinality_is_kept_too(tmp_path):
    # TF 2.21 (probe_cache3.py): two partial iterators of cache(file) read one order; one shuffle pass
    ds = _pairs()
    cached = ds.cache(str(tmp_path / 'c'))
    for _ in range(2):
        it = iter(cached)
        assert [next(it)[1].numpy().tolist() for _ in range(4)] == [[5., 4.], [0., 1.], [2., 3.], [7., 6.]]
    assert _first_labels(ds) == _FIRST_BATCHES[1]


@pytest.mark.parametrize('prefetch', [True, False])
@pytest.mark.parametrize('run', ['fit', 'evaluate', 'predict', 'loops'])
def test_keras_passes_over_a_cached_map_iterate_the_shuffle_once(prefetch, run):
    # TF 2.21 (probe_cache2.py): after fit (3 epochs), two evaluates, two predicts or two for-loops
    # over ds.cache()[.prefetch()], the raw dataset's next pass is its second (_FIRST_BATCHES[1])
    ds = _pairs()
    cached = ds.cache().prefetch(tf.data.AUTOTUNE) if prefetch else ds.cache()
    model = keras.Sequential([keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    if run == 'fit':
        model.fit(cached, epochs=3, verbose=0)
    for _ in range(2):
        if run == 'evaluate':
            model.evaluate(cached, verbose=0)
        elif run == 'predict':
            model.predict(cached, verbose=0)
        elif run == 'loops':
            for _batch in cached:
                pass
    assert _first_labels(ds) == _FIRST_BATCHES[1]
    tf.random.set_seed(None)


def test_an_unfinished_cache_still_lets_a_dropped_iterator_draw_seeds():
    # without the cache, Keras 3's fit over a dataset of known length makes one more iterator after
    # every pass (see layers/training/iterable_data.py): 3 epochs spend 6 passes' seeds (TF 2.21)
    ds = _pairs()
    model = keras.Sequential([keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    model.fit(ds, epochs=3, verbose=0)
    assert _first_labels(ds) == _FIRST_BATCHES[6]
