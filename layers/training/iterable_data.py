"""Batches from a ``framework.data.Dataset`` or a Python iterator, for fit / evaluate / predict.

Each element is already a batch: ``x``, ``(x, y)`` or ``(x, y, sample_weight)``,
as Keras takes from a ``tf.data.Dataset``. A Dataset is read afresh each epoch;
a one-shot iterator (a generator) is read on across epochs, so it needs
``steps_per_epoch`` to say where an epoch ends.
"""
import itertools
import numbers
import types
import warnings

import numpy as np

from framework.data.eager_functions_warning import warn_if_functions_run_eagerly
from framework import nest, ops
from framework.data import Dataset
from framework.data.iteration_seeds import is_peeking
from framework.data.stage_names import type_text
from framework.errors import InvalidArgumentError
from framework.keras.run_limits import capped_steps
from framework.sparse.sparse_tensor import SparseTensor
from framework.tensor import Tensor, convert_to_tensor

from .axisless_leaves import refuse_axisless_leaves
from .class_weight_map_errors import note_gather_failure
from .batch_structure import pack_x_y_sample_weight, unpack_error, unpack_x_y_sample_weight
from .class_weights import class_weight_table
from .data import ArrayData
from .generator_signature import batch_signature, checked_batches, signature_specs, take_spec_names
from .list_batches import check_batch
from .negative_steps import hide_count, is_negative_count
from .py_dataset import PyDatasetData, is_py_dataset
from .ran_out import warn_ran_out
from .read_ahead import ReadAhead, read_ahead_depth
from .tensor_steps import index_count, show_given_steps
from .unrecognized_iterators import refuse_plain_iterator


def is_iterable_input(x):
    """True for inputs that yield batches themselves (Datasets, PyDatasets, generators, iterators)."""
    return isinstance(x, Dataset) or is_py_dataset(x) or (hasattr(x, '__next__') and hasattr(x, '__iter__'))


def _check_steps(steps, what, iterable, batch_size=None):
    """The step count the data reads by: None or a whole number >= 0. TensorFlow 2.21 reads a negative
    count as 'all the data, of a length not known' (None here; make_data marks the data with hide_count).
    Arrays with no batch_size keep a negative count: Keras sizes their batches by it, and ArrayData refuses
    that size in Keras's words."""
    if steps is None:
        return None
    name = 'steps_per_epoch' if what == 'fit' else 'steps'
    if isinstance(steps, bool):         # Keras 3 counts with it: True is one step, False none (all the data)
        steps = int(steps)
    if not isinstance(steps, numbers.Integral):
        error = TypeError(_keras_steps_type_text(steps, iterable))
        error.add_note('%s: %s must be a whole number of batches or None, got %r (%s)'
                       % (what, name, steps, type(steps).__name__))
        raise error
    if steps < 0 and batch_size is None and not iterable:
        return steps
    return None if steps < 0 else steps


def _keras_steps_type_text(steps, iterable):
    """Python's words where Keras 3 first uses a step count that is no whole number: its range() for a
    real number, else a division of the sample count for arrays, a comparison with 0 for other data."""
    if isinstance(steps, complex):
        return 'must be real number, not complex'
    if isinstance(steps, numbers.Real):
        return '%r object cannot be interpreted as an integer' % _qualified_type(steps)
    if iterable:
        return "'>' not supported between instances of %r and 'int'" % _qualified_type(steps)
    return "unsupported operand type(s) for /: 'int' and %r" % _qualified_type(steps)


def _qualified_type(value):
    kind = type(value)
    return kind.__qualname__ if kind.__module__ == 'builtins' else '%s.%s' % (kind.__module__, kind.__qualname__)


_PYTHON_SCALARS = (bool, int, float, complex, str, bytes)


