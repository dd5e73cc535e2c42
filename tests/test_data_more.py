"""framework.data beyond the basics: from_generator, padded_batch, combining, windows, cardinality, specs.

Expected values were printed by TensorFlow 2.21 (/opt/tfref) running the same pipelines
and are written here as literals.
"""
import numpy as np
import pytest

import framework as tf

Dataset = tf.data.Dataset


def values(ds):
    return [np.asarray(v).tolist() if not isinstance(v, tuple) else tuple(np.asarray(p).tolist() for p in v)
            for v in ds.as_numpy_iterator()]


def pairs():
    yield np.array([1., 2.]), 1
    yield np.array([3., 4.]), 2


def test_from_generator_converts_to_the_signature_dtypes():
    spec = (tf.TensorSpec((2,), tf.float32), tf.TensorSpec((), tf.int32))
    ds = Dataset.from_generator(pairs, output_signature=spec)
    first = next(iter(ds))
    assert first[0].dtype == tf.float32 and first[1].dtype == tf.int32      # TF: float64 array -> float32
    assert values(ds) == [([1.0, 2.0], 1), ([3.0, 4.0], 2)]
    assert values(ds) == values(ds)                                          # the generator restarts
    assert ds.element_spec == spec
    assert int(ds.cardinality()) == tf.data.UNKNOWN_CARDINALITY == -2
    wide = Dataset.from_generator(pairs, output_signature=(tf.TensorSpec((2,), 'float64'),
                                                           tf.TensorSpec((), 'int64')))
    assert next(iter(wide))[0].dtype == tf.float64


def test_from_generator_legacy_types_args_and_dicts():
    ds = Dataset.from_generator(lambda: iter([[1., 2., 3.]]), output_types=tf.float32)
    assert repr(ds.element_spec) == 'TensorSpec(shape=<unknown>, dtype=tf.float32, name=None)'
    assert values(ds) == [[1.0, 2.0, 3.0]]
    shaped = Dataset.from_generator(lambda: iter([[1., 2., 3.]]), output_types=tf.float32, output_shapes=(3,))
    assert repr(shaped.element_spec) == 'TensorSpec(shape=(3,), dtype=tf.float32, name=None)'
    counted = Dataset.from_generator(lambda n: iter(range(int(n))), output_types='int64', args=(3,))
    assert values(counted) == [0, 1, 2]
    keyed = Dataset.from_generator(lambda: iter([{'a': 1}]), output_signature={'a': tf.TensorSpec((), 'int32')})
    assert [{k: int(v) for k, v in e.items()} for e in keyed.as_numpy_iterator()] == [{'a': 1}]
    # TF truncates 1.5 to 1 under an int32 spec
    assert values(Dataset.from_generator(lambda: iter([np.array([1.5])]),
                                         output_signature=tf.TensorSpec((None,), tf.int32))) == [[1]]


class SpecLike:
    """Any object with .shape and .dtype is accepted as a spec."""
    shape, dtype = (None,), 'float32'


@pytest.mark.parametrize('gen, signature, error, message', [
    (lambda: iter([[1., 2., 3.]]), tf.TensorSpec((2,), 'float32'), ValueError,
     r'`generator` yielded an element of shape \(3,\) where an element of shape \(2,\)'),
    (lambda: iter([[1., 2., 3.]]), (tf.TensorSpec(None, 'float32'),) * 2, TypeError,
     '`generator` yielded an element that did not match the expected structure'),
    (lambda: iter(['abc']), SpecLike(), TypeError, '`generator` yielded an element that could not be converted.*float32'),
])
def test_from_generator_rejects_elements_off_the_signature(gen, signature, error, message):
    ds = Dataset.from_generator(gen, output_signature=signature)
    with pytest.raises(error, match=message):
        list(ds)


def test_from_generator_argument_errors():
    with pytest.raises(TypeError, match='To specify the output signature you need to provide either'):
        Dataset.from_generator(pairs)
    with pytest.raises(TypeError, match='not both'):
        Dataset.from_generator(pairs, output_types='float32', output_signature=tf.TensorSpec(None))
    with pytest.raises(TypeError, match='must be a Python callable'):
        Dataset.from_generator(pairs(), output_types='float32')


ragged = lambda: Dataset.range(1, 5).map(lambda x: tf.fill([int(x)], x))


