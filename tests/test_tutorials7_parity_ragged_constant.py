"""tf.ragged.constant with values below ragged_rank that are not one shape: TF 2.21's
'inner values have inconsistent shape' ValueError (the ragged tensors guide shows it).

Expected messages printed by TensorFlow 2.21 (/opt/tfref, progs/tutorials7/probe_inner.py)."""
import pytest

import framework as tf


@pytest.mark.parametrize('pylist', [
    [[[1, 2], [3]], [[4, 5]]],       # the guide's example
    [[[1, 2], [3, 4]], [[5]]],
    [[[[1, 2], [3]]]],               # an inner value itself not rectangular
    [[['a', 'b'], ['c']]],
])
def test_inconsistent_inner_shapes_raise_tf_value_error(pylist):
    with pytest.raises(ValueError, match='^inner values have inconsistent shape$'):
        tf.ragged.constant(pylist, ragged_rank=1)


def test_uniform_inner_values_still_build():
    rt = tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1)
    assert rt.to_list() == [[[1, 2], [3, 4]], [[5, 6]]]
    assert rt.shape.as_list() == [2, None, 2]
    assert tf.ragged.constant([[[[1], [2]], [[3]]]], ragged_rank=2).to_list() == [[[[1], [2]], [[3]]]]
    assert tf.ragged.constant([[['a', 'b']], [['c', 'd']]], ragged_rank=1).to_list() == [
        [[b'a', b'b']], [[b'c', b'd']]]


@pytest.mark.parametrize('name, shown', [(None, 'Input(ragged=True):'), ('words', "Input(ragged=True) 'words':")])
def test_ragged_input_refused_naming_the_input(name, shown):
    # the ragged guide's Keras model: Keras 3 accepts the Input and fails in its LSTM; tapeflow refuses
    # at the Input, without printing 'InputLayer None'
    from framework import keras
    with pytest.raises(ValueError, match=r'^' + shown.replace('(', r'\(').replace(')', r'\)') + ' .*to_tensor'):
        keras.Input(shape=[None], dtype='int64', ragged=True, name=name)
