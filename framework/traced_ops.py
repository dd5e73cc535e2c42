"""While a tf.function traces, the tensors its code makes print as TensorFlow's graph tensors.

TensorFlow runs a tf.function's Python on graph tensors, so ``print(x * y + 1.0)`` there shows
``Tensor("add:0", shape=(2, 3), dtype=float32)``: the op's name in the graph, made unique in
creation order ('add', 'add_1', ... shared with the arguments' names), inside the open
``tf.name_scope``s and Keras layer calls ('sequential_1/dense_1/'), and the shape TensorFlow's shape
inference gives (None where the trace leaves a length open). tapeflow traces on the real arrays;
while such a trace runs (a tf.function's, a tf.data function's, the step of a Keras model with its
own train_step), a trace hook (``sys.settrace``, on the tracing thread only, so it costs nothing
outside traces; inside, one lookup per Python call) sees each public API call the traced code
makes (graph_op_names.py) return, and names the tensor it returns in the trace
(``trace_names.naming.name_output``). The tensor itself is untouched: values are computed as
before, and a call the table does not know keeps printing its value.
"""
import importlib
import sys
import sysconfig
import threading

from . import dtypes, graph_op_names, keras_variable_operators, inaccessible_tensors, graph_shape_errors, graph_random_ops, name_scopes, numpy_operator_promotion, \
    runtime_values, trace_names
from . import assert_statements, graph_runtime_errors, lookup_graph_names, ragged_traced_reductions, \
    ragged_traced_rows, trace_tensor_reads
from . import resource_gather, sparse_traced_shapes
from .errors import OpError
from .graph_scopes import defined_at
from .tensor import Tensor
from .variable import Variable
from .traced_op_shapes import output_shape
from .traced_shape_reads import input_shape

_local = threading.local()
_STDLIB = sysconfig.get_paths()['stdlib']      # (contextlib's frames calling tapeflow's context managers)
_LATER = object()       # naming.graph_state of a trace whose random state is entered after the hook
_WRAPPER = object()     # an entry whose own frame is a decorator's: the function it calls decides
_TABLE = {}     # code -> (name, rule, floats only, name's default), or {closure strings: that} for a factory's code
# codes of tapeflow's frames that call the traced user function itself: an API function passed as that
# function (``ds.map(tf.strings.bytes_split)``) is the user's own call there, named as TF's graph names it
_USER_FUNCTION_CALLERS = set()


def calls_user_function(fn):
    """Mark ``fn`` (a tapeflow function that calls the function being traced, as a tf.data stage's
    trace does) so that an API function it calls directly counts as the user's call."""
    _USER_FUNCTION_CALLERS.add(fn.__code__)
    return fn


def _own_module(frame):
    return frame.f_globals.get('__name__', '').partition('.')[0] in trace_names._TAPEFLOW_PACKAGES


def _closure_strings_of(fn):
    cells = fn.__closure__ or ()
    return tuple(c.cell_contents for c in cells if isinstance(c.cell_contents, str))


def _closure_strings_in(frame):
    values = frame.f_locals
    return tuple(v for v in (values.get(n) for n in frame.f_code.co_freevars) if isinstance(v, str))


# tapeflow functions the traced code may call that are no graph op of their own: a print's (a tensor's text,
# the stdout that tf.function's first call records) and a tensor's shape and dtype (False), and tf.print, a
# stateful op (True); a tf.function calling them still knows its call op's name
_NOT_OPS = {}


