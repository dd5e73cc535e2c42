"""A dataset stage's function run as tf.data runs it: traced once, then replayed.

tf.data traces ``map_func`` (and filter's predicate, flat_map's and interleave's
functions) once, on placeholders named ``args_0``, ``args_1``, ... and replays the
graph for every element, so a Python ``print`` in it shows once, printing those
placeholders (``Tensor("args_0:0", shape=(), dtype=int64)``), while ``tf.print``
shows for every element. tapeflow runs the Python for every element: the first
call shows its prints with the arguments named as TensorFlow's placeholders, and
later calls drop what they print to stdout (as tf.function's replays do). Each
call runs as one call of a graph: its random ops draw the stage's kernels in the
iterator running it (``iterator_kernels``); numpy's and Python's global random draws repeat the
trace's (``host_random_replay``).

TensorFlow's trace happens when the stage is made, before any element is read.
Dataset.map runs this one then where its upstream elements come from memory
(construction_trace.py); elsewhere (a generator, files, another map upstream) its
prints come with the first element read (or the first ``element_spec`` that reads
one), later than TensorFlow's. The placeholders'
shapes are the upstream spec's when it is known without reading data, else the
first element's (a batch dimension then shows its size instead of None).
"""
import functools
import inspect
import types

from .eager_functions_warning import warn_if_functions_run_eagerly
from .. import assert_statements, dtypes, graph_random_ops, nest, symbolic_iteration, trace_names, traced_ops
from ..autograph_lambda_warning import converted_name, warn_if_unparsable
from ..graph_scopes import GraphScopes
from ..function import replaying
from ..function_errors import UNCONVERTED_CODE, raised_from_trace
from ..sparse.sparse_tensor import SparseTensor
from ..tensor import Tensor
from .. import host_random_replay, ragged_traced_rows, stateful_kernels
from ..variable import Variable
from .iterator_kernels import graph_state


# tf.data.experimental.enable_debug_mode's switch, read when a stage is made (as TF's is: before the
# pipeline is built): its functions then also run eagerly for every element, after the one trace.
DEBUG_MODE = [False]

# the trace's call of the stage function: an API function passed as map_func is the user's call there
traced_ops.calls_user_function(host_random_replay.traced)


