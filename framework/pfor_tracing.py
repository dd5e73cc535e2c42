"""The tf.function that TensorFlow's pfor makes on each eager call, as its tracing warnings show.

``GradientTape.jacobian`` / ``batch_jacobian`` (with ``experimental_use_pfor``, the default) and
``tf.vectorized_map`` run through pfor, which wraps its loop in a new ``tf.function`` of an inner
``f`` at every eager call, so every call traces. TensorFlow's frequent-tracing detector keys on
the code object, shared by all those ``f``: the fifth and sixth such calls log the
'N out of the last N calls to <function pfor.<locals>.f ...> triggered tf.function retracing'
warning. tapeflow computes these loops directly and only replays that bookkeeping here.
"""
from . import graph_random_ops
from .function import RUN_EAGERLY
from .retracing_warning import detector_for
from .tf_logging import logger


def f():
    """Stands for pfor's inner loop function (its repr names it as TensorFlow's does)."""


f.__qualname__ = 'pfor.<locals>.f'


def pfor_called():
    """Counts one pfor call: traced when eager; inside a traced function pfor makes no tf.function."""
    if graph_random_ops.current() is not None and not RUN_EAGERLY[0]:
        return
    if RUN_EAGERLY[0]:
        logger().warning('It looks like tf.function behavior was disabled, perhaps using '
                         'tf.config.run_functions_eagerly. Vectorization primitives (e.g. tf.vectorized_map) '
                         'require tf.function to work. These primitives will override the disable.')
    detector_for(f).called(True, f)
