"""Warnings that TensorFlow's Python logs while it builds a graph, logged as often as TensorFlow traces.

``tf.cast`` from complex to float logs 'You are casting an input of type complex64 ...' from
math_ops.cast, Python that runs on every eager call but only while a tf.function (a Keras fit
step) is traced: the gradient of keras.io's text_generation_fnet (``tf.cast(x, tf.complex64)``
under ``tf.math.real``) logs it twice in fit, for the first trace and the retrace of a first
call that made variables (function_init.py), and never on the steps that replay the graph.
tapeflow runs the Python on every call, so it logs here only where TensorFlow would.
"""
import sys
import warnings

from . import function_init


def log_as_traced(emit):
    """``emit()`` (one log call) now, unless the call replays a trace; once more if the first traced
    call running now is traced a second time."""
    from .function import is_replaying        # function.py imports the ops that log through here
    if is_replaying():
        return
    emit()
    if function_init.OPEN and not function_init._ONCE[0]:     # (a layer's build is traced once)
        function_init.OPEN[-1].on_retrace.append(emit)


def warn_as_traced(text, stacklevel=1):
    """``warnings.warn(text, stacklevel=stacklevel)`` from the caller, as often as TF 2.21 runs the
    step's Python: at its traces only (twice for a first trace that made variables: the compiled
    metrics built there), never on the steps that replay the graph; every step when run eagerly."""
    frame = sys._getframe(stacklevel)        # the line warnings.warn in the caller would name
    filename, lineno, module_globals = frame.f_code.co_filename, frame.f_lineno, frame.f_globals
    registry = module_globals.setdefault('__warningregistry__', {})
    log_as_traced(lambda: warnings.warn_explicit(text, UserWarning, filename, lineno,
                                                 module_globals.get('__name__', '<string>'), registry, module_globals))
