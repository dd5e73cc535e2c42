"""``keras.utils.PyDataset`` (alias ``Sequence``): batches by index, and how fit reads them.

A PyDataset gives ``num_batches`` (from ``__len__``) and ``__getitem__(index)``
returning ``x``, ``(x,)``, ``(x, y)`` or ``(x, y, sample_weight)``. ``fit`` reads it
as Keras 3 does: the batch order is shuffled each pass with Python's ``random``
(so ``keras.utils.set_random_seed`` repeats it) when ``shuffle=True``;
``on_epoch_begin`` / ``on_epoch_end`` are called around every epoch; with
``steps_per_epoch`` the pass goes on across epochs and restarts when used up.
Keras also resets the source (calling ``on_epoch_end``) once before training
and before every evaluation pass, so validation always starts from batch 0;
that is kept, so a PyDataset sees the same calls here as under Keras.
"""
import itertools
import random
import warnings

import numpy as np

from framework import nest
from framework.tensor import Tensor, convert_to_tensor
from framework.type_text import class_text

from .class_weights import class_weight_to_sample_weights
from .generator_signature import batch_signature, take_spec_names
from .list_batches import check_batch
from .ran_out import warn_ran_out


class PyDataset:
    """Base class for index-addressable batch sources (``keras.utils.PyDataset``).

    Args:
        workers, use_multiprocessing, max_queue_size: accepted as Keras takes them;
            batches are read in order on the training thread, which gives the
            same batches and results.
    """

    def __init__(self, workers=1, use_multiprocessing=False, max_queue_size=10):
        self._workers = workers
        self._use_multiprocessing = use_multiprocessing
        self._max_queue_size = max_queue_size

    def _warn_if_super_not_called(self):
        """A subclass whose __init__ skips ``super().__init__(**kwargs)`` gets the defaults and Keras 3's
        warning; fit / evaluate / predict read ``workers`` and ``use_multiprocessing`` as they start."""
        missing = False
        for name, default in (('_workers', 1), ('_use_multiprocessing', False), ('_max_queue_size', 10)):
            if not hasattr(self, name):
                setattr(self, name, default)
                missing = True
        if missing:
            # attributed to the property's line, as Keras's: the default filter shows it once per process
            warnings.warn('Your `PyDataset` class should call `super().__init__(**kwargs)` in its constructor. '
                          '`**kwargs` can include `workers`, `use_multiprocessing`, `max_queue_size`. Do not pass '
                          'these arguments to `fit()`, as they will be ignored.', stacklevel=2)

    @property
    def workers(self):
        self._warn_if_super_not_called()
        return self._workers

    @workers.setter
    def workers(self, value):
        self._workers = value

    @property
    def use_multiprocessing(self):
        self._warn_if_super_not_called()
        return self._use_multiprocessing

    @use_multiprocessing.setter
    def use_multiprocessing(self, value):
        self._use_multiprocessing = value

    @property
    def max_queue_size(self):
        self._warn_if_super_not_called()
        return self._max_queue_size

    @max_queue_size.setter
    def max_queue_size(self, value):
        self._max_queue_size = value

    def __getitem__(self, index):
        # Keras 3's bare NotImplementedError (empty text); what to define, in a note
        error = NotImplementedError()
        error.add_note('%s must define __getitem__(index) returning the batch at that index' % type(self).__name__)
        raise error

    @property
    def num_batches(self):
        """Batches per pass (from ``__len__``), or None for an endless PyDataset."""
        if hasattr(self, '__len__'):
            return len(self)
        error = NotImplementedError('You need to implement the `num_batches` property:\n\n'
                                    '@property\ndef num_batches(self):\n  return ...')      # Keras 3's words
        error.add_note('%s must define __len__ (or a num_batches property; None means endless)' % type(self).__name__)
        raise error

    def __iter__(self):
        try:
            count = self.num_batches
        except NotImplementedError:     # Keras 3: without a length, iterate until __getitem__ stops it
            count = None
        for index in (itertools.count() if count is None else range(count)):
            yield self[index]

    def on_epoch_begin(self):
        """Called at the beginning of every epoch."""

    def on_epoch_end(self):
        """Called at the end of every epoch."""


