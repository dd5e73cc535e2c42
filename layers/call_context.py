"""Which layer is running now, on this thread.

``Layer.__call__`` pushes ``(layer, training)`` here for the length of its
call, and ``Sequential.build`` pushes the model while it builds its layers.
Three things read the stack: ``current_layer()`` (debugging tools name the
layer an op belongs to), nested calls that inherit a ``training`` flag, and
``add_weight``, whose weight paths follow the layers enclosing the build
('sequential/dense/kernel'), as Keras 3's name scopes do.

The ``training`` a call inherits is Keras 3's call context: one value per
outermost call, which every layer call inside sets to the flag it resolved.
So a sibling's flag carries on: after ``self.a(x, training=False)``,
``self.b(x)`` runs with False, in a model called with training=True too.
"""
import itertools
import threading

from framework import assert_statements, graph_random_ops, nest, random_state_freeze, symbolic_iteration
from framework.ops import graph_rewrites
from framework.tensor import Tensor


class _Context(threading.local):
    def __init__(self):
        self.stack = []
        self.epoch = 0      # the number of the outermost layer call running (or last run)
        self.probing = False    # a functional call's run on zeros, to read output shapes and masks
        self.probe_batch_free = False   # ... whose symbolic inputs had no fixed batch size
        self.step_batch_free = False    # a fit / evaluate step Keras 3 traces with a None batch size
        self.traced_predict = False     # a predict step Keras 3 runs as a traced function
        self.name_scopes = []   # (len(stack) when entered, name) of the keras.name_scope blocks open
        self.build_run = None   # ids of the tensors given to the layer built by running its call (build_run)
        # Keras 3's call context: ``training`` as the latest layer call inside it set it, and the stack
        # entry of the call that opened it (at stack[root]; an entry no longer there: none is open)
        self.training = None
        self.root = 0
        self.root_entry = None


_context = _Context()

# ``layer(x, training=None)`` as Layer.__call__ hands it on: given, unlike a call without ``training``
# (Keras 3 takes a given None as it is: call() gets None, not the enclosing call's or its own default)
EXPLICIT_NONE = type('ExplicitNone', (), {'__repr__': lambda self: 'None', '__bool__': lambda self: False})()
STATE = _context        # what state() returns, read directly by Layer.__call__ (every call)

# Every outermost layer call takes the next number; a layer's activity
# losses belong to the call numbered in ``layer._call_epoch``.
_epochs = itertools.count(1)


def state():
    """The calling thread's context: ``.stack`` of (layer, training) entries,
    innermost last, and ``.epoch``, the number of the outermost call."""
    return _context


def current_layer():
    """The innermost layer being called (or built) on this thread, or None."""
    entries = _context.stack
    return entries[-1][0] if entries else None


def outermost_scope():
    """The name of the outermost layer call running on this thread (a model's, where a step calls one), or
    of the outermost ``keras.name_scope`` block around it: the top of its ops' graph names. None outside any."""
    chain, _ = _enclosing(None)
    return chain[0][1] if chain else None


def enclosing_names(layer):
    """The names of the layers enclosing ``layer`` now, outermost first (a layer on the
    stack twice, called and then building, counts once), with the ``keras.name_scope``
    blocks open around them. Blocks opened inside ``layer``'s own call do not count:
    as in Keras 3, a layer's weights sit under the path where the layer was called."""
    return [name for _, name, _ in _enclosing(layer)[0]]


def enclosing_scopes(layer):
    """``enclosing_names``'s scopes as (the layer, or None for a ``keras.name_scope`` block, name)."""
    return [(owner[0] if entered == 2 else None, name) for owner, name, entered in _enclosing(layer)[0]]


def enclosing_calls(layer):
    """``enclosing_names``'s scopes as (owner, name, entered) for ``GraphScopes.scope_of``, ending
    with ``layer``'s own call: each layer call is owned by its stack entry and entered twice (Keras 3
    in a TensorFlow graph), each ``keras.name_scope`` block by its record and entered once."""
    chain, entry = _enclosing(layer)
    if entry is not None:
        chain.append((entry, layer.name, 2))
    return chain


