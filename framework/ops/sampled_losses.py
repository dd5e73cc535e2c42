"""tf.nn's sampled losses for large vocabularies: sampled_softmax_loss and nce_loss, with the
log-uniform (Zipfian) candidate sampler and compute_accidental_hits they use, as TensorFlow.

Each loss scores the true classes and ``num_sampled`` sampled classes only: logits are
``inputs @ weights[ids].T + biases[ids]`` minus log(expected count of each id in the sample),
the sampled classes that equal a true class are pushed to -FLT_MAX (``remove_accidental_hits``),
and the result is a softmax (sampled_softmax_loss) or per-logit sigmoid (nce_loss)
cross-entropy whose targets are the true classes, each weighted 1 / num_true.
"""
import collections

import numpy as np

from .. import backend, op_seeds
from ..errors import InvalidArgumentError, kernel_error
from ..tensor import Tensor
from .arithmetic import add, subtract
from .candidate_sampler import log_uniform_draw
from .candidate_sampling import true_classes_of
from .graph_input_errors import eager_input_error
from .indexing import gather
from .linalg import matmul
from .op_results import SAMPLERS
from .losses_nn import sigmoid_cross_entropy_with_logits, softmax_cross_entropy_with_logits
from .operands import as_float_tensor, as_tensor, named_errors
from .reductions import reduce_sum
from .sampler_attrs import attr_ints
from .shapes import cast, concat, expand_dims, reshape, stop_gradient
from .unary import log
from ..tf_python_names import tf_named


def _check_counts(op, **counts):
    for what, value in counts.items():
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
            raise ValueError('%s: %s must be a positive int, got %r' % (op, what, value))


@named_errors('log_uniform_candidate_sampler')
def log_uniform_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max, seed=None, name=None):
    """``num_sampled`` classes drawn from the log-uniform distribution over [0, range_max)
    (without repeats when ``unique``), and the expected count of each true and sampled class
    in such a sample: TensorFlow's kernel's draws and counts (``candidate_sampler.py``).

    Returns:
        (sampled_candidates int64 (num_sampled,), true_expected_count float32 (batch, num_true),
        sampled_expected_count float32 (num_sampled,)).
    Raises:
        ValueError: true_classes not (batch, num_true), or unique with num_sampled > range_max.
    """
    from ..random import draw_seed_pair
    op = 'log_uniform_candidate_sampler'
    num_true, num_sampled, range_max = attr_ints(op, 'LogUniformCandidateSampler', num_true=num_true,
                                                 num_sampled=num_sampled, range_max=range_max)
    true = true_classes_of(true_classes, num_true, op, 'LogUniformCandidateSampler')
    classes = backend.to_host(true._data)
    outside = classes[(classes < 0) | (classes >= range_max)]
    if outside.size:
        raise kernel_error('LogUniformCandidateSampler', '`true_candidate` out of range [0, %d), received %d'
                           % (range_max, outside[0]), named=True,
                           note='%s: true_classes must lie in [0, range_max=%d)' % (op, range_max))
    if not isinstance(unique, (bool, np.bool_)):
        raise TypeError('%s: unique must be True or False, got %r' % (op, unique))
    if unique and num_sampled > range_max:
        raise kernel_error('LogUniformCandidateSampler', "Sampler's range is too small.", named=True,
                           note='%s: cannot draw num_sampled=%d unique classes out of range_max=%d'
                           % (op, num_sampled, range_max))
    seeds = op_seeds.seed_pair(seed, lambda: tuple(int(v) for v in draw_seed_pair()))
    sampled, true_expected, sampled_expected = log_uniform_draw(
        backend.to_host(true._data), num_true, num_sampled, unique, range_max, seeds)
    xp = backend.array_module(true._data)
    return SAMPLERS['LogUniformCandidateSampler'](Tensor(xp.asarray(sampled)), Tensor(xp.asarray(true_expected)),
                                                  Tensor(xp.asarray(sampled_expected)))


