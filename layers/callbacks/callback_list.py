"""CallbackList: calls every callback's hook in order, and skips batch hooks nobody uses."""
from framework import nest
from framework.errors import shown_as

from ..training.logs import pythonify_logs
from .callback import BATCH_HOOK_NAMES, Callback, overrides
from .history import History
from .progbar_logger import ProgbarLogger


class NotACallbackError(TypeError, AttributeError):
    """TensorFlow 2.21 fails on the missing ``set_model`` (AttributeError); a TypeError names the cause."""

    def __init__(self, item, missing):
        # Python's own words for the missing attribute ('numpy.ndarray' object has no attribute 'set_model')
        super().__init__(str(missing))
        self.add_note('callbacks: expected a list of Callback objects (keras.callbacks.Callback subclasses), got %r '
                      'of type %s' % (item, type(item).__name__))


# Programs print type(e).__name__ and tracebacks name the class: TF 2.21 shows AttributeError there
shown_as(NotACallbackError, AttributeError)


def _hook_of(callback, hook):
    """``callback``'s bound ``hook``; a duck callback without it fails when the hook is called, as in Keras,
    so that set_model's (or an earlier hook's) AttributeError comes first."""
    try:
        return getattr(callback, hook)
    except AttributeError:
        return lambda batch, logs=None: getattr(callback, hook)(batch, logs=logs)