def test_padded_batch_pads_to_the_longest_or_the_given_shape():
    assert values(ragged().padded_batch(2)) == [[[1, 0], [2, 2]], [[3, 3, 3, 0], [4, 4, 4, 4]]]
    padded = ragged().padded_batch(2, padded_shapes=[5], padding_values=np.int64(-1))
    assert values(padded) == [[[1, -1, -1, -1, -1], [2, 2, -1, -1, -1]], [[3, 3, 3, -1, -1], [4, 4, 4, 4, -1]]]
    square = Dataset.range(1, 4).map(lambda x: tf.fill([int(x), 4 - int(x)], x))
    assert values(square.padded_batch(3)) == [[[[1, 1, 1], [0, 0, 0], [0, 0, 0]], [[2, 2, 0], [2, 2, 0], [0, 0, 0]],
                                               [[3, 0, 0], [3, 0, 0], [3, 0, 0]]]]
    both = Dataset.zip(ragged(), Dataset.range(4)).padded_batch(3, padding_values=(np.int64(9), np.int64(0)))
    assert values(both) == [([[1, 9, 9], [2, 2, 9], [3, 3, 3]], [0, 1, 2]), ([[4, 4, 4, 4]], [3])]
    dropped = Dataset.from_generator(lambda: iter([[1], [2, 2], [3]]), output_signature=tf.TensorSpec(
        (None,), 'int32')).padded_batch(2, drop_remainder=True)
    assert repr(dropped.element_spec) == 'TensorSpec(shape=(2, None), dtype=tf.int32, name=None)'


def test_padded_batch_errors_name_the_shapes():
    with pytest.raises(ValueError, match=r'padded_batch.*smaller size.*\(4,\).*\(3,\)'):
        list(ragged().padded_batch(2, padded_shapes=[3]))
    mixed = Dataset.from_generator(lambda: iter([np.ones(2), np.ones((2, 2))]),
                                   output_signature=tf.TensorSpec(None, 'float64'))
    # TF 2.21 refuses an unknown-rank spec without padded_shapes when the dataset is made
    with pytest.raises(ValueError, match=r'^You must provide `padded_shapes` argument because component 0 has unknown'):
        mixed.padded_batch(2)
    with pytest.raises(TypeError, match='padding value for component 0 has dtype int32.*int64'):
        ragged().padded_batch(2, padding_values=-1)            # a Python int is int32, as in TensorFlow
    with pytest.raises(ValueError, match='cannot stack elements of different shapes'):
        list(ragged().batch(2))


def test_zip_concatenate_flat_map_interleave_orders():
    assert values(Dataset.zip(Dataset.range(2), Dataset.range(3))) == [(0, 0), (1, 1)]
    assert values(Dataset.range(2).concatenate(Dataset.range(5, 7))) == [0, 1, 5, 6]
    assert values(Dataset.range(1, 4).flat_map(lambda x: Dataset.range(x))) == [0, 0, 1, 0, 1, 2]
    repeat6 = lambda x: Dataset.from_tensors(x).repeat(6)
    assert values(Dataset.range(1, 6).interleave(repeat6, cycle_length=2, block_length=4)) == \
        [1] * 4 + [2] * 4 + [1, 1, 2, 2] + [3] * 4 + [4] * 4 + [3, 3, 4, 4] + [5] * 6
    assert values(Dataset.range(1, 4).interleave(lambda x: Dataset.range(x), cycle_length=3)) == [0, 0, 0, 1, 1, 2]
    uneven = Dataset.range(1, 6).interleave(lambda x: Dataset.range(10 * x, 11 * x), cycle_length=2, block_length=2)
    assert values(uneven) == [10, 20, 21, 30, 31, 32, 40, 41, 50, 51, 42, 43, 52, 53, 54]
    with pytest.raises(TypeError, match='Incompatible dataset elements'):
        Dataset.range(2).concatenate(Dataset.from_tensor_slices([1., 2.]))
    with pytest.raises(AttributeError, match="'Tensor' object has no attribute '_name'"):      # TF 2.21's words
        list(Dataset.range(2).flat_map(lambda x: x))