def _enclosing(layer):
    """(the (owner, name, entered) scopes around ``layer``'s call, outermost first; ``layer``'s own
    stack entry, or None when it is not on the stack: then every open name scope counts)."""
    chain, seen = [], set()
    scopes = _context.name_scopes
    k = 0
    for depth, entry in enumerate(_context.stack):
        while k < len(scopes) and scopes[k][0] <= depth:
            chain.append((scopes[k], scopes[k][1], 1))
            k += 1
        if entry[0] is layer:
            return chain, entry
        if id(entry[0]) not in seen:
            seen.add(id(entry[0]))
            chain.append((entry, entry[0].name, 2))
    chain.extend((scope, scope[1], 1) for scope in scopes[k:])
    return chain, None


def enter_name_scope(name):
    _context.name_scopes.append((len(_context.stack), name))


def exit_name_scope():
    _context.name_scopes.pop()


def begin_outer_call():
    """Number a new outermost layer call; returns the number."""
    _context.epoch = next(_epochs)
    return _context.epoch


class scope:
    """``with scope(layer):`` marks ``layer`` as running (used around builds)."""

    def __init__(self, layer, training=None):
        self._entry = (layer, training)

    def __enter__(self):
        _context.stack.append(self._entry)
        return self

    def __exit__(self, *exc):
        _context.stack.pop()
        if not _context.stack:
            _context.root_entry = None      # (a call opened inside keeps no layer alive)
        return False


class building:
    """``with building(layer):`` around a layer's ``build``: the layer encloses the sublayers its
    build builds, as Keras 3's build wrapper opens the layer's name scope ('noisy/dense/kernel' for
    a Dense built in Noisy.build, even when Noisy is built by load_model, outside any call). Nothing
    is pushed when the layer is already the innermost one (a call building it, or a ``super().build``)."""

    __slots__ = ('_layer', '_pushed')

    def __init__(self, layer):
        self._layer = layer

    def __enter__(self):
        stack = _context.stack
        self._pushed = not stack or stack[-1][0] is not self._layer
        if self._pushed:
            stack.append((self._layer, None))
        return self

    def __exit__(self, *exc):
        if self._pushed:
            _context.stack.pop()
            if not _context.stack:
                _context.root_entry = None
        return False


class build_run:
    """``with build_run(values):`` around the first call of a layer Keras 3 builds by running its
    call once on the real inputs before the real call (``layer.builds_by_calling``). In that run
    MultiHeadAttention clears the masks of the tensors given to it, the caller's among them, so
    the real call finds them gone (the NMT tutorial's CrossAttention, called alone, attends to
    padding). ``fed_to_build_run(tensor)`` tells which tensors those are; only the outermost such
    call counts, Keras's tensors inside its run being symbolic ones."""

    def __init__(self, values):
        self._ids = None if _context.build_run is not None else \
            {id(t) for t in nest.flatten(values) if isinstance(t, Tensor)}

    def __enter__(self):
        if self._ids is not None:
            _context.build_run = self._ids
        return self

    def __exit__(self, *exc):
        if self._ids is not None:
            _context.build_run = None
        return False


def in_build_run():
    """Whether a layer call now running is inside the outermost build run (see build_run)."""
    return _context.build_run is not None


def fed_to_build_run(tensor):
    """Whether ``tensor`` is an input of the layer call now running as Keras's build run (see build_run)."""
    ids = _context.build_run
    return ids is not None and id(tensor) in ids


def probing():
    """Whether the layers running now are a functional call's run on zeros (see
    functional/symbolic_call.py): Keras 3 traces such calls symbolically, so layers
    that keep state between calls (a stateful RNN) must leave it as it was."""
    return _context.probing


def builds_for_any_batch():
    """Whether layers built now record their build shape with a None batch, as Keras 3's symbolic
    builds and traced steps do: in a run on zeros standing for inputs of any batch size, or in a
    fit / evaluate step whose data's batch size can vary (see ``training/traced_batch.py``)."""
    return (_context.probing and _context.probe_batch_free) or _context.step_batch_free


