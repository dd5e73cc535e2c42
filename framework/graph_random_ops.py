"""Stateful random ops inside a traced function, numbered as TensorFlow's graph numbers them.

In a graph (a ``tf.function`` trace, Keras's compiled train and test steps) TensorFlow seeds a
random op that has no op seed with (global seed, n), n counting the graph's unseeded random ops
from 0 (``random_seed.get_seed``), instead of drawing n from the eager stream; and each random op
of the graph has its own kernel, whose Philox position carries on from call to call of that trace
and is shared with no eager op or other graph. tapeflow runs a traced function's Python on every
call, so each trace owns a ``GraphRandomState`` and its calls number their random ops in the
order they make them (``framework/op_seeds.py`` reads it). A Python loop makes one op per turn,
as TensorFlow's trace unrolls it; ``tf.while_loop`` and ``tf.cond`` run their functions as graphs
of their own (``subgraph``), as TensorFlow traces them. A Python ``for`` over a tensor (``tf.range``)
runs each turn in one while-loop body graph (``loop_turns``), as autograph converts it. A traced function called from another one's trace is inlined there:
each call site has its own copy of the callee's kernels (two calls of it in one step draw the
same values, as on TensorFlow), apart from the callee's own, which direct calls use.
"""
import contextlib
import threading


UNSET = object()        # GraphRandomState.global_seed before the trace's first random op


class GraphRandomState:
    """The random-op numbering of one trace: kernels' positions persist, counts restart each call."""
    __slots__ = ('unseeded', 'position', 'offsets', 'epoch', 'calls', 'callees', 'static_shapes',
                 'pushes_constants', 'trace_values', 'keras_step', 'global_seed', 'one_batch_axis', 'xla')

    def __init__(self):
        self.unseeded = 0      # unseeded random ops made so far in this call: the next one's seed2
        self.position = 0      # random ops made so far in this call: which kernel the next one is
        self.offsets = {}      # (position, op, dtype, seeds) -> that kernel's next Philox block
        self.epoch = 0         # the tf.random.set_seed epoch the offsets belong to (framework/op_seeds.py)
        self.calls = 0         # traced functions called so far in this call: which call site is next
        self.callees = {}      # (call site, callee trace) -> that inlined copy's GraphRandomState
        # whether the trace's inputs have fully defined shapes (not a fit step on a None batch, a
        # relaxed or None-shaped signature): then grappler sees gradients' shape-made constants
        # (a mean's count: ops/reductions.py traced_reciprocal)
        self.static_shapes = True
        # whether grappler's ConstantPushDown runs on the graph: not for a tf.function that returns
        # None (framework/function_returns.py)
        self.pushes_constants = True
        # Python values the trace computed when traced: reused by its calls (trace_time_values.py)
        self.trace_values = {}
        # whether this is the trace of a Keras fit / evaluate step (loops.py), not a user's tf.function
        self.keras_step = False
        # whether every tensor of the trace takes its batch axis from one input (a Keras step of a
        # one-input model): on a None batch grappler's symbolic shapes still see their batch sizes equal
        self.one_batch_axis = False
        # whether XLA compiles the trace (a Keras step compiled with jit_compile=True): its stateless
        # uniforms take other bits of the same Philox words (framework/philox.py uniform_values)
        self.xla = False
        # the global seed when the trace first made a random op: TensorFlow writes the seeds into the
        # graph's ops, so a later tf.random.set_seed restarts their kernels but keeps their seeds
        self.global_seed = UNSET

    def callee(self, trace):
        """The state of the copy of ``trace`` (a hashable tag) inlined at the next call site."""
        site, self.calls = self.calls, self.calls + 1
        return self.callees.setdefault((site, trace), GraphRandomState())

    def next_unseeded(self):
        n, self.unseeded = self.unseeded, self.unseeded + 1
        return n

    def next_position(self):
        n, self.position = self.position, self.position + 1
        return n