def _check_array_leaves(x, y, sample_weight):
    """Keras 3 takes x, y and sample_weight as structures of arrays: a Python number or string among
    the leaves (a list of lists of numbers, a list of labels) is no array it knows, and it refuses the
    data in the words below (naming x whichever part it was), as TensorFlow 2.21 does."""
    for part in (x, y, sample_weight):
        if isinstance(part, (list, tuple, dict)) and any(isinstance(leaf, _PYTHON_SCALARS)
                                                         for leaf in nest.flatten(part)):
            text = str(x)
            # a plain ValueError as Keras raises it: a traceback's last line then reads 'ValueError: ...'
            # as on TF (the load_data/text tutorial ends there, predicting a list of strings)
            error = ValueError('Unrecognized data type: x=%s (of type %s)'
                               % (text if len(text) < 2000 else text[:2000] + '...', type(x)))
            error.add_note('pass numpy arrays (np.array(%s)) or tensors, not Python lists of numbers or strings'
                           % ('x' if part is x else 'y' if part is y else 'sample_weight'))
            raise error


def _refuse_array_arguments(x, y, sample_weight, class_weight):
    """Keras 3's refusals (get_data_adapter) of arguments that only arrays take, in its words: the
    batches of a dataset, PyDataset or generator carry targets and weights themselves. A dataset and a
    PyDataset take class_weight; a generator (or another iterator, which tapeflow reads as one) does not."""
    kind = 'PyDataset' if is_py_dataset(x) else 'tf.data.Dataset' if isinstance(x, Dataset) else 'generator'
    for name, value, words in (('y', y, 'the targets'), ('sample_weights', sample_weight, 'the sample weights')):
        if value is not None:
            raise ValueError('When providing `x` as a %s, `%s` should not be passed. Instead, %s should be '
                             'included as part of the %s.' % (kind, name, words, kind))
    if class_weight is not None and kind == 'generator':
        raise ValueError('Argument `class_weight` is not supported for Python generator inputs. '
                         'Received: class_weight=%s' % (class_weight,))


def refuse_unsplittable(parts):
    """fit's validation_split slices arrays: Keras 3 (train_validation_split) names the type of every
    leaf of (x, y, sample_weight) it cannot slice, a dataset by TensorFlow's class for it. A Python number
    or string has no ``__array__``, so each one of a list of lists is named ("<class 'float'>", 36 times
    for 6 rows of 4 features and 2 targets): without a split Keras refuses such lists as 'Unrecognized data
    type', and tapeflow, which converted the halves to arrays after slicing, trained on them."""
    leaves = [leaf for part in parts if part is not None
              for leaf in ([part] if is_iterable_input(part) else nest.flatten(part))]
    unsplittable = [type_text(leaf)
                    for leaf in leaves if is_iterable_input(leaf) or isinstance(leaf, _PYTHON_SCALARS)]
    if unsplittable:
        error = ValueError('Argument `validation_split` is only supported for tensors or NumPy arrays.'
                           'Found incompatible type in the input: [%s]' % ', '.join(unsplittable))
        if any(isinstance(leaf, _PYTHON_SCALARS) for leaf in leaves):
            error.add_note('fit(validation_split=...) slices x, y and sample_weight: pass np.array(...) of '
                           'Python lists of numbers')
        raise error


def make_data(x, y=None, sample_weight=None, batch_size=None, shuffle=False, class_weight=None,
              steps_per_epoch=None, what='fit', distributed=False, copy_arrays=True):
    """The batch source for ``x``: PyDatasetData, IterableData (datasets, generators) or ArrayData.

    ``steps_per_epoch`` may be an integer scalar tensor or array (``ds.cardinality()``), as Keras 3
    counts with its ``__index__`` (tensor_steps.py).
    ``distributed``: fit or evaluate of a model under a ``tf.distribute`` strategy (see IterableData).
    ``copy_arrays``: False where no code of the user's runs until the last batch is drawn (see to_arrays)."""
    refuse_plain_iterator(x)
    count = index_count(steps_per_epoch, is_iterable_input(x))
    data = _make_data(x, y, sample_weight, batch_size, shuffle, class_weight, count, what, distributed,
                      copy_arrays)
    return show_given_steps(data, steps_per_epoch, count)


