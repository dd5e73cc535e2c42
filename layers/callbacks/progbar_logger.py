"""ProgbarLogger: the progress display of fit, evaluate and predict, as a callback."""
from framework.keras.interactive_logging import print_msg

from ..training.progbar import Progbar
from ..training.progress import Progress, resolve_verbose
from .callback import Callback


class ProgbarLogger(Callback):
    """Shows a progress bar (verbose=1) or a line per epoch (verbose=2).

    ``fit``, ``evaluate`` and ``predict`` add one when ``verbose`` is not 0. In ``fit``
    the validation pass shows nothing of its own: its results join the epoch's line.
    """

    # Reads batch logs only during the hook: a live view of the metrics will do.
    reads_batch_logs_at_once = True

    def __init__(self):
        super().__init__()
        # Keras 3's attribute: the bar of the latest epoch (or evaluate / predict pass), kept after it
        # ends, made at each begin whatever the verbosity (a ProgbarLogger given with verbose=0 has one)
        self.progbar = None
        self.verbose = 1
        self.epochs = 1
        self.target = None
        self.seen = 0
        self._called_in_fit = False

    def set_params(self, params):
        self.verbose = resolve_verbose(params.get('verbose', 1))
        self.epochs = params.get('epochs', 1)
        self.target = params.get('steps')

    def _start(self):
        self.seen = 0
        self.progbar = Progbar(self.target, verbose=self.verbose, stateless_metrics=set())

    def _update(self, batch, logs):
        self.seen = batch + 1
        if self.progbar is None:
            self.progbar = Progbar(self.target, verbose=self.verbose, stateless_metrics=set())
        # The bar is a keras.utils.Progbar showing values as given, as Keras 3's (a program may read its
        # type or call it); fit's logs dict goes to the drawing every loop's bar shares, as
        # Progbar.update would take (name, value) pairs
        Progress.update(self.progbar, self.seen, logs)

    def _finish(self, logs):
        if self.target is None:
            # as Keras 3: an unknown step count is learnt from the first pass, so later epochs show
            # a bar of that many steps ('1/4 ━━━━━') where the first showed '1/Unknown'
            self.target = self.seen
        if self.progbar is not None:
            self.progbar.finish(logs)

    def on_train_begin(self, logs=None):
        self._called_in_fit = True

    def on_epoch_begin(self, epoch, logs=None):
        if self.verbose and self.epochs > 1:
            print_msg('Epoch %d/%d' % (epoch + 1, self.epochs))
        self._start()

    def on_train_batch_end(self, batch, logs=None):
        self._update(batch, logs)

    def on_epoch_end(self, epoch, logs=None):
        self._finish(logs)

    def on_test_begin(self, logs=None):
        if not self._called_in_fit:
            self._start()

    def on_test_batch_end(self, batch, logs=None):
        if not self._called_in_fit:
            self._update(batch, logs)

    def on_test_end(self, logs=None):
        if not self._called_in_fit:
            self._finish(logs)

    def on_predict_begin(self, logs=None):
        self._start()

    def on_predict_batch_end(self, batch, logs=None):
        self._update(batch, None)

    def on_predict_end(self, logs=None):
        self._finish(None)