class traced_step:
    """``with traced_step(batch_free):`` runs one fit / evaluate step; with ``batch_free`` the
    layers it builds are built for any batch size, as in Keras 3's step traced on its data spec."""

    __slots__ = ('_batch_free', '_was')

    def __init__(self, batch_free):
        self._batch_free = batch_free

    def __enter__(self):
        self._was, _context.step_batch_free = _context.step_batch_free, self._batch_free
        return self

    def __exit__(self, *exc):
        _context.step_batch_free = self._was
        return False


class traced_predict:
    """``with traced_predict():`` runs one predict step, which Keras 3 traces (unless compiled with
    run_eagerly=True); fit and evaluate steps say so through their graph_random_ops state."""

    __slots__ = ('_was', '_static', '_was_static', '_random_ops', '_unconverted')

    def __init__(self, static_shapes, random_ops, first=True):
        self._static = static_shapes        # whether the trace serving the step fixes every axis
        # that trace's random kernels; ``first``: the step begins a call of it (not the second step
        # of a steps_per_execution group, whose random ops go on counting)
        self._random_ops = graph_random_ops.predicting(random_ops, first)
        # Keras marks its step do_not_convert: AutoGraph converts no `if` / `for` on a tensor in the
        # step's Python, so the user's code there meets TF's refusals (assert_statements.py)
        assert_statements.install()
        symbolic_iteration.install()
        self._unconverted = assert_statements.running(False, 'one_step_on_data_distributed')

    def __enter__(self):
        self._was, _context.traced_predict = _context.traced_predict, True
        self._was_static, graph_rewrites.PREDICT_STATIC[0] = graph_rewrites.PREDICT_STATIC[0], self._static
        graph_rewrites.PREDICT[0] += 1       # grappler's rewrites apply in a predict step too
        graph_rewrites.GATE[0] += 1
        self._random_ops.__enter__()
        self._unconverted.__enter__()
        return self

    def __exit__(self, *exc):
        self._unconverted.__exit__(*exc)
        self._random_ops.__exit__(*exc)
        _context.traced_predict = self._was
        graph_rewrites.PREDICT_STATIC[0] = self._was_static
        graph_rewrites.PREDICT[0] -= 1
        graph_rewrites.GATE[0] -= 1
        return False


def unconverted_step(step_fn):
    """``step_fn`` as Keras's traced test step runs it: Python that AutoGraph does not convert (Keras
    marks its step do_not_convert), where an ``if`` / ``for`` on a tensor meets TF's refusal."""
    assert_statements.install()
    symbolic_iteration.install()

    def step(batch):
        with assert_statements.running(False, 'multi_step_on_iterator'):     # (fit's and evaluate's function)
            return step_fn(batch)
    return step


def in_traced_function():
    """Whether the running code is a traced function's (a Keras step or a tf.function), whose graph
    TensorFlow's optimizer rewrites (fusing ops into oneDNN kernels, ops/fused_sigmoid.py)."""
    if not graph_random_ops.TRACED_CALLS[0]:       # (counts predict steps too: see traced_predict)
        return False
    return _context.traced_predict or graph_random_ops.current() is not None


class probe:
    """``with probe():`` marks the calls inside as a run on zeros (see ``probing``), whose random
    draws move no generator or seed state; ``batch_free``: the symbolic inputs it stands for have
    no fixed batch size."""

    def __init__(self, batch_free=False):
        self._batch_free = batch_free

    def __enter__(self):
        self._was = (_context.probing, _context.probe_batch_free)
        _context.probing, _context.probe_batch_free = True, self._batch_free
        # Keras builds a functional graph outside any layer call: the probed call opens its own context
        self._call_context = (_context.training, _context.root, _context.root_entry)
        _context.root_entry = None
        self._random_states = random_state_freeze.freezing()     # Keras's trace moves no random state
        self._random_states.__enter__()
        return self

    def __exit__(self, *exc):
        self._random_states.__exit__(*exc)
        _context.probing, _context.probe_batch_free = self._was
        _context.training, _context.root, _context.root_entry = self._call_context
        return False
