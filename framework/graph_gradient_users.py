"""Which of the program's functions call ``tf.gradients`` (or ``tf.hessians``): read from their code.

TensorFlow answers ``tf.gradients(ys, xs)`` inside a tf.function from the graph the trace built, for any
``xs`` the trace computed or captured (a physics-informed network's ``u_x = tf.gradients(u, x)[0]``, a
TF1-style step's ``tf.gradients(loss, model.trainable_variables)``). tapeflow has no graph: a call that
may ask runs under a tape recording every op (framework/graph_gradients.py). Recording costs each op a
node, so only the functions whose code names ``gradients`` or ``hessians`` record: their bytecode, their
nested functions' and lambdas', and, as far as they reach, the plain functions and methods of the
program's own that they name (a global helper, ``self.residual``, an imported module's ``pde.residual``,
an attribute's function ``self.f_model``, a function or object the call is given, ``tf.gradients`` under
another name). A name met only on a branch the call does not take makes it record all the same, which
costs time, not results.
"""
import functools
import os
import sysconfig
import types

_NAMES = frozenset({'gradients', 'hessians'})
# code outside the program's own: tapeflow's packages, the standard library and installed packages
_NOT_USER_DIRS = tuple(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), name) + os.sep
                       for name in ('framework', 'layers', 'optim')) + \
    tuple({sysconfig.get_paths()[key] + os.sep for key in ('stdlib', 'purelib', 'platlib')})
_ASKS = {}      # code object -> whether it (or what it names) asks; code objects live as long as their functions
_OWN_CALL = {}  # layer class -> whether its call is the program's code
# (values that are no instance of a class: functions are followed as code, modules and classes by the names used)
_NOT_OBJECTS = (type, types.ModuleType, types.FunctionType, types.MethodType, types.BuiltinFunctionType)
_PLAIN_DATA = (str, bytes, int, float, complex, bool)   # (values holding no code: not followed)
_MOST_VALUES = 512      # values one walk follows at most (a program's helpers are a few names away)
_GRADIENTS = [None, None]   # graph_only's tf.gradients and tf.hessians, found under any name (imported late)
_UNBOUND = object()     # the instance of a method read off its class: unknown, so its answer is not kept by code


def asks_graph_gradients(python_function):
    """Whether ``python_function`` (a function, a bound method, a callable object, a Keras layer or model)
    is the program's own code and calls ``tf.gradients`` / ``tf.hessians``, itself or through its own
    helpers (a layer: its call, its sublayers' calls and Lambda functions)."""
    return any(_asks(function, instance, set()) for function, instance in _entries(python_function))


def arguments_ask_graph_gradients(python_function, args, kwargs):
    """Whether the Python values among a call's arguments (not tensors or arrays) give ``python_function``
    the program's code that calls ``tf.gradients``: a residual function passed in, an object whose method
    the function names (``step(pde, x)`` calling ``pde.residual(u, x)``). Asked at each new trace: a
    trace's key holds such values."""
    import numpy as np
    from .tensor import Tensor
    values = [value for value in (*args, *kwargs.values())
              if not isinstance(value, (Tensor, np.ndarray, np.generic) + _PLAIN_DATA)]
    return bool(values) and any(helper is None or _asks(helper, its_instance, set())
                                for function, instance in _entries(python_function)
                                for helper, its_instance in _helpers(function, instance, values))


def _asks(function, instance, visited):
    code = function.__code__
    known = _ASKS.get(code)
    if known is not None:
        return known
    if id(code) in visited:     # (a recursion: what it asks, its first visit answers)
        return False
    visited.add(id(code))
    asks = any(_NAMES.intersection(code.co_names) for code in _nested_codes(code))
    if not asks:
        asks = any(helper is None or _asks(helper, its_instance, visited)
                   for helper, its_instance in _helpers(function, instance))
    if instance is None:        # (a method's answer depends on its instance: not kept by code)
        _ASKS[code] = asks
    return asks


def _nested_codes(code):
    yield code
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from _nested_codes(const)


def _helpers(function, instance, arguments=()):
    """(plain function, instance or None) for each of the program's own functions that ``function``'s code
    may reach by the names it uses (``None, None`` for ``tf.gradients`` itself under another name). From its
    globals, closure values and ``arguments``: functions, the methods and properties it names of objects and
    of the program's classes (``self.residual(x)``, a global ``pinn.residual(x)``, ``super().loss()``), the
    attributes it names of objects and of the program's modules (``self.f_model(u, x)``, ``pde.residual(u, x)``
    of an imported module), the elements of lists, tuples and dicts among them, a functools.partial's function."""
    names = set()
    for code in _nested_codes(function.__code__):
        names.update(code.co_names)
    values = [function.__globals__.get(name) for name in names]
    for cell in function.__closure__ or ():
        try:
            values.append(cell.cell_contents)
        except ValueError:      # (an empty cell)
            pass
    values += arguments
    if instance is not None and instance is not _UNBOUND:
        values.append(instance)
    for value, its_instance in _reached(values, names, instance):
        if value is _GRADIENTS[0] or value is _GRADIENTS[1]:
            yield None, None
            return
        for plain, bound_to in _entries(value):
            yield plain, bound_to if bound_to is not None else its_instance