class CallbackList(Callback):
    """A container that forwards each hook to its callbacks, in order.

    Args:
        callbacks: a list of callbacks (or None).
        add_history: append a ``History`` callback unless one is given.
        add_progbar: append a ``ProgbarLogger`` unless one is given.
        model: the model the callbacks act on.
        **params: ``verbose``, ``epochs``, ``steps``: passed to ``set_params``.

    Epoch-level hooks receive one dict that every callback shares, so a key one
    callback adds (ReduceLROnPlateau's ``learning_rate``) reaches ``History``. As in
    Keras 3, that dict is a sorted, flattened copy of the caller's logs (``pythonify_logs``):
    the order callbacks, the progress line and ``History`` see, and the caller's dict
    stays as it was.
    Batch hooks are called only on callbacks that override them; ``wants(hook)``
    lets a loop skip building batch logs that nobody reads. A loop may pass
    batch logs as a live view of the running metrics: callbacks that declare
    ``reads_batch_logs_at_once`` (the progress bar) get the view, and read it only
    when they need to; every other callback gets its own dict of floats, as in
    Keras, which it may keep.
    """

    def __init__(self, callbacks=None, add_history=False, add_progbar=False, model=None, **params):
        # No Callback.__init__, as in Keras 3: a CallbackList built without a model has no ``_model``, so
        # reading ``.model`` there is TF 2.21's AttributeError ('CallbackList' object has no attribute
        # '_model'), not None. ``params`` comes from set_params below.
        # Keras 3 flattens what it is given (tree.flatten): one callback alone (callbacks=EarlyStopping(...))
        # is a list of one, a dict gives its values in key order. What is no callback is found at set_model.
        self.callbacks = nest.flatten(callbacks) if callbacks else []
        self._history = next((cb for cb in self.callbacks if isinstance(cb, History)), None)
        if self._history is None and add_history:
            self._history = History()
            self.callbacks.append(self._history)
        if add_progbar and not any(isinstance(cb, ProgbarLogger) for cb in self.callbacks):
            self.callbacks.append(ProgbarLogger())
        self._find_listeners()
        self.set_model(model)
        self.set_params(params)

    def _find_listeners(self):
        self._listeners = {hook: [(_hook_of(cb, hook), getattr(cb, 'reads_batch_logs_at_once', False))
                                  for cb in self.callbacks if hasattr(cb, 'on_epoch_end') and overrides(cb, hook)]
                           for hook in BATCH_HOOK_NAMES}
        self._hooks_on_instances = self._instance_hooks_set()

    def _find_listeners_again(self):
        # After each run and epoch begin hook: a callback may set a batch hook on itself there
        # (self.on_train_batch_end = ... in on_train_begin), and Keras 3, which calls every callback's
        # hooks, runs it from the next batch on. Only where some callback holds (or held) a hook of its own:
        # a full search each epoch cost the small epochs of bench_workloads 80-330 opcodes a batch.
        if self._hooks_on_instances or self._instance_hooks_set():
            self._find_listeners()

    def _instance_hooks_set(self):
        return any(not BATCH_HOOK_NAMES.isdisjoint(getattr(cb, '__dict__', ())) for cb in self.callbacks)

    def wants(self, hook):
        """Whether any callback does something in the batch ``hook``."""
        return bool(self._listeners[hook])

    def set_params(self, params):
        self.params = params
        if params:
            for cb in self.callbacks:
                cb.set_params(params)

    def set_model(self, model):
        if model is None:
            return
        for cb in self.callbacks:
            try:
                cb.set_model     # Keras calls it and nothing else first: a duck with set_model fails at its first missing hook
            except AttributeError as missing:
                raise NotACallbackError(cb, missing) from None
        super().set_model(model)
        if self._history is not None:
            model.history = self._history
        for cb in self.callbacks:
            cb.set_model(model)

    def _each(self, hook, *args):
        for cb in self.callbacks:
            getattr(cb, hook)(*args)

    def _batch(self, hook, batch, logs):
        snapshot = None
        if logs is None:
            logs = {}       # Keras hands batch hooks a dict, empty at the start of a batch
        elif type(logs) is dict:
            # a dict the caller built (a custom training loop's {'loss': loss_tensor}): Keras 3 hands
            # callbacks its sorted, flattened copy of floats (pythonify_logs), so a callback prints 0.25,
            # not a tensor, and what it writes there stays out of the caller's dict. fit's own logs
            # come as a LiveLogs view, which reads as floats already
            logs = pythonify_logs(logs)
        # by keyword, as Keras 3 calls batch hooks: LambdaCallback(on_train_batch_end=lambda b, l: ...)
        # raises TypeError there, so it does here
        for method, takes_live_view in self._listeners[hook]:
            # Keras hands every callback one dict: what an earlier callback wrote into it
            # (logs['x'] = ...) reaches the progress bar, so it gets that copy once there is one
            if type(logs) is dict or (takes_live_view and snapshot is None):
                method(batch, logs=logs)
                continue
            if snapshot is None:
                snapshot = dict(logs.items())
            method(batch, logs=snapshot)

    # ---- batch hooks: only the callbacks that override them -----------------------
    def on_batch_begin(self, batch, logs=None):
        # each callback's own on_batch_begin, as Keras 3's CallbackList calls (not on_train_batch_begin)
        self._batch('on_batch_begin', batch, logs)

    def on_batch_end(self, batch, logs=None):
        self._batch('on_batch_end', batch, logs)

    def on_train_batch_begin(self, batch, logs=None):
        self._batch('on_train_batch_begin', batch, logs)

    def on_train_batch_end(self, batch, logs=None):
        self._batch('on_train_batch_end', batch, logs)

    def on_test_batch_begin(self, batch, logs=None):
        self._batch('on_test_batch_begin', batch, logs)

    def on_test_batch_end(self, batch, logs=None):
        self._batch('on_test_batch_end', batch, logs)

    def on_predict_batch_begin(self, batch, logs=None):
        self._batch('on_predict_batch_begin', batch, logs)

    def on_predict_batch_end(self, batch, logs=None):
        # (_batch pythonifies predict's {'outputs': ...} too: the outputs reach callbacks as numpy
        # arrays, not as tensors, as in Keras 3)
        self._batch('on_predict_batch_end', batch, logs)

    # ---- epoch and run hooks: every callback, one shared copy of the logs ----------
    def on_epoch_begin(self, epoch, logs=None):
        self._each('on_epoch_begin', epoch, pythonify_logs(logs))
        self._find_listeners_again()

    def on_epoch_end(self, epoch, logs=None):
        self._each('on_epoch_end', epoch, pythonify_logs(logs))

    def on_train_begin(self, logs=None):
        self._each('on_train_begin', pythonify_logs(logs))
        self._find_listeners_again()

    def on_train_end(self, logs=None):
        self._each('on_train_end', pythonify_logs(logs))

    def on_test_begin(self, logs=None):
        self._each('on_test_begin', pythonify_logs(logs))
        self._find_listeners_again()

    def on_test_end(self, logs=None):
        self._each('on_test_end', pythonify_logs(logs))

    def on_predict_begin(self, logs=None):
        self._each('on_predict_begin', pythonify_logs(logs))
        self._find_listeners_again()

    def on_predict_end(self, logs=None):
        self._each('on_predict_end', pythonify_logs(logs))