def _build_table():
    import framework
    from . import function_init, printing
    muted = importlib.import_module(__package__ + '.function')._MutedStdout   # (framework.function: tf.function)
    for fn in (Tensor.__str__, Tensor.__repr__, Tensor.__format__, Tensor.shape.fget, Tensor.dtype.fget,
               Tensor.ndim.fget, Tensor.get_shape, function_init._Recorder.write, muted.write):
        _NOT_OPS[fn.__code__] = False
    _NOT_OPS[printing.print_.__code__] = True
    # tf.experimental.numpy's promoting operators wrap the Tensor operators, installed or not yet
    _TABLE[numpy_operator_promotion.wrapper_code()] = _WRAPPER
    # so do a variable's own operators (a Keras variable's are Keras's: keras_variable_operators)
    for code in keras_variable_operators.operator_codes(Variable):
        _TABLE[code] = _WRAPPER
    for name, rule, *paths in graph_op_names.ROWS:
        for path in paths:
            module, _, attributes = path.rpartition(':')      # 'package.module:Class.method', or a public path
            fn = importlib.import_module(module) if module else framework
            for part in attributes.split('.'):
                fn = getattr(fn, part, None)
            if fn is None:
                continue
            while hasattr(fn, '__wrapped__') or hasattr(fn, 'plain'):      # (a decorator's, or a promoting operator)
                # (a callable object calling its ``plain`` function: its class's __call__ is the decorator)
                _TABLE[getattr(fn, '__code__', None) or type(fn).__call__.__code__] = _WRAPPER
                fn = getattr(fn, '__wrapped__', None) or fn.plain
            code, found = fn.__code__, (name, rule, path in graph_op_names.FLOAT_ONLY, _name_default(fn))
            # (a function public under two names keeps its first row's)
            if code.co_freevars:         # a factory's closure: its strings tell the ops apart
                _TABLE.setdefault(code, {}).setdefault(_closure_strings_of(fn), found)
            else:
                _TABLE.setdefault(code, found)


def _parameters(frame):
    """The arguments a call was given, by parameter name (not a closure's own variables)."""
    code, values = frame.f_code, frame.f_locals
    count = code.co_argcount + code.co_kwonlyargcount + bool(code.co_flags & 4) + bool(code.co_flags & 8)
    return {n: values[n] for n in code.co_varnames[:count] if n in values}


def _name_default(fn):
    """The default of ``fn``'s ``name`` parameter: a name the caller did not give."""
    code = fn.__code__
    names = code.co_varnames[:code.co_argcount]
    if 'name' in names and fn.__defaults__:
        at = names.index('name') - (len(names) - len(fn.__defaults__))
        return fn.__defaults__[at] if at >= 0 else None
    return (fn.__kwdefaults__ or {}).get('name')


def _lookup(frame):
    found = _TABLE.get(frame.f_code)
    if type(found) is dict:
        return found.get(_closure_strings_in(frame))
    return found


def _op_of(found, parameters):
    """``found`` (an API call's row), or the row of the op its arguments make instead: tf.gather of a tf.Variable
    on axis 0 is TF's ResourceGather, named 'Gather' (resource_gather.py)."""
    if found[0] == 'GatherV2' and resource_gather.reads_rows(parameters):
        return ('Gather',) + tuple(found[1:])
    return found