def traced_stage_function(fn, upstream, takes_element=True, refusal_of_result=None, arg_specs=None, converted=True):
    """``fn`` wrapped so that its first call is a trace and later calls replay it. ``takes_element``: ``fn``
    is called with one element of ``upstream`` (spread when a tuple), not reduce's (state, element).
    ``refusal_of_result(result)``: the error (or None) the stage raises for what the trace returned, worded
    while the trace still names its tensors (TF's check after tracing: '<tf.Tensor 'Cast:0' ...>').
    ``arg_specs()``: the flat specs of the arguments (None where unknown), for a function not called with
    one element (scan's state then element); its placeholders take those shapes, as TF's trace does.
    ``converted``: False where TF traces a wrapper of its own that calls ``fn`` (group_by_window's key_func
    and window_size_func): AutoGraph leaves that wrapper, and so ``fn``, as they are, so a tensor ``if`` in
    ``fn`` is refused and its trace errors come plain, without 'in user code:'."""
    if converted:
        warn_if_unparsable(fn)      # (TensorFlow converts it now, as the stage is made)
    warn_if_functions_run_eagerly(DEBUG_MODE[0])
    converted_as = converted_name(fn) if converted else None
    if takes_element:
        _refuse_mismatched_call(fn, converted_as, upstream)
    fn = names_read_now(fn)
    state = {'traced': False}
    # AutoGraph converts the function: its `if` / `while` / `for` on tensors trace as tf.function's do
    assert_statements.install()
    symbolic_iteration.install()
    if DEBUG_MODE[0]:
        return _debug_stage_function(fn, upstream, state)

    @functools.wraps(fn)
    def run(*args):
        if state.get('reads'):      # (after its own random ops: TF names the first stateful op its graph made)
            try:
                return _run(*args)
            finally:
                stateful_kernels.note('ReadVariableOp')
        return _run(*args)

    def _run(*args):
        with graph_random_ops.running(graph_state(run)):
            if state['traced']:
                with replaying():
                    return host_random_replay.replayed(fn, args, state)
            state['traced'] = True
            state['reads'] = _reads_variables(fn)
            # a graph of its own: the tensors its ops make print as graph tensors (traced_ops)
            try:
                raggeds = []
                with trace_names.naming(_placeholder_names(args, upstream, arg_specs, raggeds),
                                        graph=GraphScopes()) as trace, \
                        traced_ops.hooked(), assert_statements.running(converted, getattr(fn, '__name__', 'fn')):
                    for ragged, spec in raggeds:
                        ragged_traced_rows.note_argument(trace, ragged, spec)
                    result = host_random_replay.traced(fn, args, state)
                    state['shapes'] = _traced_shapes(result)
                    # placeholders of the upstream spec's shapes: a batch length the trace knows is TF's too
                    state['batch_traced'] = not upstream._spec_reads_data()
                    refusal = refusal_of_result and refusal_of_result(result)
                    if refusal is None:
                        return result
            except Exception as error:      # autograph's words, as TensorFlow's trace of the function raises it
                # (a function AutoGraph runs as it is, its source unreadable or a for/else in it: TF's error
                # comes plain, without 'in user code:')
                raised = _call_mismatch(error, fn, converted_as) or raised_from_trace(
                    error, fn, converted and getattr(fn, '__code__', None) not in UNCONVERTED_CODE)
                if raised is error:
                    raise
                raise raised from None
            state['traced'] = False         # (refused: a later call fails the same way)
            raise trace_refusal(refusal)
    run.traced_shapes = lambda: state.get('shapes')
    run.batch_traced = lambda: state.get('batch_traced', False)
    run.untrace = lambda: state.update(traced=False)     # (construction_trace.py: run it again at the first read)
    return run


def trace_refusal(error):
    """``error``, marked as TensorFlow's refusal of what the trace returned (raised by its trace, in
    Dataset.map itself: construction_trace.py), though it be an op's error."""
    error.trace_refusal = True
    return error


def _reads_variables(fn):
    """Whether ``fn``'s code names a tf.Variable (a global or a closure name), whose read makes TF's graph of
    it hold a stateful ReadVariableOp (tapeflow's reads leave no trace). A layer's variables are not counted:
    whether its call reads them depends on the layer (an adapted Normalization computes with constants, a
    Dropout outside training reads no seed state: TF saves such iterators)."""
    if type(fn) is not types.FunctionType:
        return False
    names = [fn.__globals__.get(name) for name in fn.__code__.co_names]
    for cell in fn.__closure__ or ():
        try:
            names.append(cell.cell_contents)
        except ValueError:      # (an empty cell)
            pass
    return any(isinstance(value, Variable) for value in names)


def _refuse_mismatched_call(fn, converted, upstream):
    """TensorFlow traces the function when the stage is made: an element that does not fit its parameters
    (``map(lambda x, y: ...)`` over single tensors) fails there, not at the first element. Checked where the
    upstream spec is known without reading data, by calling a body-less copy of ``fn``'s signature, so
    that the words are Python's own (autograph's for its converted copy; a function it leaves as it is
    fails with Python's plain words, as TF's trace calls it)."""
    if type(fn) is not types.FunctionType or upstream._spec_reads_data():
        return
    spec = upstream.element_spec
    count = len(spec) if type(spec) is tuple else 1       # (call_with_element spreads a plain tuple)
    try:
        _signature_of(fn)(*([None] * count))
    except TypeError as error:
        raise _call_mismatch(error, fn, converted) or error from None


