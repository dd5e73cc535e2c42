"""The word2vec tutorial's sampling helpers, pinned to TF 2.21 / Keras 3.15.1 (values printed by
notes/progs/tftutorials2/w2v_tf.py and sampler_tf.py): tf.keras.preprocessing.sequence's
skipgrams and make_sampling_table, and tf.random.log_uniform_candidate_sampler's draws and
expected counts, call after call on one kernel's stream."""
import numpy as np
import pytest

import framework as tf
from framework import keras

SEQUENCE = [1, 2, 3, 4, 5, 1, 6, 7]      # "the wide road shimmered in the hot sun"


def test_skipgrams_draw_from_pythons_random_as_keras():
    keras.utils.set_random_seed(42)
    positive, labels = tf.keras.preprocessing.sequence.skipgrams(SEQUENCE, vocabulary_size=8, window_size=2,
                                                                 negative_samples=0)
    assert len(positive) == 26 and set(labels) == {1}
    assert positive[:5] == [[7, 6], [4, 3], [7, 1], [6, 1], [1, 3]]
    pairs, labels = tf.keras.preprocessing.sequence.skipgrams(SEQUENCE, vocabulary_size=8, window_size=1,
                                                              negative_samples=1.0, seed=3)
    assert len(pairs) == 28
    assert pairs[:6] == [[4, 5], [1, 2], [2, 7], [6, 6], [2, 1], [4, 3]] and labels[:6] == [1, 0, 0, 0, 1, 1]


def test_make_sampling_table():
    np.testing.assert_allclose(
        tf.keras.preprocessing.sequence.make_sampling_table(size=10),
        [0.00315225, 0.00315225, 0.00547597, 0.00741556, 0.00912817, 0.01068435, 0.01212381, 0.01347162,
         0.01474487, 0.0159558], rtol=1e-5)


def test_the_tutorials_negative_samples():
    keras.utils.set_random_seed(42)
    sampled, true_expected, sampled_expected = tf.random.log_uniform_candidate_sampler(
        true_classes=tf.reshape(tf.constant(6, dtype='int64'), (1, 1)), num_true=1, num_sampled=4, unique=True,
        range_max=8, seed=42, name='negative_sampling')
    assert sampled.numpy().tolist() == [1, 5, 3, 6]
    # no draw was rejected, so TF's counts are p * num_sampled
    np.testing.assert_array_equal(true_expected.numpy(), np.array([[0.24309102]], np.float32))
    np.testing.assert_array_equal(sampled_expected.numpy(),
                                  np.array([0.73814046, 0.280628, 0.40622804, 0.24309102], np.float32))


L1 = np.array([[1], [4], [7]], 'int64')
# (args, sampled, true expected counts, sampled expected counts), called in this order after set_seed(7)
CALLS = [
    ((6, True, 20), [16, 1, 4, 0, 3, 8], [0.6322882771492004, 0.3509673774242401, 0.24132786691188812],
     [0.12424470484256744, 0.6322882771492004, 0.3509673774242401, 0.83608478307724, 0.4130573868751526,
      0.21849757432937622]),
    ((6, True, 20), [1, 3, 0, 7, 6, 13], [0.7605050206184387, 0.46072620153427124, 0.326017290353775],
     [0.7605050206184387, 0.5328865647315979, 0.924485981464386, 0.326017290353775, 0.36141765117645264,
      0.20484662055969238]),
    ((6, False, 20), [16, 1, 4, 0, 16, 3], [0.7990713715553284, 0.3593106269836426, 0.23212119936943054],
     [0.11264507472515106, 0.7990713715553284, 0.3593106269836426, 1.3660215139389038, 0.11264507472515106,
      0.439760684967041]),
    ((6, True, 8), [6, 1, 2, 0, 4, 3], [0.8939628601074219, 0.614364743232727, 0.454499751329422],
     [0.498261421918869, 0.8939628601074219, 0.7863988280296326, 0.9845348596572876, 0.614364743232727,
      0.6921098232269287]),
    ((6, True, 20), [6, 0, 19, 9, 8, 4], [0.6322882771492004, 0.3509673774242401, 0.24132786691188812],
     [0.26944682002067566, 0.83608478307724, 0.10692746937274933, 0.19959838688373566, 0.21849757432937622,
      0.3509673774242401]),
]


def test_calls_with_the_same_attributes_read_on_along_one_stream():
    tf.random.set_seed(7)
    for (num_sampled, unique, range_max), sampled, true_expected, sampled_expected in CALLS:
        s, t, e = tf.random.log_uniform_candidate_sampler(L1, 1, num_sampled, unique, range_max, seed=5)
        assert s.numpy().tolist() == sampled
        np.testing.assert_array_equal(t.numpy().ravel(), np.array(true_expected, np.float32))
        np.testing.assert_array_equal(e.numpy(), np.array(sampled_expected, np.float32))


@pytest.mark.parametrize('name', ['skipgrams', 'make_sampling_table', 'pad_sequences'])
def test_keras_preprocessing_sequence_names(name):
    assert callable(getattr(keras.preprocessing.sequence, name))
