"""Progress reports for fit, evaluate and predict, in Keras's formats.

verbose=1: a tqdm bar per loop with the running loss and metrics;
verbose=2: one line per loop (``32/32 - 0s - 5ms/step - loss: 0.5000 - mae: 0.4000``);
verbose=0: nothing. 'auto' means 1 on a terminal and 2 otherwise (logs, CI).
The bar reads the logs at most every ``REFRESH_SECONDS``, so the running
values are converted to host floats only that often, not once per batch.
"""
import sys
import time

REFRESH_SECONDS = 0.1


def resolve_verbose(verbose, stream=None):
    """0, 1 or 2 for ``verbose`` ('auto': 1 when ``stream`` is a terminal, else 2)."""
    if verbose == 'auto':
        stream = stream or sys.stdout
        return 1 if getattr(stream, 'isatty', lambda: False)() else 2
    if verbose not in (0, 1, 2, True, False):
        raise ValueError("verbose must be 'auto', 0, 1 or 2, got %r" % (verbose,))
    return int(verbose)


def format_value(value):
    """A log value as Keras prints it: 4 decimals, or scientific notation when tiny."""
    try:
        value = float(value)
    except (TypeError, ValueError):
        return ' %s' % (value,)
    return ' %.4f' % value if abs(value) > 1e-3 else ' %.4e' % value


def format_logs(logs):
    return ''.join(' - %s:%s' % (key, format_value(value)) for key, value in logs.items())


def format_time(seconds_per_step, unit='step'):
    """'5ms/step' as Keras writes it (s, ms or us)."""
    if seconds_per_step >= 1 or seconds_per_step == 0:
        return '%.0fs/%s' % (seconds_per_step, unit)
    if seconds_per_step >= 1e-3:
        return '%.0fms/%s' % (seconds_per_step * 1e3, unit)
    return '%.0fus/%s' % (seconds_per_step * 1e6, unit)


class Progress:
    """Reports one loop over ``target`` steps (None: unknown until it ends).

    Args:
        target: the number of steps, or None.
        verbose: 1 (bar) or 2 (one line at the end).
        stream: where to write (default sys.stdout, as Keras).
    """

    def __init__(self, target, verbose, stream=None):
        self.target = target
        self.verbose = verbose
        self.stream = stream or sys.stdout
        self.seen = 0
        self._start = time.perf_counter()
        self._last_refresh = self._start
        self._bar = None
        if verbose == 1:
            self._bar = _keras_bar(target, self.stream)

    def update(self, current, logs=None):
        """Record that ``current`` steps are done; refresh the bar now and then."""
        self.seen = current
        if self._bar is None:
            return
        now = time.perf_counter()
        if now - self._last_refresh >= REFRESH_SECONDS:
            self._last_refresh = now
            self._refresh(logs)

    def _refresh(self, logs):
        if logs:
            self._bar.logs = format_logs(logs)
        self._bar.update(self.seen - self._bar.n)

    def finish(self, logs=None):
        """Close the bar, or write the verbose=2 line, with the final ``logs``."""
        logs = logs or {}
        if self.target is None:
            self.target = self.seen
        if self._bar is not None:
            self.seen = self.target
            self._bar.total = self.target
            self._refresh(logs)
            self._bar.close()
            self._bar = None
        elif self.verbose == 2 and self.target:
            elapsed = time.perf_counter() - self._start
            width = len(str(self.target))
            self.stream.write('%*d/%d - %.0fs - %s%s\n' % (width, self.seen or self.target, self.target, elapsed,
                                                          format_time(elapsed / max(self.seen, 1)),
                                                          format_logs(logs)))
            self.stream.flush()


def _keras_bar(target, stream):
    """A tqdm bar drawn like Keras's: ``32/57 ━━━━━━      0s 3ms/step - loss: 1.0821``."""
    from tqdm import tqdm

    class KerasBar(tqdm):
        logs = ''

        @property
        def format_dict(self):
            fields = super().format_dict
            per_step = fields['elapsed'] / fields['n'] if fields['n'] else 0.0
            fields.update(logs=self.logs, per_step=format_time(per_step))
            return fields

    return KerasBar(total=target, file=stream, leave=True, dynamic_ncols=True, ascii=False,
                    bar_format='{n_fmt}/{total_fmt} {bar:20} {elapsed} {per_step}{logs}')
