"""``Dataset.ignore_errors``: drop the elements whose map or filter function raised, as tf.data does.

A Python generator that raises is finished, so the error cannot travel down the pipeline and the
stream go on. Instead, while ``ignore_errors`` pulls an element from the stage just above it, it
marks that stage as tolerant (thread-local, for that ``next`` call only); a tolerant map or filter
stage hands down a ``SkippedElement`` in place of raising, and ``ignore_errors`` drops it.
Errors of stages further up (a batch between the map and ignore_errors, a failing source) still
raise.
"""
import contextlib
import threading

_state = threading.local()


class SkippedElement:
    """What a tolerant stage yields for an element whose function raised."""
    __slots__ = ('error',)

    def __init__(self, error):
        self.error = error


@contextlib.contextmanager
def _tolerating(stage):
    stack = _state.__dict__.setdefault('stages', [])
    stack.append(stage)
    try:
        yield
    finally:
        stack.pop()


def tolerated(stage):
    """True while ``ignore_errors`` reads directly from ``stage`` on this thread."""
    stack = getattr(_state, 'stages', None)
    return bool(stack) and stack[-1] is stage


def skipping_errors(dataset, log_warning):
    """The iterator factory of ``dataset.ignore_errors(log_warning)``."""
    source = dataset._make_iterator

    def kept():
        iterator = source()
        while True:
            with _tolerating(dataset):
                element = next(iterator, _END)
            if element is _END:
                return
            if isinstance(element, SkippedElement):
                if log_warning:
                    from ..eager_graph_names import get_logger
                    get_logger().warning('Intermediate error %r was ignored (Dataset.ignore_errors)', element.error)
                continue
            yield element
    return kept


_END = object()
