"""A Python ``for`` over a tensor inside a traced call, as autograph runs it.

autograph turns ``for i in tf.range(n)`` (and ``for row in x`` over any tensor) in a tf.function or a
Keras step into one ``tf.while_loop``, whose body it traces once, on a placeholder: a ``print`` in the
body shows once, the loop variable as ``Tensor("while/Placeholder:0", shape=(), dtype=int32)`` (a row
of another tensor as ``while/TensorArrayV2Read/TensorListGetItem:0``), while ``tf.print`` prints at
every turn. tapeflow runs the loop's turns on the real values: the first turn's variable prints as
that graph tensor, and the later turns run as TensorFlow's graph runs them, their Python output
dropped (``function.replaying``). A ``for`` over a tf.data Dataset is one loop too (autograph's
dataset loop); an iterator taken with ``iter(ds)`` and read by ``next`` is not: each ``next`` is its
own op there.
"""
from . import assert_statements, autograph_numbers, dtypes, loop_variable_checks, name_scopes, symbolic_iteration, \
    tensor_loop_returns, trace_names, untaken_branches, unturned_loop_variables
from .code_source import scanned
from .graph_scopes import LoopBodyScopes, names_in_body
from .traced_while_loops import flat_leaves, name_loop_outputs, name_placeholders, restore_names
from .while_loop_variables import for_loops


def starts_graph_for_loop(frame):
    """The frame of a graph trace's own code at a ``for`` statement that ``frame`` (the caller of an
    ``__iter__``) is or calls through, a loop autograph would convert (not ``iter(ds)``, ``zip(...)``,
    unpacking, nor tapeflow's own iteration); else None (Tensor.__iter__ and Dataset.__iter__ test for None:
    tapeflow's own iteration, ops.slice's ``int(i) for i in start_indices`` of a tensor, iterates plainly)."""
    trace = trace_names.current() if trace_names.ACTIVE else None
    if frame.f_code.co_filename == symbolic_iteration.__file__:     # (Tensor.__iter__ as install() wraps it)
        frame = frame.f_back
    if getattr(trace, 'graph', None) is None or frame.f_code.co_filename.startswith(assert_statements.LIBRARIES):
        return None
    if not symbolic_iteration.is_for_statement(frame):
        return None
    error = tensor_loop_returns.refusal(frame)     # (autograph's loop cannot carry a return)
    if error is not None:
        raise error
    return frame


def body_turns(tensor, items, frame=None):
    """Yield ``items``, the turns of a ``for`` over ``tensor`` in a traced call (see the module doc);
    ``tensor`` None: a Dataset's, whose element is not named. With the loop's ``frame``, the turns' ops
    take names in the loop body's graph (``while/mul``), and the loop variables print after the loop as
    the loop op's outputs (``while:3``, after its counter, maximum and iterate), as TF 2.21 prints them."""
    from .function import replaying     # (late: function imports tensor, which calls this)
    trace = trace_names.current()
    graph = getattr(trace, 'graph', None) if trace is not None else None
    first = True
    created = None      # (a dataset's loop: the variables count before its body, see function_init.made_unseen)
    started = None      # (the loop's variables and their values before it, for the check after the first turn)
    renamed = []        # (the loop variables, named as the body's graph takes them during its one trace)
    try:
        for item in items:
            if first:
                first = False
                if graph is not None and tensor is not None:
                    scope, read = _name_loop_variable(trace, graph, tensor, item)
                    if frame is not None:
                        unturned_loop_variables.traced(frame)
                        started = _open_body_graph(trace, graph, frame, scope, read, renamed)
                elif graph is not None and frame is not None:
                    from . import function_init     # (late: it imports variable, which imports tensor)
                    created = function_init.CREATED[0]
                    _open_reduce_graph(trace, graph, frame, item, getattr(items, 'element_spec', None), renamed)
                yield item
                try:
                    if started is not None:     # (the first turn is over: checked before the next is drawn)
                        _check_first_turn(frame, started, items)
                        started = None
                finally:
                    restore_names(renamed)
            else:
                with replaying():
                    yield item
    finally:
        if created is not None:
            function_init.made_unseen(created)
        if started is not None:     # (a break in the first turn)
            loop_variable_checks.forget(frame)
        restore_names(renamed)
    if first and graph is not None and tensor is not None and frame is not None:
        _trace_unturned_body(trace, graph, frame, tensor)
    elif first and graph is not None and frame is not None:
        _unturned_reduce(graph, frame)


