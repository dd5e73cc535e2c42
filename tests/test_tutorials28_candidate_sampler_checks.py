"""The word2vec tutorial's candidate samplers check true_classes as TF 2.21's kernels do: an int32 / float
tensor fails the eager kernel's int64 input check (tapeflow drew from an int32 one, which also moved the
next seeded draws off TF's), a vector or a wrong column count fails the sampler kernel, in TF's words;
tf.nn.compute_accidental_hits returns TF's ComputeAccidentalHits namedtuple (progs/tutorials28/
sampler_errors.py under /opt/tfref)."""
import numpy as np
import pytest

import framework as tf

pytestmark = pytest.mark.usefixtures('xeon_cpu')     # TF 2.21's values on the AVX-512 Xeon

PREFIX = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


@pytest.mark.parametrize('name, kernel', [('log_uniform_candidate_sampler', 'LogUniformCandidateSampler'),
                                          ('uniform_candidate_sampler', 'UniformCandidateSampler'),
                                          ('learned_unigram_candidate_sampler', 'LearnedUnigramCandidateSampler')])
def test_sampler_refusals_have_tf_words(name, kernel):
    sampler = getattr(tf.random, name)
    cases = [(tf.constant([1, 2], tf.int64), PREFIX % kernel + 'true_classes must be a matrix [Op:%s] name: ' % kernel),
             (tf.constant([[1, 2, 3]], tf.int64), PREFIX % kernel + 'true_classes must have num_true columns, '
              'expected: 3 was: 2 [Op:%s] name: ' % kernel),
             (tf.constant([[1.0, 2.0]]), 'cannot compute %s as input #0(zero-based) was expected to be a int64 tensor '
              'but is a float tensor [Op:%s] name: ' % (kernel, kernel)),
             (tf.constant([[1, 2]], tf.int32), 'cannot compute %s as input #0(zero-based) was expected to be a int64 '
              'tensor but is a int32 tensor [Op:%s] name: ' % (kernel, kernel))]
    for true_classes, text in cases:
        with pytest.raises(tf.errors.InvalidArgumentError) as err:
            sampler(true_classes, num_true=2, num_sampled=2, unique=True, range_max=10, seed=1)
        assert str(err.value) == text


def test_python_and_numpy_values_are_taken_as_int64():
    for value in ([[1, 2]], np.array([[1, 2]], np.int32)):
        sampled, _, _ = tf.random.log_uniform_candidate_sampler(value, num_true=2, num_sampled=2, unique=True,
                                                                range_max=10, seed=1)
        assert sampled.dtype == tf.int64


def test_fixed_unigram_refusal_has_no_name_tail():
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        tf.random.fixed_unigram_candidate_sampler(tf.constant([1, 2], tf.int64), num_true=2, num_sampled=2,
                                                  unique=True, range_max=3, unigrams=[1, 2, 3], seed=1)
    assert str(err.value) == (PREFIX % 'FixedUnigramCandidateSampler' +
                              'true_classes must be a matrix [Op:FixedUnigramCandidateSampler]')


def test_compute_accidental_hits_is_a_namedtuple_and_checks_as_tf():
    hits = tf.nn.compute_accidental_hits(tf.constant([[1, 3]], tf.int64), tf.constant([1, 4], tf.int64), num_true=2)
    assert type(hits).__name__ == 'ComputeAccidentalHits' and hits._fields == ('indices', 'ids', 'weights')
    assert hits.indices.numpy().tolist() == [0] and hits.ids.numpy().tolist() == [0]
    assert hits.weights.numpy().tolist() == [-3.4028234663852886e+38]
    matrix = PREFIX % 'ComputeAccidentalHits' + ('true_candidates must be a batch_size * num_true matrix '
                                                 '[Op:ComputeAccidentalHits] name: ')
    for true_classes, text in [(tf.constant([1, 3], tf.int64), matrix), (tf.constant([[1, 3, 4]], tf.int64), matrix),
                               (tf.constant([[1, 3]], tf.int32), 'cannot compute ComputeAccidentalHits as input '
                                '#0(zero-based) was expected to be a int64 tensor but is a int32 tensor '
                                '[Op:ComputeAccidentalHits] name: ')]:
        with pytest.raises(tf.errors.InvalidArgumentError) as err:
            tf.nn.compute_accidental_hits(true_classes, tf.constant([1, 4], tf.int64), num_true=2)
        assert str(err.value) == text


def test_sampled_softmax_loss_takes_int32_labels():
    # TF's _compute_sampled_logits casts the labels to int64 before it samples (TF 2.21: ssl_int32.py)
    tf.random.set_seed(None)        # a fresh program's random state: an earlier test may have set a global seed
    w = tf.constant(np.arange(18, dtype=np.float32).reshape(6, 3) / 10)
    loss = tf.nn.sampled_softmax_loss(w, tf.zeros(6), tf.constant([[1], [2]], tf.int32), tf.ones((2, 3)),
                                      num_sampled=3, num_classes=6, seed=2)
    assert loss.numpy().tolist() == [3.645500421524048, 2.5741913318634033]
