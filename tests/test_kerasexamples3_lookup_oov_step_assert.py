"""A lookup layer's out-of-vocabulary check (num_oov_indices=0) inside fit / predict fails as TF 2.21's graph run.

keras.io's "Memory-efficient embeddings" example predicts through StringLookup(num_oov_indices=0) layers. Keras 3
checks the vocabulary with tf.debugging.Assert, which in the traced step is the node '<layer scope>/Assert/Assert':
TF 2.21 raises 'Graph execution error: ... assertion failed: [...]' naming that node, where tapeflow raised the
eager Assert's "Expected 'tf.Tensor(False, ...)' to be true. Summarized data: b'...'" (probe
/work/notes/progs/kerasexamples3/p18.py, p19.py). TF's graph uid after the function name is left out, as in
tapeflow's other graph texts. An eager call keeps the eager text.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import InvalidArgumentError


def _parts(error):
    text = str(error)
    return text.split('(most recent call last):')[0], text.split('\n\n')[-1]


def test_predict_through_string_lookup_names_the_assert_node():
    m = keras.Sequential([keras.Input((1,), dtype='string'),
                          keras.layers.StringLookup(vocabulary=['a', 'b'], num_oov_indices=0, name='words')],
                         name='lookups')
    with pytest.raises(InvalidArgumentError) as caught:
        m.predict(tf.constant([['a'], ['zz'], ['q"x']]), verbose=0)
    head, tail = _parts(caught.value)
    # TF 2.21 gives these two parts (its tail ends in [Op:__inference_one_step_on_data_distributed_81])
    assert head == 'Graph execution error:\n\nDetected at node lookups_1/words_1/Assert/Assert defined at '
    assert tail == ('assertion failed: [When `num_oov_indices=0` all inputs should be in vocabulary, found OOV values '
                    '[\\"zz\\" \\"q\\\\\\"x\\"], consider setting `num_oov_indices=1`.]\n'
                    '\t [[{{node lookups_1/words_1/Assert/Assert}}]] '
                    '[Op:__inference_one_step_on_data_distributed]')


def test_eager_call_keeps_the_eager_assert_text():
    m = keras.Sequential([keras.Input((1,), dtype='string'),
                          keras.layers.StringLookup(vocabulary=['a', 'b'], num_oov_indices=0)])
    with pytest.raises(InvalidArgumentError) as caught:
        m(tf.constant([['zz']]))
    # TF 2.21: the call's rewording of the eager Assert
    assert str(caught.value).startswith(
        "Exception encountered when calling StringLookup.call().\n\n\x1b[1mExpected 'tf.Tensor(False, shape=(), "
        "dtype=bool)' to be true. Summarized data: b'When `num_oov_indices=0` all inputs should be in vocabulary, "
        "found OOV values [\"zz\"], consider setting `num_oov_indices=1`.'\x1b[0m")
    assert np.asarray(m.predict(tf.constant([['a']]), verbose=0)).tolist() == [[0]]


def test_fit_through_integer_lookup_names_the_assert_node():
    m = keras.Sequential([keras.Input((2,), dtype='int64'),
                          keras.layers.IntegerLookup(vocabulary=[3, 4], num_oov_indices=0, name='ids'),
                          keras.layers.Embedding(3, 2)], name='ints')
    m.compile('sgd', 'mse')
    with pytest.raises(InvalidArgumentError) as caught:
        m.fit(np.array([[3, 9], [4, 7]]), np.zeros((2, 2, 2)), verbose=0, shuffle=False)
    head, tail = _parts(caught.value)
    # TF 2.21 (its tail ends in [Op:__inference_multi_step_on_iterator_437]; a second model gives the same names)
    assert head == 'Graph execution error:\n\nDetected at node ints_1/ids_1/Assert/Assert defined at '
    assert tail == ('assertion failed: [When `num_oov_indices=0` all inputs should be in vocabulary, found OOV values '
                    '[9 7], consider setting `num_oov_indices=1`.]\n'
                    '\t [[{{node ints_1/ids_1/Assert/Assert}}]] [Op:__inference_multi_step_on_iterator]')


def test_step_error_from_inside_call_carries_no_before_call_note():
    # the Assert fails inside StringLookup.call(): tapeflow's note 'raised by layer ... before its call() ran'
    # (for errors outside call) would mislead; str(error) stays TF's either way
    m = keras.Sequential([keras.Input((1,), dtype='string'),
                          keras.layers.StringLookup(vocabulary=['a'], num_oov_indices=0, name='words')], name='lookups')
    with pytest.raises(InvalidArgumentError) as caught:
        m.predict(tf.constant([['zz']]), verbose=0)
    assert not any('before its call() ran' in note for note in getattr(caught.value, '__notes__', ()))