def _signature_of(fn):
    """A function that takes the parameters ``fn`` takes (names, kinds, number of defaults) and does nothing."""
    code = fn.__code__
    flags = code.co_flags & (inspect.CO_VARARGS | inspect.CO_VARKEYWORDS)
    count = code.co_argcount + code.co_kwonlyargcount + bool(flags & inspect.CO_VARARGS) + \
        bool(flags & inspect.CO_VARKEYWORDS)
    empty = _nothing.__code__
    stub = types.FunctionType(empty.replace(
        co_argcount=code.co_argcount, co_posonlyargcount=code.co_posonlyargcount,
        co_kwonlyargcount=code.co_kwonlyargcount, co_nlocals=count, co_varnames=code.co_varnames[:count],
        co_flags=empty.co_flags | flags, co_name=code.co_name, co_qualname=code.co_qualname), {}, code.co_name,
        fn.__defaults__)
    stub.__kwdefaults__ = fn.__kwdefaults__
    stub.__qualname__ = fn.__qualname__
    return stub


def _nothing():
    return None


def _call_mismatch(error, fn, converted):
    """TensorFlow's error for an element that does not fit ``fn``'s parameters (``map(lambda x, y: ...)``
    over single tensors): the call of AutoGraph's converted copy fails before any line of it runs, so
    the 'in user code:' block lists no frame. None for other errors."""
    qualname = getattr(fn, '__qualname__', None)       # (a Keras layer passed as the function has none)
    prefix = '%s() ' % qualname
    if type(error) is not TypeError or converted is None or qualname is None or not str(error).startswith(prefix):
        return None
    tb = error.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code is fn.__code__:
            return None         # raised inside fn: not the call's own mismatch
        tb = tb.tb_next
    return TypeError('in user code:\n\n\n    TypeError: outer_factory.<locals>.inner_factory.<locals>.%s() %s\n'
                     % (converted, str(error)[len(prefix):]))


def _traced_shapes(result):
    """The graph's shape of each tensor ``result`` holds (flat order): a tuple with None where the
    length is only known when the graph runs (a string's pieces, a boolean mask's rows), or None
    where the trace does not tell (a value it did not name). Dataset.map's spec takes these open
    lengths, as TensorFlow's spec comes from this trace (map_spec.py)."""
    shapes = []
    for leaf in nest.flatten(result):
        entry = trace_names.entry_of(leaf) if isinstance(leaf, (Tensor, SparseTensor)) else None
        if entry is not None and entry[1] is None:      # named with an unknown rank (a py_function's output)
            shapes.append(UNKNOWN_RANK)
            continue
        # (a SparseTensor parsed from records carries its open dense shape: example_parsing._sparse)
        shapes.append(getattr(leaf, 'traced_shape', None) if entry is None else entry[1])
    return shapes


# a traced shape whose rank the trace leaves unknown (tf.py_function's outputs): TensorFlow's spec is
# TensorSpec(shape=<unknown>), where a traced shape of None only says the trace did not name the value
UNKNOWN_RANK = 'unknown rank'


def _debug_stage_function(fn, upstream, state):
    """Debug mode's stage: TensorFlow traces the function once (its prints show placeholders), then
    runs it eagerly on every element (they show each element's values)."""
    @functools.wraps(fn)
    def run(*args):
        with graph_random_ops.running(graph_state(run)):
            if not state['traced']:
                state['traced'] = True
                with trace_names.naming(_placeholder_names(args, upstream)):
                    fn(*args)
            return fn(*args)
    return run


