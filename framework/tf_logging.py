"""The 'tensorflow' logger of Python's logging module, set up as TensorFlow's tf_logging sets it up,
so that the warnings TensorFlow logs print as TensorFlow prints them: ``WARNING:tensorflow:<message>``
on stderr (stdout, from INFO up, in an interactive session).
"""
import logging
import sys

_configured = []


def logger():
    """The 'tensorflow' logger; on first use, given TensorFlow's handler unless the root logger
    already has one (TensorFlow then leaves it to the root's, to avoid logging twice)."""
    log = logging.getLogger('tensorflow')
    if not _configured:
        _configured.append(True)
        if not logging.getLogger().handlers:
            interactive = hasattr(sys, 'ps1') or bool(sys.flags.interactive)
            if interactive:
                log.setLevel(logging.INFO)
            handler = logging.StreamHandler(sys.stdout if interactive else sys.stderr)
            handler.setFormatter(logging.Formatter(logging.BASIC_FORMAT, None))
            log.addHandler(handler)
    return log


def _as_traced(emit):
    # log_first_n is Python: inside a tf.function TensorFlow runs it while tracing, never on the calls
    # that replay the graph (which then neither log nor count); tapeflow runs the Python each call
    from .trace_time_logs import log_as_traced     # (it imports function.py, which imports the ops)
    log_as_traced(emit)


class FirstN:
    """TensorFlow's ``log_first_n``: a message logged from one place at most ``n`` times a program."""
    __slots__ = ('left',)

    def __init__(self, n):
        self.left = n

    def warning(self, message):
        _as_traced(lambda: self._count(message))

    def _count(self, message):
        if self.left > 0:
            self.left -= 1
            logger().warning(message)


class FirstNPerSite:
    """TensorFlow's ``log_first_n`` as it counts: per call site (the caller's file and line), each site
    logging at most ``n`` times a program."""
    __slots__ = ('n', 'counts')

    def __init__(self, n):
        self.n = n
        self.counts = {}

    def warning(self, message, site):
        _as_traced(lambda: self._count(message, site))

    def _count(self, message, site):
        count = self.counts.get(site, 0)
        self.counts[site] = count + 1
        if count < self.n:
            logger().warning(message)


# TensorFlow sets its handler up while it is imported (``import tensorflow`` leaves the 'tensorflow'
# logger one StreamHandler): a root handler added later (absl's basicConfig after a checkpoint write,
# train/absl_root_logging.py, or the program's own) then prints each warning a second time, as there.
logger()

