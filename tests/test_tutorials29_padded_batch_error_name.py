"""An element larger than padded_shapes: TF 2.21's iterator raises DataLossError, and programs that print
type(e).__name__ show that name (progs/tutorials26/padded_check.py)."""
import numpy as np
import pytest

import framework as tf


def test_padding_too_small_shows_tfs_class_name():
    ragged = tf.data.Dataset.range(1, 4).map(lambda x: tf.range(x))
    with pytest.raises(tf.errors.DataLossError) as caught:
        list(ragged.padded_batch(2, padded_shapes=[2]))
    assert type(caught.value).__name__ == 'DataLossError'
    assert str(caught.value) == (
        '{{function_node __wrapped__IteratorGetNext_output_types_1_device_/job:localhost/replica:0/task:0/'
        'device:CPU:0}} Attempted to pad to a smaller size than the input element. [Op:IteratorGetNext] name: ')


def test_padding_that_fits_still_batches():
    ragged = tf.data.Dataset.range(1, 4).map(lambda x: tf.range(x))
    shapes = [tuple(b.shape) for b in ragged.padded_batch(2, padded_shapes=[5])]
    assert shapes == [(2, 5), (1, 5)]
    assert np.asarray(next(iter(ragged.padded_batch(2, padded_shapes=[5])))).tolist() == [[0, 0, 0, 0, 0],
                                                                                          [0, 1, 0, 0, 0]]