class _Hook:
    """The trace function (``sys.settrace``) of one thread while a graph trace runs on it: asked at
    each Python call only (no line events, no C calls); it follows the return of the API calls the
    traced code makes, and of nothing else."""

    def __init__(self):
        # the API calls open: [frame, (name, rule) or _WRAPPER, parameters, the decorator frame to look under,
        # the name of the function that names the call (a wrapper's: the function it wraps)]
        self.calls = []
        # for each tf.function called from the traced code and running now, what its graph holds:
        # {'stateful': a variable read or random op seen, 'unsure': a call this table does not know}
        self.functions = []

    def __call__(self, frame, event, arg):
        calls = self.calls
        if calls and calls[-1][1] is _WRAPPER:
            if frame.f_back is calls[-1][3]:        # a function the decorator calls: the decorated one names it
                found = _lookup(frame)
                if found is _WRAPPER:               # decorated again: the next level down decides
                    calls[-1][3] = frame
                elif found is not None:
                    parameters = _parameters(frame)
                    found = _op_of(found, parameters)
                    calls[-1][1:3] = found, parameters
                    if trace_tensor_reads.OPEN:     # (a tf.function's trace: the tensors it captures)
                        trace_tensor_reads.note(calls[-1][2])
                    if found[1] != 'call':      # (a loop body's tensor after its loop: TF refuses it)
                        inaccessible_tensors.check_inputs(calls[-1][2], _graph_of(trace_names.current()),
                                                          frame.f_code.co_name)
                    calls[-1][4] = frame.f_code.co_name
                    self._note(found, calls[-1][2])
            return None
        found = _TABLE.get(frame.f_code)
        caller = frame.f_back
        if found is None:
            if self.functions and caller is not None and _own_module(frame) and not _own_module(caller) \
                    and not caller.f_code.co_filename.startswith(_STDLIB):
                stateful = _NOT_OPS.get(frame.f_code)
                if stateful is not False:
                    for notes in self.functions:    # an API call this table does not know: its ops unknown
                        notes['stateful' if stateful else 'unsure'] = True
            return None
        if caller is None or (_own_module(caller) and caller.f_code not in _USER_FUNCTION_CALLERS):
            return None         # tapeflow's own use of the API
        if found is not _WRAPPER:
            found = _lookup(frame)
            if found is None:
                return None
        parameters = None if found is _WRAPPER else _parameters(frame)
        if parameters is not None:
            found = _op_of(found, parameters)
        if parameters is not None and trace_tensor_reads.OPEN:     # (a tf.function's trace: what it captures)
            trace_tensor_reads.note(parameters)
        if parameters is not None and found[1] != 'call':     # (a loop body's tensor after its loop: TF refuses it)
            inaccessible_tensors.check_inputs(parameters, _graph_of(trace_names.current()), frame.f_code.co_name)
        calls.append([frame, found, parameters, frame, frame.f_code.co_name])
        if parameters is not None:
            self._note(found, parameters)
        frame.f_trace_lines = False
        return self._returned

    def _note(self, found, parameters):
        """Mark the tf.functions running now stateful when this call reads a variable or draws."""
        if found[1] == 'call':
            self.functions.append({'stateful': False, 'unsure': False})
        # (keras.random draws with a SeedGenerator, or the global one without an int seed: its state variable)
        if self.functions and (found[0].startswith(('random', 'ReadVariableOp')) or (
                found[0].startswith('stateless_') and not isinstance(parameters.get('seed'), int)) or any(
                isinstance(v, Variable) or (type(v) in (list, tuple) and any(isinstance(i, Variable) for i in v))
                for v in parameters.values())):
            for notes in self.functions:
                notes['stateful'] = True

    def _returned(self, frame, event, arg):
        calls = self.calls
        if event == 'exception' and calls and frame is calls[-1][0] and calls[-1][1] is not _WRAPPER:
            try:
                _note_graph_error(arg[1], calls[-1][1], calls[-1][2], calls[-1][4], frame.f_back)
            except Exception:       # the kernel's error stands
                pass
            return self._returned
        if event == 'return' and calls and frame is calls[-1][0]:
            _, found, parameters, _, function_name = calls.pop()
            if found is _WRAPPER:       # a decorated API this table does not know
                for notes in self.functions:
                    notes['unsure'] = True
            else:
                if found[1] == 'call':      # a tf.function: its graph is called by a (Stateful)PartitionedCall op
                    notes = self.functions.pop()
                    if notes['unsure']:
                        return self._returned
                    found = ('StatefulPartitionedCall' if notes['stateful'] else 'PartitionedCall',) + found[1:]
                try:
                    _name_result(found, parameters, arg, function_name.startswith('__'))
                    _note_node(frame.f_back, arg)
                except Exception:       # naming is for printing: a failure leaves the value's text
                    pass
        return self._returned


