"""tf.saved_model.save traces each tf.function of the saved tf.Modules anew, as TensorFlow 2.21 does.

TensorFlow's trace cache is keyed by the save context too, so its save asks each tf.function on the
saved objects for a concrete function per signature it will store (the input_signature, else each
distinct signature the function has traced) inside that context: a trace of its own. Its Python runs
then: a ``print`` in the function shows during the save (the SavedModel guide: 'Saving model...' is
followed by 'Tracing with Tensor("x:0", shape=(), dtype=float32)'), the tracing count grows by one per
such signature, and ``pretty_printed_concrete_signatures()`` lists the save's trace beside the other,
its TensorSpecs named after the parameters. A second save finds those traces and makes none.

Here the save's traces are a Function's second cache (``Function.save_context``): each runs once on
stand-in zeros of its specs, as get_concrete_function's early trace does (concrete_function_trace),
with the saved object's variables given back their values afterwards, since the trace only runs Python
and writes nothing in TensorFlow. Calls outside a save never use these traces. Keras layers and models
are left out: their own steps keep their traces.
"""
import contextlib
import warnings

import numpy as np

from . import concrete_function_trace
from .concrete_function import ConcreteFunction
from .function import Function
from .module import Module
from .ops.tensor_spec import TensorSpec


def trace_for_save(nodes, variables, signature_functions=()):
    """Make the save's traces of ``signature_functions`` (the signatures' tf.functions, in the signatures'
    order: TF 2.21 traces them first, as its save canonicalizes the signatures, a module-level one too),
    then of the tf.functions on ``nodes`` (the saved object graph, breadth first) not traced yet;
    ``variables`` are given back their values after each. Returns the Functions, for ``in_save_context``."""
    functions = [f for i, f in enumerate(signature_functions) if f not in signature_functions[:i]]
    for node in nodes:
        if isinstance(node, Module) and not _is_keras(node):
            functions += [f for f in _functions_of(node) if f not in functions]
    kept = [(v, np.array(v.numpy())) for v in variables]
    for function in functions:
        wanted = _wanted(function)
        with function.save_context():
            for key, args, kwargs in wanted:
                if not any(entry.key == key for entry in function._traces):
                    _trace(function, key, args, kwargs, kept)
    return functions


def signature_save_trace(function, variables):
    """The concrete function of ``function``'s input_signature as the save traces it, made now if not yet
    (TF 2.21's save asks each candidate for its default signature for it, in the save context);
    ``variables`` are given back their values after. None where the trace could not run."""
    kept = [(v, np.array(v.numpy())) for v in variables]
    with function.save_context():
        (key, args, kwargs), = _wanted(function)
        if not any(entry.key == key for entry in function._traces):
            _trace(function, key, args, kwargs, kept)
        if not function._traces:
            return None
        return function.get_concrete_function()


@contextlib.contextmanager
def in_save_context(function, functions):
    """Inside: ``function`` (a signature's) dispatches to its save traces, where the save made them."""
    if isinstance(function, Function) and any(function is f for f in functions):
        with function.save_context():
            yield
    else:
        yield


def saves_concrete_functions(nodes):
    """Whether saving the object graph ``nodes`` stores a concrete function: a Keras layer's, or a
    tf.function's with an input_signature or a trace (TF 2.21 then reads
    SaveOptions.experimental_variable_policy for its cache key; an untraced tf.function without
    input_signature stores none)."""
    return any(_is_keras(node) or (isinstance(node, Module) and any(_wanted(f) for f in _functions_of(node)))
               for node in nodes)


def _is_keras(node):
    from layers.layer import Layer        # (layers imports framework)
    return isinstance(node, Layer)


def _functions_of(node):
    """The tf.functions on ``node``, by attribute name (TF's AutoTrackable lists them from dir())."""
    with warnings.catch_warnings():        # (reading properties, as TF's save does with warnings ignored)
        warnings.simplefilter('ignore')
        names = [name for name in dir(node) if isinstance(getattr(type(node), name, None), Function)
                 or isinstance(vars(node).get(name), Function)]
    return [getattr(node, name) for name in sorted(names)]


def _wanted(function):
    """(key, args, kwargs) per signature the save stores: the input_signature's, else each trace's,
    in trace order, once each."""
    if function.input_signature is not None:
        return [(None, list(function.input_signature), {})]
    wanted = []
    for entry in function._traces:
        if entry.key is None or any(entry.key == key for key, _, _ in wanted):
            continue
        args, kwargs = ConcreteFunction(function, entry).structured_input_signature
        wanted.append((entry.key, list(args), dict(kwargs)))
    return wanted


def _trace(function, key, args, kwargs, kept):
    entry = function._new_trace(key, False)
    if key is not None:      # TF's save traces from the structured signature: each spec named as its parameter
        values = function._binder.bind(args, kwargs)
        entry.spec_names = {name: name for name, value in zip(function._binder.names, values)
                            if isinstance(value, TensorSpec)}
    try:
        ran = concrete_function_trace.trace_now(function, entry, key, args, kwargs, any_variables=True)
    finally:
        for variable, value in kept:
            variable.assign(value)
    if not ran and entry in function._traces:       # (TF's save would fail here; this one stores no trace)
        function._traces.remove(entry)
        for found in [k for k, e in function._dispatch.items() if e is entry]:
            del function._dispatch[found]
