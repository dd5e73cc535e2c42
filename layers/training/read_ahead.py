"""The batches a Keras step function has read ahead of the one it trains on.

On TensorFlow, fit / evaluate / predict read a tf.data.Dataset through a prefetch: while a step
runs, the next batch is already being made (tf.data's injected prefetch, or the pipeline's own
``prefetch(k)``, which keeps k batches ready). Reading a batch early is invisible except where
making it draws something: a reshuffling ``shuffle(...).repeat()`` draws its next order's seeds
when a pass begins, so after a fit whose last batch ended a pass, the next pass's seeds are spent.
Measured on TF 2.21 (a 20-element shuffle, batches of 5, fit / evaluate / predict with steps):
a later iterator of the same dataset gets the order after the one that ``steps + 1`` batches
would begin, and ``steps + 2`` after ``prefetch(2)``; AUTOTUNE reads one ahead. The overfit
tutorial fits five models on one ``train_ds.shuffle(...).repeat()``: from the second model on,
the batches followed TF's only with this.

An error raised while making a batch early is kept and raised when that batch is asked for,
as tf.data's prefetch keeps it.
"""
import collections


def read_ahead_depth(dataset):
    """How many batches a step function reads ahead of the ones the pipeline makes early itself:
    TF's pipeline keeps a final ``prefetch(k)``'s k ready (one for AUTOTUNE), else the one of its
    injected prefetch. A tapeflow prefetch stage already makes one ahead (framework/data/prefetch_stage.py),
    and so does a Dataset's iterator where TF injects its prefetch (framework/data/injected_prefetch.py);
    a Dataset-like source without those (a distributed dataset) is read one ahead here."""
    if not hasattr(dataset, '_chained_options'):
        return 1
    if not hasattr(dataset, '_prefetch_buffer'):
        return 0
    buffer_size = dataset._prefetch_buffer
    return buffer_size - 1 if isinstance(buffer_size, int) and buffer_size > 1 else 0


class ReadAhead:
    """``iterator``, with ``depth`` items made before the one returned."""

    def __init__(self, iterator, depth):
        self._iterator = iterator
        self._depth = depth
        self._ready = collections.deque()       # (value, error) pairs
        self._ended = False

    def __iter__(self):
        return self

    def __next__(self):
        while not self._ended and len(self._ready) <= self._depth:
            try:
                self._ready.append((next(self._iterator), None))
            except StopIteration:
                self._ended = True
            except Exception as error:      # noqa: BLE001 (any error of the pipeline, raised in its turn)
                self._ready.append((None, error))
                self._ended = True
        if not self._ready:
            raise StopIteration
        value, error = self._ready.popleft()
        if error is not None:
            raise error
        return value
