"""The variables a ``ConcreteFunction`` captures (``cf.variables``), read from the traced code.

TensorFlow lists the variables its trace read, in the order the trace first read them. tapeflow's
trace reads a variable's buffer directly, with no hook to see that read (a hook on every op would
cost each training step), so the variables are found in the function's code instead: in the order
its bytecode names them, each global or closure name whose value is a variable, and each
``self.<attribute>`` of a bound method's instance. A name that holds a tf.Module or Keras layer
brings that object's variables (in its own order: TensorFlow's is the order its call reads them),
and a tf.Function called inside brings the variables of its own code, as does a plain function or
method of the program's own that it names (the integrated-gradients tutorial's one_batch reads the
model through compute_gradients, a global helper: TensorFlow's trace captures what the helper reads).
A variable named only on a branch the trace does not take is listed too (TensorFlow would not capture
it). A Keras seed generator's state is listed where the trace drew from it (trace_seed_reads: a
Dropout's in training), not otherwise (TF 2.21's inference trace of a model with a GRU or a Dropout
captures its weights alone).
"""
import dis
import os
import sysconfig
import types

from .tensor import Tensor
from .variable import Variable

_SELF_LOADS = ('LOAD_FAST', 'LOAD_DEREF')
_ATTRIBUTE_LOADS = ('LOAD_ATTR', 'LOAD_METHOD')
# code outside the program's own: tapeflow's packages (a layer's call is read through its variables
# instead), the standard library and installed packages (they name no variable of the program's)
_NOT_USER_DIRS = tuple(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), name) + os.sep
                       for name in ('framework', 'layers', 'optim')) + \
    tuple({sysconfig.get_paths()[key] + os.sep for key in ('stdlib', 'purelib', 'platlib')})


def captured_variables(python_function, through_helpers=True, seed_reads=None):
    """The variables ``python_function``'s code names, each once, in the order it names them; with
    ``through_helpers`` False, not those only the program's plain functions and methods it calls name.
    ``seed_reads``: the ids of the seed generator states its trace drew from (None: the trace has not
    run, and a layer called directly lists no seed state, one reached as an attribute all of them)."""
    found, seen = [], set()
    _collect(python_function, found, seen, _Visited(through_helpers, seed_reads))
    return tuple(found)


def captured_values(python_function, seed_reads=None, tensor_reads=None):
    """What a trace of ``python_function`` captures, in the order its code names them: the variables of
    ``captured_variables``, the eager tensors among ``tensor_reads`` (the ids of the outside tensors its
    trace handed to ops: trace_tensor_reads) that its code names (``tensor_reads`` None: its trace has not run
    under the hook, only get_concrete_function's stand-in run: every tensor its code names), and the
    graph_captures.Capture entries of the lookup layers it names (a StringLookup's table handle and default)."""
    found, seen = [], set()
    _collect(python_function, found, seen, _Visited(True, seed_reads, _EVERY_TENSOR if tensor_reads is None
                                                    else tensor_reads))
    return tuple(found)


class _EveryTensor:
    """A set of tensor ids holding every id."""

    def __contains__(self, item):
        return True


_EVERY_TENSOR = _EveryTensor()


class _Visited(set):
    """The ids of the code objects a search has read, whether it reads the program's helpers, and what
    the trace read (the seed states it drew from, the outside tensors its ops took)."""

    def __init__(self, through_helpers, seed_reads, tensor_reads=None):
        super().__init__()
        self.through_helpers = through_helpers
        self.seed_reads = seed_reads
        self.tensor_reads = tensor_reads

    def leaves_out(self, variable):
        """Whether ``variable`` is a seed generator's state the trace (where it ran) did not draw from."""
        return self.seed_reads is not None and variable.name == 'seed_generator_state' and \
            id(variable) not in self.seed_reads


def _add(value, found, seen, visited):
    from .function import Function     # (function imports concrete_function, which imports this)
    if isinstance(value, Variable):
        if id(value) not in seen and not visited.leaves_out(value):
            seen.add(id(value))
            found.append(value)
    elif visited.tensor_reads is not None and isinstance(value, Tensor) and id(value) in visited.tensor_reads:
        if id(value) not in seen:       # an eager tensor the trace's ops took
            seen.add(id(value))
            found.append(value)
    elif isinstance(value, Function):
        _collect(value.python_function, found, seen, visited)
    elif isinstance(value, (types.FunctionType, types.MethodType)) and visited.through_helpers \
            and _is_user_code(value):
        _collect(value, found, seen, visited)
    elif visited.tensor_reads is not None and _is_built_layer(value):
        _add_layer_captures(value, found, seen, visited)
    elif not isinstance(value, type) and isinstance(getattr(type(value), 'variables', None), property):
        # a tf.Module or Keras layer / model: its variables
        for variable in value.variables:
            _add(variable, found, seen, visited)


