"""TF 2.21's UserWarning for a tf.data function made while tf.config.run_functions_eagerly(True) is on.

Which calls warn was printed by TF 2.21 for each call alone in a fresh process (notes/progs/tutorials51/cfit6.py
and /tmp/t51_rfe3.py, t51_rfe4.py, t51_rfe5.py): Keras's fit / evaluate / predict on arrays, generators and PyDatasets
and a Dataset fit with class_weight (Keras maps them), Dataset.map / filter / scan / flat_map / interleave /
reduce / group_by_window, unbatch / rebatch / ragged_batch / from_generator / sample_from_datasets / snapshot and
keras.utils.timeseries_dataset_from_array, which TF makes with tf.data functions; not fit on a plain Dataset,
train_on_batch, predict_on_batch, a model call, the preprocessing layers' adapt on arrays, split_dataset, nor
shuffle / batch / prefetch / repeat / take / skip / cache / padded_batch / shard / window / unique.
"""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras

TEXT = ('Even though the `tf.config.experimental_run_functions_eagerly` option is set, this option does not '
        'apply to tf.data functions. To force eager execution of tf.data functions, please use '
        '`tf.data.experimental.enable_debug_mode()`.')


class _Batches(keras.utils.PyDataset):
    def __len__(self):
        return 2

    def __getitem__(self, index):
        return np.ones((2, 2)), np.ones((2, 1))


def _model():
    inputs = keras.Input((2,))
    model = keras.Model(inputs, keras.layers.Dense(1)(inputs))
    model.compile("sgd", "mse")
    return model


def _plain():
    return tf.data.Dataset.from_tensor_slices((np.ones((4, 2)), np.ones((4, 1)))).batch(2)


CALLS = {
    'fit arrays': (True, lambda: _model().fit(np.ones((4, 2)), np.ones((4, 1)), verbose=0)),
    'evaluate arrays': (True, lambda: _model().evaluate(np.ones((4, 2)), np.ones((4, 1)), verbose=0)),
    'predict arrays': (True, lambda: _model().predict(np.ones((4, 2)), verbose=0)),
    'fit generator': (True, lambda: _model().fit(((np.ones((2, 2)), np.ones((2, 1))) for _ in range(2)), verbose=0)),
    'fit PyDataset': (True, lambda: _model().fit(_Batches(), verbose=0)),
    'fit Dataset class_weight': (True, lambda: _model().fit(_plain(), verbose=0, shuffle=False, class_weight={0: 1.0, 1: 2.0})),
    'fit Dataset': (False, lambda: _model().fit(_plain(), verbose=0, shuffle=False)),
    'train_on_batch': (False, lambda: _model().train_on_batch(np.ones((4, 2)), np.ones((4, 1)))),
    'predict_on_batch': (False, lambda: _model().predict_on_batch(np.ones((4, 2)))),
    'map': (True, lambda: tf.data.Dataset.range(8).map(lambda x: x)),
    'filter': (True, lambda: tf.data.Dataset.range(8).filter(lambda x: x > 1)),
    'unbatch': (True, lambda: tf.data.Dataset.range(8).batch(2).unbatch()),
    'rebatch': (True, lambda: tf.data.Dataset.range(8).batch(2).rebatch(1)),
    'ragged_batch': (True, lambda: tf.data.Dataset.range(8).ragged_batch(2)),
    'from_generator': (True, lambda: tf.data.Dataset.from_generator(
        lambda: iter([1, 2]), output_signature=tf.TensorSpec((), tf.int32))),
    'sample_from_datasets': (True, lambda: tf.data.Dataset.sample_from_datasets(
        [tf.data.Dataset.range(3), tf.data.Dataset.range(3)], seed=1)),
    'snapshot': (True, lambda: tf.data.Dataset.range(8).snapshot('/tmp/t51_snapshot_test')),
    'timeseries_dataset_from_array': (True, lambda: keras.utils.timeseries_dataset_from_array(np.arange(10), None, 3)),
    'adapt': (False, lambda: [keras.layers.Normalization().adapt(np.ones((4, 2))),
                              keras.layers.StringLookup().adapt(np.array(['a', 'b'])),
                              keras.layers.TextVectorization().adapt(np.array(['a b', 'b c'])),
                              keras.layers.Discretization(num_bins=2).adapt(np.arange(5.0))]),
    'split_dataset': (False, lambda: keras.utils.split_dataset(np.arange(10.0), 0.5)),
    'no function': (False, lambda: tf.data.Dataset.range(8).shuffle(4, seed=1).batch(2).prefetch(1).repeat(2)
                    .take(3).skip(1).cache().padded_batch(1).shard(2, 0)),
}


@pytest.fixture
def functions_run_eagerly():
    tf.config.run_functions_eagerly(True)
    try:
        yield
    finally:
        tf.config.run_functions_eagerly(False)


@pytest.mark.parametrize("name", sorted(CALLS))
def test_which_calls_warn(name, functions_run_eagerly):
    keras.backend.clear_session()
    warns, call = CALLS[name]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        call()
    texts = [str(w.message) for w in caught if w.category is UserWarning and 'run_functions_eagerly' in str(w.message)]
    assert texts == ([TEXT] if warns else [])


def test_no_warning_with_the_switch_off():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        tf.data.Dataset.range(3).map(lambda x: x)
    assert not [w for w in caught if 'run_functions_eagerly' in str(w.message)]
