"""A TensorShape is one object, not a tuple, as in TensorFlow 2.21: ``'shape %s' % x.shape`` formats it
whole, ``tf.nest`` keeps it as a leaf, and every op that takes a shape still takes it. The expected values
were printed by TF 2.21 (progs/me37/shapes2.py run under tensorflow-cpu 2.21)."""
import copy
import json
import pickle

import numpy as np
import pytest

import framework as tf
from framework import keras


def test_percent_formatting_sees_the_shape_whole():
    # TF 2.21: 'shape (2, 3)', 'shape (4,)', '(None, 3)', '<unknown>'
    assert 'shape %s' % tf.ones([2, 3]).shape == 'shape (2, 3)'
    assert 'shape %s' % tf.Variable(tf.zeros([4])).shape == 'shape (4,)'
    assert '%r' % tf.ones([2, 3]).shape == 'TensorShape([2, 3])'
    assert '%s' % tf.TensorShape([None, 3]) == '(None, 3)'
    assert '%s' % tf.TensorShape(None) == '<unknown>'
    assert '{} {!r}'.format(tf.ones([2, 3]).shape, tf.TensorShape(None)) == '(2, 3) TensorShape(None)'


def test_equal_and_hashed_as_the_tuple_of_its_dimensions():
    s, u, n = tf.ones([2, 3]).shape, tf.TensorShape([None, 3]), tf.TensorShape(None)
    # TF 2.21: (True, True, False, True, True, False, True, True, False, False)
    assert (s == (2, 3), s == [2, 3], s != (2, 3), (2, 3) == s, [2, 3] == s, s == u, u == (None, 3), n == n, n == s,
            s == None) == (True, True, False, True, True, False, True, True, False, False)  # noqa: E711
    assert hash(s) == hash((2, 3))
    assert {s: 1}.get((2, 3)) == 1 and {(2, 3): 1}.get(s) == 1
    assert not isinstance(s, (tuple, list))


def test_a_sequence_of_dimensions():
    s = tf.ones([2, 3]).shape
    assert (len(s), list(s), tuple(s), [*s], max(s), sum(s), 3 in s, None in tf.TensorShape([None, 3])) == \
        (2, [2, 3], (2, 3), [2, 3], 3, 5, True, True)
    assert type(s[0]) is int and s[-1] == 3
    assert repr(s[1:]) == 'TensorShape([3])' and repr(s[::-1]) == 'TensorShape([3, 2])'
    assert np.zeros(s).shape == (2, 3) and np.array(s).tolist() == [2, 3] and np.random.RandomState(0).rand(*s).shape \
        == (2, 3)


def test_concatenation_with_tuples_and_lists_gives_a_shape():
    s = tf.ones([2, 3]).shape
    # TF 2.21: TensorShape([2, 3, 4]), TensorShape([4, 2, 3]) (twice), TensorShape([2, 3, None, 3])
    assert repr(s + (4,)) == repr(s + [4]) == 'TensorShape([2, 3, 4])'
    assert repr((4,) + s) == repr([4] + s) == 'TensorShape([4, 2, 3])'
    assert repr(s + tf.TensorShape([None, 3])) == 'TensorShape([2, 3, None, 3])'
    with pytest.raises(ValueError, match=r'^Dimension -1 must be >= 0'):     # TF 2.21's words
        (-1,) + s[1:]


def test_unknown_rank():
    n = tf.TensorShape(None)
    assert (n.rank, n.ndims, n.dims, n[0], repr(n[1:])) == (None, None, None, None, 'TensorShape(None)')
    with pytest.raises(ValueError, match='Cannot take the length of shape with unknown rank.'):
        len(n)
    with pytest.raises(ValueError, match='Cannot iterate over a shape with unknown rank.'):
        list(n)
    with pytest.raises(ValueError, match=r'as_list\(\) is not defined on an unknown TensorShape.'):
        n.as_list()