def _make_data(x, y, sample_weight, batch_size, shuffle, class_weight, steps_per_epoch, what, distributed,
               copy_arrays):
    # Keras 3 takes a negative count as 'until it runs out', of a length it does not know (negative_steps.py)
    given_steps = steps_per_epoch
    steps_per_epoch = _check_steps(steps_per_epoch, what, is_iterable_input(x), batch_size)
    if not is_negative_count(given_steps):
        steps_per_epoch = capped_steps(steps_per_epoch)     # keras.config.set_max_steps_per_epoch
    if not is_iterable_input(x):
        _check_array_leaves(x, y, sample_weight)
        refuse_axisless_leaves(x, y, sample_weight, class_weight)
        warn_if_functions_run_eagerly()     # (Keras reads arrays through Dataset.map)
        data = hide_count(ArrayData(x, y, sample_weight, batch_size, shuffle, class_weight, steps_per_epoch,
                                    restart_each_epoch=what != 'fit', copy_arrays=copy_arrays), given_steps)
        # (0 samples: fit and evaluate run no step and log nothing, as for an empty dataset (TF: history {},
        # evaluate []); predict, too, runs its callbacks, whose bar prints '0/Unknown', before it fails
        # after on_predict_end as TF 2.21 does on its own unset local ('batch_outputs'): loops.py)
        return data
    _refuse_array_arguments(x, y, sample_weight, class_weight)
    # batch_size is ignored here, as Keras 3 ignores it (the batches are x's own): the Keras guide on
    # training passes batch_size=64 with its PyDataset, and TF runs it without a word.
    if is_py_dataset(x):
        if shuffle and getattr(x, 'num_batches', None) is None:
            # Keras 3's words (get_data_adapter): an endless PyDataset is read in order; fit's default
            # shuffle=True warns, once per process as Keras's one line does (stacklevel: the fit call in
            # loops.py, past make_data)
            warnings.warn('`shuffle=True` was passed, but will be ignored since the data `x` was provided as an '
                          'infinite PyDataset. The PyDataset is expected to already be shuffled.', stacklevel=3)
        warn_if_functions_run_eagerly()     # (Keras reads a PyDataset through Dataset.map)
        data = hide_count(PyDatasetData(x, shuffle, class_weight, steps_per_epoch, what), given_steps)
        if what in ('fit', 'evaluate', 'predict'):
            # TF reads the first two batches as it makes its epoch iterator, before any callback
            # runs (fit's validation PyDataset: at the first validation, as epoch() does)
            data.peek()
        return data
    if shuffle and isinstance(x, (Dataset, types.GeneratorType)):
        # Keras 3's words; fit's shuffle=True is the default, and as in Keras the warning comes
        # from one place in the library, so Python shows it once per process.
        warnings.warn('`shuffle=True` was passed, but will be ignored since the data `x` was provided as '
                      + ('a tf.data.Dataset. The Dataset is expected to already be shuffled (via '
                         '`.shuffle(buffer_size)`).' if isinstance(x, Dataset) else
                         'a generator. The generator is expected to yield already-shuffled data.'),
                      stacklevel=3)
    if not isinstance(x, Dataset):
        warn_if_functions_run_eagerly()     # (Keras reads a generator through Dataset.map)
    if class_weight is not None:
        x = x.map(_class_weights_as_sample_weights(class_weight))
    data = IterableData(x, steps_per_epoch, restart_each_epoch=what != 'fit', distributed=distributed,
                        peek_now=what != 'fit(validation_data)')
    data.weighs_classes = class_weight is not None      # (its map's errors: class_weight_map_errors.py)
    return hide_count(data, given_steps)