# the ops autograph makes in the enclosing graph before a for loop's while op (TF 2.21's graph): a range's
# length, or the TensorArray a tensor's rows are read from ('y = x + 1' after a tf.range loop is add_1)
_RANGE_LENGTH_OPS = ('sub', 'floordiv', 'mod', 'zeros_like', 'NotEqual', 'Cast', 'add', 'zeros_like', 'Maximum')
_UNSTACK_OPS = ('TensorArrayV2', 'TensorArrayUnstack', 'Const')


def _open_loop(graph, tensor):
    """Take the names autograph's loop over ``tensor`` takes in ``graph``: (the loop's name, whether it
    iterates a Range op's tensor, by its own counter)."""
    entry = trace_names.entry_of(tensor)
    ranged = entry is not None and entry[0].rpartition('/')[2].partition('_')[0] == 'range'
    prefix = name_scopes.current()
    for op in _RANGE_LENGTH_OPS if ranged else _UNSTACK_OPS:
        graph.unique(prefix + op)
    return graph.unique(prefix + 'while'), ranged


def _trace_unturned_body(trace, graph, frame, tensor):
    """A loop of no turn: autograph still traces its body once, so its prints of constants and names show
    (the target as the body's placeholder), and its variables after it are the loop's outputs."""
    import numpy as np
    from .tensor import Tensor     # (late: tensor imports this module)
    loop = scanned(frame.f_code, for_loops, {}).get(frame.f_lineno)
    if loop is None:
        return
    last, variables, items, target = loop
    scope, ranged = _open_loop(graph, tensor)
    _loop_inputs(graph, frame, variables)
    names = dict(frame.f_globals, **frame.f_locals)
    if target is not None:
        entry = trace_names.entry_of(tensor)
        shape = () if ranged else tuple(entry[1][1:]) if entry is not None and entry[1] else tensor._data.shape[1:]
        stand_in = Tensor(np.zeros([d or 0 for d in shape], tensor._data.dtype))
        name = scope + ('/Placeholder' if ranged else '/TensorArrayV2Read/TensorListGetItem')
        trace.name_output(stand_in, name, shape, dtypes.display_name(tensor._data.dtype))
        names[target] = stand_in
    untaken_branches.show(items, frame, names)
    unturned_loop_variables.settle(frame, tensor)      # (the target a range's start, or AutoGraph's Assert)
    name_loop_outputs(trace, frame, scope, variables, [frame.f_locals.get(n) for n in variables], 3)


def _loop_inputs(graph, frame, variables):
    """Make the Python numbers among the loop's variables tensors, as its while op takes them: through a
    Const each, after the loop's own ops in ``graph`` (autograph_numbers.py)."""
    for _ in range(autograph_numbers.make_tensors(frame, variables, nested=True)):
        graph.unique(name_scopes.current() + 'Const')


def _name_loop_variable(trace, graph, tensor, item):
    """Name the first turn's ``item`` as autograph's loop body sees it (only a graph trace names tensors)."""
    scope, ranged = _open_loop(graph, tensor)
    entry = trace_names.entry_of(tensor)
    if ranged:
        # autograph iterates a Range op's tensor by its own counter: the body's placeholder
        name, shape = scope + '/Placeholder', ()
    else:
        name = scope + '/TensorArrayV2Read/TensorListGetItem'
        shape = tuple(entry[1][1:]) if entry is not None and entry[1] else tuple(item._data.shape)
    trace.name_output(item, name, shape, dtypes.display_name(item._data.dtype))
    return scope, name[len(scope) + 1:].partition('/')[0]