def _reached(values, names, instance):
    """(value, the instance whose class gave it or None) for ``values`` and what they hold under ``names``
    (see _helpers), each once, at most _MOST_VALUES of them (a program's code reaches its helpers in a few)."""
    if _GRADIENTS[0] is None:
        from .graph_only import gradients, hessians
        _GRADIENTS[:] = gradients, hessians
    seen = set()
    queue = [(value, instance if value is instance else None) for value in values]
    while queue and len(seen) < _MOST_VALUES:
        value, its_instance = queue.pop()
        if value is None or id(value) in seen or isinstance(value, _PLAIN_DATA):
            continue
        seen.add(id(value))
        yield value, its_instance
        if isinstance(value, (list, tuple)):
            queue += [(item, None) for item in value[:_MOST_VALUES]]
        elif isinstance(value, dict):
            queue += [(item, None) for item in list(value.values())[:_MOST_VALUES]]
        elif isinstance(value, functools.partial):
            queue.append((value.func, None))
        elif isinstance(value, types.ModuleType):
            if _is_user_file(getattr(value, '__file__', None)):
                queue += [(getattr(value, name, None), None) for name in names]
        elif isinstance(value, type):       # (a class's functions: _entries keeps the program's own)
            queue += [(attribute, _UNBOUND) for attribute in _class_attributes(value, names)]
        elif not isinstance(value, _NOT_OBJECTS):
            queue += [(attribute, value) for attribute in _class_attributes(type(value), names)]
            try:
                own = object.__getattribute__(value, '__dict__')
            except AttributeError:      # (slots only)
                continue
            if isinstance(own, dict):
                queue += [(own.get(name), None) for name in names if name in own]


def _class_attributes(cls, names):
    """The plain functions ``cls`` and its bases hold under ``names`` (a method, a static or class method's
    function, a property's getter): each base's own, as ``super().name()`` reaches them too."""
    found = []
    for klass in getattr(cls, '__mro__', ())[:-1]:       # (not object's)
        own = klass.__dict__
        for name in names:
            value = own.get(name)
            if isinstance(value, (staticmethod, classmethod)):
                value = value.__func__
            elif isinstance(value, property):
                value = value.fget
            if isinstance(value, types.FunctionType):
                found.append(value)
    return found


def _entries(value):
    """(plain function, instance or None) for each of the program's own functions that calling ``value``
    runs first: a function's or method's own, a tf.Function's Python, a Keras layer's call and its
    sublayers' (a Lambda's function too), a callable object's ``__call__``."""
    from .function import Function     # (function imports this module)
    if isinstance(value, Function):
        value = value.python_function
    flatten = getattr(value, '_flatten_layers', None)
    candidates = _layer_calls(flatten(include_self=True)) if flatten is not None and not isinstance(value, type) \
        else [value]
    for candidate in candidates:
        plain, instance = _unbound(candidate)
        if plain is not None and _is_user_code(plain.__code__):
            yield plain, instance


def layers_ask_graph_gradients(layers):
    """Whether the program's code among ``layers``' calls (a model and its sublayers: a layer class's own
    call, a Lambda's function) calls tf.gradients / tf.hessians. Cheap for tapeflow's own layers: fit asks
    each epoch."""
    return any(asks_graph_gradients(call) for call in _layer_calls(layers))


def _layer_calls(layers):
    """The program's callables that calling ``layers`` runs: a layer's call where its class wrote one (a
    layer's __call__ is tapeflow's), a Lambda's function."""
    calls = []
    for layer in layers:
        kind = type(layer)
        own = _OWN_CALL.get(kind)
        if own is None:
            call = getattr(kind, 'call', None)
            own = _OWN_CALL[kind] = isinstance(call, types.FunctionType) and _is_user_code(call.__code__)
        if own:
            calls.append(layer.call)
        function = layer.__dict__.get('function')      # (a Lambda's)
        if function is not None:
            calls.append(function)
    return calls


def _is_user_code(code):
    return not code.co_filename.startswith(_NOT_USER_DIRS)


def _is_user_file(path):
    return isinstance(path, str) and not path.startswith(_NOT_USER_DIRS)


def _unbound(python_function):
    """(plain function, its instance or None) for a function, a bound method, tapeflow's weak method or a
    callable object (its ``__call__``)."""
    ref = getattr(python_function, '_ref', None)     # function._WeakMethod
    if ref is not None:
        return python_function.__wrapped__, ref()
    if isinstance(python_function, types.MethodType):
        return python_function.__func__, python_function.__self__
    if isinstance(python_function, types.FunctionType):
        return python_function, None
    call = getattr(type(python_function), '__call__', None)
    return (call, python_function) if isinstance(call, types.FunctionType) else (None, None)
