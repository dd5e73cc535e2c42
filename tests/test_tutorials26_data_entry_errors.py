"""tf.data mistakes a tutorial reader makes, in TF 2.21's words (notes progs/tutorials26/padded_check.py):
padded_batch checks each component's padded shape when the dataset is made (another rank, or shorter
than a length the spec knows: ValueError; a longer one pads), and len() of an unknown or infinite
dataset is TypeError 'The dataset length is unknown.' / 'The dataset is infinite.'."""
import numpy as np
import pytest

import framework as tf

INCOMPATIBLE = 'The padded shape %s is not compatible with the shape %s of the corresponding input component.'


@pytest.fixture
def two():
    return tf.data.Dataset.from_tensor_slices(np.arange(6).reshape(3, 2))


@pytest.mark.parametrize('padded, text', [([1], INCOMPATIBLE % ('(1,)', '(2,)')),
                                          ([1, 1], INCOMPATIBLE % ('(1, 1)', '(2,)'))])
def test_a_padded_shape_shorter_or_of_another_rank_fails_when_made(two, padded, text):
    with pytest.raises(ValueError) as caught:
        two.padded_batch(2, padded_shapes=padded)
    assert str(caught.value) == text


def test_longer_or_open_padded_shapes_pad(two):
    assert [b.shape.as_list() for b in two.padded_batch(2, padded_shapes=[3])] == [[2, 3], [1, 3]]
    assert [b.shape.as_list() for b in two.padded_batch(2, padded_shapes=[None])] == [[2, 2], [1, 2]]
    ranges = tf.data.Dataset.range(1, 4).map(lambda x: tf.range(x))
    assert [b.shape.as_list() for b in ranges.padded_batch(2, padded_shapes=[5])] == [[2, 5], [1, 5]]


def test_each_component_is_checked_in_order():
    pairs = tf.data.Dataset.from_tensor_slices((np.zeros((3, 2)), np.zeros((3, 4))))
    with pytest.raises(ValueError) as caught:
        pairs.padded_batch(2, padded_shapes=([2], [3]))
    assert str(caught.value) == INCOMPATIBLE % ('(3,)', '(4,)')
    with pytest.raises(ValueError) as caught:
        pairs.padded_batch(2, padded_shapes=([1], [4]))
    assert str(caught.value) == INCOMPATIBLE % ('(1,)', '(2,)')


def test_len_of_unknown_and_infinite_datasets():
    with pytest.raises(TypeError) as caught:
        len(tf.data.Dataset.range(3).filter(lambda x: x > 0))
    assert str(caught.value) == 'The dataset length is unknown.'
    with pytest.raises(TypeError) as caught:
        len(tf.data.Dataset.range(3).repeat())
    assert str(caught.value) == 'The dataset is infinite.'
    assert len(tf.data.Dataset.range(3)) == 3
