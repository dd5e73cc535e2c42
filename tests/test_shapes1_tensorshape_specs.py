"""A TensorShape where a shape spec belongs: tf.debugging.assert_shapes, keras.Input / InputLayer / KerasTensor,
Dataset.padded_batch(padded_shapes=). Golden values printed by TF 2.21 (/work/notes/progs/shapes1/p2.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def test_assert_shapes_reads_a_tensorshape_as_its_dimensions():
    # TF 2.21: x = tf.ones([2, 3]); tf.debugging.assert_shapes([(x, x.shape)]) -> None, and with
    # tf.TensorShape([None, 3]) too; with x.shape + (4,):
    # ValueError: Tensor  must have rank 3.  Received rank 2, shape (2, 3)
    # (tapeflow before: the TensorShape was one entry, 'must have rank in (0, 1)')
    x = tf.ones([2, 3])
    assert tf.debugging.assert_shapes([(x, x.shape)]) is None
    assert tf.debugging.assert_shapes([(x, tf.TensorShape([None, 3]))]) is None
    with pytest.raises(ValueError) as info:
        tf.debugging.assert_shapes([(x, x.shape + (4,))])
    assert str(info.value) == 'Tensor  must have rank 3.  Received rank 2, shape (2, 3)'
    with pytest.raises(ValueError, match='must have size 4'):
        tf.debugging.assert_shapes([(x, tf.TensorShape([2, 4]))])


@pytest.mark.parametrize('make', [
    lambda s: keras.Input(shape=s),
    lambda s: keras.Input(batch_shape=s),
    lambda s: keras.layers.InputLayer(shape=s),
    lambda s: keras.KerasTensor(s),
])
def test_keras_refuses_a_shape_of_unknown_rank_through_as_list(make):
    # TF 2.21 (Keras 3 reads shape.as_list()): ValueError: as_list() is not defined on an unknown TensorShape.
    # (tapeflow before: 'Cannot iterate over a shape with unknown rank.')
    with pytest.raises(ValueError) as info:
        make(tf.TensorShape(None))
    assert str(info.value) == 'as_list() is not defined on an unknown TensorShape.'


def test_keras_input_of_a_tensorshape_slice():
    # TF 2.21: keras.Input(shape=tf.ones([2, 3]).shape[1:]).shape -> (None, 3);
    # keras.layers.InputLayer(batch_shape=tf.TensorShape([None, 3])).get_config()['batch_shape'] -> (None, 3)
    assert keras.Input(shape=tf.ones([2, 3]).shape[1:]).shape == (None, 3)
    assert keras.layers.InputLayer(batch_shape=tf.TensorShape([None, 3])).get_config()['batch_shape'] == (None, 3)


def _ragged_rows():
    yield np.ones([3], np.float32)
    yield np.ones([1], np.float32)


def test_padded_batch_refuses_padded_shapes_of_unknown_rank():
    # TF 2.21: ValueError: Cannot convert a partially known TensorShape <unknown> to a Tensor.
    # and padded_shapes=tf.TensorShape([None]) pads to the longest row: shape (2, 3)
    ds = tf.data.Dataset.from_generator(_ragged_rows, output_signature=tf.TensorSpec([None], tf.float32))
    with pytest.raises(ValueError) as info:
        ds.padded_batch(2, padded_shapes=tf.TensorShape(None))
    assert str(info.value) == 'Cannot convert a partially known TensorShape <unknown> to a Tensor.'
    batch = next(iter(ds.padded_batch(2, padded_shapes=tf.TensorShape([None]))))
    np.testing.assert_array_equal(batch.numpy(), [[1., 1., 1.], [1., 0., 0.]])


@pytest.mark.parametrize('repeats, words', [
    (tf.TensorShape([None, 3]), "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
                                'Tensor.'),
    ([None, 3], "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
    ((2, None), "Can't convert Python sequence with mixed types to Tensor."),
])
def test_keras_ops_tile_refuses_unknown_repeats_as_its_conversion(repeats, words):
    # TF 2.21: keras.ops.tile(tf.ones([1, 1]), repeats) for each row raises ValueError with these words
    # (tapeflow before: TypeError 'keras.ops.tile: repeats must be an integer, got None ...')
    with pytest.raises(ValueError) as info:
        keras.ops.tile(tf.ones([1, 1]), repeats)
    assert str(info.value) == words
    assert keras.ops.tile(tf.ones([1, 1]), tf.ones([2, 3]).shape).shape == (2, 3)