def _unturned_reduce(graph, frame):
    """A ``for`` over a Dataset that gave no element in the trace: still autograph's ``ds.reduce``, whose
    body is traced (its constant prints show) and whose outputs are the loop variables after the loop
    (``ReduceDataset:0``, TF 2.21), arguments among them."""
    loop = scanned(frame.f_code, for_loops, {}).get(frame.f_lineno)
    if loop is None:
        return
    variables, items = loop[1], loop[2]
    autograph_numbers.make_tensors(frame, variables, nested=True)
    scope = graph.unique(name_scopes.current() + 'ReduceDataset')
    untaken_branches.show(items, frame)
    name_loop_outputs(trace_names.current(), frame, scope, variables, [frame.f_locals.get(n) for n in variables], 0)


def _open_reduce_graph(trace, graph, frame, item, spec, renamed):
    """A ``for`` over a Dataset is autograph's ``ds.reduce``: the body is the reduce function's graph (its
    own names, no scope: 'add'), the loop variables its first arguments (``args_0``, into ``renamed`` for
    the first turn), the element the next ones (``args_1``), and the loop variables after the loop the
    ReduceDataset op's outputs (``ReduceDataset:0``), as TF 2.21 prints them."""
    from . import nest
    from .tensor import Tensor     # (late: tensor imports this module)
    loop = scanned(frame.f_code, for_loops, {}).get(frame.f_lineno)
    if loop is None:
        return
    last, variables = loop[:2]
    autograph_numbers.make_tensors(frame, variables, nested=True)    # (ds.reduce's initial state: tensors)
    before = [frame.f_locals.get(name) for name in variables]
    scope = graph.unique(name_scopes.current() + 'ReduceDataset')
    values = nest.flatten(item)
    specs = nest.flatten(spec) if spec is not None else []
    specs = specs if len(specs) == len(values) else [None] * len(values)
    renamed.extend(name_placeholders(frame, variables, lambda index: 'args_%d' % index))
    for index, (value, one) in enumerate(zip(values, specs), len(flat_leaves(variables, before))):
        if type(value) is Tensor:
            # (the spec's shape: a batch the dataset may leave short is None)
            shape = trace_names.known_dims(getattr(one, 'shape', None)) if one is not None else None
            trace.rename(value, 'args_%d' % index, shape if shape is not None else tuple(value._data.shape),
                         dtypes.display_name(value._data.dtype))
    names_in_body(trace, frame, frame.f_lineno, last,
                  LoopBodyScopes('', ['args'] * (len(flat_leaves(variables, before)) + len(values))),
                  lambda: name_loop_outputs(trace, frame, scope, variables, before, 0))


def _open_body_graph(trace, graph, frame, scope, read, renamed):
    """Name the turns' ops in the body's graph until ``frame`` leaves the loop (``read``: the body's own op
    that gives the item), its loop variables the body's placeholders after the iterate's
    (``while/Placeholder_1``, into ``renamed`` for the first turn), then the loop's outputs."""
    loop = scanned(frame.f_code, for_loops, {}).get(frame.f_lineno)
    if loop is None:
        return
    last, variables = loop[:2]
    _loop_inputs(graph, frame, variables)
    before = [frame.f_locals.get(name) for name in variables]
    reserved = [read] + ['Placeholder'] * (len(flat_leaves(variables, before)) + (read != 'Placeholder'))
    renamed.extend(name_placeholders(frame, variables, lambda index: '%s/Placeholder_%d' % (scope, index + 1)))
    names_in_body(trace, frame, frame.f_lineno, last, LoopBodyScopes(scope + '/', reserved, name_scopes.current()),
                  lambda: name_loop_outputs(trace, frame, scope, variables, before, 3))
    return variables, before


def _check_first_turn(frame, started, items):
    """The body's one trace is over: AutoGraph's check of the loop variables (loop_variable_checks.py).
    On a refusal the turns' generator is closed first, so that the turn's graph state it holds ends now."""
    error = loop_variable_checks.refusal(frame, *started)
    if error is not None:
        close = getattr(items, 'close', None)
        if close is not None:
            close()
        raise error