class _Stack(threading.local):
    def __init__(self):
        self.states = []
        # (the GraphRandomState of the Keras predict step running, len(states) when it began): its
        # random ops draw from its trace's kernels, while the rest of the step keeps eager semantics
        self.predict = None


_stack = _Stack()
# Traced calls running now in any thread (and Keras predict steps, layers.call_context): a cheap gate
# the hot ops test before asking this thread's stack (ops/graph_rewrites.py)
TRACED_CALLS = [0]


def current():
    """The GraphRandomState of the innermost traced call running, or None when eager."""
    if not TRACED_CALLS[0]:     # none runs in any thread: a global's read, not this thread's (a threading.local)
        return None
    states = _stack.states
    return states[-1] if states else None


def drawing():
    """The GraphRandomState whose numbering and kernels the next random op takes: the innermost
    traced call's, or a Keras predict step's (``predicting``) when no traced call runs inside it;
    None when eager. TensorFlow runs predict's step as a tf.function, so its random ops neither
    draw from nor move the eager stream."""
    if not TRACED_CALLS[0]:
        return None
    stack = _stack
    predict = stack.predict
    if predict is not None and len(stack.states) == predict[1]:
        return predict[0]
    states = stack.states
    return states[-1] if states else None


class predicting:
    """``with predicting(state):`` one Keras predict step, whose trace owns ``state``: its random
    ops count from 0 again (unless ``first`` is False: a later step of the same call) and its
    kernels carry on (``drawing``). Unlike ``running`` it leaves ``current`` alone: predict's graph
    rewrites have their own switches (ops/graph_rewrites.py)."""
    __slots__ = ('_state', '_first', '_was')

    def __init__(self, state, first=True):
        self._state, self._first = state, first

    def __enter__(self):
        state = self._state
        if self._first:
            state.unseeded = state.position = state.calls = 0
        self._was, _stack.predict = _stack.predict, (state, len(_stack.states))
        return self

    def __exit__(self, *exc):
        _stack.predict = self._was
        return False


def pushes_constants():
    """Whether the running code is traced into a graph whose constants grappler's ConstantPushDown
    moves (``(x - y) + C`` into ``x + (C - y)``, ``C1 * (x * C2)`` into ``x * (C1 * C2)``)."""
    state = current()
    return state is not None and state.pushes_constants


class running:
    """``with running(state):`` one call of the trace owning ``state`` (None: eager semantics)."""

    def __init__(self, state):
        self._state = state

    def __enter__(self):
        if self._state is not None:
            self._state.unseeded = self._state.position = self._state.calls = 0
            TRACED_CALLS[0] += 1
        _stack.states.append(self._state)
        return self

    def __exit__(self, *exc):
        _stack.states.pop()
        if self._state is not None:
            TRACED_CALLS[0] -= 1
        return False


def subgraph(tag):
    """Inside a traced call, the state of a function graph made at the next call site (a tf.cond
    branch, a tf.while_loop body: TensorFlow traces each into a graph of its own, whose unseeded
    ops count from 0); None when eager."""
    caller = drawing()
    return None if caller is None else caller.callee(tag)


def inside(state):
    """``with inside(state):`` one run of the subgraph owning ``state``; nothing when eager (None).
    A subgraph of a Keras predict step's takes over its random ops only (``predicting``)."""
    if state is None:
        return contextlib.nullcontext()
    return running(state) if current() is not None else predicting(state)


def loop_turns(items):
    """The turns of a Python ``for`` over a tensor inside a traced call, as autograph makes the
    loop one ``tf.while_loop``: each turn runs the loop body's graph, whose unseeded random ops
    count from 0 and whose kernels carry on from turn to turn (``tf.random.categorical`` in the
    actor-critic tutorial's episode loop draws one kernel's stream); ops after the loop go on
    counting in the enclosing graph."""
    subgraph('while_cond')      # autograph's while_loop makes its cond graph first, then its body
    body = subgraph('while_body')
    for item in items:
        with running(body):
            yield item
