"""The ``tf.Operation`` that TF 2.21's stateful ops hand back where TensorFlow builds a graph.

Eagerly tf.no_op, tf.group, tf.print and the tf.debugging checks (assert_equal, assert_positive, assert_rank,
tf.Assert, ...) return None. Inside a tf.function's trace (or a Keras step) they return the graph's
Operation, which a program may pass to ``tf.control_dependencies`` or ``tf.group`` but not convert to a
tensor, so a traced function returning one fails its trace with TypeError 'To be compatible with
tf.function, Python functions must return zero or more Tensors ... found return value of type Operation'
at every call (nothing is cached or counted: progs/optimtraj27/p2_opret.py). tapeflow computes eagerly in
a trace too; this object stands for the op TensorFlow's graph would hold, named as TF names it
(progs/optimtraj27/p3_opnames.py: "<tf.Operation 'assert_less/Assert/AssertGuard/Identity' type=Identity>").
"""
from . import trace_names


class Operation:
    """A graph op of the trace running now: its ``name`` (scopes included) and ``type`` (the op's kind)."""

    def __init__(self, name, op_type):
        self.name = name
        self.type = op_type

    def __repr__(self):
        return "<tf.Operation '%s' type=%s>" % (self.name, self.type)

    def __tf_tensor__(self, dtype=None, name=None):
        # (TensorFlow's conversion refuses an Operation with these words)
        raise TypeError("can't convert Operation '%s' to Tensor" % self.name)


def in_graph():
    """Whether TensorFlow would build a graph here (a trace or a Keras step, outside ``init_scope``)."""
    from . import executing_eagerly     # (late: the package imports this module's users)
    return not executing_eagerly()


def made(base, op_type):
    """The Operation of a new op named ``base`` (in the open name scopes, made unique in the trace's
    graph) where TensorFlow builds a graph; None eagerly, as TensorFlow returns."""
    if not in_graph():
        return None
    trace = trace_names.current() if trace_names.ACTIVE else None
    graph = getattr(trace, 'graph', None)
    if graph is None:       # (a replay of a trace: its names were given when it traced)
        return Operation(base, op_type)
    from .traced_ops import scope_prefix        # (late: traced_ops imports the ops)
    return Operation(graph.unique(scope_prefix(trace) + base), op_type)


def of_check(check, guarded=True):
    """The Operation a tf.debugging check (``check``: its graph_asserts.GraphCheck, None eagerly or when
    tapeflow's own code checks) returns: TF's guarded Assert returns its cond's Identity; an Assert whose
    data are all strings or int32 is not guarded and returns itself."""
    if check is None:
        return None
    if guarded:
        return Operation(check.assert_scope + '/AssertGuard/Identity', 'Identity')
    return Operation(check.assert_scope + '/Assert', 'Assert')


def of_static_check(check, base):
    """The NoOp a check decided at trace time returns inside its scope (assert_rank's
    'static_checks_determined_all_ok', assert_equal(x, x)'s 'NoOp')."""
    if check is None:
        return None
    return Operation(check.scope + '/' + base, 'NoOp')
