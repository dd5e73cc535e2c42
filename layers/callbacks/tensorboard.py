"""TensorBoard: the loss and metrics of fit and evaluate as TensorBoard scalars (Keras 3's names).

Per epoch: 'epoch_<name>' in ``log_dir/train`` (with 'epoch_learning_rate') and,
for the 'val_' logs, in ``log_dir/validation``; after each evaluation,
'evaluation_<name>_vs_iterations' in ``log_dir/validation`` at the optimizer's
step; with ``update_freq`` 'batch' or N, 'batch_<name>' every N training batches.
"""
import os
import time
import warnings

from .callback import Callback
from framework.summary.event_file import EventFileWriter


class TensorBoard(Callback):
    """Write training scalars where TensorBoard (``tensorboard --logdir logs``) finds them.

    Args:
        log_dir: the directory of the 'train' and 'validation' event files.
        update_freq: 'epoch', 'batch', or an integer N: also write the batch logs every N batches.
        write_steps_per_second: also write 'epoch_steps_per_second' / 'batch_steps_per_second'.
        histogram_freq, write_images, embeddings_freq, embeddings_metadata, profile_batch,
            write_graph: Keras's; tapeflow writes scalars only (it has no TensorFlow graph or
            profiler), and warns when histograms, images, embeddings or a profile are asked for.
    Raises:
        ValueError: a profile_batch that is no int >= 0, 'start,stop' string or (start, stop) pair with
            0 <= start <= stop (Keras 3.15's checks and text). update_freq is not checked, as in Keras:
            'bogus' or 0 fails at the first batch's ``step % update_freq``.
    """

    def __init__(self, log_dir='logs', histogram_freq=0, write_graph=True, write_images=False,
                 write_steps_per_second=False, update_freq='epoch', profile_batch=0, embeddings_freq=0,
                 embeddings_metadata=None):
        super().__init__()
        self._start_batch, self._stop_batch = profile_batch_range(profile_batch)
        asked = [name for name, value in (('histogram_freq', histogram_freq), ('write_images', write_images),
                                          ('embeddings_freq', embeddings_freq), ('profile_batch', profile_batch))
                 if value]
        if asked:
            warnings.warn('TensorBoard: tapeflow writes scalars only; %s asked for summaries it does not write'
                          % ', '.join(asked), stacklevel=2)
        self.log_dir = str(log_dir)
        self.histogram_freq, self.write_graph, self.write_images = histogram_freq, write_graph, write_images
        self.write_steps_per_second = write_steps_per_second
        self.update_freq = 1 if update_freq == 'batch' else update_freq
        self.embeddings_freq, self.embeddings_metadata = embeddings_freq, embeddings_metadata
        self._writers = {}
        self._global_train_batch = 0
        self._in_fit = False

    def _writer(self, which):
        writer = self._writers.get(which)
        if writer is None:
            writer = self._writers[which] = EventFileWriter(os.path.join(self.log_dir, which))
        return writer

    def _write(self, which, prefix, logs, step):
        writer = self._writer(which)
        for name, value in logs.items():
            writer.add_scalar(prefix + name, value, step)
        writer.flush()

    # ---- fit ----------------------------------------------------------------------------
    def on_train_begin(self, logs=None):
        self._in_fit = True

    def on_epoch_begin(self, epoch, logs=None):
        self._epoch_start = time.time()
        self._epoch_start_step = self._global_train_batch

    def on_train_batch_begin(self, batch, logs=None):
        self._global_train_batch += 1
        self._batch_start = time.time()

    def on_train_batch_end(self, batch, logs=None):
        if self.update_freq == 'epoch' or self._global_train_batch % self.update_freq:
            return
        values = dict(logs or {})
        if self.write_steps_per_second:
            values['steps_per_second'] = 1.0 / max(time.time() - self._batch_start, 1e-9)
        self._write('train', 'batch_', values, self._global_train_batch)

    def on_epoch_end(self, epoch, logs=None):
        logs = logs or {}
        train = {k: v for k, v in logs.items() if not k.startswith('val_')}
        rate = getattr(getattr(self.model, 'optimizer', None), 'learning_rate', None)
        if rate is not None:
            train['learning_rate'] = float(rate)
        if self.write_steps_per_second:
            steps = self._global_train_batch - self._epoch_start_step
            train['steps_per_second'] = steps / max(time.time() - self._epoch_start, 1e-9)
        if train:
            self._write('train', 'epoch_', train, epoch)
        validation = {k[4:]: v for k, v in logs.items() if k.startswith('val_')}
        if validation:
            self._write('validation', 'epoch_', validation, epoch)

    def on_train_end(self, logs=None):
        self._in_fit = False
        for writer in self._writers.values():
            writer.close()
        self._writers = {}

    # ---- evaluate (and fit's validation) ---------------------------------------------------
    def on_test_end(self, logs=None):
        iterations = getattr(getattr(self.model, 'optimizer', None), 'iterations', None)
        if iterations is None or not logs:
            return
        self._write('validation', 'evaluation_', {'%s_vs_iterations' % k: v for k, v in logs.items()},
                    int(iterations.numpy()))
        if not self._in_fit:         # evaluate alone: nothing else will close the file
            self._writers.pop('validation').close()


def profile_batch_range(profile_batch):
    """(start, stop) of ``profile_batch`` as Keras 3.15 reads it: an int (bools too), a pair, or the legacy
    'start,stop' string (each part int()-ed: 'a' is int's ValueError; a single '5' is a one-element list,
    which Keras refuses). Keras's ValueError text names the value given."""
    text = ('profile_batch must be a non-negative integer or 2-tuple of positive integers. A pair of positive '
            'integers signifies a range of batches to profile. Found: %s' % (profile_batch,))
    if isinstance(profile_batch, str):
        profile_batch = [int(part) for part in profile_batch.split(',')]
    if isinstance(profile_batch, int):
        start = stop = profile_batch
    elif isinstance(profile_batch, (tuple, list)) and len(profile_batch) == 2:
        start, stop = profile_batch
    else:
        raise ValueError(text)
    if start < 0 or stop < start:
        raise ValueError(text)
    return start, stop
