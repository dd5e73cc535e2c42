"""from_tensor_slices(...).batch(n) copies row ranges instead of stacking row by row (batching.row_batches):
the batches must be those of the row-by-row path (a take() between the two stages keeps that path)."""
import numpy as np
import pytest

import framework as tf

RNG = np.random.default_rng(0)
SOURCES = {
    'one array': lambda: RNG.random((10, 3)).astype('float32'),
    'x y': lambda: (RNG.random((10, 2, 2)), RNG.integers(0, 5, 10)),
    'kinds': lambda: (np.arange(10, dtype=np.int8), RNG.random(10) > 0.5, np.arange(10) * (1 + 2j),
                      np.arange(10, dtype=np.uint16)),
    'fortran': lambda: np.asfortranarray(RNG.random((10, 4))),
}


def batches(ds):
    return list(ds.as_numpy_iterator())


def same(fast, slow):
    assert len(fast) == len(slow)
    for a, b in zip(fast, slow):
        for u, v in zip(a if isinstance(a, tuple) else (a,), b if isinstance(b, tuple) else (b,)):
            assert u.dtype == v.dtype and u.shape == v.shape
            np.testing.assert_array_equal(u, v)


@pytest.mark.parametrize('source', sorted(SOURCES))
@pytest.mark.parametrize('size, drop', [(3, False), (3, True), (5, True), (10, False), (32, False), (32, True)])
def test_row_batches_equal_stacked_rows(source, size, drop):
    data = SOURCES[source]()
    fast = tf.data.Dataset.from_tensor_slices(data).batch(size, drop_remainder=drop)
    slow = tf.data.Dataset.from_tensor_slices(data).take(100).batch(size, drop_remainder=drop)
    same(batches(fast), batches(slow))
    assert fast.element_spec == slow.element_spec or not drop
    assert fast.cardinality().numpy() == len(batches(fast))


def test_batches_are_copies_and_epochs_repeat():
    x = np.arange(12, dtype=np.float32).reshape(6, 2)
    ds = tf.data.Dataset.from_tensor_slices(x).batch(4)
    single = tf.data.Dataset.from_tensors(x)
    first = batches(ds)
    # TF 2.21 copies x into the dataset: a later write to x changes no element (tapeflow's read x itself)
    x[:] = -1
    if first[0].flags.writeable:
        first[0][:] = 99        # a batch handed out is no view of the dataset's rows
    again = batches(ds)
    np.testing.assert_array_equal(again[0], np.arange(8, dtype=np.float32).reshape(4, 2))
    np.testing.assert_array_equal(again[1], np.arange(8, 12, dtype=np.float32).reshape(2, 2))
    np.testing.assert_array_equal(batches(single)[0], np.arange(12, dtype=np.float32).reshape(6, 2))


def test_strings_and_empty_sources_keep_the_row_path():
    words = tf.data.Dataset.from_tensor_slices(['a', 'bb', 'ccc']).batch(2)
    assert [list(b) for b in batches(words)] == [[b'a', b'bb'], [b'ccc']]
    assert batches(tf.data.Dataset.from_tensor_slices(np.zeros((0, 3))).batch(2)) == []


def test_iteration_gives_tensors():
    x, y = RNG.random((5, 2)).astype('float32'), np.arange(5)
    for bx, by in tf.data.Dataset.from_tensor_slices((x, y)).batch(2):
        assert isinstance(bx, tf.Tensor) and bx.dtype == tf.float32 and by.dtype == tf.int64


@pytest.mark.parametrize('buffer, reshuffle, seed', [(5, True, 1), (5, False, 2), (1, True, 3), (64, True, None),
                                                     (-2, True, 4)])
@pytest.mark.parametrize('drop', [False, True])
def test_shuffled_row_batches_follow_the_shuffle_order(buffer, reshuffle, seed, drop):
    # a shuffle right after from_tensor_slices draws its order over row numbers and the batch gathers them: the
    # batches are those of the element-by-element path, epoch after epoch (TF 2.21's order: test_tf_data's)
    x, y = RNG.random((23, 3)).astype('float32'), np.arange(23)
    made = []
    for between in (lambda d: d, lambda d: d.take(100)):
        tf.random.set_seed(7)
        made.append(between(tf.data.Dataset.from_tensor_slices((x, y))).shuffle(
            buffer if buffer > 0 else tf.data.UNKNOWN_CARDINALITY, seed=seed,
            reshuffle_each_iteration=reshuffle).batch(4, drop_remainder=drop))
    fast, slow = made
    for _ in range(3):
        same(batches(fast), batches(slow))


def test_shuffled_row_batches_first_epoch_as_tf():
    tf.random.set_seed(None)        # (no global seed: the op seed alone, as in TF's run)
    x = np.arange(40, dtype='float32').reshape(20, 2)
    ds = tf.data.Dataset.from_tensor_slices((x, np.arange(20))).shuffle(5, seed=1).batch(4)
    # TF 2.21: [0, 5, 3, 6], [7, 4, 2, 8] then, reshuffled, [3, 0, 4, 6], [8, 1, 9, 11]
    assert [list(b[1]) for b in batches(ds)][:2] == [[0, 5, 3, 6], [7, 4, 2, 8]]
    assert [list(b[1]) for b in batches(ds)][:2] == [[3, 0, 4, 6], [8, 1, 9, 11]]
    assert all((b[0][:, 0] == 2 * b[1]).all() for b in batches(ds))
