"""MonitorCallback: what 'better' means for a monitored log value (Keras 3 semantics)."""
import warnings

from .callback import Callback


class MonitorCallback(Callback):
    """Base for callbacks that watch one log value (EarlyStopping, ModelCheckpoint, ...).

    Args:
        monitor: the log key to watch, e.g. 'val_loss' or 'val_accuracy'.
        mode: 'min', 'max', or 'auto' (lower is better for 'loss'; otherwise the
            metric's own direction, e.g. higher for accuracy).
        baseline: the initial best value (None: the first value seen).
        min_delta: how much a value must beat the best by to count as better.
    """

    def __init__(self, monitor='val_loss', mode='auto', baseline=None, min_delta=0):
        super().__init__()
        if mode not in ('auto', 'min', 'max'):
            warnings.warn("%s mode '%s' is unknown, fallback to auto mode." % (type(self).__name__, mode),
                          stacklevel=2)
            mode = 'auto'
        self.monitor = monitor
        self.mode = mode
        self.best = baseline
        self.min_delta = abs(min_delta)
        self.monitor_op = None

    def _set_monitor_op(self):
        # keras.ops.less / greater, as Keras 3's: Python floats (the logs' values, a baseline) compare as
        # float32 tensors, so 0.6000000238 (an accuracy of 3/5) does not beat a baseline of 0.6, nor does
        # 0.7 + min_delta 0.1 beat a best of 0.8 (both 0.8 in float32)
        from framework.keras import ops     # (here: framework.keras imports the callbacks)
        if self.mode == 'min':
            self.monitor_op = ops.less
        elif self.mode == 'max':
            self.monitor_op = ops.greater
        else:
            self.monitor_op = self._direction_from_model(ops)
        if self.monitor_op is ops.less:
            self.min_delta *= -1

    def _direction_from_model(self, ops):
        name = self.monitor.removeprefix('val_')      # (Keras's call: monitor=None is its AttributeError)
        found = ops.less if name == 'loss' else None
        for metric in _flat_metrics(getattr(self.model, 'metrics', [])):
            direction = getattr(metric, '_direction', None)
            if metric.name == name and direction is not None:
                found = ops.greater if direction == 'up' else ops.less
        if found is None:
            raise ValueError("%s callback received monitor=%s, but Keras isn't able to automatically determine "
                             "whether that metric should be maximized or minimized. Pass `mode='max'` in order to "
                             "monitor based on the highest metric value, or pass `mode='min'` in order to use the "
                             "lowest value." % (type(self).__name__, self.monitor))     # Keras 3.15's words
        return found

    def _is_improvement(self, monitor_value, reference_value):
        if reference_value is None:
            return True
        shifted = monitor_value - self.min_delta        # (a str value: Python's TypeError, as in Keras 3)
        try:
            return self.monitor_op(shifted, reference_value)      # a bool tensor, as Keras 3
        except TypeError:
            if isinstance(reference_value, (str, bytes)):       # Keras's ops.less converts it first
                raise ValueError("dtype='string' is not a valid dtype for Keras type promotion.") from None
            raise


def _flat_metrics(metrics):
    # Keras reads the direction only of the metrics compile() made, which the compiled-metrics
    # container holds in ``.metrics``: a metric a custom ``metrics`` property lists by itself (the
    # trainer pattern's SparseCategoricalAccuracy) leaves 'auto' undecided, as in Keras 3.15.
    for m in metrics:
        inner = getattr(m, 'metrics', None)
        if isinstance(inner, (list, tuple)):
            yield from inner