Sequence = PyDataset


def is_py_dataset(x):
    return isinstance(x, PyDataset)


class PyDatasetData:
    """The batches of a PyDataset, epoch by epoch, for fit / evaluate / predict (Keras 3's adapter)."""

    def __init__(self, py_dataset, shuffle=False, class_weight=None, steps_per_epoch=None, what='fit'):
        self.py_dataset = py_dataset
        # Keras's adapter reads these as it starts (its warning when super().__init__ was skipped);
        # tapeflow reads the batches on the training thread whatever they say
        py_dataset.workers, py_dataset.use_multiprocessing      # noqa: B018 (read for that warning)
        self.shuffle = shuffle is True and py_dataset.num_batches is not None
        self.class_weight = class_weight
        self.steps_per_epoch = steps_per_epoch
        self.what = what
        self._iterator, self._seen = None, 0
        self._shapes = None          # per-component trailing shapes and dtypes, from the first batch
        # Keras's EpochIterator.reset(): before fit's first epoch, before every evaluation.
        self._resets = {'fit': 'once', 'predict': 'never'}.get(what, 'always')
        self._reset_done = False        # for the pass about to run
        self._peeked = False
        self.first_batch = None
        self.count_hidden = False       # a negative step count: read to the end as of unknown length (hide_count)

    @property
    def num_batches(self):
        if self.count_hidden:
            return None
        return self.steps_per_epoch or self.py_dataset.num_batches

    @property
    def may_run_dry(self):
        """Whether Keras reads this input until a step finds no batch: TF's traced step then runs once
        more without one (unfed_step.py). Only so here under a negative step count."""
        return self.count_hidden

    ran_dry = may_run_dry

    def _pass(self):
        count = self.py_dataset.num_batches
        if count is None:
            indices = itertools.count()
        else:
            indices = list(range(count))
            if self.shuffle:
                random.shuffle(indices)
        for index in indices:
            yield self._standardize(self.py_dataset[index], index)

    def peek(self):
        """What Keras's TF backend does as fit / evaluate / predict (or fit's validation) make their epoch
        iterator, before any callback runs: read the first two batches (once), then reset the iterator."""
        # The reads learn the tf.data signature; a PyDataset that draws random numbers
        # (ImageDataGenerator.flow) or counts its reads sees those reads too.
        if not self._peeked:
            self._peeked = True
            count = self.py_dataset.num_batches
            reads = 2 if count is None else min(2, count)
            if reads == 0:
                error = ValueError('The PyDataset has length 0')
                error.add_note('%s: %s has no batch to read' % (self.what, type(self.py_dataset).__name__))
                raise error
            batches = []
            for index in range(reads):
                batch = self.py_dataset[index]
                check_batch(batch)
                batches.append(self._standardize(batch, index, consistent=False))
            # Keras's signature from the batches read refuses arrays of other ranks first (TF 2.21's
            # 'When passing a dataset to a Keras model, the corresponding arrays in each batch must have the
            # same rank. ...'), before anything else about them
            batch_signature(batches)
            for index, batch in enumerate(batches):
                self._check_consistent(batch, '%s: %s[%d]' % (self.what, type(self.py_dataset).__name__, index))
            take_spec_names(batches[-1])        # (Keras names its signature's tensors after reading them all)
            self.first_batch = batches[0]       # its structure picks the step's trace (traced_batch)
        self._reset()

    def _reset(self):
        """Keras's EpochIterator.reset(): the PyDataset's on_epoch_end before fit's first 'Epoch 1/N'
        (once) and before each evaluation's on_test_begin (fit's validation too); predict's never."""
        if self._resets == 'never' or self._reset_done:
            return
        self._iterator, self._seen = None, 0
        self.py_dataset.on_epoch_end()
        self._resets = 'never' if self._resets == 'once' else self._resets
        self._reset_done = True

    def startable_steps(self):
        """The steps the next epoch begins: with ``steps_per_epoch`` past the PyDataset's length,
        Keras's epoch iterator stops (warning) before the step that has no batch, so no
        on_*_batch_begin is called for it (TF 2.21)."""
        in_data = self.py_dataset.num_batches
        if not self.steps_per_epoch or not in_data:
            return self.num_batches
        fresh = self._resets != 'never' or self._iterator is None
        return min(self.steps_per_epoch, in_data - (0 if fresh else self._seen))

    def epoch(self, every=1):
        """One epoch's batches, between the PyDataset's on_epoch_begin and on_epoch_end (``every``,
        the steps per execution, is not measured for a PyDataset: its steps stay as given)."""
        self.peek()
        self._reset_done = False        # the next pass (an evaluation's) resets again
        self.py_dataset.on_epoch_begin()
        in_data = self.py_dataset.num_batches
        steps = self.steps_per_epoch or in_data
        if self._iterator is None or self.steps_per_epoch is None:
            self._iterator, self._seen = self._pass(), 0
        for _ in (itertools.count() if steps is None else range(steps)):
            if in_data and self._seen >= in_data:
                warn_ran_out(count_known=True)      # Keras 3's one text, whatever the data
                break
            self._seen += 1
            batch = next(self._iterator, None)
            if batch is None:
                self._iterator = None
                return
            yield batch
        if in_data and self._seen >= in_data:
            self._iterator, self._seen = self._pass(), 0
        if self.count_hidden:
            warn_ran_out(count_known=False)     # the step begun past the data found no batch
        self.py_dataset.on_epoch_end()

    def _standardize(self, batch, index, consistent=True):
        where = '%s: %s[%d]' % (self.what, type(self.py_dataset).__name__, index)
        if isinstance(batch, np.ndarray):       # (a lone tf.Tensor is refused below, as Keras 3 on TF 2.21 does)
            batch = (batch,)
        if isinstance(batch, list):
            batch = tuple(batch)
        alone = isinstance(batch, dict)     # Keras hands a dict to the step alone, an array as (x,)
        if alone:
            batch = (batch,)
        if not isinstance(batch, tuple) or len(batch) not in (1, 2, 3):
            error = ValueError('PyDataset.__getitem__() must return a tuple or a dict. If a tuple, it must be ordered '
                               'either (input,) or (inputs, targets) or (inputs, targets, sample_weights). Received: '
                               '%s... of type %s' % (str(batch)[:100], class_text(batch)))     # Keras 3's words
            error.add_note('%s returned %s' % (where, type(batch).__name__))
            raise error
        batch = tuple(nest.map_structure(_as_tensor, part) for part in batch)
        if self.class_weight is not None:
            if len(batch) == 3:
                error = ValueError('You cannot specify `class_weight` and `sample_weight` at the same time.')
                error.add_note('%s: class_weight needs batches of (x, y) without sample weights' % where)
                raise error
            if len(batch) == 2:     # (Keras weighs nothing in a batch of inputs alone)
                batch = batch + (convert_to_tensor(class_weight_to_sample_weights(batch[1], self.class_weight)),)
        if consistent:
            self._check_consistent(batch, where)
        return batch[0] if alone else batch

    def _check_consistent(self, batch, where):
        leaves = nest.flatten(batch)
        sizes = {t.shape[0] if t.shape else None for t in leaves}
        if len(sizes) > 1:
            raise ValueError('%s: the parts of one batch hold different numbers of samples: shapes %s'
                             % (where, [tuple(t.shape) for t in leaves]))
        shapes = [(tuple(t.shape[1:]), t.dtype) for t in leaves]
        if self._shapes is None:
            self._shapes = shapes
        elif shapes != self._shapes:
            raise ValueError('%s: this batch has shapes/dtypes %s but the first batch had %s (beyond the batch '
                             'dimension); every batch must agree' % (where, _describe(shapes), _describe(self._shapes)))


def _as_tensor(value):
    return value if isinstance(value, Tensor) else convert_to_tensor(
        value.astype(np.float32) if isinstance(value, np.ndarray) and value.dtype == np.float64 else value)


def _describe(shapes):
    return [('(None,) + %s' % (s,), d.name) for s, d in shapes]