def test_reduce_take_while_window_rebatch_grouping():
    assert int(Dataset.range(5).reduce(np.int64(0), lambda s, x: s + x)) == 10
    total, power = Dataset.range(5).reduce((np.int64(0), np.int64(1)), lambda s, x: (s[0] + x, s[1] * 2))
    assert (int(total), int(power)) == (10, 32)
    with pytest.raises(TypeError, match='reduce: reduce_func must keep'):
        Dataset.range(3).reduce(np.int32(0), lambda s, x: x)
    assert values(Dataset.range(10).take_while(lambda x: x < 4)) == [0, 1, 2, 3]
    windows = lambda **kw: [values(w) for w in Dataset.range(7).window(3, **kw)]
    assert windows(shift=2) == [[0, 1, 2], [2, 3, 4], [4, 5, 6], [6]]
    assert windows(shift=2, drop_remainder=True) == [[0, 1, 2], [2, 3, 4], [4, 5, 6]]
    assert windows(shift=1, stride=2) == [[0, 2, 4], [1, 3, 5], [2, 4, 6], [3, 5], [4, 6], [5], [6]]
    assert values(Dataset.range(7).window(3, shift=2).flat_map(lambda w: w.batch(3))) == \
        [[0, 1, 2], [2, 3, 4], [4, 5, 6], [6]]
    assert values(Dataset.range(10).batch(4).rebatch(3)) == [[0, 1, 2], [3, 4, 5], [6, 7, 8], [9]]
    assert values(Dataset.range(10).batch(4).rebatch(3, drop_remainder=True)) == [[0, 1, 2], [3, 4, 5], [6, 7, 8]]
    grouped = Dataset.range(10).group_by_window(lambda x: x % 2, lambda k, w: w.batch(3), window_size=3)
    assert values(grouped) == [[0, 2, 4], [1, 3, 5], [6, 8], [7, 9]]
    buckets = Dataset.range(1, 8).map(lambda x: tf.fill([int(x)], x)).bucket_by_sequence_length(
        lambda x: tf.shape(x)[0], bucket_boundaries=[3, 5], bucket_batch_sizes=[2, 2, 2])
    assert values(buckets) == [[[1, 0], [2, 2]], [[3, 3, 3, 0], [4, 4, 4, 4]], [[5, 5, 5, 5, 5, 0], [6] * 6], [[7] * 7]]
    with pytest.raises(ValueError, match=r'Invalid `predicate`\. `predicate` must return a `tf.bool` scalar tensor'):
        list(Dataset.range(3).filter(lambda x: x + 1))
    with pytest.raises(ValueError, match='Cannot unbatch an input with scalar components.'):
        Dataset.range(3).unbatch()        # TF 2.21 refuses when the dataset is made


@pytest.mark.parametrize('make, expected', [
    # tf.data.Dataset....cardinality() in TF 2.21
    (lambda: Dataset.range(3).repeat(), -1),
    (lambda: Dataset.range(3).filter(lambda x: True), -2),
    (lambda: Dataset.range(7).batch(2), 4),
    (lambda: Dataset.range(10).batch(4).unbatch(), -2),
    (lambda: Dataset.range(10).skip(3), 7),
    (lambda: Dataset.range(10).take(20), 10),
    (lambda: Dataset.range(3).repeat().take(5), 5),
    (lambda: Dataset.range(3).repeat().skip(2), -1),
    (lambda: Dataset.range(3).repeat().batch(2), -1),
    (lambda: Dataset.range(2).concatenate(Dataset.range(5, 7)), 4),
    (lambda: Dataset.zip(Dataset.range(2).repeat(), Dataset.range(3)), 3),
    (lambda: Dataset.range(7).window(3, shift=2), 4),
    (lambda: Dataset.range(7).window(3, shift=2, drop_remainder=True), 3),
    (lambda: Dataset.range(10).take_while(lambda x: x < 4), -2),
    (lambda: Dataset.range(0).filter(lambda x: True), -2),
    (lambda: Dataset.range(3).filter(lambda x: True).repeat(2), -2),
    (lambda: Dataset.range(3).filter(lambda x: True).take(2), -2),
    (lambda: Dataset.zip(Dataset.range(2).repeat(), Dataset.range(3).filter(lambda x: True)), -2),
    (lambda: Dataset.range(3).repeat(0), 0),
    (lambda: Dataset.range(0).repeat(), 0),
    (lambda: Dataset.range(3).interleave(lambda x: Dataset.range(2)), -2),
    (lambda: Dataset.range(10).batch(4).rebatch(3), -2),
    (lambda: Dataset.range(10).shard(3, 1), 3),
    (lambda: Dataset.from_generator(lambda: iter([1]), output_types='int32').repeat(), -1),
])
def test_cardinality_matches_tensorflow(make, expected):
    ds = make()
    assert int(ds.cardinality()) == expected == int(tf.data.experimental.cardinality(ds))
    assert ds.cardinality().dtype == tf.int64


