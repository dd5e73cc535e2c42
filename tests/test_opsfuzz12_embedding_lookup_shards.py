"""tf.nn.embedding_lookup reads a Python list of params as TF 2.21 does: each item is one shard
(converted on its own), joined by the "div" strategy; a tuple is one tensor; an empty list or tuple
is TF's ValueError."""
import pytest

import framework as tf


def test_a_nested_list_is_a_list_of_shards():
    # TF 2.21: [[1., 2.], [3., 4.]] is two vector shards of 2 ids each: ids [1, 1] -> [2., 2.] (shape (2,)),
    # [2] -> [3.], and max_norm=1 clips the scalar 2. to 1.
    out = tf.nn.embedding_lookup([[1., 2.], [3., 4.]], [1, 1])
    assert out.shape == (2,) and out.numpy().tolist() == [2.0, 2.0]
    assert tf.nn.embedding_lookup([[1., 2.], [3., 4.]], [2]).numpy().tolist() == [3.0]
    assert tf.nn.embedding_lookup([[1., 2.], [3., 4.]], [1], max_norm=1.).numpy().tolist() == [1.0]


def test_tensor_shards_and_tuples():
    a = tf.constant([[1., 2.], [3., 4.], [5., 6.]])
    b = tf.constant([[7., 8.], [9., 10.]])
    # TF 2.21: [[9., 10.], [1., 2.]] for ids [[4, 0]] over shards of 3 and 2 rows
    assert tf.nn.embedding_lookup([a, b], [[4, 0]]).numpy().tolist() == [[[9.0, 10.0], [1.0, 2.0]]]
    # TF 2.21: a tuple is packed into one tensor: (a, a) is a (2, 3, 2) table, id 1 its second (3, 2) slice
    assert tf.nn.embedding_lookup((a, a), [1]).shape == (1, 3, 2)


@pytest.mark.parametrize('params', [[], ()])
def test_no_params(params):
    # TF 2.21: ValueError 'Length of params is currently 0. Need at least one param.'
    with pytest.raises(ValueError) as info:
        tf.nn.embedding_lookup(params, [1])
    assert str(info.value) == 'Length of params is currently 0. Need at least one param.'
