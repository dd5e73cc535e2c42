"""Progress reports for fit, evaluate and predict, written as Keras 3's ``Progbar`` writes them.

verbose=1: a bar per loop, redrawn in place (``\\r``) with the latest loss and
metrics at most every ``REFRESH_SECONDS`` and once more when the loop ends:
``8/8 ━━━━━━━━━━━━━━━━━━━━ 0s 3ms/step - loss: 1.0821`` with Keras's ANSI
bold/green/grey codes. Keras draws it this way on any POSIX system, terminal
or not (logs and pipes included), so 'auto' means 1, as in Keras.
verbose=2: one line per loop (``32/32 - 0s - 5ms/step - loss: 0.5000 - mae: 0.4000``);
verbose=0: nothing.
The logs are read (turned into host floats) only when a line is drawn, not once per batch.
"""
import math
import os
import sys
import time

import numpy as np

from framework.keras.interactive_logging import print_msg

REFRESH_SECONDS = 0.05   # Keras's Progbar interval
BAR_WIDTH = 20


def resolve_verbose(verbose):
    """``verbose`` as the progress bar reads it: 'auto' is 1, as in Keras 3. Keras checks no other
    value: 3, 'loud' or None draw no bar and no epoch line, and a truthy one still prints the
    'Epoch k/n' headers (its Progbar draws only for 1 and 2)."""
    if verbose == 'auto':
        return 1
    if verbose is True or verbose is False:
        return int(verbose)
    return verbose


class Averaged:
    """A value keras.utils.Progbar averages: the sum of the values given, each times the steps it covers,
    and the count of those steps (Keras's [sum, count], divided only when drawn)."""
    __slots__ = ('total', 'count')

    def __init__(self, total, count):
        self.total, self.count = total, count


def format_value(value, signed=True):
    """A log value as Keras prints it: 4 decimals, or scientific notation when tiny.

    ``signed=False`` is the verbose=2 line's test (``value > 1e-3``, so negative
    values come out in scientific notation there, as in Keras).
    """
    # As Keras's Progbar: what is no float is averaged by np.mean (an array, a train_step's per-feature
    # value, prints as its mean), then divided by its count of 1. A value a callback wrote into the logs
    # that is no number fails there as in Keras: numpy's TypeError for a str or bytes ('the resolved dtypes
    # are not compatible with add.reduce ...'), Python's for None or a dict ('unsupported operand type(s)
    # for /: 'NoneType' and 'int''); a complex prints as '1.0000+2.0000j'.
    count = 1
    if type(value) is Averaged:
        value, count = value.total, value.count
    if not isinstance(value, float):
        value = np.mean(value)
    value = value / max(1, count)
    large = abs(value) > 1e-3 if signed else value > 1e-3
    return ' ' + format(value, '.4f' if large else '.4e')


def format_logs(logs, signed=True):
    return ''.join(' - %s:%s' % (key, format_value(value, signed)) for key, value in logs.items())


def format_time(seconds_per_step, unit='step'):
    """'5ms/step' as Keras writes it (s, ms or us)."""
    if seconds_per_step >= 1 or seconds_per_step == 0:
        return '%.0fs/%s' % (seconds_per_step, unit)
    if seconds_per_step >= 1e-3:
        return '%.0fms/%s' % (seconds_per_step * 1e3, unit)
    return '%.0fus/%s' % (seconds_per_step * 1e6, unit)


