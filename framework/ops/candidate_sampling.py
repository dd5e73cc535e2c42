"""``tf.random.uniform_candidate_sampler``, ``fixed_unigram_candidate_sampler``,
``learned_unigram_candidate_sampler`` and ``all_candidate_sampler`` (also in ``tf.nn``): the draws
of TensorFlow's kernels (``candidate_sampler.py``), next to ``log_uniform_candidate_sampler``.

Each returns (sampled_candidates int64 (num_sampled,), true_expected_count float32
(batch, num_true), sampled_expected_count float32 (num_sampled,)).
"""
import numpy as np

from .. import backend, op_seeds
from ..errors import InvalidArgumentError, kernel_error, noted
from ..tensor import Tensor
from .candidate_sampler import FixedUnigram, LearnedUnigram, Uniform, draw
from .graph_input_errors import eager_input_error
from .op_results import SAMPLERS
from .operands import as_tensor, named_errors
from .sampler_attrs import attr_ints


def true_classes_of(true_classes, num_true, op, kernel, named=True):
    """``true_classes`` as the sampler kernel ``kernel`` takes it, refused in TF 2.21's order and words: a
    tensor of a dtype other than int64 by the eager kernel's input check ('cannot compute ... as input
    #0(zero-based) was expected to be a int64 tensor'), a Python or numpy value of no integer kind in
    Python, then a shape other than (batch, num_true) by the kernel ('true_classes must be a matrix',
    'true_classes must have num_true columns, expected: <columns> was: <num_true>')."""
    true = as_tensor(true_classes, op)
    note = '%s: true_classes must be int64 of shape (batch, num_true=%r), got %s of shape %s' % (
        op, num_true, true.dtype.name, tuple(true.shape))
    if isinstance(true_classes, Tensor) and true._data.dtype != np.int64:
        raise noted(eager_input_error(kernel, 0, 'int64', true.dtype, named=named), note)
    if true._data.dtype.kind not in 'iu':
        raise ValueError(note)
    if true.ndim != 2:
        raise kernel_error(kernel, 'true_classes must be a matrix', named=named, note=note)
    if true.shape[1] != num_true:
        raise kernel_error(kernel, 'true_classes must have num_true columns, expected: %d was: %d'
                           % (true.shape[1], num_true), named=named, note=note)
    return true


def _run(op, kernel, sampler, true_classes, num_true, num_sampled, unique, seed):
    from ..random import draw_seed_pair
    # (TF's fixed-unigram wrapper adds no ' name: ' tail to its kernel's errors)
    true = true_classes_of(true_classes, num_true, op, kernel.split('(')[0], named=not isinstance(sampler, FixedUnigram))
    if not isinstance(unique, (bool, np.bool_)):
        raise TypeError('%s: unique must be True or False, got %r' % (op, unique))
    host = np.asarray(backend.to_host(true._data)).astype(np.int64)
    if host.size and (host.min() < 0 or host.max() >= sampler.range):
        bad = host[(host < 0) | (host >= sampler.range)][0]
        raise kernel_error(kernel.split('(')[0], '`true_candidate` out of range [0, %d), received %d'
                           % (sampler.range, bad), note='%s: true_classes must lie in [0, %d)' % (op, sampler.range))
    if unique and num_sampled > sampler.range:
        raise kernel_error(kernel.split('(')[0], "Sampler's range is too small.", named=True,
                           note='%s: cannot draw num_sampled=%d unique classes out of %d'
                           % (op, num_sampled, sampler.range))
    seeds = op_seeds.seed_pair(seed, lambda: tuple(int(v) for v in draw_seed_pair()))
    sampled, true_expected, sampled_expected = draw(kernel, sampler, host, num_sampled, unique, seeds)
    xp = backend.array_module(true._data)
    return SAMPLERS[kernel.split('(')[0]](Tensor(xp.asarray(sampled)), Tensor(xp.asarray(true_expected)),
                                          Tensor(xp.asarray(sampled_expected)))


@named_errors('uniform_candidate_sampler')
def uniform_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max, seed=None, name=None):
    """``num_sampled`` classes drawn uniformly from [0, range_max) (without repeats when ``unique``)."""
    num_true, num_sampled, range_max = attr_ints('uniform_candidate_sampler', 'UniformCandidateSampler',
                                                 num_true=num_true, num_sampled=num_sampled, range_max=range_max)
    kernel = 'UniformCandidateSampler(%d, %d, %s, %d)' % (num_true, num_sampled, bool(unique), range_max)
    return _run('uniform_candidate_sampler', kernel, Uniform(range_max), true_classes, num_true, num_sampled,
                unique, seed)