def test_len_of_infinite_and_unknown_datasets():
    with pytest.raises(TypeError, match='infinite'):
        len(Dataset.range(3).repeat())
    assert tf.data.INFINITE_CARDINALITY == tf.data.experimental.INFINITE_CARDINALITY == -1


def test_element_spec_as_tensorflow_states_it():
    assert repr(Dataset.range(5).element_spec) == 'TensorSpec(shape=(), dtype=tf.int64, name=None)'
    assert repr(Dataset.range(3, output_type=tf.int32).element_spec) == \
        'TensorSpec(shape=(), dtype=tf.int32, name=None)'
    assert repr(Dataset.from_tensor_slices(([1., 2.], [1, 2])).batch(2).element_spec) == \
        '(TensorSpec(shape=(None,), dtype=tf.float32, name=None), TensorSpec(shape=(None,), dtype=tf.int32, name=None))'
    sliced = Dataset.from_tensor_slices({'a': np.zeros((3, 2)), 'b': [1, 2, 3]}).element_spec
    assert sliced == {'a': tf.TensorSpec((2,), 'float64'), 'b': tf.TensorSpec((), 'int32')}
    assert Dataset.from_tensors([1, 2]).element_spec == tf.TensorSpec((2,), 'int32')
    assert Dataset.range(3).enumerate().element_spec == (tf.TensorSpec((), 'int64'),) * 2
    assert repr(Dataset.range(7).window(3).element_spec) == \
        'DatasetSpec(TensorSpec(shape=(), dtype=tf.int64, name=None), TensorShape([]))'
    assert Dataset.range(3).map(lambda x: tf.cast(x, 'float32') * 2.0).element_spec == \
        tf.TensorSpec((), 'float32')
    with pytest.raises(TypeError, match='Cannot convert 0.25 to EagerTensor of dtype int64'):
        Dataset.range(0, 1, 0.25)


def test_shuffle_seeds_follow_tensorflow_rules():
    fixed = Dataset.range(20).shuffle(20, seed=5, reshuffle_each_iteration=False)
    assert values(fixed) == values(fixed) and sorted(values(fixed)) == list(range(20))
    reshuffled = Dataset.range(20).shuffle(20, seed=5)
    first, second = values(reshuffled), values(reshuffled)
    assert first != second and sorted(second) == list(range(20))
    # An op seed alone repeats across datasets (and runs), iteration by iteration.
    again = Dataset.range(20).shuffle(20, seed=5)
    tf.random.normal([3])                                    # other draws in between change nothing
    assert [values(again), values(again)] == [first, second]


def test_validation_steps_restart_the_validation_dataset_each_epoch_as_keras():
    from framework import keras
    rng = np.random.default_rng(0)
    x = rng.standard_normal((40, 3)).astype('float32')
    y = (x @ np.array([[1.0], [-2.0], [0.5]], 'float32') + 0.1).astype('float32')
    m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation='relu'), keras.layers.Dense(1)])
    m.set_weights([rng.standard_normal(w.shape).astype('float32') * 0.3 for w in m.get_weights()])
    m.compile(optimizer=keras.optimizers.SGD(0.05), loss='mse')
    train = Dataset.from_tensor_slices((x[:24], y[:24])).batch(8)
    val = Dataset.from_tensor_slices((x[24:], y[24:])).batch(4)
    with pytest.warns(UserWarning, match='ran out of data'):
        history = m.fit(train, validation_data=val, validation_steps=2, steps_per_epoch=2, epochs=3, verbose=0).history
    # Keras 3.15 on the same weights (training reads on across epochs, validation starts over)
    np.testing.assert_allclose(history['loss'], [2.9978771209716797, 3.562363624572754, 2.510434627532959], rtol=2e-6)
    np.testing.assert_allclose(history['val_loss'], [7.027436256408691, 6.806373596191406, 6.341596603393555],
                               rtol=2e-6)