def _class_weights_as_sample_weights(class_weight):
    """A Dataset.map function giving each (x, y) batch the weights ``class_weight[label]``, as
    Keras 3 weights a tf.data.Dataset's batches: the labels (the argmax of a last axis wider than
    one, else the values rounded) index a table of the classes 0..max(key), absent ones weighing 1.
    A weight per label, not per sample: the segmentation tutorial's (B, H, W, 1) masks get
    (B, H, W) weights, one per pixel; a label past the table raises gather's InvalidArgumentError."""
    table = convert_to_tensor(class_weight_table(class_weight))

    def weigh(*element):
        x, y, sample_weight = unpack_x_y_sample_weight(element)
        if sample_weight is not None:
            raise ValueError('You cannot `class_weight` and `sample_weight` at the same time.')
        if y is None or not isinstance(y, Tensor):
            raise ValueError('`class_weight` is only supported for Models with a single output '
                             '(batches of (x, y) with y one tensor); got y=%r' % (y,))
        if y.shape.rank >= 2 and y.shape[-1] > 1:
            labels = ops.argmax(y, axis=-1, output_type='int32')
        else:
            labels = ops.cast(ops.round(ops.squeeze(y, axis=-1) if y.shape.rank >= 2 else y), 'int32')
        try:
            return x, y, ops.gather(table, labels)
        except InvalidArgumentError as error:     # a label past the table: the step reading the batch says so
            if is_peeking():        # (TF traces the map for its spec and never runs it: the weights' spec)
                return x, y, ops.zeros_like(labels, dtype=table.dtype)
            note_gather_failure(error, len(nest.flatten((x, y))) + 1)
            raise
    return weigh


