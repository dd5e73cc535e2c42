"""``tf.autograph``: the switches programs set around AutoGraph.

tapeflow runs a ``tf.function``'s Python as it is written (no conversion of its
``if`` / ``for`` into graph ops), so verbosity and loop options have nothing to
act on, ``do_not_convert`` leaves a function as it is, and ``to_graph`` returns
the function itself; ``to_code`` shows the function's own source, the code that runs.
"""
import enum
import functools
import sys
import inspect
import textwrap
import types

_verbosity = [0]


def set_verbosity(level, alsologtostdout=False):
    """Kept for ``tf.autograph.set_verbosity(0)`` calls; there are no AutoGraph logs to filter."""
    _verbosity[0] = int(level)


def trace(*args):
    """Print ``args`` now, as AutoGraph's ``trace`` does while it traces."""
    print(*args)


def to_graph(entity, recursive=True, experimental_optional_features=None):
    """``entity`` itself: tapeflow runs Python functions as written."""
    return entity


def to_code(entity, recursive=True, experimental_optional_features=None):
    """The source of the code that runs for ``entity``: tapeflow does not convert functions, so
    that is the function's own source (TensorFlow returns its AutoGraph-converted source).

    Raises:
        TypeError: ``entity`` has no Python source (a builtin, a lambda typed at a prompt).
    """
    target = getattr(entity, 'python_function', entity)      # a tf.function: the Python it runs
    try:
        return textwrap.dedent(inspect.getsource(target))
    except (OSError, TypeError) as err:
        raise TypeError('tf.autograph.to_code: no Python source for %r (%s)' % (entity, err)) from None


class _Feature(enum.Enum):
    ALL = 'ALL'
    AUTO_CONTROL_DEPS = 'AUTO_CONTROL_DEPS'
    ASSERT_STATEMENTS = 'ASSERT_STATEMENTS'
    BUILTIN_FUNCTIONS = 'BUILTIN_FUNCTIONS'
    EQUALITY_OPERATORS = 'EQUALITY_OPERATORS'
    LISTS = 'LISTS'
    NAME_SCOPES = 'NAME_SCOPES'


def do_not_convert(func=None):     # named as TF's: print(...do_not_convert) shows <function do_not_convert ...>
    """A decorator that leaves ``func`` as it is (nothing is converted here anyway). A tf.function made
    of it raises its trace's errors as they are, where autograph would reword them ('in user code:')."""
    if func is None:
        return do_not_convert
    wrapper = functools.wraps(func)(lambda *args, **kwargs: func(*args, **kwargs))
    wrapper.autograph_do_not_convert = True
    code = getattr(func, '__code__', None)
    if code is not None:
        from .function_errors import UNCONVERTED_CODE
        UNCONVERTED_CODE.add(code)
    return wrapper


def _set_loop_options(parallel_iterations=None, swap_memory=None, maximum_iterations=None, shape_invariants=None):
    """Accepted inside loops; Python loops run as written, their shape_invariants bound the loop's check
    (loop_variable_checks.py) and maximum_iterations ends a traced tensor loop (loop_turn_limits.py)."""
    from .loop_variable_checks import set_loop_options
    frame = sys._getframe(1)
    set_loop_options(frame, shape_invariants)
    if maximum_iterations is not None:
        from . import assert_statements, loop_turn_limits
        if assert_statements.traced_mode():     # (a traced function's run with AutoGraph on: trace or replay)
            loop_turn_limits.record(frame, maximum_iterations)


experimental = types.SimpleNamespace(Feature=_Feature, do_not_convert=do_not_convert,
                                     set_loop_options=_set_loop_options)
