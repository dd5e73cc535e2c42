"""Sources that mix datasets: sample_from_datasets and choose_from_datasets; and the seeds
that random stages (shuffle, random, sampling) share."""

import numpy as np

from .. import op_seeds, philox
from ..errors import noted
from .. import random as tf_random
from .iteration_seeds import IterationSeeds


def check_datasets(datasets, what):
    datasets = list(datasets)
    if not datasets:
        raise noted(ValueError('Invalid `datasets`. `datasets` should not be empty.'),
                    '%s: expected a non-empty list of datasets' % what)
    if not all(hasattr(d, '_make_iterator') for d in datasets):
        raise TypeError('%s: expected a non-empty list of datasets, got %r' % (what, datasets))
    return datasets


def common_spec(datasets):
    """The element spec covering every dataset's (TF's most specific common supertype: (2,) and (3,)
    give (None,)), checked as TF 2.21's _DirectedInterleaveDataset checks it when the stage is made.

    Raises:
        TypeError: two datasets differ in structure or dtypes (TF's words).
    """
    from .combine import concatenated_spec
    first = datasets[0].element_spec
    spec = first
    for i, dataset in enumerate(datasets[1:]):
        other = dataset.element_spec
        try:
            spec = concatenated_spec(spec, other)
        except (TypeError, ValueError):
            raise TypeError('Invalid `datasets`. `datasets` must have compatible element specs.\n Dataset 0 '
                            'element_spec=%r.\nDataset %d element_spec=%r.' % (first, i + 1, other)) from None
    return spec


def check_choices(choice_dataset):
    """TF 2.21's checks of choose_from_datasets' ``choice_dataset``: a dataset of int64 scalars."""
    if not hasattr(choice_dataset, '_make_iterator'):
        raise TypeError('Invalid `choice_dataset`. `choice_dataset` should be a `tf.data.Dataset` but is %s.'
                        % type(choice_dataset))
    spec = choice_dataset.element_spec
    shape = getattr(spec, 'shape', None)
    if type(spec).__name__ != 'TensorSpec' or spec.dtype != 'int64' or shape is None or shape.rank != 0:
        raise TypeError('Invalid `choice_dataset`. Elements of `choice_dataset` must be scalar `tf.int64` tensors '
                        'but are %r.' % (spec,))


def check_weights(weights, count):
    """TF's static weights: (the indices of the datasets kept, their logits). A Python list is
    float32, a float64 array stays float64; integers, bools and float16 are refused as TF refuses them.
    Datasets of weight <= 0 are dropped before sampling, as TF's _skip_datasets_with_zero_weight
    drops them (none left: nothing is sampled); the logits are log(weights), unnormalized."""
    if weights is None:
        return list(range(count)), np.ones(count)     # TF's uniform logits [[1.0] * n]
    # TF 2.21 checks the length (a tensor's shape) before it converts the weights, then compares each
    # with 0 (_skip_datasets_with_zero_weight: 'ab' fails there), then checks the converted dtype
    tensor_shape = getattr(weights, 'shape', None) if hasattr(weights, 'numpy') else None
    if tensor_shape is not None:
        if len(tensor_shape) != 1 or tensor_shape[0] not in (None, count):
            raise ValueError('Invalid `weights`. The shape of `weights` should be compatible with '
                             '`[len(datasets)]` but is %s.' % (tuple(tensor_shape),))
    elif len(weights) != count:
        raise ValueError('Invalid `weights`. `weights` should have the same length as `datasets` but got '
                         '`len(weights)=%d` vs. `len(datasets)=%d`.' % (len(weights), count))
    else:
        [w > 0 for w in weights]        # noqa: B015 (TF's comparison, for its TypeError on strings)
    array = np.asarray(weights)
    if array.dtype not in (np.float32, np.float64):
        if tensor_shape is not None or array.dtype.kind not in 'iu':
            name = str(array.dtype)
        else:       # TF converts a list (a numpy array is made one) of integers to int32
            name = 'int32'
        raise TypeError('Invalid `weights`. `weights` type must be either `tf.float32` or `tf.float64` but is '
                        "<dtype: '%s'>." % name)
    array = array.astype(np.float64 if isinstance(weights, np.ndarray) and array.dtype == np.float64
                         else np.float32)
    kept = [i for i, w in enumerate(array) if w > 0]
    with np.errstate(divide='ignore'):
        return kept, np.log(array[kept]).astype(np.float64)