@named_errors('learned_unigram_candidate_sampler')
def learned_unigram_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max, seed=None, name=None):
    """Classes drawn in proportion to how often each was a true class in this kernel's earlier
    calls (every class starts at a count of 1)."""
    op = 'learned_unigram_candidate_sampler'
    num_true, num_sampled, range_max = attr_ints(op, 'LearnedUnigramCandidateSampler', num_true=num_true,
                                                 num_sampled=num_sampled, range_max=range_max)
    kernel = 'LearnedUnigramCandidateSampler(%d, %d, %s, %d)' % (num_true, num_sampled, bool(unique), range_max)
    return _run(op, kernel, LearnedUnigram(np.ones(range_max, np.int64)), true_classes, num_true, num_sampled,
                unique, seed)


@named_errors('fixed_unigram_candidate_sampler')
def fixed_unigram_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max, vocab_file='',
                                    distortion=1.0, num_reserved_ids=0, num_shards=1, shard=0, unigrams=(),
                                    seed=None, name=None):
    """Classes drawn from fixed weights, ``unigrams`` or the last column of the lines of ``vocab_file``,
    each raised to ``distortion``; the first ``num_reserved_ids`` ids get weight 0, and with
    ``num_shards`` only the ids of ``shard`` (id % num_shards == shard) are kept.

    Raises:
        InvalidArgumentError: neither or both of vocab_file and unigrams, or weights that do not
            number range_max.
    """
    op = 'fixed_unigram_candidate_sampler'
    num_true, num_sampled, range_max, num_shards = attr_ints(op, 'FixedUnigramCandidateSampler', num_true=num_true,
                                                             num_sampled=num_sampled, range_max=range_max,
                                                             num_shards=num_shards)
    if bool(vocab_file) == bool(len(unigrams)):
        raise kernel_error('FixedUnigramCandidateSampler', 'Must provide either vocab_file or unigrams.' if not vocab_file
                           else 'Must only provide one of vocab_file and unigrams.', named=True,
                           note='%s: give the class weights as unigrams or in vocab_file' % op)
    counts = list(unigrams) if not vocab_file else _vocab_counts(vocab_file, op)
    weights = [np.float32(0.0) for word in range(int(num_reserved_ids)) if word % num_shards == shard]
    for word, count in enumerate(counts, start=int(num_reserved_ids)):
        if word % num_shards == shard:
            weights.append(np.float32(float(np.float32(count)) ** float(np.float32(distortion))))
    if len(weights) != range_max:
        raise kernel_error('FixedUnigramCandidateSampler', 'range is %d must be equal to weights size  %d'
                           % (range_max, len(weights)), named=True,
                           note='%s: range_max=%d but %d weights' % (op, range_max, len(weights)))
    kernel = 'FixedUnigramCandidateSampler(%d, %d, %s, %d, %r, %r, %r, %r, %r, %r)' % (
        num_true, num_sampled, bool(unique), range_max, vocab_file, float(distortion), num_reserved_ids, num_shards,
        shard, tuple(float(u) for u in unigrams))
    return _run(op, kernel, FixedUnigram(weights), true_classes, num_true, num_sampled, unique, seed)


def _vocab_counts(vocab_file, op):
    counts = []
    with open(vocab_file) as lines:
        for line in lines:
            cols = line.rstrip('\n').split(',')
            try:
                counts.append(float(cols[-1]))
            except ValueError:
                raise InvalidArgumentError('%s: Wrong vocabulary format at line: %s' % (op, line.rstrip('\n'))) from None
    return counts


@named_errors('all_candidate_sampler')
def all_candidate_sampler(true_classes, num_true, num_sampled, unique, seed=None, name=None):
    """Every class in [0, num_sampled), in order, each expected once."""
    op = 'all_candidate_sampler'
    num_true, num_sampled = attr_ints(op, 'AllCandidateSampler', num_true=num_true, num_sampled=num_sampled)
    if not isinstance(unique, (bool, np.bool_)):
        raise TypeError('%s: unique must be True or False, got %r' % (op, unique))
    true = true_classes_of(true_classes, num_true, op, 'AllCandidateSampler')
    xp = backend.array_module(true._data)
    return SAMPLERS['AllCandidateSampler'](Tensor(xp.arange(num_sampled, dtype=np.int64)),
                                           Tensor(xp.ones(tuple(true.shape), np.float32)),
                                           Tensor(xp.ones((num_sampled,), np.float32)))
