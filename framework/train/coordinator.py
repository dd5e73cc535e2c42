"""``tf.train.Coordinator``: stop a set of Python threads together (TF 2.21's training/coordinator.py).

A thread calls ``request_stop()`` (with the exception it caught, or inside ``stop_on_exception()``);
the others poll ``should_stop()``; ``join()`` waits for them, gives late ones ``stop_grace_period_secs``
after the stop, and re-raises the first exception reported (OutOfRangeError counts as a clean stop).
"""
import contextlib
import sys
import threading
import time

from .. import errors
from ..keras_repr import default_repr


class Coordinator:
    """A coordinator for threads (see the module docstring)."""
    __repr__ = default_repr     # TF's object repr, its module named as TF names it

    def __init__(self, clean_stop_exception_types=None):
        self._clean_stop_exception_types = tuple(
            (errors.OutOfRangeError,) if clean_stop_exception_types is None else clean_stop_exception_types)
        self._lock = threading.Lock()
        self._stop_event = threading.Event()
        self._exc_info_to_raise = None
        self._joined = False
        self._registered_threads = set()

    def _filter_exception(self, ex):
        error = ex[1] if isinstance(ex, tuple) else ex
        return None if isinstance(error, self._clean_stop_exception_types) else ex

    def request_stop(self, ex=None):
        """Ask the threads to stop; ``ex`` (an exception being handled, or an exc_info tuple) is kept,
        the first one only, for ``join`` to raise."""
        with self._lock:
            ex = self._filter_exception(ex)
            if self._joined and ex is not None:
                raise ex[1] if isinstance(ex, tuple) else sys.exc_info()[1] or ex
            if not self._stop_event.is_set():
                if ex and self._exc_info_to_raise is None:
                    info = ex if isinstance(ex, tuple) else sys.exc_info()
                    if len(info) != 3 or not info[0] or not info[1]:
                        try:
                            raise ValueError('ex must be a tuple or sys.exc_info must return the current exception: '
                                             '%s' % (info,))
                        except ValueError:
                            info = sys.exc_info()
                    self._exc_info_to_raise = info
                self._stop_event.set()

    def clear_stop(self):
        """Forget the stop request (and its exception) so the threads can run again."""
        with self._lock:
            self._joined = False
            self._exc_info_to_raise = None
            self._stop_event.clear()

    def should_stop(self):
        return self._stop_event.is_set()

    @contextlib.contextmanager
    def stop_on_exception(self):
        """Run the block; an exception in it requests the stop (and is kept for join) instead of propagating."""
        try:
            yield
        except:  # noqa: E722  (as TensorFlow: everything, KeyboardInterrupt too, reaches request_stop)
            self.request_stop(ex=sys.exc_info())

    def wait_for_stop(self, timeout=None):
        """Whether the stop was requested within ``timeout`` seconds (None: wait for it)."""
        return self._stop_event.wait(timeout)

    def register_thread(self, thread):
        with self._lock:
            self._registered_threads.add(thread)

    def join(self, threads=None, stop_grace_period_secs=120, ignore_live_threads=False):
        """Wait for the registered threads (and ``threads``) to end.

        Raises:
            the exception given to request_stop; RuntimeError when threads still run after the grace period.
        """
        with self._lock:
            threads = list(self._registered_threads if threads is None else self._registered_threads | set(threads))
        while any(t.is_alive() for t in threads) and not self.wait_for_stop(1.0):
            pass
        wait = 0.001
        while any(t.is_alive() for t in threads) and stop_grace_period_secs >= 0.0:
            time.sleep(wait)
            stop_grace_period_secs -= wait
            wait = max(min(2 * wait, stop_grace_period_secs), 0.001)
        stragglers = [t.name for t in threads if t.is_alive()]
        with self._lock:
            self._joined = True
            self._registered_threads = set()
            if self._exc_info_to_raise:
                raise self._exc_info_to_raise[1]
            if stragglers and not ignore_live_threads:
                raise RuntimeError('Coordinator stopped with threads still running: %s' % ' '.join(stragglers))

    @property
    def joined(self):
        return self._joined

    def raise_requested_exception(self):
        """Raise the exception given to request_stop, if any."""
        with self._lock:
            if self._exc_info_to_raise:
                raise self._exc_info_to_raise[1]