# TF's op returns its generated namedtuple
ComputeAccidentalHits = collections.namedtuple('ComputeAccidentalHits', ['indices', 'ids', 'weights'])


@named_errors('compute_accidental_hits')
def compute_accidental_hits(true_classes, sampled_candidates, num_true, seed=None, name=None):
    """Where a sampled candidate equals a row's true class: ComputeAccidentalHits(indices: row indices int32,
    ids: candidate positions int64, weights: float32 of -FLT_MAX), one entry per (row, true class, candidate)
    match in that order."""
    op = 'compute_accidental_hits'
    for index, value in enumerate((true_classes, sampled_candidates)):
        if isinstance(value, Tensor) and value._data.dtype != np.int64:     # the eager kernel's input check
            raise eager_input_error('ComputeAccidentalHits', index, 'int64', value.dtype)
    true = backend.to_host(as_tensor(true_classes, op)._data)
    sampled = backend.to_host(as_tensor(sampled_candidates, op)._data)
    if true.ndim != 2 or true.shape[1] != num_true:
        raise kernel_error('ComputeAccidentalHits', 'true_candidates must be a batch_size * num_true matrix',
                           named=True, note='%s: true_classes must have shape (batch, num_true=%r), got %s'
                           % (op, num_true, tuple(true.shape)))
    if sampled.ndim != 1:       # (a reshape would hide a wrongly shaped sample)
        raise kernel_error('ComputeAccidentalHits', 'sampled_candidates must be a vector, which is typically an '
                           'output from CandidateSampler', named=True,
                           note='%s: sampled_candidates of shape %s' % (op, sampled.shape))
    if true.dtype.kind not in 'iu' or sampled.dtype.kind not in 'iu':
        raise TypeError('%s: true_classes and sampled_candidates must be integers, got %s and %s'
                        % (op, true.dtype.name, sampled.dtype.name))
    rows, _, columns = np.nonzero(true[:, :, None] == sampled[None, None, :])   # one hit per true class, as TF
    weights = np.full(rows.shape, -np.finfo(np.float32).max, np.float32)
    return ComputeAccidentalHits(Tensor(rows.astype(np.int32)), Tensor(columns.astype(np.int64)), Tensor(weights))


