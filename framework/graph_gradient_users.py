"""Which of the program's functions call ``tf.gradients`` (or ``tf.hessians``): read from their code.

TensorFlow answers ``tf.gradients(ys, xs)`` inside a tf.function from the graph the trace built, for any
``xs`` the trace computed or captured (a physics-informed network's ``u_x = tf.gradients(u, x)[0]``, a
TF1-style step's ``tf.gradients(loss, model.trainable_variables)``). tapeflow has no graph: a call that
may ask runs under a tape recording every op (framework/graph_gradients.py). Recording costs each op a
node, so only the functions whose code names ``gradients`` or ``hessians`` record: their bytecode, their
nested functions' and lambdas', and, as far as they reach, the plain functions and methods of the
program's own that they name (a global helper, ``self.residual``). A name met only on a branch the call
does not take makes it record all the same, which costs time, not results.
"""
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
# (values whose methods are not the program's: a module's functions are globals of their own, a class's
# methods are reached through its instances)
_NOT_OBJECTS = (type, types.ModuleType, types.FunctionType, types.MethodType, types.BuiltinFunctionType)


def asks_graph_gradients(python_function):
    """Whether ``python_function`` (a function, a bound method, a callable object, a Keras layer or model)
    is the program's own code and calls ``tf.gradients`` / ``tf.hessians``, itself or through its own
    helpers (a layer: its call, its sublayers' calls and Lambda functions)."""
    return any(_asks(function, instance, set()) for function, instance in _entries(python_function))


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
        asks = any(_asks(helper, its_instance, visited) for helper, its_instance in _helpers(function, instance))
    if instance is None:        # (a method's answer depends on its instance's class: not kept by code)
        _ASKS[code] = asks
    return asks


def _nested_codes(code):
    yield code
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from _nested_codes(const)


def _helpers(function, instance):
    """(plain function, instance or None) for each of the program's own functions that ``function``'s code
    names: its globals and closure values, and the methods it names of ``instance``'s class (``self.residual(x)``)
    and of the objects among those values (a global ``pinn.residual(x)``)."""
    names = set()
    for code in _nested_codes(function.__code__):
        names.update(code.co_names)
    found = [(function.__globals__.get(name), None) for name in names]
    for cell in function.__closure__ or ():
        try:
            found.append((cell.cell_contents, None))
        except ValueError:      # (an empty cell)
            pass
    objects = [instance] if instance is not None else []
    objects += [value for value, _ in found if value is not None and not isinstance(value, _NOT_OBJECTS)]
    for obj in objects:
        for name in names:
            try:
                value = getattr(type(obj), name, None)
            except Exception:       # noqa: BLE001 (a class whose attribute lookup raises: nothing to follow)
                continue
            if isinstance(value, (staticmethod, classmethod)):
                found.append((value.__func__, None))
            elif isinstance(value, types.FunctionType):
                found.append((value, obj))
    for value, its_instance in found:
        for plain, bound_to in _entries(value):
            yield plain, bound_to if bound_to is not None else its_instance


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