def only_sampled_dataset(datasets, weights, kept):
    """The dataset TF 2.21's sample_from_datasets returns as it is, else None: with constant weights
    (None, a tensor, a list) and one dataset left after a list's weights <= 0 are dropped, TF skips the
    sampling stage (no random seed drawn, no spec check against the dropped ones: that dataset's own
    cardinality and spec); none left is ``datasets[0].take(0)``."""
    if weights is not None and not hasattr(weights, 'numpy'):      # a list or array: TF drops weights <= 0
        if not kept:
            return datasets[0].take(0)
        datasets = [datasets[i] for i in kept]
    return datasets[0] if len(datasets) == 1 else None


def seeded_words(seed, rerandomize):
    """``() -> iterator of uint32 words`` for one iteration of a random stage, as tf.data's
    RandomDataset: Philox under the op's seed pair, or, with ``rerandomize``, under the next two
    words of a stream seeded by that pair (a new pair for each iteration)."""
    seeds = op_seeds.seed_pair(seed, lambda: (0, 0))
    if seeds == (0, 0):          # nothing seeded: TensorFlow picks random seeds
        seeds = tuple(int(v) for v in tf_random.draw_seed_pair())
    next_pair = IterationSeeds.from_op_seeds(seeds).next_pair

    def words():
        if rerandomize:
            pair = next_pair()
        else:
            pair = seeds
        return philox.word_stream(*philox.key_counter_from_op_seeds(*pair))
    return words


def _draw(stream, logits):
    """One selector: the stream's next two words seed a one-sample stateless multinomial over ``logits`` (1, n)."""
    pair = next(stream), next(stream)
    key, counter = philox.key_counter_from_seed(*pair)
    return int(philox.categorical_samples(key, counter, logits, 1)[0, 0])


def sampled(datasets, logits, words, stop_on_empty):
    """tf.data's sample_from_datasets: a selector per element from Dataset.random's words taken two
    at a time as the seed of a one-sample stateless multinomial over ``logits``; an exhausted
    input is passed over (or ends the stream, with ``stop_on_empty``) until all are exhausted."""
    logits = np.asarray(logits, dtype=np.float64)[None]

    def elements():
        if not datasets:
            return
        stream = words()
        iterators = [d._make_iterator() for d in datasets]
        live = len(iterators)
        exhausted = [False] * len(iterators)
        while live:
            k = _draw(stream, logits)
            if exhausted[k]:
                continue
            element = next(iterators[k], _END)
            if element is not _END:
                yield element
            elif stop_on_empty:
                return
            else:
                exhausted[k] = True
                live -= 1
    return elements


def sampled_by_dataset(datasets, weights, words, stop_on_empty):
    """sample_from_datasets with a Dataset of weights: each selector draws from the log of the
    next weights element (float32, unnormalized, as TF's varying-logits path)."""
    from ..math import log

    def elements():
        stream = words()
        iterators = [d._make_iterator() for d in datasets]
        exhausted = [False] * len(iterators)
        for weight in weights._make_iterator():
            logits = np.asarray(log(np.asarray(weight, dtype=np.float32)).numpy(), dtype=np.float64)
            k = _draw(stream, logits.reshape(1, -1))
            if exhausted[k]:
                continue
            element = next(iterators[k], _END)
            if element is not _END:
                yield element
            elif stop_on_empty:
                return
            else:
                exhausted[k] = True
                if all(exhausted):
                    return
    return elements


def chosen(datasets, choice_dataset, stop_on_empty):
    def elements():
        iterators = [d._make_iterator() for d in datasets]
        for choice in choice_dataset._make_iterator():
            k = np.asarray(choice)
            if k.shape == () and k.dtype == np.int64 and not 0 <= int(k) < len(iterators):   # -1 too: TF's words
                raise _selector_out_of_range(int(k), datasets)
            if k.shape != () or k.dtype != np.int64 or not 0 <= int(k) < len(iterators):
                raise ValueError('Dataset.choose_from_datasets: choices must be int64 scalars in [0, %d), got %r '
                                 '(dtype %s)' % (len(iterators), choice, k.dtype))
            element = next(iterators[int(k)], _END)
            if element is not _END:
                yield element
            elif stop_on_empty:
                return
    return elements


def _selector_out_of_range(index, datasets):
    """TF 2.21's DirectedInterleave words, raised by the iterator (named by an element's tensor count)."""
    from .. import nest
    from ..errors import kernel_error
    count = len(nest.flatten(datasets[0].element_spec))
    return kernel_error('IteratorGetNext', 'Selector index out of range: %d >= %d' % (index, len(datasets)),
                        named=True, node='IteratorGetNext_output_types_%d' % count,
                        note='Dataset.choose_from_datasets: choice %d names no dataset (there are %d)'
                        % (index, len(datasets)))


_END = object()