def _placeholder_names(args, upstream, arg_specs=None, raggeds=None):
    """id(tensor) -> ('args_i', shape, dtype name) for the tensors of one element, in flat order; the element's
    RaggedTensors and their upstream specs are added to ``raggeds`` (a list) where given."""
    leaves = nest.flatten(args)
    if upstream._spec_reads_data():
        specs = [None] * len(leaves)
    else:
        specs = arg_specs() if arg_specs is not None else nest.flatten(upstream.element_spec)
    if len(specs) != len(leaves):
        specs = [None] * len(leaves)
    found = {}
    for i, (value, spec) in enumerate(zip(leaves, specs)):
        if type(value) is SparseTensor and spec is not None:      # its dense shape as the upstream spec tells
            found[id(value)] = ('args_%d' % i, trace_names.known_dims(spec.shape),
                                dtypes.display_name(value.values._data.dtype))
        if raggeds is not None and hasattr(value, '_row_splits') and spec is not None:
            raggeds.append((value, spec))
        if hasattr(value, '_row_splits'):
            _name_ragged_parts(found, value, spec, sum(hasattr(v, '_row_splits') for v in leaves[:i]))
        if type(value) is not Tensor:
            continue
        shape = tuple(value.shape) if spec is None else trace_names.known_dims(getattr(spec, 'shape', None))
        found[id(value)] = ('args_%d' % i, shape, dtypes.display_name(value._data.dtype))
    return found


def _name_ragged_parts(found, ragged, spec, index):
    """Name the parts of an element's RaggedTensor (the ``index``-th of the element) as TF 2.21's graph decodes
    them from a variant: the row splits, outermost first, then the flat values are the outputs of
    'RaggedFromVariant[_index]/RaggedTensorFromVariant', the splits (None,) (the outer ones as long as the spec's
    rows say), the values (None, ...): print(x) in a map over ragged batches shows tf.RaggedTensor(values=Tensor(
    "RaggedFromVariant/RaggedTensorFromVariant:1", shape=(None,), dtype=float32), row_splits=Tensor(...:0, ...))."""
    op = 'RaggedFromVariant%s/RaggedTensorFromVariant' % ('_%d' % index if index else '')
    rows = trace_names.known_dims(getattr(spec, 'shape', None))
    rows = rows[0] if rows else None
    splits = ragged.nested_row_splits
    if id(splits[0]) in found:
        return      # (one ragged twice in the element, lambda x: (x, x): tapeflow's parts are one object)
    for k, part in enumerate(splits):
        length = rows + 1 if k == 0 and rows is not None else None
        found[id(part)] = ('%s:%d' % (op, k), (length,), dtypes.display_name(part._data.dtype))
    values = ragged.flat_values
    found[id(values)] = ('%s:%d' % (op, len(splits)), (None,) + tuple(values._data.shape[1:]),
                         dtypes.display_name(values._data.dtype))


def names_read_now(fn):
    """``fn`` with the global and closure names it reads bound to their values now, when the stage is
    made: TensorFlow traces the function then, so a later rebinding of a name does not reach it. The
    load_data/text tutorial maps ``lambda ex: labeler(ex, i)`` in a ``for i, file_name in ...`` loop:
    each file keeps its own label on TF, where a call per element would read the loop's last ``i``.

    Only the names of ``fn`` itself are bound (a shallow copy of its module's namespace and of its
    closure cells: the objects are the same, mutating them still shows); the functions it calls
    still read theirs when they run. A name first bound after the stage is made (TF: NameError
    while tracing) and a closure cell still empty stay live."""
    if type(fn) is not types.FunctionType:
        return fn
    class _LaterNames(dict):
        def __missing__(self, name):         # bound after the stage was made: read it live
            return fn.__globals__[name]
    namespace = _LaterNames(fn.__globals__)
    closure = fn.__closure__
    if closure:
        closure = tuple(_cell_now(cell) for cell in closure)
    bound = types.FunctionType(fn.__code__, namespace, fn.__name__, fn.__defaults__, closure)
    bound.__kwdefaults__ = fn.__kwdefaults__
    return functools.update_wrapper(bound, fn)


def _cell_now(cell):
    try:
        return types.CellType(cell.cell_contents)
    except ValueError:                       # empty: the name is assigned later
        return cell
