"""Datasets of one array or a flat (x, y) tuple take a fast path in from_tensor_slices and batch
(no structure packed per element): their elements and batches must equal those of the general
path, which a nested structure of the same arrays takes."""
import collections

import numpy as np

import framework as tf

Dataset = tf.data.Dataset


def _arrays():
    rng = np.random.default_rng(0)
    return rng.random((10, 3), dtype=np.float32), rng.integers(0, 5, 10).astype(np.int64), np.arange(10.0)


def _leaves(element):
    return [np.asarray(leaf) for leaf in tf.nest.flatten(element)]


def _same(a, b):
    assert len(a) == len(b)
    for x, y in zip(a, b):
        assert x.dtype == y.dtype and x.shape == y.shape and np.array_equal(x, y)


def test_flat_tuple_elements_equal_the_nested_paths():
    x, y, w = _arrays()
    flat = list(Dataset.from_tensor_slices((x, y, w)).as_numpy_iterator())
    nested = list(Dataset.from_tensor_slices(((x,), (y, w))).as_numpy_iterator())
    assert all(type(e) is tuple and len(e) == 3 for e in flat)
    for f, n in zip(flat, nested):
        _same(_leaves(f), _leaves(n))


def test_flat_tuple_batches_equal_the_nested_paths_shuffled_and_mapped():
    x, y, w = _arrays()

    def pipeline(ds):
        return ds.shuffle(4, seed=3).batch(3).map(lambda *parts: tf.nest.map_structure(lambda t: t * 2, parts))
    flat = [_leaves(e) for e in pipeline(Dataset.from_tensor_slices((x, y, w)))]
    nested = [_leaves(e) for e in pipeline(Dataset.from_tensor_slices(((x,), {'y': y, 'w': w})))]
    assert [len(b[0]) for b in flat] == [3, 3, 3, 1]
    for f, n in zip(flat, nested):
        _same(f, [n[0], n[2], n[1]])        # the dict's leaves come in sorted key order: w, y


def test_one_array_and_a_namedtuple_keep_their_elements():
    x, y, _ = _arrays()
    rows = list(Dataset.from_tensor_slices(y).as_numpy_iterator())
    assert [type(r) for r in rows] == [np.int64] * 10 and rows == y.tolist()
    Pair = collections.namedtuple('Pair', 'x y')
    batch = next(iter(Dataset.from_tensor_slices(Pair(x, y)).batch(4)))
    assert type(batch) is Pair and batch.x.shape == (4, 3) and np.array_equal(batch.y.numpy(), y[:4])