def _note_node(caller, result):
    """Note the graph node of a tf.function trace's API call from the user frame ``caller`` (its result's
    name): a kernel error in a replay of the trace names that node (graph_runtime_errors.replayed_error)."""
    trace = trace_names.current()
    if getattr(trace, 'graph', None) is None:
        return
    if type(result) is tuple:       # (next(iterator) of a (features, labels) dataset: one node's outputs)
        leaves = [trace._names.get(id(v)) if isinstance(v, Tensor) else None for v in result]
        nodes = {leaf[0].partition(':')[0] for leaf in leaves if leaf is not None}
        entry = leaves[0] if len(nodes) == 1 and None not in leaves else None
    else:
        entry = trace._names.get(id(result)) if isinstance(result, Tensor) else None
    if entry is not None and assert_statements.traced_function_name() is not None:
        graph_runtime_errors.note_node(trace, caller, entry[0].partition(':')[0])


def name_as_user_call(fn, parameters, result):
    """Name ``result`` in the running trace as the user's own call of the API function ``fn`` with
    ``parameters`` (by parameter name) is named: for a tapeflow function that makes the ops Keras 3
    makes on TensorFlow for the user (keras.ops.shape's ``tf.shape(x)[i]``), which the hook does not
    see (it follows a decorated API's own call only)."""
    found = _TABLE.get(fn.__code__)
    if found is None or found is _WRAPPER or type(found) is dict:
        return
    try:
        _name_result(found, parameters, result, False)
    except Exception:       # naming is for printing: a failure leaves the value's text
        pass


def is_trace_hook(function):
    """Whether ``function`` (``sys.gettrace()``) is the trace function of a graph trace (not a debugger's)."""
    return type(function) is _Hook


