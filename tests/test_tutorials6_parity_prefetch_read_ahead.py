"""A ``Dataset.prefetch`` stage makes one element before it is asked for, as tf.data's prefetch
thread has it ready (framework/data/prefetch_stage.py). Golden values from TensorFlow 2.21 runs of
the same programs (/work/notes/progs/tutorials6/probe_flip3.py 'pt', probe_err.py): the image
segmentation tutorial previews ``train_batches.take(1)`` (a RandomFlip augmentation mapped before
``prefetch(AUTOTUNE)``), and TF's fit then sees the flips one batch further on."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _counting_pipeline(buffer_size):
    calls = tf.Variable(0, dtype=tf.int64)

    def count(x):
        calls.assign_add(1)
        return x
    return tf.data.Dataset.range(10).map(count).prefetch(buffer_size), calls


@pytest.mark.parametrize('buffer_size', [tf.data.AUTOTUNE, 1])
def test_taking_one_element_makes_two(buffer_size):
    ds, calls = _counting_pipeline(buffer_size)
    for _ in ds.take(1):
        pass
    assert int(calls.numpy()) == 2            # TF 2.21: 2 in every run
    calls.assign(0)
    assert [int(v) for v in ds] == list(range(10))
    assert int(calls.numpy()) == 10            # a whole pass makes each element once


class _Augment(keras.layers.Layer):
    def __init__(self, seed=42):
        super().__init__()
        self.augment_inputs = keras.layers.RandomFlip(mode='horizontal', seed=seed)
        self.augment_labels = keras.layers.RandomFlip(mode='horizontal', seed=seed)

    def call(self, inputs, labels):
        return self.augment_inputs(inputs), self.augment_labels(labels)


def test_segmentation_preview_moves_the_augmentation_on():
    keras.utils.set_random_seed(4)
    x = np.arange(16 * 2).reshape(16, 1, 2, 1).astype('float32')
    ds = tf.data.Dataset.from_tensor_slices((x, x)).batch(8).repeat().map(_Augment()).prefetch(tf.data.AUTOTUNE)
    for images, _ in ds.take(1):
        np.testing.assert_array_equal(images[:, 0, 0, 0].numpy(), [1, 3, 4, 7, 9, 10, 12, 15])
    got = [(a[:, 0, 0, 0].numpy().tolist(), b[:, 0, 0, 0].numpy().tolist()) for a, b in ds.take(3)]
    # TF 2.21: the second iterator starts at the third draw of the flip layers' seed generators
    want = [[0, 3, 4, 7, 8, 10, 13, 15], [17, 18, 21, 22, 24, 26, 29, 31], [0, 3, 4, 6, 8, 11, 13, 14]]
    assert [a for a, _ in got] == want
    assert [b for _, b in got] == want


def test_an_error_made_ahead_is_raised_in_its_turn():
    def reciprocal(x):
        x = tf.cast(x, tf.float32)
        return tf.math.log(x) + tf.debugging.check_numerics(1.0 / (2.0 - x), 'boom')
    ds = tf.data.Dataset.range(4).map(reciprocal).prefetch(1)
    assert [float(v) for v in ds.take(2)] == [-np.inf, 1.0]     # element 2 fails, but is never asked for
    with pytest.raises(tf.errors.InvalidArgumentError, match='boom : Tensor had Inf values'):
        list(ds)


def test_fit_reads_one_batch_ahead_of_a_final_prefetch():
    # tutorials5's measurement, with the prefetch stage now reading its own one ahead: fit on
    # shuffle().repeat().prefetch(k) moves on by steps + k batches (AUTOTUNE: steps + 1)
    from framework.data.injected_prefetch import makes_one_ahead
    from layers.training.read_ahead import read_ahead_depth
    base = tf.data.Dataset.range(8).batch(2)
    # without a final prefetch the Dataset's own iterator makes TF's injected prefetch's one ahead
    assert read_ahead_depth(base) == 0 and makes_one_ahead(base)
    assert read_ahead_depth(base.prefetch(tf.data.AUTOTUNE)) == 0
    assert read_ahead_depth(base.prefetch(1)) == 0
    assert read_ahead_depth(base.prefetch(3)) == 2