def format_eta(seconds):
    if seconds > 3600:
        return '%d:%02d:%02d' % (seconds // 3600, (seconds % 3600) // 60, seconds % 60)
    if seconds > 60:
        return '%d:%02d' % (seconds // 60, seconds % 60)
    return '%ds' % seconds


class Progress:
    """Reports one loop over ``target`` steps (None: unknown until it ends).

    Args:
        target: the number of steps, or None.
        verbose: 1 (bar) or 2 (one line at the end).
        stream: where to write (default: sys.stdout when writing, as Keras).
    """

    def __init__(self, target, verbose, stream=None):
        self.target = target
        self.verbose = verbose
        self.stream = stream
        self.width, self.interval, self.unit_name = BAR_WIDTH, REFRESH_SECONDS, 'step'
        self.seen = 0
        self._start = time.time()
        self._last_draw = 0.0
        self._after_first_step = None
        self._prev_width = 0
        self._values = {}      # latest value per key, keys in first-seen order (Keras's _values_order)
        # On POSIX Keras always redraws in place; elsewhere, off a terminal, it writes new lines.
        self._in_place = os.name == 'posix' or getattr(sys.stdout, 'isatty', lambda: False)()

    def update(self, current, logs=None):
        """Record that ``current`` steps are done; redraw the bar if it is time."""
        self.seen = current
        if type(logs) is dict and self.verbose == 1:
            # a callback's dict, which may hold keys the final logs lack (logs['x'] = ... in
            # on_train_batch_end): Keras's bar keeps every key it was given, with its last value; the
            # verbose=2 line takes only the epoch's logs. (A live view of the running metrics is read
            # only when drawing: its keys are the metrics'.)
            self._take(logs)
        now = time.time()
        per_step = self._step_duration(current, now)
        if self.verbose == 1 and now - self._last_draw >= self.interval:
            self._draw(current, logs, now, per_step, final=False)

    def finish(self, logs=None):
        """Draw the final bar, or write the verbose=2 line, with the final ``logs``."""
        if self.target is None:
            self.target = self.seen
        self._final(self.target, logs)

    def _final(self, current, logs):
        now = time.time()
        per_step = self._step_duration(current, now)
        if self.verbose == 1:
            self._draw(current, logs, now, per_step, final=True)
        elif self.verbose == 2 and self._sized():
            self._take(logs)
            width = int(math.log10(self.target)) + 1
            self._write('%*d/%d - %.0fs - %s%s\n' % (width, current, self.target, now - self._start,
                                                    format_time(per_step, self.unit_name),
                                                    format_logs(self._values, False)))

    def _sized(self):
        # Keras 3 draws a count and bar only for a positive target (Progbar(-1) draws like Progbar(None))
        return self.target is not None and self.target > 0

    def _draw(self, current, logs, now, per_step, final):
        self._take(logs)
        message = '\b' * self._prev_width + '\r' if self._in_place else '\n'
        hidden = 0   # characters of ANSI codes, which take no room on screen
        if self._sized():
            width = int(math.log10(self.target)) + 1
            bar = '\x1b[1m%*d/%d\x1b[0m ' % (width, current, self.target)
            hidden += 8
            done = int(self.width * current / self.target)
            if done > 0:
                bar += '\x1b[32m%s\x1b[0m' % ('━' * done)
                hidden += 9
            bar += '\x1b[37m%s\x1b[0m' % ('━' * (self.width - done))
            hidden += 9
        else:
            bar = '%7d/Unknown' % current
        if self._sized() and not final:
            info = ' \x1b[1m%s\x1b[0m' % format_eta(per_step * (self.target - current))
        else:
            info = ' \x1b[1m%.0fs\x1b[0m' % (now - self._start)
        hidden += 8
        info += ' ' + format_time(per_step, self.unit_name) + format_logs(self._values)
        message += bar + info
        shown = len(bar) + len(info) - hidden
        if self._prev_width > shown:
            message += ' ' * (self._prev_width - shown)
        if final:
            message += '\n'
        self._write(message)
        self._prev_width = shown
        self._last_draw = now

    def _take(self, logs):
        if logs:
            for key, value in logs.items():
                self._values[key] = value

    def _step_duration(self, current, now):
        # Keras's estimate: the first step (tracing, warm-up) is left out once there are others.
        if not current:
            return 0.0
        if self._after_first_step is not None and current > 1:
            duration = (now - self._after_first_step) / (current - 1)
        else:
            duration = (now - self._start) / current
        if current == 1:
            self._after_first_step = now
        return duration

    def _write(self, text):
        # Off interactive logging (keras.utils.disable_interactive_logging), Keras logs the text instead.
        print_msg(text, line_break=False, stream=self.stream or sys.stdout)
