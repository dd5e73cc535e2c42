"""What ``iter(dataset)`` returns (TensorFlow's ``OwnedIterator``): the elements in order.

It counts the elements it has handed out and records the seed pairs its
reshuffling stages drew, which ``tf.train.Checkpoint`` saves under TensorFlow's
key ('<name>/.ATTRIBUTES/ITERATOR_STATE'; iterator_state.py), so a restored
iterator continues where the saved one was: it starts its dataset again, its
stages given the same seeds, and passes over that many elements (a seeded
shuffle's next batch after a restore is the one TF 2.21 gives; a fresh shuffle
order would differ). TensorFlow saves its own (variant) encoding of
an iterator's state there, which tapeflow cannot decode: such a state is left
alone (with a warning) and the iterator starts from the beginning. TensorFlow
cannot restore tapeflow's count into its iterators either (it expects its
variant and stops the restore).
"""
import warnings

import numpy as np

from .. import stateful_kernels
from ..errors import OpError
from . import iteration_seeds, iterator_state
from .injected_prefetch import makes_one_ahead
from .iterator_errors import recounted
from .prefetch_stage import one_ahead
from ..keras_repr import default_repr


class DatasetIterator:
    """``next(it)`` / ``it.get_next()``: the dataset's next element, as tensors."""
    __repr__ = default_repr     # TF's object repr, its module named as TF names it

    def __init__(self, dataset):
        dataset._refuse_iterator()
        self._dataset = dataset
        self._elements = self._fresh_elements()
        self._taken = 0
        self._draws = []            # (stage, seed pair) its elements drew (iteration_seeds.push_recorder)
        self._stateful = []         # stateful kernels its dataset's functions ran (stateful_kernels.py)

    def _fresh_elements(self):
        elements = self._dataset._tensor_elements()
        if makes_one_ahead(self._dataset):        # TF's injected prefetch (injected_prefetch.py)
            elements = one_ahead(elements)
        return elements

    def __iter__(self):
        return self

    def __next__(self):
        iteration_seeds.push_recorder(self._draws)
        try:
            with stateful_kernels.recording(self._stateful):
                element = next(self._elements)
        except OpError as err:          # a reader's error: named by this dataset's component count, as TF's
            fixed = recounted(err, self._dataset)
            if fixed is None:
                raise
            raise fixed from None
        finally:
            iteration_seeds.pop_recorder()
        self._taken += 1
        return element

    def next(self):
        """The next element (Python's ``next(it)``: StopIteration at the end), as TensorFlow's iterators have."""
        return next(self)

    def get_next(self):
        """The next element; at the end TensorFlow's OutOfRangeError (``next()`` raises StopIteration)."""
        try:
            return next(self)
        except StopIteration:
            raise _end_of_sequence(self._dataset) from None

    def get_next_as_optional(self):
        """The next element as a ``tf.experimental.Optional``, empty at the end of the data."""
        from .optional import _OptionalImpl
        iteration_seeds.push_recorder(self._draws)
        try:
            with stateful_kernels.recording(self._stateful):
                element = next(self._elements)
        except StopIteration:
            return _OptionalImpl(None, self.element_spec)
        finally:
            iteration_seeds.pop_recorder()
        self._taken += 1
        return _OptionalImpl(element, self.element_spec)

    @property
    def element_spec(self):
        return self._dataset.element_spec

    # ---- tf.train.Checkpoint -----------------------------------------------------------
    _checkpoint_attribute = 'ITERATOR'      # TF's saveable: its graph attribute, 'ITERATOR_STATE' its tensor

    def _checkpoint_state(self):
        if self._stateful:          # TF's SerializeIterator refuses a dataset whose functions are stateful
            raise stateful_kernels.serialize_refusal(self._stateful[0])
        return {'ITERATOR_STATE': iterator_state.encode(self._taken, self._draws)}

    def _restore_checkpoint_state(self, name, value):
        state = iterator_state.decode(value)
        if state is None:
            warnings.warn('tf.train.Checkpoint: %s holds TensorFlow\'s own iterator state, which tapeflow cannot '
                          'decode; the iterator starts from the beginning of its dataset' % name, stacklevel=3)
            return
        taken, pairs, spent = state
        self._elements = self._fresh_elements()
        self._taken, self._draws = 0, []
        with iteration_seeds.replaying(pairs):
            for _ in range(taken):
                next(self)
        for stage, count in zip(iterator_state.drawing_stages(self._draws), spent):
            stage.seek(count)


# TensorFlow's class name, which type(iter(ds)).__name__, its repr and Python's attribute errors print
DatasetIterator.__name__ = DatasetIterator.__qualname__ = 'OwnedIterator'


def _end_of_sequence(dataset):
    from .. import nest
    from ..errors import OutOfRangeError, _EAGER_CPU
    count = len(nest.flatten(dataset.element_spec))
    return OutOfRangeError('{{function_node __wrapped__IteratorGetNext_output_types_%d_device_%s}} End of sequence '
                           '[Op:IteratorGetNext] name: ' % (count, _EAGER_CPU))
