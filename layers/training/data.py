"""Array data for fit/evaluate/predict: checked, placed once, cut into batches.

The arrays are converted (floats to floatx, float32 by default, as Keras does) and placed on the
current device once per call; an epoch then costs one permutation (when
shuffling) and a slice per batch, wrapped as Tensors without copying.
"""
import collections
import itertools
import math

import numpy as np

from framework import nest, random
from framework.errors import noted, shown_as
from framework.backend import array_module
from framework.tensor import Tensor

from .ran_out import warn_ran_out
from .sample_weight_structure import check_one_weight_per_output, copy_onto_each_target
from .sparse_rows import SparseRows
from .array_conversion import ScalarSamplesError, UnrecognizedDataError, has_none_entry, is_structure, to_arrays
from .batch_structure import pack_x_y_sample_weight
from .class_weights import class_weight_to_sample_weights


def _lists_to_tuples(value):
    """``value`` with every list, at any depth, a tuple (dicts keep their keys)."""
    if isinstance(value, (list, tuple)) and not hasattr(value, '_fields'):
        return tuple(_lists_to_tuples(v) for v in value)
    if isinstance(value, dict):
        items = {key: _lists_to_tuples(v) for key, v in value.items()}
        # an OrderedDict stays one: a functional model reads it by position (test_kerasio11_ordered_dict_inputs)
        return collections.OrderedDict(items) if isinstance(value, collections.OrderedDict) else items
    return value


def _inner_lists_to_tuples(y):
    """``y`` with the lists inside its list of targets tuples, as Keras's array adapter hands them to the step
    (its loss then names the tuple: fit(X, [[y_a], y_b]) is 'Expected an instance of tuple, ...' in TF 2.21);
    the outer list stays, as compile_loss reads it. A dict of targets keeps its keys, its lists become tuples
    ({'a': [y_a], 'b': y_b} for a list of outputs: 'Expected an instance of tuple, ...' too)."""
    if isinstance(y, dict) and any(isinstance(target, (list, tuple)) for target in y.values()):
        return _lists_to_tuples(y)
    if type(y) not in (list, tuple) or not any(isinstance(target, (list, tuple, dict)) for target in y):
        return y
    return type(y)(_lists_to_tuples(target) if isinstance(target, (list, tuple, dict)) else target for target in y)


class BatchSizeTypeError(TypeError, ValueError):
    """A batch_size that is no integer (4.0, 2.5): TF's TypeError, also the ValueError tapeflow raised
    before; it prints as TF's class (``type(e).__name__``), as ConversionError does."""


shown_as(BatchSizeTypeError, TypeError)


def _check_one_weight_per_sample(y, sample_weight):
    """Keras 3's ValueError for one sample_weight array that is not a weight per sample, given for a
    model with several outputs (Keras copies it onto each output; tapeflow used to fail in the loss)."""
    if sample_weight is None or y is None or not is_structure(y) or is_structure(sample_weight) \
            or has_none_entry(sample_weight):
        return
    shape = np.shape(sample_weight)
    if not (len(shape) == 1 or (len(shape) == 2 and shape[1] == 1)):
        raise ValueError('For a model with multiple outputs, when providing a single `sample_weight` array, it should '
                         'only have one scalar score per sample (i.e. shape `(num_samples,)`). If you want to use '
                         'non-scalar sample weights, pass a `sample_weight` argument with one array per model output.')


def check_lengths(x, y, sample_weight):
    """Raise Keras 3's ValueError naming every array's length when x, y and sample_weight disagree
    (among themselves too: two inputs of 50 and 60 samples). One sample_weight array for several
    outputs counts once per output, as Keras copies it onto each before it checks."""
    parts = [('x', x), ('y', y), ('sample_weight', sample_weight)]
    sizes = [(label, [int(a.shape[0]) for a in nest.flatten(part) if a is not None])
             for label, part in parts if part is not None]
    if sample_weight is not None and y is not None and not is_structure(sample_weight) \
            and not has_none_entry(sample_weight):
        sizes[-1] = ('sample_weight', sizes[-1][1] * max(1, len(nest.flatten(y))))
    if len({n for _, lengths in sizes for n in lengths}) > 1:       # Keras 3's words, each part's sizes on a line
        error = ValueError('Data cardinality is ambiguous. Make sure all arrays contain the same number of samples.'
                           + ''.join("'%s' sizes: %s\n" % (label, ', '.join(map(str, lengths)))
                                     for label, lengths in sizes))
        error.add_note('Data cardinality is ambiguous: %s' % ', '.join(
            '%s has %s samples' % (label, '/'.join(map(str, lengths))) for label, lengths in sizes))
        raise error
    return sizes[0][1][0]


