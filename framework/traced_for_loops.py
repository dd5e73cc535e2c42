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
from . import assert_statements, dtypes, name_scopes, symbolic_iteration, trace_names


def starts_graph_for_loop(frame):
    """Whether ``frame`` (the caller of an ``__iter__``) is a graph trace's own code at a ``for``
    statement: a loop autograph would convert (not ``iter(ds)``, ``zip(...)``, unpacking, nor tapeflow's
    own iteration)."""
    trace = trace_names.current() if trace_names.ACTIVE else None
    if frame.f_code.co_filename == symbolic_iteration.__file__:     # (Tensor.__iter__ as install() wraps it)
        frame = frame.f_back
    if getattr(trace, 'graph', None) is None or frame.f_code.co_filename.startswith(assert_statements.LIBRARIES):
        return False
    return symbolic_iteration.is_for_statement(frame)


def body_turns(tensor, items):
    """Yield ``items``, the turns of a ``for`` over ``tensor`` in a traced call (see the module doc);
    ``tensor`` None: a Dataset's, whose element is not named."""
    from .function import replaying     # (late: function imports tensor, which calls this)
    trace = trace_names.current()
    graph = getattr(trace, 'graph', None) if trace is not None else None
    first = True
    for item in items:
        if first:
            first = False
            if graph is not None and tensor is not None:
                _name_loop_variable(trace, graph, tensor, item)
            yield item
        else:
            with replaying():
                yield item


def _name_loop_variable(trace, graph, tensor, item):
    """Name the first turn's ``item`` as autograph's loop body sees it (only a graph trace names tensors)."""
    scope = graph.unique(name_scopes.current() + 'while')
    entry = trace_names.entry_of(tensor)
    if entry is not None and entry[0].rpartition('/')[2].partition('_')[0] == 'range':
        # autograph iterates a Range op's tensor by its own counter: the body's placeholder
        name, shape = scope + '/Placeholder', ()
    else:
        name = scope + '/TensorArrayV2Read/TensorListGetItem'
        shape = tuple(entry[1][1:]) if entry is not None and entry[1] else tuple(item._data.shape)
    trace.name_output(item, name, shape, dtypes.display_name(item._data.dtype))
