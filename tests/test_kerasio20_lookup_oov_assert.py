"""StringLookup / IntegerLookup(num_oov_indices=0) given out-of-vocabulary values, and tf.Assert's eager
message, as TensorFlow 2.21 + Keras 3.15 write them. Keras checks the lookup with tf.Assert on a
tf.strings.format of the OOV values (3 at each end), so the message is Assert's eager sentence naming the
condition tensor. Goldens: the same calls printed by TF 2.21 (/work/notes/progs/kerasio20/oov.py, oov2.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

_ASSERT = "Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized data: "


def _message(layer, values):
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        layer(values)
    return str(err.value).split('\n')[2]


@pytest.mark.parametrize('values, shown', [
    (tf.constant(['a', 'x']), '["x"]'),
    (tf.constant([['a', 'x'], ['y', 'b']]), '["x" "y"]'),
    (tf.constant(['p%d' % i for i in range(8)]), '["p0" "p1" "p2" ... "p5" "p6" "p7"]'),
    (tf.constant(['q"t', "it's", 'back\\s']), '["q\\\\"t" "it\\\\\\\'s" "back\\\\\\\\s"]'),
    (np.array(['x']), '["x"]'),
    (tf.constant('zz'), '["zz"]'),
])
def test_string_lookup_names_the_oov_values_as_keras(values, shown):
    layer = keras.layers.StringLookup(vocabulary=['a', 'b'], num_oov_indices=0, name='sl')
    assert _message(layer, values) == ('\x1b[1m' + _ASSERT + "b'When `num_oov_indices=0` all inputs should be in "
                                       "vocabulary, found OOV values %s, consider setting `num_oov_indices=1`.'"
                                       '\x1b[0m' % shown)


@pytest.mark.parametrize('values, shown', [
    (tf.constant([5, 1, 7]), '[5 7]'),
    (tf.constant(list(range(3, 12))), '[3 4 5 ... 9 10 11]'),
    (np.array([[3, 4], [5, 6], [7, 8], [9, 10]]), '[3 4 5 ... 8 9 10]'),
])
def test_integer_lookup_names_the_oov_values_as_keras(values, shown):
    layer = keras.layers.IntegerLookup(vocabulary=[1, 2], num_oov_indices=0, name='il')
    assert _message(layer, values) == ('\x1b[1m' + _ASSERT + "b'When `num_oov_indices=0` all inputs should be in "
                                       "vocabulary, found OOV values %s, consider setting `num_oov_indices=1`.'"
                                       '\x1b[0m' % shown)


def test_masked_and_one_hot_lookups_check_the_same_way():
    masked = keras.layers.StringLookup(vocabulary=['a', 'b'], num_oov_indices=0, mask_token='')
    one_hot = keras.layers.StringLookup(vocabulary=['a', 'b'], num_oov_indices=0, output_mode='one_hot')
    assert 'found OOV values ["x"],' in _message(masked, tf.constant(['', 'a', 'x']))
    assert 'found OOV values ["x"],' in _message(one_hot, tf.constant(['a', 'x']))


@pytest.mark.parametrize('condition, data, text', [
    (tf.constant(False), ['x', tf.constant('y'), tf.constant([1, 2, 3, 4, 5, 6, 7])],
     _ASSERT + "b'x'\nb'y'\n1, 2, 3, ..."),
    (False, ['x'], "Expected 'False' to be true. Summarized data: b'x'"),
    (np.bool_(False), ['x'], "Expected 'False' to be true. Summarized data: b'x'"),
    (tf.constant([False]), ['x'], "Expected 'tf.Tensor([False], shape=(1,), dtype=bool)' to be true. "
                                  "Summarized data: b'x'"),
])
def test_eager_assert_writes_the_condition_as_given(condition, data, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        tf.Assert(condition, data)
    assert str(err.value) == text