def train_validation_split(arrays, validation_split):
    """(train, validation): the validation part is the LAST fraction, taken before any shuffling.

    Keras 3's arithmetic, checks included: a split that leaves either part empty is refused (0 or 1,
    a negative one), one above 1 cuts at a negative index as Python slicing does (1.5 of 8 samples
    trains on the first 4 and validates on the last 4), as on TensorFlow 2.21."""
    # Keras 3 counts the samples of the first array and cuts every array there: arrays of other lengths
    # fail later, in Keras's cardinality check of the training or the validation part (TF 2.21 trains the
    # first epoch on [x1 of 6, x2 of 5] with validation_split=0.5, then refuses the validation part)
    n = next(int(a.shape[0]) for a in nest.flatten([a for a in arrays if a is not None]) if a is not None)
    split_at = int(math.floor(n * (1.0 - validation_split)))
    if split_at == 0 or split_at == n:
        raise ValueError('Training data contains %d samples, which is not sufficient to split it into a '
                         'validation and training set as specified by `validation_split=%s`. Either provide '
                         'more data, or a different value for the `validation_split` argument.'
                         % (n, validation_split))
    cut = lambda start, end: [None if a is None else nest.map_structure(
        lambda v: None if v is None else v[start:end], a) for a in arrays]     # (a sample_weight entry may be None)
    return cut(0, split_at), cut(split_at, n)