class IterableData:
    """Batches read from a Dataset (each epoch anew) or an iterator (continuing).

    With ``steps_per_epoch`` a training Dataset is read on across epochs; an
    evaluation pass starts it over every time (Keras resets its eval iterator).
    """

    def __init__(self, source, steps_per_epoch=None, restart_each_epoch=False, distributed=False, peek_now=True):
        self.source = source
        self.steps_per_epoch = steps_per_epoch
        self.restart_each_epoch = restart_each_epoch
        self.distributed = distributed
        self._passes = 0
        self._reusable = isinstance(source, Dataset)
        self._iterator = None
        self._kept_reads = 0          # batches read from ``_iterator`` (see _after_kept_steps)
        self.ran_dry = False          # the last pass ended because the input had no more batches
        self._peeked = None
        self._spent_iterations = 0   # iterations a strategy's symbolic build started (iteration_spent)
        # a negative steps count: Keras reads the Dataset to its end as one of unknown length (an extra,
        # unfed step and the ran-out warning every pass, TF 2.21)
        self.count_hidden = False
        if peek_now:
            self.peek()

    def peek(self):
        """Read a generator's first batches (once), as Keras does when it makes its epoch iterator:
        at the start of fit / evaluate / predict, or, for fit's validation_data, at the first
        validation, before on_test_begin (TF 2.21)."""
        if not self._reusable and self._peeked is None:
            self._peeked, self._rest = _peeked_batches(iter(self.source))
            self._signature = batch_signature(self._peeked)
            if self._peeked:
                take_spec_names(self._peeked[0])
            # Keras reads the peeked batches' spec before from_generator refuses a list in it (TF 2.21:
            # ([[1., 2., 3.]], [[1.]]) is 'Received: 1.0 of rank 0.', /work/notes/progs/errors60/gen2.py)
            check_batch(self._peeked[0])
            self._specs = signature_specs(self._peeked[0], self._signature)
            self._iterator = self._read_ahead()

    def iteration_spent(self):
        """A strategy's symbolic build started an iterator of the Dataset and read its first batch: the
        next pass's distributed start, which spends that iteration's seeds, is done already."""
        self._spent_iterations += 1

    @property
    def may_run_dry(self):
        """Whether Keras asks this input for batches until it has none (its length is unknown), so
        that TensorFlow's traced train function runs once without a batch (unfed_step.py)."""
        if not self._reusable or self.count_hidden:
            return True
        try:
            # Keras reads a known length of 0 batches as unknown too (take(0), too few for one batch)
            return len(self.source) == 0
        except TypeError:
            return True

    @property
    def num_batches(self):
        if self.steps_per_epoch:
            return self.steps_per_epoch
        if self._reusable and not self.count_hidden:
            try:
                return len(self.source)
            except TypeError:
                return None
        return None

    def epoch(self, every=1):
        """One epoch's batches. With ``steps_per_epoch``, Keras runs whole executions of ``every``
        (compile's steps_per_execution) steps while the input lasts: steps_per_epoch=5 in
        executions of 2 is 6 steps (TF 2.21)."""
        # When a dataset's cardinality gives the batch count, Keras 3 makes a second iterator after
        # every pass and never reads it: in tf.data that draws the seeds of a reshuffling shuffle,
        # so the next pass sees the order after next (checked in TF 2.21; not after filter, where
        # the count is unknown). Done here too.
        self.peek()
        count_known = self.num_batches is not None
        # A Dataset distributed by a strategy (Keras 3's fit and evaluate under MirroredStrategy or
        # OneDeviceStrategy, even with one replica) spends one more iteration's seeds before a
        # training run's first pass and before every evaluation pass: a shuffle there sees the
        # order after next (TF 2.21; the distribute tutorial's shuffled MNIST batches).
        if self.distributed and self._reusable and (self.restart_each_epoch or self._passes == 0):
            if self._spent_iterations:
                self._spent_iterations -= 1
            else:
                self.source._skip_iteration()
        self._passes += 1
        if self.restart_each_epoch or (self._reusable and not self.steps_per_epoch):
            # a generator evaluated again (fit's validation_data each epoch) starts over too: Keras's
            # tf.data pipeline begins every pass with the two batches it peeked at, then reads on in
            # the generator; the batch its prefetch made ahead is dropped at the pass's end (TF 2.21:
            # validation_steps=4 reads batches 0 1 2 3, then 0 1 5 6, then 0 1 8 9)
            iterator = self._read_ahead()
        else:
            if self._iterator is None:
                self._iterator = self._read_ahead()
                self._kept_reads = 0
            iterator = self._iterator
        steps = self.steps_per_epoch
        if steps and every > 1:
            steps = -(-steps // every) * every
        self.ran_dry = False
        for step, element in enumerate(iterator):
            yield _as_batch(element, self._element_specs())
            if steps and step + 1 >= steps:
                if iterator is self._iterator:
                    self._after_kept_steps(step + 1)
                return
        self._iterator = None
        self.ran_dry = True
        if self._reusable and not steps and count_known:
            self.source._skip_iteration()
        # Without steps, an input of unknown length (after filter or unbatch, a generator) ends
        # each pass with this warning too. An empty dataset (take(0): the transfer-learning
        # tutorial's test split of one validation batch) counts 0 batches, which Keras reads as
        # unknown: it warns too. With steps and a known count, the loop began no step for the
        # missing batch (startable_steps): Keras's count stopped the epoch.
        if steps or not self.num_batches:
            warn_ran_out(count_known=bool(steps and self._known_length()))

    def startable_steps(self):
        """The steps the next epoch begins: with ``steps_per_epoch`` past a known count of
        batches, Keras's epoch iterator stops (warning) before the step that has no batch, so no
        on_*_batch_begin is called for it (TF 2.21); of unknown length, steps are begun until one
        finds no batch."""
        length = self._known_length()
        if not self.steps_per_epoch or not length:
            return self.num_batches
        kept = not self.restart_each_epoch and self._iterator is not None
        return min(self.steps_per_epoch, length - (self._kept_reads if kept else 0))

    def _known_length(self):
        """The Dataset's batch count when tf.data knows it (else None; 0 for an empty one)."""
        if not self._reusable or self.count_hidden:
            return None
        try:
            return len(self.source)
        except TypeError:
            return None

    def _after_kept_steps(self, count):
        """``count`` batches read from the iterator kept across epochs (steps_per_epoch): when the
        reads reach the Dataset's known batch count, Keras 3's epoch iterator makes a new one at the
        epoch's end, so a Dataset of 5 batches with steps_per_epoch=5 trains every epoch (TF 2.21)
        instead of running dry in the second."""
        self._kept_reads += count
        known = self._known_length()        # unknown: the kept iterator runs on until it is dry
        if known and self._kept_reads >= known:
            self._iterator = self._read_ahead()
            self._kept_reads = 0

    def _element_specs(self):
        """The flat specs of the elements as Keras's traced step sees them: the Dataset's element_spec, a
        generator's signature from its first two batches (generator_signature.py); None if not known."""
        if self._reusable:
            return nest.flatten(self.source.element_spec)
        return getattr(self, '_specs', None)

    def _read_ahead(self):
        """A new iterator of the Dataset, reading ahead as TF's prefetch does (read_ahead.py); of a
        generator, its first batches again and then what it has left, as Keras's peek_and_restore."""
        if not self._reusable:
            # TF's prefetch makes one batch ahead of the step: a generator is drawn one batch early
            # (once past the peeked two), which a counting generator, or a later evaluate(gen), sees
            return ReadAhead(checked_batches(itertools.chain(self._peeked, self._rest), self._signature), 1)
        return ReadAhead(iter(self.source), read_ahead_depth(self.source))


def _too_many_parts(element, specs):
    """Keras 3 unpacks a Dataset's (or a generator's) element in its traced train step, so TF 2.21 names the
    parts by their graph tensors: "found: (<tf.Tensor 'data:0' shape=(None, 4) dtype=float32>, ...)"."""
    if len(specs) != len(element) or any(spec is None for spec in specs) \
            or not all(isinstance(part, (Tensor, np.ndarray)) for part in element):
        return unpack_error(element)
    parts = ["<tf.Tensor '%s:0' shape=%s dtype=%s>" % ('data' if i == 0 else 'data_%d' % i, spec.shape, spec.dtype.name)
             for i, spec in enumerate(specs)]
    return unpack_error('(%s)' % ', '.join(parts))


def _peeked_batches(iterator):
    """The first two batches of a generator, read and checked as Keras 3 peeks at one (for their
    spec), and the iterator: every pass yields the peeked batches first, so a pass after the
    generator is spent still has those two. The first must exist and be a tuple ((x,), (x, y) or
    (x, y, sample_weight)); a list or a bare array, which a Dataset may yield, is refused (Keras's words)."""
    peeked = list(itertools.islice(iterator, 2))
    if not peeked:
        raise ValueError('When passing a Python generator to a Keras model, the generator must yield at least '
                         'one batch. Received an empty generator.')
    if not isinstance(peeked[0], tuple):
        raise ValueError('When passing a Python generator to a Keras model, the generator must return a tuple, '
                         'either (input,) or (inputs, targets) or (inputs, targets, sample_weights). Received: %s'
                         % (peeked[0],))
    return peeked, iterator



def _as_batch(element, specs=None):
    if isinstance(element, list):
        element = tuple(element)
    if specs is not None and type(element) is tuple and len(element) > 3:
        raise _too_many_parts(element, specs)
    x, y, sample_weight = unpack_x_y_sample_weight(element) if isinstance(element, tuple) else (element, None, None)
    tensors = [None if v is None else nest.map_structure(
        lambda a: a if isinstance(a, (Tensor, SparseTensor)) else convert_to_tensor(a), v)   # sparse: a sparse Input's
        for v in (x, y, sample_weight)]
    if type(element) is tuple and len(element) == 1:
        # Keras 3 hands an (x,) element to train_step / test_step / predict_step as it came: a 1-tuple
        return (tensors[0],)
    return pack_x_y_sample_weight(*tensors)