def _is_built_layer(value):
    return not isinstance(value, type) and hasattr(value, '_flatten_layers') and getattr(value, 'built', False)


def _add_layer_captures(layer, found, seen, visited):
    """For captured_values: what the graph of a built Keras layer's or model's inference call captures, as
    model.export lists it (keras_export: layer by layer, a lookup's table handle and default, Normalization's
    mean and variance tensors rather than its adapt variables), then the seed generator states the trace
    drew from (a Dropout called in training)."""
    from .saved_model.keras_export import inference_captures     # (saved_model imports this module)
    for capture in inference_captures(layer):
        key = id(capture.variable) if capture.variable is not None else ('capture', capture.key)
        if key not in seen:
            seen.add(key)
            found.append(capture.variable if capture.variable is not None else capture)
    for variable in layer.variables:
        if visited.seed_reads is not None and id(variable) in visited.seed_reads and id(variable) not in seen:
            seen.add(id(variable))
            found.append(variable)


def _is_user_code(function):
    """Whether the plain function or method ``function`` is the program's own Python."""
    code = getattr(getattr(function, '__func__', function), '__code__', None)
    return code is not None and not code.co_filename.startswith(_NOT_USER_DIRS)


def _unbound(python_function):
    """(plain function, its instance or None) for a function, a bound method or tapeflow's weak method."""
    instance = None
    ref = getattr(python_function, '_ref', None)     # function._WeakMethod
    if ref is not None:
        instance, python_function = ref(), python_function.__wrapped__
    elif isinstance(python_function, types.MethodType):
        instance, python_function = python_function.__self__, python_function.__func__
    return python_function, instance


def _collect(python_function, found, seen, visited):
    python_function, instance = _unbound(python_function)
    if instance is not None and _is_keras_call(python_function, instance) and visited.tensor_reads is not None \
            and _is_built_layer(instance):      # (captured_values: what its inference graph captures)
        _add_layer_captures(instance, found, seen, visited)
        return
    if instance is not None and _is_keras_call(python_function, instance):
        # a layer's or model's own __call__ (Keras's track_and_add_endpoint) or call (tf.function(model.call)):
        # its variables, as its call reads them (a Dropout's seed state where the trace drew from it; before
        # the trace ran, none: an inference call reads none)
        for variable in instance.variables:
            if visited.seed_reads is not None or variable.name != 'seed_generator_state':
                _add(variable, found, seen, visited)
        return
    code = getattr(python_function, '__code__', None)
    if code is None:        # a callable object (tf.function(model)): its own variables
        _add(python_function, found, seen, visited)
        return
    if id(code) in visited:
        return
    visited.add(id(code))
    cells = dict(zip(code.co_freevars, [_content(c) for c in python_function.__closure__ or ()]))
    self_name = code.co_varnames[0] if instance is not None and code.co_argcount else None
    _scan(code, python_function.__globals__, cells, instance, self_name, found, seen, visited)


def _is_keras_call(python_function, instance):
    """Whether ``python_function`` is tapeflow's own ``__call__`` or ``call`` of the layer ``instance`` (a
    Sequential's or functional model's call reads its layers' variables through lists the scan cannot see)."""
    return getattr(python_function, '__name__', None) in ('__call__', 'call') and \
        (getattr(python_function, '__module__', None) or '').split('.')[0] == 'layers' and \
        isinstance(getattr(type(instance), 'variables', None), property)


def _filled(cell):
    try:
        cell.cell_contents
    except ValueError:
        return False
    return True


def _content(cell):
    return cell.cell_contents if _filled(cell) else None


def _attribute(instance, name):
    """``instance.name``, or None where reading it fails (a property of an unbuilt layer raises:
    printing a concrete function must not)."""
    try:
        return getattr(instance, name, None)
    except Exception:
        return None


def _scan(code, globals_, cells, instance, self_name, found, seen, visited):
    previous = None
    for instruction in dis.get_instructions(code):
        op, name = instruction.opname, instruction.argval
        if op == 'LOAD_GLOBAL' and name in globals_:
            _add(globals_[name], found, seen, visited)
        elif op == 'LOAD_DEREF' and name in cells and name != self_name:
            _add(cells[name], found, seen, visited)
        elif op in _ATTRIBUTE_LOADS and previous is not None and previous.opname in _SELF_LOADS \
                and previous.argval == self_name and self_name is not None:
            _add(_attribute(instance, name), found, seen, visited)
        previous = instruction
    for const in code.co_consts:        # nested functions and lambdas read the same globals
        if isinstance(const, types.CodeType):
            _scan(const, globals_, {}, None, None, found, seen, visited)