def _batch_size_type_error(num_samples, batch_size):
    """Keras's array adapter counts batches with ``math.ceil(num_samples / batch_size)`` (Python's own
    TypeError for a string, list or complex batch_size), then TF 2.21 slices the first
    ``(num_samples // batch_size) * batch_size`` indices, a float size its Slice op refuses."""
    math.ceil(num_samples / batch_size)
    size = (num_samples // batch_size) * batch_size
    # a TypeError and a ValueError, as tapeflow raised a ValueError before
    return BatchSizeTypeError("Expected int32 passed to parameter 'size' of op 'Slice', got [%r] of type 'list' "
                              "instead. Error: Expected int32, but got %s of type '%s'."
                              % (size, size, type(size).__name__))


def _negative_batch_size_error(num_samples, batch_size):
    """TF 2.21 reshapes the sample indices to (num_samples // batch_size, batch_size); the first size
    below -1 is its ValueError ('Invalid value in tensor used for shape: -100' for 100 samples and
    batch_size=-1, -34 for batch_size=-3, -200 for batch_size=-200). Where both are -1 (one sample,
    batch_size=-1) TF's graph fails in its own words; tapeflow's sentence stays there."""
    too_small = [size for size in (num_samples // batch_size, batch_size) if size < -1]
    if too_small:
        return ValueError('Invalid value in tensor used for shape: %d' % too_small[0])
    return ValueError('batch_size must be a positive integer, got %r' % (batch_size,))


def _one_array(data):
    """Whether ``data`` is one plain array (not a structure, not SparseRows): a batch is then its slice."""
    return type(data) is not SparseRows and not isinstance(data, (list, tuple, dict)) and len(nest.flatten(data)) == 1


class ArrayData:
    """Batches of (x, y, sample_weight) arrays for one call of fit/evaluate/predict.

    Args:
        x, y, sample_weight: arrays (or structures of arrays for several inputs).
        batch_size: samples per batch (default: the samples over ``steps_per_epoch``, rounded
            up, or 32 without it); the last batch may be smaller.
        shuffle: True to permute the samples every epoch (from ``framework.random``),
            'batch' to permute within each batch, False to keep the order.
        class_weight: dict label -> weight, turned into sample weights.
        steps_per_epoch: batches per epoch; the batch stream then goes on from
            epoch to epoch and starts over (warning) when the data run out.
        restart_each_epoch: start every epoch from the first batch even with ``steps_per_epoch``
            (evaluation and validation passes: Keras 3 resets its eval iterator for each).
        copy_arrays: False to batch row-major numpy arrays where they are (``to_arrays``).
    Raises:
        ValueError: lengths that disagree, both class_weight and sample_weight.
    """

    def __init__(self, x, y=None, sample_weight=None, batch_size=None, shuffle=False, class_weight=None,
                 steps_per_epoch=None, restart_each_epoch=False, copy_arrays=True):
        if batch_size is not None and not batch_size:
            batch_size = None       # Keras 3's ``if not batch_size``: 0 takes the default, as None
        if isinstance(batch_size, Tensor) and not batch_size.shape and float(batch_size) == int(batch_size):
            batch_size = int(batch_size)        # TF 2.21 slices with a scalar tensor (4 or 4.0) as the size
        if shuffle != 'batch':
            shuffle = bool(shuffle)     # Keras 3 reads any other value by its truth ('yes' shuffles)
        if class_weight is not None:
            if sample_weight is not None:
                raise ValueError('You cannot `class_weight` and `sample_weight` at the same time.')
            if y is None:
                raise ValueError('class_weight needs a single array of labels y')
            if is_structure(y) or has_none_entry(y):     # Keras 3's words (array_data_adapter); what it got rides as a note
                error = ValueError('`class_weight` is only supported for Models with a single output.')
                error.add_note('y holds %d arrays; pass one sample_weight array per output instead'
                               % len(nest.flatten(y)))
                raise error
            sample_weight = class_weight_to_sample_weights(y, class_weight)
        if sample_weight is not None and y is not None and is_structure(y):
            check_one_weight_per_output(y, sample_weight)
        if x is None:
            raise ValueError('Unrecognized data type: x=None (of type NoneType); pass the input samples as a '
                             'numpy array, a tensor, a list or dict of them, a tf.data.Dataset or a PyDataset')
        # Keras's array adapter hands the step tuples for lists (tree.lists_to_tuples before tf.data):
        # a model given [x] gets (x,), as its structure warning shows ('Received: inputs=(...,)')
        self.x = None
        try:
            self.x = _lists_to_tuples(to_arrays(x, 'x', copy_arrays))
            self.y = _inner_lists_to_tuples(to_arrays(y, 'y', copy_arrays))
            self.sample_weight = to_arrays(sample_weight, 'sample_weight', copy_arrays)
        except ScalarSamplesError as err:
            # Keras 3's array adapter takes none of (x, y, sample_weight) then, and names x whichever it was
            raise noted(ValueError('Unrecognized data type: x=%s (of type %s)' % (x, type(x))), str(err)) from None
        except UnrecognizedDataError as err:
            if self.x is None:      # (x itself: its own words already)
                raise
            # y or sample_weight unreadable (y={1.0}): Keras 3 names x too (TF 2.21 'Unrecognized data type:
            # x=[[1. 1. 1.] ...] (of type <class 'numpy.ndarray'>)'); tapeflow's words on the culprit stay as notes
            error = UnrecognizedDataError('Unrecognized data type: x=%s (of type %s)' % (x, type(x)))
            error.add_note(str(err))
            for note in getattr(err, '__notes__', ()):
                error.add_note(note)
            raise error from None
        _check_one_weight_per_sample(self.y, self.sample_weight)
        self.num_samples = check_lengths(self.x, self.y, self.sample_weight)
        if is_structure(self.y):       # (after the checks, which name the one array Keras was given)
            self.sample_weight = copy_onto_each_target(self.y, self.sample_weight)
        if batch_size is not None and not isinstance(batch_size, (int, np.integer)):
            raise _batch_size_type_error(self.num_samples, batch_size)
        if batch_size is not None and batch_size < 1:
            raise _negative_batch_size_error(self.num_samples, batch_size)
        if batch_size is None:
            # Keras 3: given steps and no batch size, the steps split the samples evenly (else 32).
            batch_size = math.ceil(self.num_samples / steps_per_epoch) if steps_per_epoch else 32
            if batch_size < 1:      # a negative steps_per_epoch: Keras 3 counts batches with this size
                own = ('steps_per_epoch (steps) must be a non-negative number of batches (or None for all the '
                       'data), got %d' % steps_per_epoch)
                if batch_size == 0:
                    raise noted(ZeroDivisionError('division by zero'), own)
                error = _negative_batch_size_error(self.num_samples, batch_size)
                # (where both sizes are -1 TF's graph fails in its own words: tapeflow's sentence then)
                raise ValueError(own) if str(error).startswith('batch_size') else noted(error, own)
        self.batch_size = int(batch_size)
        self.shuffle = shuffle
        self.steps_per_epoch = steps_per_epoch
        self.num_batches_in_data = math.ceil(self.num_samples / self.batch_size)
        self._stream = None
        self._seen = 0
        self.restart_each_epoch = restart_each_epoch
        self.count_hidden = False       # a negative step count: read to the end as of unknown length (hide_count)

    @property
    def num_batches(self):
        """Batches in one epoch (None when a negative step count hides the count, as from Keras)."""
        if self.count_hidden:
            return None
        return self.steps_per_epoch or self.num_batches_in_data

    def _ordered(self):
        """The arrays in this pass's order (one gather per pass when shuffling)."""
        arrays = [self.x, self.y, self.sample_weight]
        if self.shuffle is not True:
            return arrays
        perm = random.fit_permutation(self.num_samples)     # Keras 3's order under a global seed
        first = nest.flatten(self.x)[0]
        perm = array_module(first).asarray(perm)
        take = lambda a: (None if a is None else a.take(perm) if type(a) is SparseRows
                          else array_module(a).take(a, perm, axis=0))
        return [None if a is None else nest.map_structure(take, a) for a in arrays]

    def _one_pass(self):
        x, y, sw = self._ordered()
        bs, n = self.batch_size, self.num_samples
        flat_x = nest.flatten(x)
        # one input or target array (the usual x, y) is sliced without nest's walk: this runs on every step
        by_slice = self.shuffle != 'batch'
        plain_x = by_slice and _one_array(x)
        plain_y = by_slice and y is not None and _one_array(y)
        # (made once: each reads this step's start, end and perm from the loop as it runs)
        # (a None entry stays None, as in Keras's adapter: the model then says that input is not optional)
        if by_slice:
            cut = lambda a: (None if a is None else a.rows(start, end) if type(a) is SparseRows  # noqa: E731
                             else Tensor(a[start:end]))
        else:
            cut = lambda a: (None if a is None else a.take(perm).rows(0, end - start)  # noqa: E731
                             if type(a) is SparseRows else Tensor(array_module(a).take(a, perm, axis=0)))
        batch_order = None if by_slice else random.fit_batch_orders()
        for start in range(0, n, bs):
            end = min(start + bs, n)
            if not by_slice:
                perm = array_module(flat_x[0]).asarray(batch_order(end - start) + start)
            xb = Tensor(x[start:end]) if plain_x else nest.map_structure(cut, x)
            if y is None:
                yb = None
            else:
                yb = Tensor(y[start:end]) if plain_y else nest.map_structure(cut, y)
            swb = None if sw is None else nest.map_structure(lambda a: None if a is None else cut(a), sw)
            yield pack_x_y_sample_weight(xb, yb, swb)

    def startable_steps(self):
        """The steps the next epoch begins: Keras's epoch iterator stops (warning) before a step
        past the data's batches, so no on_*_batch_begin is called for it (TF 2.21: 40 samples
        in batches of 16 with steps_per_epoch=4 begin steps 0, 1, 2)."""
        if not self.steps_per_epoch or not self.num_samples:
            return self.num_batches
        seen = 0 if self.restart_each_epoch or self._stream is None else self._seen
        return min(self.steps_per_epoch, self.num_batches_in_data - seen)

    @property
    def may_run_dry(self):
        """No samples: Keras 3 counts no batches, reads the input as one of unknown length and (as for
        such a dataset) its traced train function runs once more without a batch (unfed_step.py)."""
        return self.num_samples == 0 or self.count_hidden

    ran_dry = may_run_dry

    def epoch(self, every=1):
        """The batches of one epoch (``steps_per_epoch`` of them when given).

        Keras reads them in executions of ``every`` steps (compile's steps_per_execution): one
        starts while fewer than all the data's batches have been counted (``every`` per
        execution) and runs whole while batches last, so steps_per_epoch=5 in executions of 2 is
        6 steps; the next epoch goes on from there, and starts a fresh pass once the count
        reaches the data's batches."""
        if not self.num_samples:
            warn_ran_out(count_known=False)     # Keras reads 0 batches as an unknown count
            return
        if not self.steps_per_epoch:
            yield from self._one_pass()
            if self.count_hidden:
                warn_ran_out(count_known=False)     # the step begun past the data found no batch
            return
        if self.restart_each_epoch:
            self._stream = None
        for _ in range(0, self.steps_per_epoch, every):
            if self._stream is None:
                self._stream, self._seen = self._one_pass(), 0
            if self._seen >= self.num_batches_in_data:
                # The data are used up: the next epoch starts a fresh pass (Keras 3 warns as for
                # its datasets)
                self._stream = None
                warn_ran_out(count_known=True)
                return
            self._seen += every
            for batch in itertools.islice(self._stream, every):
                yield batch
        if self._seen >= self.num_batches_in_data:
            self._stream = None