def _sampled_logits(weights, biases, labels, inputs, num_sampled, num_classes, num_true, sampled_values,
                    remove_accidental_hits, seed, op):
    if isinstance(weights, (list, tuple)):
        if len(weights) != 1:
            raise ValueError('%s: weights split into %d shards are not supported; concatenate them along axis 0'
                             % (op, len(weights)))
        weights = weights[0]
    _check_counts(op, num_sampled=num_sampled, num_classes=num_classes, num_true=num_true)
    x = as_float_tensor(inputs, op)
    # TensorFlow casts the looked-up weights and biases to the inputs' dtype (a string table fails in Cast)
    w, b = (t if t.dtype == x.dtype else cast(t, x.dtype) for t in (as_tensor(weights, op), as_tensor(biases, op)))
    labels = as_tensor(labels, op)
    if x.ndim != 2 or w.ndim != 2 or w.shape[1] != x.shape[1] or b.shape != (w.shape[0],):
        raise InvalidArgumentError('%s: inputs (batch, dim) %s, weights (num_classes, dim) %s and biases '
                                   '(num_classes,) %s '
                         'do not match' % (op, tuple(x.shape), tuple(w.shape), tuple(b.shape)))
    if labels._data.dtype.kind not in 'iu' or labels.ndim != 2 or tuple(labels.shape) != (x.shape[0], num_true):
        error = ValueError if labels._data.dtype.kind not in 'iu' else InvalidArgumentError     # (as true_classes)
        raise error('%s: labels must be integers of shape (batch, num_true) = %s, got %s of shape %s'
                    % (op, (x.shape[0], num_true), labels.dtype.name, tuple(labels.shape)))
    if labels.dtype != 'int64':     # TF's _compute_sampled_logits casts them before sampling
        labels = cast(labels, 'int64')
    if sampled_values is None:
        sampled_values = log_uniform_candidate_sampler(labels, num_true, num_sampled, True, num_classes, seed)
    sampled, true_expected, sampled_expected = (as_tensor(v, op) for v in sampled_values)
    if remove_accidental_hits and sampled.shape[0] != num_sampled:      # TF adds a (batch, num_sampled) mask
        raise kernel_error('AddV2', 'Incompatible shapes: [%d,%d] vs. [%d,%d]' % (
            x.shape[0], sampled.shape[0], x.shape[0], num_sampled), named=True,
            note='%s: sampled_values hold %d candidates where num_sampled=%d' % (op, sampled.shape[0], num_sampled))
    flat_labels = reshape(labels, (-1,))
    # One lookup of the true ids then the sampled ones, as TF's _compute_sampled_logits: the weights'
    # and biases' gradients are rows (IndexedSlices) in that order
    n = int(flat_labels.shape[0])
    all_ids = concat([cast(flat_labels, 'int64'), cast(sampled, 'int64')], 0)
    all_w, all_b = gather(w, all_ids), gather(b, all_ids)
    true_w = reshape(all_w[:n], (-1, num_true, x.shape[1]))
    true_logits = add(reduce_sum(expand_dims(x, 1) * true_w, -1), reshape(all_b[:n], (-1, num_true)))
    sampled_logits = add(matmul(x, all_w[n:], transpose_b=True), all_b[n:])
    # The counts are not cast, as in TensorFlow: int counts fail in Log, float32 ones beside float64
    # inputs (the sampler's, whatever the inputs) in Sub; pass sampled_values in the inputs' dtype
    true_logits = subtract(true_logits, log(true_expected))
    sampled_logits = subtract(sampled_logits, log(sampled_expected))
    if remove_accidental_hits:
        rows, columns, hit_weights = compute_accidental_hits(labels, sampled, num_true)
        mask = np.zeros(tuple(sampled_logits.shape), x._data.dtype)
        mask[backend.to_host(rows._data), backend.to_host(columns._data)] = backend.to_host(hit_weights._data)
        sampled_logits = add(sampled_logits, Tensor(backend.array_module(x._data).asarray(mask)))
    logits = concat([true_logits, sampled_logits], 1)
    targets = np.concatenate([np.full(tuple(true_logits.shape), 1.0 / num_true),
                              np.zeros(tuple(sampled_logits.shape))], 1).astype(x._data.dtype)
    return logits, stop_gradient(Tensor(backend.array_module(x._data).asarray(targets)))


@tf_named('sampled_softmax_loss_v2')
@named_errors('sampled_softmax_loss')
def sampled_softmax_loss(weights, biases, labels, inputs, num_sampled, num_classes, num_true=1, sampled_values=None,
                         remove_accidental_hits=True, seed=None, name='sampled_softmax_loss'):
    """Softmax cross-entropy over the true and ``num_sampled`` sampled classes, one loss per row
    (an estimate of the full softmax loss for training; evaluate with the full one)."""
    logits, targets = _sampled_logits(weights, biases, labels, inputs, num_sampled, num_classes, num_true,
                                      sampled_values, remove_accidental_hits, seed, 'sampled_softmax_loss')
    return softmax_cross_entropy_with_logits(labels=targets, logits=logits)


@tf_named('nce_loss_v2')
@named_errors('nce_loss')
def nce_loss(weights, biases, labels, inputs, num_sampled, num_classes, num_true=1, sampled_values=None,
             remove_accidental_hits=False, name='nce_loss'):
    """Noise-contrastive estimation: per-logit sigmoid cross-entropy over the true and sampled
    classes, summed per row (Gutmann and Hyvarinen, 2010)."""
    logits, targets = _sampled_logits(weights, biases, labels, inputs, num_sampled, num_classes, num_true,
                                      sampled_values, remove_accidental_hits, None, 'nce_loss')
    return reduce_sum(sigmoid_cross_entropy_with_logits(labels=targets, logits=logits), 1)