def test_pickle_copy_nest_and_json():
    s, u, n = tf.ones([2, 3]).shape, tf.TensorShape([None, 3]), tf.TensorShape(None)
    assert pickle.loads(pickle.dumps(s)) == s and pickle.loads(pickle.dumps(n)) == n
    assert repr(copy.deepcopy(u)) == 'TensorShape([None, 3])' and copy.copy(s) == s
    # TF 2.21: [TensorShape([2, 3])] [TensorShape([2, 3]), 1] {'a': TensorShape([2, 3])}
    assert repr(tf.nest.flatten(s)) == '[TensorShape([2, 3])]'
    assert repr(tf.nest.flatten([s, 1])) == '[TensorShape([2, 3]), 1]'
    with pytest.raises(TypeError, match='Object of type TensorShape is not JSON serializable'):
        json.dumps(s)
    with pytest.raises(TypeError, match="'<' not supported between instances of 'TensorShape' and 'tuple'"):
        s < (3,)


def test_ops_take_a_shape_where_they_take_a_list():
    x = tf.ones([2, 3])
    s = x.shape
    assert tf.zeros(s).shape == (2, 3) and tf.fill(s, 1.).shape == (2, 3) and tf.zeros(s + (4,)).shape == (2, 3, 4)
    assert tf.reshape(tf.range(6), s).shape == (2, 3) and tf.broadcast_to(tf.ones([3]), s).shape == (2, 3)
    assert tf.random.normal(s).shape == s and tf.random.uniform(s, maxval=5, dtype=tf.int32).shape == s
    assert tf.random.stateless_normal(s, seed=[1, 2]).shape == s
    assert tf.random.Generator.from_seed(1).normal(s).shape == s
    assert tf.scatter_nd([[0, 0]], [1.], s).shape == s
    assert tf.constant(0., shape=s).shape == s
    assert tf.image.resize(tf.ones([1, 4, 4, 1]), s).shape == (1, 2, 3, 1)
    assert keras.ops.reshape(x, s[::-1]).shape == (3, 2) and keras.ops.zeros(s).shape == (2, 3)
    assert keras.random.uniform(s, seed=1).shape == (2, 3)
    assert keras.Input(shape=s[1:]).shape == (None, 3)
    assert keras.layers.Reshape(s)(tf.ones([1, 6])).shape == (1, 2, 3)


def test_converting_a_shape():
    # TF 2.21: tf.constant(x.shape) is the int32 vector [2 3]; a shape with unknown lengths is refused
    converted = tf.constant(tf.ones([2, 3]).shape)
    assert converted.dtype == tf.int32 and converted.numpy().tolist() == [2, 3]
    with pytest.raises(ValueError, match=r'^Cannot convert a partially known TensorShape \(None, 3\) to a Tensor.'):
        tf.convert_to_tensor(tf.TensorShape([None, 3]))
    with pytest.raises(ValueError, match=r'^Cannot convert a partially known TensorShape <unknown> to a Tensor.'):
        tf.constant(tf.TensorShape(None))
    with pytest.raises(ValueError, match=r'Cannot convert a partially known TensorShape \(None, 3\) to a Tensor.'):
        tf.zeros(tf.TensorShape([None, 3]))


def test_a_shape_of_unknown_rank_is_read_with_as_list():
    # TF 2.21 (and Keras 3's add_weight): ValueError 'as_list() is not defined on an unknown TensorShape.'
    with pytest.raises(ValueError, match=r'^as_list\(\) is not defined on an unknown TensorShape.'):
        tf.constant(1., shape=tf.TensorShape(None))
    with pytest.raises(ValueError, match=r'^as_list\(\) is not defined on an unknown TensorShape.'):
        keras.layers.Layer().add_weight(shape=tf.TensorShape(None))
    assert keras.layers.Layer().add_weight(shape=tf.TensorShape([2])).shape == (2,)