def test_shard_scan_unique_single_element_and_choosing():
    # TF 2.21: shard(3, 1) -> [1, 4, 7]; scan -> [0, 0, 10, 30, 60]; unique -> [1, 3, 2]
    assert values(Dataset.range(10).shard(3, 1)) == [1, 4, 7]
    assert values(Dataset.range(5).scan(np.int64(0), lambda s, x: (s + x, s * 10))) == [0, 0, 10, 30, 60]
    assert values(Dataset.from_tensor_slices([1, 3, 1, 2, 3]).unique()) == [1, 3, 2]
    assert int(Dataset.range(1).get_single_element()) == 0
    with pytest.raises(ValueError, match='Dataset had more than one element'):
        Dataset.range(2).get_single_element()
    choices = Dataset.from_tensor_slices(np.array([0, 1, 1, 0], 'int64'))
    assert values(Dataset.choose_from_datasets([Dataset.range(3), Dataset.range(10, 13)], choices)) == [0, 10, 11, 1]
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'Selector index out of range: 2 >= 2'):     # TF 2.21
        list(Dataset.choose_from_datasets([Dataset.range(3)] * 2, Dataset.from_tensor_slices(np.array([2]))))
    assert values(Dataset.range(4).apply(lambda ds: ds.skip(2))) == [2, 3]
    with pytest.raises(ValueError, match='shard: index must lie in'):
        Dataset.range(4).shard(2, 2)


def test_sampling_and_random_are_seeded():
    mixed = Dataset.sample_from_datasets([Dataset.range(3), Dataset.range(10, 13)], weights=[0.5, 0.5], seed=1)
    assert sorted(values(mixed)) == [0, 1, 2, 10, 11, 12] and values(mixed) == values(mixed)
    only_second = Dataset.sample_from_datasets([Dataset.range(3), Dataset.range(10, 13)], weights=[0., 1.])
    assert values(only_second) == [10, 11, 12]
    pair = [Dataset.range(0), Dataset.range(5)]
    assert values(Dataset.sample_from_datasets(pair, weights=[1., 0.], stop_on_empty_dataset=True)) == []
    assert values(Dataset.sample_from_datasets(pair, seed=3)) == [0, 1, 2, 3, 4]      # the empty one drops out
    # TF 2.21 refuses integer weights and drops datasets of weight <= 0 (tests/test_tutorials5_parity_rejection_resample.py)
    with pytest.raises(TypeError, match='`weights` type must be either `tf.float32` or `tf.float64`'):
        Dataset.sample_from_datasets([Dataset.range(3)] * 2, weights=[1, -1])
    assert values(Dataset.sample_from_datasets([Dataset.range(3), Dataset.range(5)], weights=[1., -1.])) == [0, 1, 2]
    randoms = Dataset.random(seed=4).take(3)
    assert values(randoms) == values(randoms) and all(0 <= v < 2 ** 32 for v in values(randoms))
    assert int(Dataset.random().cardinality()) == -1
    fresh = Dataset.random(seed=4, rerandomize_each_iteration=True).take(3)
    assert values(fresh) != values(fresh)


def test_bucket_padding_to_boundaries_and_window_size_func():
    def lengths():
        for n in [1, 5, 2, 3, 6, 4]:
            yield np.full([n], n, 'int32')
    ds = Dataset.from_generator(lengths, output_signature=tf.TensorSpec((None,), tf.int32))
    buckets = ds.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [3, 7], [2, 2, 2], pad_to_bucket_boundary=True)
    # TF 2.21: the bucket [3, 7) pads to 6 whatever its longest element
    assert values(buckets) == [[[1, 0], [2, 2]], [[5, 5, 5, 5, 5, 0], [3, 3, 3, 0, 0, 0]],
                               [[6, 6, 6, 6, 6, 6], [4, 4, 4, 4, 0, 0]]]
    grouped = Dataset.range(10).group_by_window(lambda x: x % 3, lambda k, w: w.batch(4), window_size_func=lambda k: k + 1)
    assert values(grouped) == [[0], [3], [1, 4], [6], [2, 5, 8], [9], [7]]


def test_fit_reads_a_from_generator_dataset_like_the_arrays():
    from framework import keras
    rng = np.random.default_rng(0)
    x = rng.standard_normal((24, 3)).astype('float32')
    y = x.sum(axis=1, keepdims=True)

    def batches():
        for start in range(0, 24, 8):
            yield x[start:start + 8], y[start:start + 8]

    def fitted(data, **kwargs):
        keras.utils.set_random_seed(1)
        m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
        m.compile(optimizer=keras.optimizers.SGD(0.1), loss='mse')
        return m.fit(data, epochs=2, verbose=0, **kwargs).history['loss']
    spec = (tf.TensorSpec((None, 3), tf.float32), tf.TensorSpec((None, 1), tf.float32))
    from_generator = fitted(Dataset.from_generator(batches, output_signature=spec))
    np.testing.assert_allclose(from_generator, fitted(x, y=y, batch_size=8, shuffle=False), rtol=1e-6)
