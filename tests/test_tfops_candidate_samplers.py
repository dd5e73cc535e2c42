"""tf.random.uniform / learned_unigram / fixed_unigram / all_candidate_sampler: TF 2.21's draws and expected
counts after tf.random.set_seed(5) (/work/notes/progs/tfops/f1.py run with /opt/tfref): rejection-sampled
bounded integers, the learned kernel's counts carried across calls, the fixed sampler's alias table."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

TC = np.array([[1, 3], [7, 2]], np.int64)
U = [5.0, 1.0, 0.5, 3.0, 2.0, 0.25, 4.0, 1.5, 0.75, 2.5]


def _check(result, sampled, true_expected, sampled_expected):
    assert [t.dtype.name for t in result] == ['int64', 'float32', 'float32']
    assert result[0].numpy().tolist() == sampled
    # TF's counts as printed to 8 significant digits (bit-equal in /work/notes/progs/tfops/f1.py's diff)
    np.testing.assert_allclose(result[1].numpy().ravel(), np.float32(true_expected), rtol=1e-7)
    np.testing.assert_allclose(result[2].numpy(), np.float32(sampled_expected), rtol=1e-7)


@pytest.fixture
def seeded():
    tf.random.set_seed(5)
    yield
    tf.random.set_seed(None)


def test_uniform_sampler_matches_tf(seeded):
    _check(tf.random.uniform_candidate_sampler(TC, 2, 6, True, 10, seed=3), [6, 4, 0, 7, 2, 3],
           [0.5217031] * 4, [0.5217031] * 6)
    # the same kernel reads on along its stream
    _check(tf.random.uniform_candidate_sampler(TC, 2, 6, True, 10, seed=3), [6, 5, 9, 1, 4, 0],
           [0.5695328] * 4, [0.5695328] * 6)
    _check(tf.random.uniform_candidate_sampler(TC, 2, 8, False, 9, seed=4), [5, 5, 8, 7, 6, 4, 2, 4],
           [0.8888889] * 4, [0.8888889] * 8)
    _check(tf.nn.uniform_candidate_sampler(TC, 2, 5, False, 16, seed=4), [8, 9, 11, 12, 0], [0.3125] * 4, [0.3125] * 5)


def test_learned_unigram_sampler_learns_across_calls_as_tf(seeded):
    _check(tf.random.learned_unigram_candidate_sampler(TC, 2, 5, True, 9, seed=1), [3, 7, 5, 4, 1],
           [0.5555556] * 4, [0.5555556] * 5)
    _check(tf.random.learned_unigram_candidate_sampler(TC, 2, 5, True, 9, seed=1), [5, 3, 8, 2, 1],
           [0.7776465] * 4, [0.5134348, 0.7776465, 0.5134348, 0.7776465, 0.7776465])
    _check(tf.random.learned_unigram_candidate_sampler(TC, 2, 5, False, 9, seed=1), [3, 7, 5, 4, 1],
           [0.5555556] * 4, [0.5555556] * 5)      # another kernel (unique=False): fresh counts


def test_fixed_unigram_sampler_matches_tf(seeded):
    _check(tf.random.fixed_unigram_candidate_sampler(TC, 2, 6, True, 10, unigrams=U, seed=2), [9, 3, 7, 6, 0, 4],
           [0.451257, 0.85023504, 0.598212, 0.25644413],
           [0.7899979, 0.85023504, 0.598212, 0.92608017, 0.9650913, 0.7082476])
    _check(tf.random.fixed_unigram_candidate_sampler(TC, 2, 12, False, 10, unigrams=U, distortion=0.75, seed=2),
           [9, 4, 7, 6, 6, 6, 7, 1, 3, 3, 3, 4], [0.73932177, 1.6852894, 1.0020789, 0.43960333],
           [1.4699024, 1.243386, 1.0020789, 2.0911179, 2.0911179, 2.0911179, 1.0020789, 0.73932177, 1.6852894,
            1.6852894, 1.6852894, 1.243386])
    _check(tf.random.fixed_unigram_candidate_sampler(TC, 2, 4, False, 12, unigrams=U, num_reserved_ids=2, seed=7),
           [8, 8, 2, 6], [0., 0.19512194, 0.04878049, 0.9756098], [0.7804878, 0.7804878, 0.9756098, 0.3902439])
    _check(tf.random.fixed_unigram_candidate_sampler([[1], [3]], 1, 4, False, 5, unigrams=U, num_shards=2, shard=1,
                                                     seed=7),
           [0, 4, 1, 3], [1.4545455, 0.72727275], [0.4848485, 1.2121212, 1.4545455, 0.72727275])


def test_fixed_unigram_sampler_reads_a_vocab_file(seeded, tmp_path):
    vocab = tmp_path / 'vocab.csv'
    vocab.write_text(''.join('word%d,%s\n' % (i, u) for i, u in enumerate(U)))
    _check(tf.random.fixed_unigram_candidate_sampler(TC, 2, 6, True, 10, vocab_file=str(vocab), seed=2),
           [9, 3, 7, 6, 0, 4], [0.451257, 0.85023504, 0.598212, 0.25644413],
           [0.7899979, 0.85023504, 0.598212, 0.92608017, 0.9650913, 0.7082476])


def test_all_candidate_sampler_matches_tf():
    _check(tf.random.all_candidate_sampler(TC, 2, 9, True), list(range(9)), [1.] * 4, [1.] * 9)


@pytest.mark.parametrize('call, text', [
    (lambda: tf.random.uniform_candidate_sampler(TC, 2, 12, True, 10), "Sampler's range is too small."),
    (lambda: tf.random.uniform_candidate_sampler([[11, 1], [1, 1]], 2, 3, True, 10),
     r'`true_candidate` out of range \[0, 10\), received 11'),
    (lambda: tf.random.fixed_unigram_candidate_sampler(TC, 2, 3, True, 9, unigrams=U),
     'range is 9 must be equal to weights size  10'),
    (lambda: tf.random.fixed_unigram_candidate_sampler(TC, 2, 3, True, 10), 'Must provide either vocab_file or unigrams'),
])
def test_bad_input_raises_tf_kernel_errors(call, text):
    with pytest.raises(InvalidArgumentError, match=text):
        call()


# The framework.ops names this file checks (no gradients: integer draws), for test_op_gradients.
COVERED_HERE = {'uniform_candidate_sampler', 'learned_unigram_candidate_sampler', 'fixed_unigram_candidate_sampler',
                'all_candidate_sampler'}
SWEEP_CALLS = {
    'uniform_candidate_sampler': ((TC, 2, 3, True, 10), {}),
    'learned_unigram_candidate_sampler': ((TC, 2, 3, True, 10), {}),
    'fixed_unigram_candidate_sampler': ((TC, 2, 3, True, 10), {'unigrams': U}),
    'all_candidate_sampler': ((TC, 2, 3, True), {}),
}