def _name_result(found, parameters, result, operator):
    trace = trace_names.current()
    graph = _graph_of(trace)
    if graph is None:
        return
    state = getattr(trace, 'graph_state', None)
    if state is _LATER:         # a Keras step: its random state is entered after its naming
        state = trace.graph_state = graph_random_ops.current()
    if graph_random_ops.current() is not state and not getattr(graph, 'loop_body', False):
        return      # another function's graph: TensorFlow names it there (a for loop's body: its own scopes)
    name, rule, floats_only, name_default = found
    if floats_only and not _float_input(parameters):
        return      # Keras casts an integer input first: an op this table does not name
    if name == 'clip_by_global_norm':
        if graph_op_names.variant(name, parameters, result) is not None:
            _name_global_clip(graph, trace, parameters, result)
        return
    if name == 'gradient_tape':
        _note_gradient_shapes(trace, parameters, result)
        return
    if rule == 'pieces' and not isinstance(result, Tensor):     # a vector's pieces: a ragged, a row per string
        ragged_traced_rows.note_rows(trace, result, parameters.get('input', parameters.get('data')), name)
        return
    if rule == 'sparse_source':     # tf.sparse.from_dense: TF's dense shape is the tensor's Shape, its traced lengths
        result.traced_shape = input_shape(parameters.get('tensor'), trace)      # (read by to_dense: 'densified')
        return
    if rule == 'sparse_reordered':      # tf.sparse.reorder: a SparseTensor (sparse_traced_shapes)
        sparse_traced_shapes.name_reorder(graph, _layer_scope(graph, trace) + name_scopes.current(), parameters,
                                          result)
        return
    several = rule in ('outputs', 'call', 'opaque', 'scoped_outputs', 'coordinates', 'determinants', 'wav') \
        and isinstance(result, (list, tuple))
    outputs = list(result) if several else [result]
    if rule == 'element':       # (a dataset element: any structure, its components the op's outputs)
        from . import nest
        outputs = nest.flatten(result)
        several = len(outputs) > 1 or outputs[0] is not result
    if not all(isinstance(t, Tensor) and not isinstance(t, Variable) and trace_names.entry_of(t) is None
               for t in outputs):
        if not several:         # (a RaggedTensor of concatenated or gathered rows: its rows in the graph)
            ragged_traced_rows.note_op_result(trace, name, parameters, result)
        return      # a variable, a composite, or a tensor already named (an argument returned)
    if ragged_traced_reductions.is_ragged_reduction(name, parameters):     # (TF's ragged_math_ops: its own scope)
        prefix = _layer_scope(graph, trace) + name_scopes.current()
        ragged_traced_reductions.name_reduction(trace, graph, prefix, name, parameters, result)
        return
    row, name = name, graph_op_names.variant(name, parameters, result)
    if name is None:
        return
    shape = output_shape(rule, parameters, result, trace)
    given = parameters.get('name')
    given = None if given == name_default else given
    prefix = _layer_scope(graph, trace) + name_scopes.current()
    if rule == 'reduce' and parameters.get('axis') is None:
        graph.unique(prefix + 'Const')      # TensorFlow's reductions over all axes make the axes a Const first
    if operator and isinstance(parameters.get('self'), Variable):
        graph.unique(prefix + 'ReadVariableOp')     # a variable's operator reads it before the op's scope
    opened = type(name) is graph_op_names.Opened
    *made_first, name = name.split(',')
    for other in made_first:            # ops the call makes at the top level before its result
        graph.unique(prefix + other)
    if rule == 'coordinates':       # one op per output, each named on its own (keras.ops.nonzero's Casts)
        for tensor, one in zip(outputs, shape):
            trace.name_output(tensor, graph.unique(prefix + name), one, dtypes.display_name(tensor._data.dtype))
        return
    if isinstance(given, str) and given:
        full = graph.unique(prefix + given)
    elif opened:
        full = graph.unique(name)
    elif '/' in name:           # an API whose last op sits in the API's own name scope
        scope, _, last = name.partition('/')
        full = graph.unique(prefix + scope) + '/' + last
        graph.unique(full)
    else:
        full = graph.unique(prefix + name)
    runtime_values.note(trace, name, parameters, outputs)       # (slices' bounds: traced_op_shapes)
    if not several:
        trace.name_output(result, full, shape, dtypes.display_name(result._data.dtype))
    elif rule == 'scoped_outputs':      # one op of the call's scope per output ('moments/Squeeze|Squeeze_1')
        scope, _, lasts = full.rpartition('/')
        for tensor, last, one in zip(outputs, lasts.split('|'), shape):
            trace.name_output(tensor, graph.unique(scope + '/' + last), one, dtypes.display_name(tensor._data.dtype))
    else:
        for index, (tensor, one) in enumerate(zip(outputs, shape)):
            trace.name_output(tensor, full if index == 0 else '%s:%d' % (full, index), one,
                              dtypes.display_name(tensor._data.dtype))
    if row in lookup_graph_names.KINDS:
        lookup_graph_names.place(trace, parameters, outputs)
    elif rule == 'opaque':        # (a py_function / numpy_function: TF's op runs on the host, so placed)
        for tensor in outputs:
            trace.place_on_host(tensor)


def _name_global_clip(graph, trace, parameters, result):
    """tf.clip_by_global_norm's (clipped, norm): the norm first, 'global_norm/global_norm', then the
    clipped tensors in the scope it opens, 'clip_by_global_norm/clip_by_global_norm/_0', '.../_1', ...
    (notes/progs/blogs30/q/qgn.py, TF 2.21). Measured outside other scopes, on lists of tensors."""
    if _layer_scope(graph, trace) or name_scopes.current():
        return
    clipped, norm = result
    sources = list(parameters.get('t_list') or ())
    if len(sources) != len(clipped):
        return
    # a None (a tape's missing gradient) stays None, unnamed; the others keep their list index (TF's '_%d')
    kept = [(index, source, out) for index, (source, out) in enumerate(zip(sources, clipped)) if source is not None]
    tensors = [out for _, _, out in kept] + [norm]
    if not all(isinstance(t, Tensor) and not isinstance(t, Variable) and trace_names.entry_of(t) is None
               for t in tensors) or not all(isinstance(source, Tensor) for _, source, _ in kept):
        return
    shapes = [output_shape('same', {'x': source}, out, trace) for _, source, out in kept]
    norm_name = graph.unique('global_norm') + '/global_norm'
    graph.unique(norm_name)
    scope = graph.unique('clip_by_global_norm')
    trace.name_output(norm, norm_name, (), dtypes.display_name(norm._data.dtype))
    for (index, _, tensor), shape in zip(kept, shapes):
        full = '%s/%s/_%d' % (scope, scope, index)
        graph.unique(full)
        trace.name_output(tensor, full, shape, dtypes.display_name(tensor._data.dtype))


