"""``tf.compat.v1.logging``: TensorFlow 1's logging calls, on the 'tensorflow' logger
that ``tf.get_logger()`` returns (``set_verbosity(ERROR)`` silences its warnings)."""
import logging as _logging

DEBUG, INFO, WARN, ERROR, FATAL = _logging.DEBUG, _logging.INFO, _logging.WARN, _logging.ERROR, _logging.FATAL


def _logger():
    from framework.eager_graph_names import get_logger
    return get_logger()


def set_verbosity(v):
    _logger().setLevel(v)


def get_verbosity():
    return _logger().getEffectiveLevel()


def log(level, msg, *args, **kwargs):
    _logger().log(level, msg, *args, **kwargs)


def debug(msg, *args, **kwargs):
    _logger().debug(msg, *args, **kwargs)


def info(msg, *args, **kwargs):
    _logger().info(msg, *args, **kwargs)


def warning(msg, *args, **kwargs):
    _logger().warning(msg, *args, **kwargs)


warn = warning


def error(msg, *args, **kwargs):
    _logger().error(msg, *args, **kwargs)


def fatal(msg, *args, **kwargs):
    _logger().fatal(msg, *args, **kwargs)
