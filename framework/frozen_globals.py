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

A plain list, dict or set such a name holds is copied too, afresh for each replay from its contents when
the trace ended: the guide's ``external_list.append(x)`` appends once (at the trace), however often the
function is called, and the replays read what the trace read. What stays live: other objects the names
hold (an attribute set on a model: TensorFlow's trace read those too, a difference docs/differences.md lists), and
the globals of other Python functions the traced one calls. Only user functions are frozen: tapeflow's
own (Keras steps) run as they are.
"""
import dis
import os
import types

_OWN_DIRS = tuple(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), name) + os.sep
                  for name in ('framework', 'layers', 'optim'))


def is_user_function(python_function):
    """Whether ``python_function`` is the program's own Python (not a builtin, not tapeflow's code)."""
    plain = _unbound(python_function)[0]
    return isinstance(plain, types.FunctionType) and not plain.__code__.co_filename.startswith(_OWN_DIRS)


def written_at_start(python_function):
    """Before a trace of a user function: {global name: value} for each global its code assigns
    (``global counter; counter += 1``), and {closure cell index: value} for each nonlocal, or None. TensorFlow's graph holds what the trace computed from
    the value it started with, so every replay starts from that value again (the trace's own write stays)."""
    if not is_user_function(python_function):
        return None
    plain = _unbound(python_function)[0]
    code = plain.__code__
    stored = [(ins.opname, ins.argval) for ins in dis.get_instructions(code)
              if ins.opname in ('STORE_GLOBAL', 'STORE_DEREF')]
    values = {name: plain.__globals__[name] for kind, name in stored
              if kind == 'STORE_GLOBAL' and name in plain.__globals__}
    for kind, name in stored:       # (a nonlocal one: its closure cell, by index)
        if kind == 'STORE_DEREF' and name in code.co_freevars and plain.__closure__ is not None:
            index = code.co_freevars.index(name)
            try:
                values[index] = plain.__closure__[index].cell_contents
            except ValueError:      # (not bound yet)
                pass
    return values or None


def freeze(python_function, written=None):
    """A callable like ``python_function`` whose globals and closure are copies taken now, or None
    where there is nothing to freeze (a builtin, tapeflow's own code). ``written``: ``written_at_start``'s
    values, which each replay starts from."""
    if not is_user_function(python_function):
        return None
    plain, rebind = _unbound(python_function)
    code = plain.__code__
    closure = plain.__closure__
    if closure is not None:
        closure = tuple(_copied_cell(cell) for cell in closure)
    frozen_globals = dict(plain.__globals__)
    frozen = types.FunctionType(code, frozen_globals, plain.__name__, plain.__defaults__, closure)
    frozen.__kwdefaults__ = plain.__kwdefaults__
    frozen.__dict__.update(plain.__dict__)
    frozen.__qualname__ = plain.__qualname__
    containers = [(frozen_globals, name, _copy(frozen_globals[name])) for name in sorted(_names_read(code))
                  if type(frozen_globals.get(name)) in _CONTAINERS]
    containers += [(cell, None, _copy(cell.cell_contents)) for cell in closure or ()
                   if _holds_container(cell)]
    if containers:
        frozen.__dict__[_SLOTS] = containers
    if written:
        frozen.__dict__[_WRITTEN] = [(frozen_globals, name, value) if type(name) is str else (closure[name], None, value)
                                     for name, value in written.items()]
    return rebind(frozen)


def refresh(frozen):
    """Before a replay of ``frozen``: its lists, dicts and sets as the trace left them (a replay's
    appends go to a copy that the next replay drops)."""
    slots = getattr(frozen, _SLOTS, None)      # (a bound method reads its function's)
    if slots is not None:
        for place, name, contents in slots:
            if name is None:
                place.cell_contents = _copy(contents)
            else:
                place[name] = _copy(contents)
    for place, name, value in getattr(frozen, _WRITTEN, ()):     # (a global the function assigns: as it began)
        value = _copy(value) if type(value) in _CONTAINERS else value
        if name is None:        # (a nonlocal's cell)
            place.cell_contents = value
        else:
            place[name] = value


_CONTAINERS = (list, dict, set)
# a frozen function's attribute: its [(globals dict or cell, name or None, contents at the trace's end)]
_SLOTS = '__tapeflow_frozen_containers__'
# its [(globals dict, name, value when the trace began)] for the globals it assigns ((cell, None, value): nonlocals)
_WRITTEN = '__tapeflow_frozen_written__'


def _copy(container):
    return type(container)(container)


def _holds_container(cell):
    try:
        return type(cell.cell_contents) in _CONTAINERS
    except ValueError:          # (unbound)
        return False


def _names_read(code):
    """The global names ``code`` and the functions defined in it (comprehensions, lambdas) use."""
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= _names_read(const)
    return names


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