def _note_gradient_shapes(trace, parameters, result):
    """``tape.gradient(target, sources)``'s tensors have their sources' traced shapes, as TensorFlow's
    gradient graph infers them (an input_signature's (None, None, 3) image: the deepdream tutorial adds
    the gradient to the image in a tf.range loop and calls a functional model on it; an unknown shape
    there made the loop's image of unknown rank, which the model refuses). Not named: TF's names
    follow the gradient graph's last op ('gradient_tape/mul/Mul:0')."""
    from . import nest
    sources = nest.flatten(parameters.get('sources'))
    results = nest.flatten(result)
    if len(sources) != len(results):
        return
    for source, gradient in zip(sources, results):
        if type(gradient) is not Tensor or not isinstance(source, Tensor):
            continue            # (None, IndexedSlices)
        entry = trace_names.entry_of(source)
        shape = entry[1] if entry is not None else (
            tuple(source._data.shape) if isinstance(source, Variable) else trace_names.noted_shape(source))
        if shape is not None and len(shape) == gradient._data.ndim:
            trace.note_shape(gradient, tuple(shape))


def _note_graph_error(error, found, parameters, function_name, caller):
    """Hang on ``error`` (a kernel's, raised through an API call of the traced code, made from the frame
    ``caller``) the error TensorFlow's graph raises there instead: its shape inference's refusal
    (graph_shape_errors.py), else, in a tf.function, the graph run's error (graph_runtime_errors.py);
    tf.function raises that."""
    trace = trace_names.current()
    graph = _graph_of(trace)
    if graph is None or getattr(error, '_graph_error', None) is not None:
        return
    if getattr(trace, 'graph_state', None) is _LATER:
        # a Keras step whose first named op is the one that failed (a custom loss's y - p)
        trace.graph_state = graph_random_ops.current()
    if graph_random_ops.current() is not getattr(trace, 'graph_state', None):
        return      # a loop's body or another function's graph
    operator = function_name if function_name.startswith('__') else None
    prefix = _layer_scope(graph, trace) + name_scopes.current()
    if isinstance(error, StopIteration) and found[0] == 'IteratorGetNext' and function_name == '__next__' \
            and not hasattr(error, 'graph_node'):
        # a dataset's end at next(iterator): TF's graph has the node and its run fails there
        # (IteratorGetNext_1 for a trace's second next; function_end_of_sequence.py raises it). Not
        # get_next's frame, which turns it into OutOfRangeError: the OpError below names that one.
        error.graph_node = graph.unique(prefix + found[0])
        if assert_statements.traced_function_name() is not None:
            graph_runtime_errors.note_node(trace, caller, error.graph_node)
        return
    refused = graph_shape_errors.graph_error(error, found[0], found[1], parameters, operator, graph.unique, prefix)
    if refused is None and trace.graph is not None and '/' not in found[0] and parameters is not None:
        function = assert_statements.traced_function_name()
        if function is not None and isinstance(error, OpError) and not getattr(error, 'graph_refused', False):
            node = graph_shape_errors.node_name(parameters, found[0], graph.unique, prefix)
            refused = graph_runtime_errors.runtime_error(error, node, defined_at(trace, caller), function)
            if refused is not None:
                error._graph_error = refused
                # (the trace is kept: a replay failing at this call again names this node)
                graph_runtime_errors.note_node(trace, caller, node)
            return
    if refused is not None:
        refused.graph_refused = True        # (a Sequential's build lets it through, as Keras's does)
        error._graph_error = refused


