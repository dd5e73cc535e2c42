"""Ops with several outputs return TF 2.21's generated namedtuples (type names and fields printed by TF
2.21: progs/tutorials30/nt_types.py, image_ops_fwd.py); tapeflow returned plain tuples."""
import pytest

import framework as tf

B = tf.constant([[0, 0, 1, 1], [0, 0.1, 1, 1.1], [0, 2, 1, 3]], tf.float32)
SAMPLED = ('sampled_candidates', 'true_expected_count', 'sampled_expected_count')
BOX = ('begin', 'size', 'bboxes')
FRACTIONAL = ('output', 'row_pooling_sequence', 'col_pooling_sequence')

CASES = [
    (lambda: tf.linalg.qr(tf.eye(2)), 'Qr', ('q', 'r')),
    (lambda: tf.linalg.qr(tf.ones([2, 3])), 'Qr', ('q', 'r')),
    (lambda: tf.linalg.qr(tf.eye(2, dtype=tf.float16)), 'Qr', ('q', 'r')),
    (lambda: tf.nn.max_pool_with_argmax(tf.ones([1, 2, 2, 1]), 2, 1, 'VALID'), 'MaxPoolWithArgmax', ('output', 'argmax')),
    (lambda: tf.nn.fractional_max_pool(tf.ones([1, 4, 4, 1]), [1., 1.5, 1.5, 1.], seed=1), 'FractionalMaxPool', FRACTIONAL),
    (lambda: tf.nn.fractional_avg_pool(tf.ones([1, 4, 4, 1]), [1., 1.5, 1.5, 1.], seed=1), 'FractionalAvgPool', FRACTIONAL),
    (lambda: tf.image.sample_distorted_bounding_box([10, 10, 3], tf.constant([[[0.1, 0.1, 0.9, 0.9]]]), seed=1),
     'SampleDistortedBoundingBoxV2', BOX),
    (lambda: tf.image.stateless_sample_distorted_bounding_box([10, 10, 3], tf.constant([[[0.1, 0.1, 0.9, 0.9]]]),
                                                              seed=[1, 2]), 'StatelessSampleDistortedBoundingBox', BOX),
    (lambda: tf.image.combined_non_max_suppression(tf.constant([[[[0, 0, 1, 1]], [[0, 0.1, 1, 1.1]]]], tf.float32),
                                                   tf.constant([[[0.9], [0.8]]]), 2, 2),
     'CombinedNonMaxSuppression', ('nmsed_boxes', 'nmsed_scores', 'nmsed_classes', 'valid_detections')),
    (lambda: tf.random.uniform_candidate_sampler([[1]], 1, 2, True, 5, seed=1), 'UniformCandidateSampler', SAMPLED),
    (lambda: tf.random.log_uniform_candidate_sampler([[1]], 1, 2, True, 5, seed=1), 'LogUniformCandidateSampler', SAMPLED),
    (lambda: tf.random.learned_unigram_candidate_sampler([[1]], 1, 2, True, 5, seed=1),
     'LearnedUnigramCandidateSampler', SAMPLED),
    (lambda: tf.random.fixed_unigram_candidate_sampler([[1]], 1, 2, True, 5, unigrams=[1., 1, 1, 1, 1], seed=1),
     'FixedUnigramCandidateSampler', SAMPLED),
    (lambda: tf.random.all_candidate_sampler([[1]], 1, 2, True, seed=1), 'AllCandidateSampler', SAMPLED),
]


@pytest.mark.parametrize('call, name, fields', CASES, ids=[c[1] + str(i) for i, c in enumerate(CASES)])
def test_namedtuple(call, name, fields):
    result = call()
    assert type(result).__name__ == name
    assert result._fields == fields
    assert isinstance(result, tuple)


def test_qr_fields_and_repr():
    q, r = tf.linalg.qr(tf.eye(2))
    result = tf.linalg.qr(tf.eye(2))
    assert result.q.shape == (2, 2) and result.r.shape == (2, 2)
    assert repr(result).startswith('Qr(q=<tf.Tensor: shape=(2, 2), dtype=float32, numpy=')
