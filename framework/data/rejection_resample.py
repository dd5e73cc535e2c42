"""Dataset.rejection_resample: TensorFlow's composition of datasets, stage for stage.

tf.data resamples to ``target_dist`` by mixing two streams with sample_from_datasets (seeded by
``seed``): the original elements, taken with probability ``m = min(target / initial)``, and a
filtered stream that keeps an element of class c with probability ``a_c = (target_c / initial_c
- m) / (max - m)``, drawn by a stateful ``random.uniform([], seed=seed)`` inside the filter. Each
element comes out as ``(class, element)``. Without ``initial_dist`` the class frequencies are
estimated as the data passes, in batches of 32, from counts started at 10 per class.

Its filter warns through tf.Print (stderr, the first 10 elements of an iteration) when half or
more of the examples would be rejected: ``Proportion of examples rejected by sampler is high:
[0.8][0.8 0.2][0 1]``. TF's parallel maps run ahead, so an iteration prints all ten; here the
acceptance stream is read ten ahead when an iteration starts, for the same lines. Building the
dataset prints nothing (TF traces the filter then; tapeflow's read of a first element for the
spec is silent).

The values follow TF's float32 arithmetic; the elements and classes of each draw were compared
with TF 2.21 (tests/test_tutorials5_parity_rejection_resample.py).
"""
import collections
import sys

import numpy as np

from .. import ops
from .. import random as tf_random
from ..tensor import constant
from . import cardinality as card
from .iteration_seeds import is_peeking

_WARNED_ELEMENTS = 10          # tf.Print's first_n
_ESTIMATION_BATCH = 32         # dist_estimation_batch_size
_SMOOTHING = 10                # initial count per class


def rejection_resample(dataset, class_func, target_dist, initial_dist=None, seed=None):
    """``dataset`` resampled to ``target_dist`` by its classes ``class_func(element)``."""
    from .dataset import Dataset
    target = np.asarray(target_dist, dtype=np.float32)
    if initial_dist is not None:
        initial = np.asarray(initial_dist, dtype=np.float32)
        accept, original = _acceptance_with_mixing(initial, target)
        initial_ds = Dataset.from_tensors(initial).repeat()
        accept_ds = Dataset.from_tensors(accept).repeat()
        original_ds = Dataset.from_tensors(original).repeat()
        static_original = float(np.min(target / initial))
    else:
        initial_ds = _estimated_initial_dist(target, dataset.map(class_func))
        pairs = initial_ds.map(lambda initial: _acceptance_with_mixing(initial, target))
        accept_ds = pairs.map(lambda accept, _: accept)
        original_ds = pairs.map(lambda _, original: original)
        static_original = None
    filtered = _filtered(dataset, accept_ds, initial_ds, class_func, seed).prefetch(3)

    def add_class_value(*element):
        return (class_func(*element), element[0]) if len(element) == 1 else (class_func(*element), element)
    if static_original == 1:
        return dataset.map(add_class_value)
    if static_original == 0:
        return filtered
    return Dataset.sample_from_datasets(
        [dataset.map(add_class_value), filtered],
        weights=original_ds.map(lambda prob: ops.stack([prob, 1.0 - prob])[None]),
        seed=seed, stop_on_empty_dataset=True)


def _acceptance_with_mixing(initial, target):
    """(a, m): TF's _calculate_acceptance_probs_with_mixing, in float32."""
    denom = ops.add(initial, np.finfo(np.float32).tiny)
    ratio = ops.divide(target, denom)
    high, low = ops.reduce_max(ratio), ops.reduce_min(ratio)
    return ops.divide(ops.subtract(ratio, low), ops.subtract(high, low)), low


def _estimated_initial_dist(target, classes_ds):
    """TF's _estimate_initial_dist_ds: class counts (from 10 each) updated per batch of 32 classes,
    their frequencies repeated for each element of the batch."""
    count = target.shape[0]

    def update(seen, classes):
        seen = ops.add(seen, ops.reduce_sum(ops.one_hot(classes, count, dtype='int64'), 0))
        frequencies = ops.cast(ops.divide(seen, ops.reduce_sum(seen)), 'float32')
        return seen, ops.tile(frequencies[None], [ops.shape(classes)[0], 1])
    start = constant(np.full(count, _SMOOTHING, dtype=np.int64))
    return classes_ds.batch(_ESTIMATION_BATCH).scan(start, update).unbatch()


def _filtered(dataset, accept_ds, initial_ds, class_func, seed):
    """TF's _filter_ds: (class, element) pairs kept with their class's acceptance probability."""
    from .dataset import Dataset
    _log_print_deprecation()
    warned = _warning_accept_stream(Dataset.zip((accept_ds, initial_ds)))

    def gather_and_copy(accept, element):
        value = class_func(*element) if isinstance(element, tuple) else class_func(element)
        return value, ops.gather(accept, value), element

    def keep(value, probability, element):
        return ops.less(tf_random.uniform([], seed=seed, dtype=probability.dtype), probability)
    chosen = Dataset.zip((warned, dataset)).map(gather_and_copy).filter(keep)
    return chosen.map(lambda value, probability, element: (value, element))


_PRINT_NOTICE = []


def _log_print_deprecation():
    """TF traces its warning's tf.Print (a deprecated v1 op) when it builds the filter, so the first
    rejection_resample of a program logs Print's deprecation notice (from its library file, as here)."""
    if _PRINT_NOTICE:
        return
    _PRINT_NOTICE.append(True)
    from ..tf_logging import logger
    logger().warning('From %s:%d: Print (from tensorflow.python.ops.logging_ops) is deprecated and will be removed '
                     'after 2018-08-20.\nInstructions for updating:\nUse tf.print instead of tf.Print. Note that '
                     'tf.print returns a no-output operator that directly prints the output. Outside of defuns or '
                     'eager mode, this operator will not be executed unless it is directly specified in session.run '
                     'or used as a control dependency for other operators. This is only a concern in graph mode. '
                     'Below is an example of how to ensure tf.print executes in graph mode:\n',
                     __file__, sys._getframe().f_lineno)


def _warning_accept_stream(pairs):
    """The acceptance probabilities, warning as TF's tf.Print does where half or more are rejected."""
    from .dataset import Dataset

    def accepts():
        upstream = pairs._make_iterator()
        ahead = collections.deque()
        for _, pair in zip(range(_WARNED_ELEMENTS), upstream):
            _warn_if_rejecting(*pair)
            ahead.append(pair[0])
        while ahead:
            yield ahead.popleft()
        for accept, _ in upstream:
            yield accept
    return Dataset(accepts, card.INFINITE_CARDINALITY if pairs._length == card.INFINITE_CARDINALITY
                   else card.UNKNOWN_CARDINALITY, lambda: pairs.element_spec[0])


def _warn_if_rejecting(accept, initial):
    if is_peeking():        # a read for the spec (sample_from_datasets / map at construction): TF only traces then
        return
    rejected = ops.reduce_sum(ops.multiply(ops.subtract(1.0, accept), initial))
    if float(rejected) >= 0.5:
        values = [np.atleast_1d(np.asarray(v)) for v in (rejected, initial, accept)]
        text = ''.join('[%s]' % ' '.join(_float_text(x) for x in v) for v in values)
        sys.stderr.write('Proportion of examples rejected by sampler is high: %s\n' % text)


def _float_text(x):
    """A float32 as TF's Print op writes it (strings::StrCat): 6 significant digits when they read
    back as the same float32, else 9 ('0.951562524', '0.0484375')."""
    x = np.float32(x)
    short = '%.6g' % x
    return short if np.float32(short) == x else '%.9g' % x