def _float_input(parameters):
    first = next((v for v in parameters.values() if isinstance(v, Tensor)), None)
    return first is not None and first._data.dtype.kind in 'fc'


def _graph_of(trace):
    """The GraphScopes the trace running now names op results in (a graph trace's, or a Keras build's
    scratch graph), or None."""
    if trace is None:
        return None
    return trace.graph if trace.graph is not None else trace.ops


def scope_prefix(trace):
    """The prefix of an op's name made now in ``trace``'s graph: the running layer call's scope, then the
    open ``tf.name_scope``s ('reg/' inside ``with tf.name_scope('reg')``)."""
    return _layer_scope(trace.graph, trace) + name_scopes.current()


def graph_namer():
    """``(unique, prefix)``: the namer of the graph the running trace names ops in and its open scopes, as the hook
    names an API call's ops; None outside such a trace. For a library function that words a graph's error
    itself, naming the ops TensorFlow made before it (graph_inner_errors)."""
    trace = trace_names.current()
    graph = _graph_of(trace)
    if graph is None:
        return None
    return graph.unique, _layer_scope(graph, trace) + name_scopes.current()


def layer_op_namer():
    """(the graph's namer, the scope prefix) for an op one of tapeflow's own layers adds in the trace running
    now, whose API call the naming hook does not follow ('max_pooling2d_1/'); None outside a trace."""
    trace = trace_names.current()
    graph = _graph_of(trace)
    if graph is None:
        return None
    return graph.unique, scope_prefix(trace) if trace.graph is not None else _layer_scope(graph, trace) + \
        name_scopes.current()


def _layer_scope(graph, trace):
    """The graph scope of the Keras layer whose ``call`` runs now ('sequential_1/dense_1/'), as Keras 3
    opens one per call; '' outside layers (layers.call_context, when the layers package is in use).
    In a Keras build the scopes start below the layer being built ('p_1/' for a sublayer's call)."""
    call_context = sys.modules.get('layers.call_context')
    layer = call_context.current_layer() if call_context is not None else None
    if layer is None:
        return ''
    chain = call_context.enclosing_calls(layer)
    if trace.graph is None:
        chain = chain[trace.scope_start:]
    scope = graph.scope_of(chain)
    return scope + '/' if scope else ''


class hooked:
    """Context: the tensors public API calls return get graph names while it is open (this thread).
    Entered inside the trace's ``trace_names.naming`` and, with ``state_entered=True``, its
    ``graph_random_ops.running`` (else the state current when it first names a tensor is the trace's)."""

    def __init__(self, state_entered=True):
        self._state_entered = state_entered

    def __enter__(self):
        self._hook = None
        trace = trace_names.current()
        # ops elsewhere (a loop's body graph, another function's) stay unnamed
        trace.graph_state = graph_random_ops.current() if self._state_entered else _LATER
        for name, _, _ in list(trace._names.values()):          # the arguments' placeholders hold their names
            _graph_of(trace).unique(name)
        if getattr(_local, 'hook', None) is not None:       # an outer trace's hook names for this one too
            return self
        if sys.gettrace() is not None:         # a debugger or coverage tool traces: leave it alone
            return self
        if not _TABLE:
            _build_table()
        self._hook = _local.hook = _Hook()
        sys.settrace(self._hook)
        return self

    def __exit__(self, *exc):
        if self._hook is not None:
            if sys.gettrace() is self._hook:        # (a debugger started inside the trace keeps its tracer)
                sys.settrace(None)
            _local.hook = None
        return False
