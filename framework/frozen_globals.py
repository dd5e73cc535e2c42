"""The global and closure names a tf.function's trace read, as its later calls see them: frozen.

TensorFlow runs a tf.function's Python once per trace; later calls run the graph, in which every
Python value the trace read from a global or an enclosing function's variable is a constant and every
variable it read is the one it captured (the tf.function guide's "Depending on Python global and free
variables": ``buggy_add`` keeps returning ``1 + foo`` with the foo of its trace, a closure's ``foo``
stays 100 after the enclosing function rebinds it to 200, and ``external_var = tf.Variable(4)`` leaves a
trace that multiplied by the old variable multiplying by it). tapeflow replays a trace by running the
Python again, so the replay runs a copy of the function whose globals and closure cells hold what they
held when the trace ended. Writes to them in the replay stay in that copy, as TensorFlow's graph makes
no such write.

What stays live: objects the names hold (a list appended to, an attribute set on a model: TensorFlow's
trace read those too, a difference README lists), and the globals of other Python functions the
traced one calls. Only user functions are frozen: tapeflow's own (Keras steps) run as they are.
"""
import os
import types

_OWN_DIRS = tuple(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), name) + os.sep
                  for name in ('framework', 'layers', 'optim'))


def freeze(python_function):
    """A callable like ``python_function`` whose globals and closure are copies taken now, or None
    where there is nothing to freeze (a builtin, tapeflow's own code)."""
    plain, rebind = _unbound(python_function)
    code = getattr(plain, '__code__', None)
    if not isinstance(plain, types.FunctionType) or code.co_filename.startswith(_OWN_DIRS):
        return None
    closure = plain.__closure__
    if closure is not None:
        closure = tuple(_copied_cell(cell) for cell in closure)
    frozen = types.FunctionType(code, dict(plain.__globals__), plain.__name__, plain.__defaults__, closure)
    frozen.__kwdefaults__ = plain.__kwdefaults__
    frozen.__dict__.update(plain.__dict__)
    frozen.__qualname__ = plain.__qualname__
    return rebind(frozen)


def _copied_cell(cell):
    try:
        return types.CellType(cell.cell_contents)
    except ValueError:          # (a cell not yet bound: a name the enclosing function assigns later)
        return types.CellType()


def _unbound(python_function):
    """(the plain function, how to bind a copy of it as ``python_function`` is bound)."""
    if isinstance(python_function, types.MethodType):
        instance = python_function.__self__
        return python_function.__func__, lambda f: types.MethodType(f, instance)
    ref = getattr(python_function, '_ref', None)        # function._WeakMethod: the instance, weakly
    if ref is not None and hasattr(python_function, '__wrapped__'):
        kind = type(python_function)
        return python_function.__wrapped__, lambda f: kind(f, ref)
    return python_function, lambda f: f
