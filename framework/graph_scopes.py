"""The name scopes of one traced graph, made unique as TensorFlow's ``Graph.unique_name`` makes them.

A FuncGraph counts every name used in it (lower-cased): the first use of 'dense' is 'dense', the
next 'dense_1', and a name so made counts as used too, so a later layer named 'dense_1' becomes
'dense_1_1'. Keras 3 enters a layer's name scope twice per call in a TensorFlow graph (its
``Operation.__call__`` and ``Layer.__call__`` each open one), and the ops a layer runs sit in the
second: a Sequential named 'sequential' whose Dense layers are 'dense' and 'dense_1' prints its
output in a fit step as ``Tensor("sequential_1/dense_1_2/BiasAdd:0", ...)`` (TF 2.21, Keras 3.15:
shared layers, nested models, tf.function calls and evaluate steps all follow the rule).
"""
from . import frame_lines


class GraphScopes:
    """The names used in one trace, and the scope each running layer call was given."""

    def __init__(self):
        self._in_use = {}
        self._given = {}        # id(owner) -> (owner, its scope): owners stay alive while the trace runs

    def unique(self, name):
        """TensorFlow's ``unique_name(name)``, marking what it returns as used."""
        key = name.lower()
        count = self._in_use.get(key, 0)
        self._in_use[key] = count + 1
        if count == 0:
            return name
        candidate = key
        while candidate in self._in_use:
            candidate = '%s_%d' % (key, count)
            count += 1
        self._in_use[candidate] = 1
        return '%s_%d' % (name, count - 1)

    def used(self, name):
        """Whether ``unique`` has already given out ``name`` in this graph."""
        return name.lower() in self._in_use

    def forget_owners(self):
        """Let go of the layers this trace's scopes were given to, once its Python has run: a layer the trace
        made and dropped must die with it (later_trace_variables.first_trace.remade); its names stay used."""
        self._given = {}

    def scope_of(self, chain):
        """The scope of the innermost of ``chain`` (outermost first: (owner, name, entered), where
        ``owner`` stands for one call or name-scope block and ``entered`` is how many times
        TensorFlow enters its scope); an owner seen before keeps the scope it was given."""
        parent = ''
        for owner, name, entered in chain:
            given = self._given.get(id(owner))
            if given is None or given[0] is not owner:
                full = parent + '/' + name if parent else name
                for _ in range(entered):
                    scope = self.unique(full)
                given = self._given[id(owner)] = (owner, scope)
            parent = given[1]
        return parent


def names_in_body(trace, frame, first, last, body, then):
    """Let ``trace`` name the ops made in ``frame``'s lines ``first``..``last`` (a loop's or a branch's) in
    ``body``, a LoopBodyScopes, and in its own graph again once the frame leaves them, calling ``then()``
    unless an error ended them (frame_lines.py). False, changing nothing, where no line watch can run."""
    graph = trace.graph

    def leave(finished):
        trace.graph = graph
        if finished:
            then()
    if not frame_lines.when_leaving(frame, first, last, leave):
        return False
    body.site = (frame, first, graph)       # (where the body runs from: TF's frames of what it defines)
    trace.graph = body
    return True


class LoopBodyScopes(GraphScopes):
    """The names of a loop body's graph (autograph's tf.while_loop body): counted on their own, below the
    loop's name (``while/mul``, ``while/while/Placeholder`` for a nested loop's), so the turns leave the
    enclosing graph's names free, as TensorFlow's body FuncGraph does."""
    loop_body = True
    site = None     # (the loop's frame, its statement's line, the enclosing graph), set by names_in_body

    def __init__(self, prefix, reserved=(), outer=''):
        super().__init__()
        self._prefix = prefix
        self._outer = outer     # the name scopes open at the loop: its body's graph starts below them
        for name in reserved:       # (the body's own placeholders and reads, named by the loop)
            super().unique(name)

    def unique(self, name):
        if name.startswith(self._prefix):
            name = name[len(self._prefix):]     # (a layer's scope, from scope_of: already below the loop)
        elif self._outer and name.startswith(self._outer):
            name = name[len(self._outer):]      # ('outer/while/add', not 'outer/while/outer/add')
        return self._prefix + super().unique(name)


def defined_at(trace, frame):
    """(file, line, function) of the user frames from ``frame`` out, outermost first, as TF lists where a graph
    op was defined: in a loop body's graph (``trace.graph``), each enclosing loop's statement line comes
    before the body's line in the loop's frame (AutoGraph calls the body from the loop statement)."""
    from .function_errors import _OWN_DIRS      # (late: it imports the ops)
    sites = []
    graph = getattr(trace, 'graph', None)
    while getattr(graph, 'site', None) is not None:
        site, line, graph = graph.site
        sites.append((site, line))
    user = []
    while frame is not None:
        if not frame.f_code.co_filename.startswith(_OWN_DIRS):
            user.append(frame)
        frame = frame.f_back
    frames = []
    for frame in reversed(user):
        code = frame.f_code
        frames.extend((code.co_filename, line, code.co_name) for site, line in reversed(sites) if site is frame)
        frames.append((code.co_filename, frame.f_lineno, code.co_name))
    return frames
