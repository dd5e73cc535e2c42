"""``keras.utils.Progbar``: the progress bar of a hand-written training loop (Keras 3's).

The same drawing as fit's bar (``progress.Progress``); what this adds is
Keras's bookkeeping of the values passed in: a metric is averaged over the
steps seen (each update weighing it by the steps it covers) unless it is
listed as stateful, in which case its last value is shown.
"""
import time


from .progress import Averaged, Progress


class Progbar(Progress):
    """Displays a progress bar.

    Args:
        target: the total number of steps, or None if unknown.
        width: the bar's width in characters (20).
        verbose: 0 (silent), 1 (a bar redrawn in place), 2 (one line when it finishes).
        interval: the least time between two redraws, in seconds (0.05).
        stateful_metrics: names shown as given; every other value is averaged.
        stateless_metrics: names averaged; every other value is shown as given
            (give one of the two lists at most).
        unit_name: what a step is called ('step' -> '5ms/step').
    Raises:
        ValueError: both stateful_metrics and stateless_metrics given.
    """

    def __init__(self, target, width=20, verbose=1, interval=0.05, stateful_metrics=None, stateless_metrics=None,
                 unit_name='step'):
        if stateful_metrics is not None and stateless_metrics is not None:
            raise ValueError('Progbar: only one of `stateful_metrics` or `stateless_metrics` can be provided; '
                             '`stateful_metrics` lists the values shown as given, `stateless_metrics` the values '
                             'averaged')
        super().__init__(target, verbose)
        self.width, self.interval, self.unit_name = width, interval, unit_name
        self.stateful_metrics = set(stateful_metrics or ()) if stateless_metrics is None else None
        self.stateless_metrics = None if stateless_metrics is None else set(stateless_metrics)
        self._sums = {}            # name -> [weighted sum, weight] of an averaged value

    def _averaged(self, name):
        if self.stateful_metrics is not None:
            return name not in self.stateful_metrics
        return name in self.stateless_metrics

    def update(self, current, values=None, finalize=None):
        """Show that ``current`` steps are done.

        Args:
            current: the index of the current step.
            values: a list of (name, value) for this step.
            finalize: whether this is the last update (default: ``current >= target``).
        """
        if finalize is None:
            finalize = self.target is not None and current >= self.target
        shown = {}
        for name, value in values or ():
            if self._averaged(name):
                # Keras's sums, by Python's operators on the values as given: None or a dict fails here
                # ("unsupported operand type(s) for *: 'NoneType' and 'int'"), a list is repeated and
                # joined, a str too (numpy's TypeError when drawn); np.mean and the division come at the
                # drawing (progress.format_value)
                if finalize:
                    self._sums[name] = [value, 1]
                else:
                    steps = max(current - self.seen, 1)
                    if name not in self._sums:
                        self._sums[name] = [value * steps, steps]
                    else:
                        self._sums[name][0] += value * steps
                        self._sums[name][1] += steps
                shown[name] = Averaged(*self._sums[name])
            else:
                shown[name] = value
        # Kept whether or not this update draws: Keras keeps every value given, so the final line
        # shows the average over all steps, not the one of the last redraw (interval: 0.05s)
        self._take(shown)
        self.seen = current
        if finalize:
            self._final(current, None)
            return
        now = time.time()
        per_step = self._step_duration(current, now)
        if self.verbose == 1 and now - self._last_draw >= self.interval:
            self._draw(current, None, now, per_step, final=False)

    def add(self, n, values=None):
        """``update(steps seen + n, values)``."""
        self.update(self.seen + n, values)
