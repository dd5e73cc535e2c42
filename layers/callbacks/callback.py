"""Callback: the hooks ``fit``, ``evaluate`` and ``predict`` call (Keras 3's set)."""
from framework.keras_repr import KerasObjectRepr


class Callback(KerasObjectRepr):     # print(history): '<keras.src.callbacks.history.History object at 0x...>'
    """Base class for objects notified as training, testing and prediction go on.

    Override any hook; the training batch hooks fall back on ``on_batch_begin`` /
    ``on_batch_end`` as in Keras. ``self.model`` is the model being trained and
    ``self.params`` holds ``verbose``, ``epochs`` and ``steps``.
    """

    def __init__(self):
        self.params = None
        self._model = None

    def set_params(self, params):
        self.params = params

    def set_model(self, model):
        self._model = model

    @property
    def model(self):
        return self._model

    def on_batch_begin(self, batch, logs=None):
        """Called before each training batch (unless on_train_batch_begin is overridden)."""

    def on_batch_end(self, batch, logs=None):
        """Called after each training batch (unless on_train_batch_end is overridden)."""

    def on_epoch_begin(self, epoch, logs=None):
        """Called at the start of an epoch (``epoch`` counts from 0)."""

    def on_epoch_end(self, epoch, logs=None):
        """Called at the end of an epoch with its training and validation logs."""

    def on_train_batch_begin(self, batch, logs=None):
        self.on_batch_begin(batch, logs=logs)

    def on_train_batch_end(self, batch, logs=None):
        self.on_batch_end(batch, logs=logs)

    def on_test_batch_begin(self, batch, logs=None):
        """Called before each batch of ``evaluate`` (and of validation in ``fit``)."""

    def on_test_batch_end(self, batch, logs=None):
        """Called after each batch of ``evaluate`` with the running metrics."""

    def on_predict_batch_begin(self, batch, logs=None):
        """Called before each batch of ``predict``."""

    def on_predict_batch_end(self, batch, logs=None):
        """Called after each batch of ``predict``; ``logs['outputs']`` holds its outputs."""

    def on_train_begin(self, logs=None):
        """Called once when ``fit`` starts."""

    def on_train_end(self, logs=None):
        """Called once when ``fit`` ends, with the last epoch's logs."""

    def on_test_begin(self, logs=None):
        """Called when ``evaluate`` (or a validation pass) starts."""

    def on_test_end(self, logs=None):
        """Called when ``evaluate`` (or a validation pass) ends, with its results."""

    def on_predict_begin(self, logs=None):
        """Called when ``predict`` starts."""

    def on_predict_end(self, logs=None):
        """Called when ``predict`` ends."""


# The hooks a callback must override for its batch hooks to do anything; the
# training hooks also count when only the generic ``on_batch_*`` is overridden.
_BATCH_HOOKS = {
    'on_train_batch_begin': ('on_train_batch_begin', 'on_batch_begin'),
    'on_train_batch_end': ('on_train_batch_end', 'on_batch_end'),
    'on_test_batch_begin': ('on_test_batch_begin',),
    'on_test_batch_end': ('on_test_batch_end',),
    'on_predict_batch_begin': ('on_predict_batch_begin',),
    'on_predict_batch_end': ('on_predict_batch_end',),
    # CallbackList.on_batch_begin / _end (Keras 2's names, still called by hand in custom loops) call
    # these alone, as Keras 3 does: a callback with only on_train_batch_* is not called there
    'on_batch_begin': ('on_batch_begin',),
    'on_batch_end': ('on_batch_end',),
}


# every batch hook a loop may call (CallbackList asks which callbacks do something in each)
BATCH_HOOK_NAMES = frozenset(_BATCH_HOOKS)


def overrides(callback, hook):
    """Whether ``callback`` does something in the batch ``hook`` (so the loop must call it).

    Checks the class and the instance (``LambdaCallback`` sets hooks on the instance).
    """
    for name in _BATCH_HOOKS[hook]:
        if name in vars(callback):
            return True
        if getattr(type(callback), name, None) is not getattr(Callback, name):
            return True
    return False
