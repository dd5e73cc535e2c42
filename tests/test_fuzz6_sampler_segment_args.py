"""Integer attributes of the candidate samplers and num_segments of the segment ops, read as TensorFlow 2.21
reads them (/work/notes/progs/fuzz6 out_tf.txt): make_int truncates 2.5 (tapeflow refused it), a string / None /
list is its TypeError, a count below the attr's minimum the kernel's InvalidArgumentError (tapeflow: ValueError);
num_segments given as a string or a list is an InvalidArgumentError (tapeflow: TypeError)."""
import numpy as np
import pytest

import framework as tf

IAE = tf.errors.InvalidArgumentError
TRUE = np.array([[0, 1], [2, 3], [4, 5]], np.int64)
SAMPLERS = {
    'uniform_candidate_sampler': lambda **kw: tf.random.uniform_candidate_sampler(TRUE, unique=True, seed=1, **kw),
    'learned_unigram_candidate_sampler': lambda **kw: tf.random.learned_unigram_candidate_sampler(
        TRUE, unique=True, seed=1, **kw),
    'fixed_unigram_candidate_sampler': lambda **kw: tf.random.fixed_unigram_candidate_sampler(
        TRUE, unique=True, unigrams=[1.0] * 10, seed=1, **kw),
}
GOOD = dict(num_true=2, num_sampled=3, range_max=10)


@pytest.mark.parametrize('name', sorted(SAMPLERS))
@pytest.mark.parametrize('attr', ['num_true', 'num_sampled', 'range_max'])
def test_sampler_attributes(name, attr):
    call = SAMPLERS[name]
    out = call(**dict(GOOD, **{attr: GOOD[attr] + 0.5}))            # int(2.5) == 2, as TF's make_int
    assert out[0].shape == (3,)
    for bad in ('2', None, [2, 2]):
        with pytest.raises(TypeError, match="Expected int for argument '%s' not " % attr):
            call(**dict(GOOD, **{attr: bad}))
    for bad in (0, -1):
        with pytest.raises(IAE, match="Value for attr '%s' of %d must be at least minimum 1" % (attr, bad)):
            call(**dict(GOOD, **{attr: bad}))


def test_log_uniform_sampler_attributes_and_range():
    true = TRUE[:, :1]
    out = tf.random.log_uniform_candidate_sampler(true, 1.5, 3, True, 10, seed=1)
    assert out[1].shape == (3, 1)
    with pytest.raises(IAE, match="Value for attr 'num_sampled' of 0 must be at least minimum 1"):
        tf.random.log_uniform_candidate_sampler(true, 1, 0, True, 10)
    with pytest.raises(IAE, match="Sampler's range is too small."):
        tf.random.log_uniform_candidate_sampler(true, 1, 100, True, 10)


@pytest.mark.parametrize('fn', [tf.math.unsorted_segment_sum, tf.math.unsorted_segment_max,
                                tf.math.unsorted_segment_mean, tf.math.unsorted_segment_sqrt_n])
def test_num_segments_forms(fn):
    data, ids = np.ones((3, 2), np.float32), np.array([0, 1, 0])
    with pytest.raises(IAE, match="Value for attr 'Tnumsegments' of string is not in the list of allowed values"):
        fn(data, ids, '2')
    with pytest.raises(IAE, match=r'num_segments should be a scalar, not shape \[2\]'):
        fn(data, ids, [2, 2])
    with pytest.raises(ValueError, match=r'Attempt to convert a value \(None\)'):
        fn(data, ids, None)
    assert fn(data, ids, 2).shape == (2, 2)


def test_a_float_count_by_the_ops_that_refuse_it_by_their_attr():
    with pytest.raises(IAE, match="Value for attr 'Tnumsegments' of float"):
        tf.math.unsorted_segment_mean(np.ones((3, 2), np.float32), np.array([0, 1, 0]), 2.5)
    with pytest.raises(TypeError):
        tf.math.unsorted_segment_sum(np.ones((3, 2), np.float32), np.array([0, 1, 0]), 2.5)
