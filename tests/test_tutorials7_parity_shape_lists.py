"""tf.zeros / tf.ones / tf.fill with a shape list holding tensors pack it as TF does: a tensor that
is no scalar there raises Pack's InvalidArgumentError. The NMT tutorial's
rnn.get_initial_state(embedded) (Keras 3 takes a batch size) ends on TF 2.21's
'Shapes of all inputs must match: values[0].shape = [4,1,16] != values[1].shape = [] [Op:Pack]'."""
import pytest

import framework as tf


@pytest.mark.parametrize('make', [tf.zeros, tf.ones])
def test_scalar_tensors_in_a_shape_list(make):
    assert tuple(make([tf.constant(2), 3]).shape) == (2, 3)
    assert tuple(make((tf.constant(2, tf.int64), tf.constant(4))).shape) == (2, 4)
    assert tuple(tf.fill([tf.constant(2), 1], 5.0).shape) == (2, 1)


@pytest.mark.parametrize('shape, text', [
    ((tf.zeros([4, 1, 16]), 16), 'values[0].shape = [4,1,16] != values[1].shape = []'),
    ((tf.constant([2]), 3), 'values[0].shape = [1] != values[1].shape = []'),
])
def test_non_scalar_tensor_in_a_shape_list_is_pack_error(shape, text):
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'Shapes of all inputs must match: ' + text.replace('[', r'\[').replace(']', r'\]') + r' \[Op:Pack\]'):
        tf.zeros(shape)


def test_keras_rnn_initial_state_of_an_embedding_is_pack_error():
    gru = tf.keras.layers.GRU(16, return_sequences=True, return_state=True)
    embedded = tf.zeros([4, 1, 16])
    with pytest.raises(tf.errors.InvalidArgumentError, match='Shapes of all inputs must match'):
        gru.get_initial_state(embedded)
