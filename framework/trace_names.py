"""While ``tf.function`` traces, the tensors passed in print as TensorFlow's symbolic ones.

TensorFlow's trace runs the Python function on placeholders, so a ``print(x)`` there shows
``Tensor("x:0", shape=(None,), dtype=int32)`` (the parameter's name, the traced shape), a line
the tf.function guides print again and again. tapeflow traces with the real tensors; during
that call their ``str`` / ``repr`` give TensorFlow's text instead of their values.

Keras 3 runs a layer's ``call`` the same way while it builds a functional model (on
placeholders ``Placeholder:0``, shape ``(None, 4)``) and while fit / evaluate / predict trace
their steps (``data:0``, ``data_1:0``). Code outside tapeflow that asks such a tensor for its
``shape`` gets the traced one, None where the trace leaves a length open; tapeflow's own code
keeps reading the array's shape, which its ops need (``traced_shape``).
"""
import itertools
import sys
import threading

from .tensor_shape import TensorShape

ACTIVE = []                 # non-empty while some thread traces (a cheap test for printing)
_local = threading.local()

# Modules whose reads of ``tensor.shape`` get the array's own shape even while a trace runs.
_TAPEFLOW_PACKAGES = frozenset(('framework', 'layers', 'optim'))


_ITSELF = object()      # naming.rename_traced's default: the tensor's own traced shape


class naming:
    """The context of one trace: ``names`` maps id(tensor) -> (parameter name, shape, dtype name).

    ``batch``, for a Keras build or step, is (the length of the batch axis in the arrays the
    trace runs on, whether the trace leaves it open): layers called during it name their outputs
    whose first axis has that length (``name_output``), so that a print further on shows them as
    graph tensors too."""

    def __init__(self, names, batch=None, scope_start=0, graph=None, ops=None):
        self._names = names
        # how many of ``names`` (in order) are the trace's own arguments: their values are unknown to it
        self.argument_count = len(names)
        self.batch = batch
        self.scope_start = scope_start      # how many enclosing scopes output names leave out
        # a GraphScopes for a trace TensorFlow runs as a graph (a tf.function, a Keras step): its
        # layers' outputs take their graph op's name; None for a Keras build (its own naming)
        self.graph = graph
        # for a Keras build, the GraphScopes of Keras's scratch graph: the tensors ops make in the
        # call are named there (traced_ops), below the layer being built
        self.ops = ops
        self._kept = []         # the tensors named after the start: kept alive, so that ids stay theirs
        # id(tensor) -> traced shape, for tensors the trace knows the shape of but does not name
        # (a tape's gradients: note_shape); shape rules read them (traced_op_shapes), as user code does
        self.shapes = {}
        self.unknown_rank = set()       # ids of the op outputs of unknown rank (traced_op_shapes.output_shape)

    def name_output(self, tensor, name, shape, dtype):
        if id(tensor) not in self._names:
            self._names[id(tensor)] = (name, shape, dtype)
            self._kept.append(tensor)
            if self.graph is not None and ('while' in name or getattr(self.graph, 'loop_body', False)):
                # (a loop body's tensor: TF's error for it out of the loop tells where it was made)
                from . import inaccessible_tensors
                inaccessible_tensors.note_definition(self, tensor, name)

    def place_on_host(self, tensor, device=None):
        """``tensor``'s op has a device while tracing (a py_function's: TF places it on the host, so its
        graph tensor's str ends ', device=/job:localhost/replica:0/task:0'; a MutableHashTable's op sits on
        its resource's, ``device`` 'CPU:0': '/job:localhost/replica:0/task:0/device:CPU:0')."""
        devices = getattr(self, 'devices', None)
        if devices is None:
            devices = self.devices = {}
        devices[id(tensor)] = _HOST + ('/device:' + device if device else '')

    def kept(self):
        """The tensors named or shaped after the trace's start, in order."""
        return list(self._kept)

    def note_shape(self, tensor, shape):
        """Give ``tensor`` the traced ``shape`` (a tuple with None where open) without naming it: its value
        still prints, its ``shape`` in user code and the shapes of the ops it feeds follow ``shape``."""
        if id(tensor) not in self._names and id(tensor) not in self.shapes:
            self.shapes[id(tensor)] = shape
            self._kept.append(tensor)

    def rename(self, tensor, name, shape, dtype):
        """Name ``tensor`` otherwise for a while (a loop variable, in its loop body's graph); returns what
        ``restore`` puts back."""
        previous = self._names.get(id(tensor))
        self._names[id(tensor)] = (name, shape, dtype)
        self._kept.append(tensor)
        return previous

    def rename_traced(self, tensor, name, shape_of=_ITSELF):
        """``rename`` to ``name`` with the shape ``shape_of`` (default: ``tensor`` itself) has in the running
        trace, else ``tensor``'s array shape, and ``tensor``'s dtype (a loop's or cond's graph tensors)."""
        from . import dtypes        # (late: dtypes is imported through tensor, which imports this module)
        entry = entry_of(tensor if shape_of is _ITSELF else shape_of)
        shape = tuple(entry[1]) if entry is not None and entry[1] is not None else tuple(tensor._data.shape)
        return self.rename(tensor, name, shape, dtypes.display_name(tensor._data.dtype))

    def restore(self, tensor, previous):
        if previous is None:
            self._names.pop(id(tensor), None)
        else:
            self._names[id(tensor)] = previous

    def __enter__(self):
        stack = getattr(_local, 'stack', None)
        if stack is None:
            stack = _local.stack = []
        stack.append(self._names)
        _local.contexts = getattr(_local, 'contexts', []) + [self]
        ACTIVE.append(self)
        return self

    def __exit__(self, *exc):
        _local.stack.pop()
        _local.contexts = _local.contexts[:-1]
        ACTIVE.remove(self)
        return False


def is_argument(trace, tensor):
    """Whether ``tensor`` is one of ``trace``'s arguments (a placeholder: its value is unknown there)."""
    count = getattr(trace, 'argument_count', 0)
    return any(key == id(tensor) for key in itertools.islice(trace._names, count))


class eager_inside:
    """Around Python that TensorFlow runs eagerly within a trace (a py_function's func): the
    trace's tensors are EagerTensors there, so they print their values and have ``numpy``, and no
    trace runs there: its ops take no name in the graph (a py_function's ``a + 1`` leaves 'add' free)."""

    def __enter__(self):
        stack = getattr(_local, 'stack', None)
        if stack is None:
            stack = _local.stack = []
        stack.append({})
        self._contexts = getattr(_local, 'contexts', [])
        _local.contexts = self._contexts + [None]
        return self

    def __exit__(self, *exc):
        _local.stack.pop()
        _local.contexts = self._contexts
        return False


def batch_of(args, names):
    """For a trace of a function called with ``args``, whose tensors ``names`` names: (the
    length of the first named tensor's first axis, whether the trace leaves it open), so that
    layers called in it name their outputs as graph tensors (``naming``); None without one."""
    for value in args:
        entry = names.get(id(value))
        if entry is not None and entry[1] and value._data.ndim:
            return value._data.shape[0], entry[1][0] is None
    return None


def current():
    """The innermost trace running on this thread (a ``naming``), or None."""
    contexts = getattr(_local, 'contexts', None)
    return contexts[-1] if contexts else None


def traced_shape(tensor, depth=1):
    """``tensor``'s shape in the trace running on this thread (a TensorShape, None where the
    trace leaves a length open), asked by the code ``depth`` frames above the caller; None when
    the tensor is not one the trace named, or the code asking is tapeflow's own."""
    entry = entry_of(tensor)
    shape = entry[1] if entry is not None else noted_shape(tensor)
    if shape is None:
        # Unknown: the array's shape stands (an op whose shape rule tapeflow lacks is unknown here where
        # TF knows it), but for an argument of unknown rank (an input_signature's TensorSpec(None)):
        # TF's TensorShape(None), certain
        context = current()
        if entry is None or context is None or _local.stack[-1] is not context._names \
                or not of_unknown_rank(tensor, context):
            return None
    module = sys._getframe(depth + 1).f_globals.get('__name__', '')
    if module.partition('.')[0] in _TAPEFLOW_PACKAGES:
        return None
    return TensorShape(shape)       # (TensorShape(None) for an unknown rank)


def of_unknown_rank(tensor, trace):
    """Whether ``trace`` knows ``tensor`` to be of unknown rank: an argument whose traced shape is None
    (an input_signature's TensorSpec(None)), or an op's output computed from one (traced_op_shapes)."""
    if id(tensor) in trace.unknown_rank:
        return True
    entry = trace._names.get(id(tensor))
    return entry is not None and entry[1] is None and is_argument(trace, tensor)


def inferred_shape(trace, tensor):
    """``tensor``'s shape as ``trace`` inferred it (a tuple with None where open, None for an unknown rank), as a
    print in the trace shows it; False where the trace did not name it or knows no shape rule for its op."""
    entry = trace._names.get(id(tensor))
    if entry is None:
        return False
    if entry[1] is None and not of_unknown_rank(tensor, trace):
        return False
    return entry[1]


def noted_shape(tensor):
    """The traced shape the running trace noted for ``tensor`` without naming it (``naming.note_shape``), or None."""
    context = current()
    stack = getattr(_local, 'stack', None)
    if context is None or not context.shapes or stack[-1] is not context._names:
        return None
    return context.shapes.get(id(tensor))


def is_graph_tensor_to_caller(tensor, depth=1):
    """Whether ``tensor`` is a graph tensor of the trace running on this thread (one it named: an
    argument, an op's output) to the code ``depth`` frames above the caller: code outside tapeflow,
    which TensorFlow would run on the SymbolicTensor itself (``x.numpy()`` there is an
    AttributeError). tapeflow's own code keeps its values."""
    if entry_of(tensor) is None:
        return False
    module = sys._getframe(depth + 1).f_globals.get('__name__', '')
    return module.partition('.')[0] not in _TAPEFLOW_PACKAGES


def in_graph_trace(depth=1):
    """Whether the code ``depth`` frames above the caller is user code that a graph trace runs
    (a tf.function's, a tf.data function's, a Keras step's): there TensorFlow's variables have no
    value to read (``v.numpy()`` is a NotImplementedError). Not in a Keras build, nor in Python the
    trace runs eagerly (a py_function's, ``eager_inside``), nor for tapeflow's own code."""
    context = current()
    if context is None or context.graph is None or _local.stack[-1] is not context._names:
        return False
    module = sys._getframe(depth + 1).f_globals.get('__name__', '')
    return module.partition('.')[0] not in _TAPEFLOW_PACKAGES


def entry_of(tensor):
    """(graph name, traced shape, dtype name) of ``tensor`` in the trace running on this thread, or None."""
    stack = getattr(_local, 'stack', None)
    return stack[-1].get(id(tensor)) if stack else None


def refine_shape(tensor, dims):
    """``tensor.set_shape`` in the trace running on this thread: the lengths ``dims`` (a tuple of
    ints and None, or None for an unknown rank) fill those the traced shape leaves open, as TensorFlow's
    set_shape refines a graph tensor's static shape (a Dataset.map function's window, then its spec)."""
    stack = getattr(_local, 'stack', None)
    entry = stack[-1].get(id(tensor)) if stack else None
    if entry is None or dims is None:
        return
    name, shape, dtype = entry
    if shape is None:
        shape = dims
    elif len(shape) == len(dims):
        shape = tuple(d if have is None else have for have, d in zip(shape, dims))
    stack[-1][id(tensor)] = (name, shape, dtype)


def open_batch(shape):
    """``shape`` (a tuple) as the running trace sees it: None for the batch axis when the trace (a
    Keras train / test step on data whose batch size the trace leaves open) leaves it open. For error
    messages, which Keras words with the traced shapes ('(None, 5)')."""
    context = current() if ACTIVE else None
    batch = getattr(context, 'batch', None)
    if batch and batch[1] and shape and shape[0] == batch[0]:
        return (None,) + tuple(shape[1:])
    return tuple(shape)


def may_be_batch_axis(length):
    """Whether a first axis of ``length`` can come from the batch axis of the running Keras build or
    step: False only when the trace knows its batch length and ``length`` is no multiple of it. A
    layer a subclassed model builds on a tensor of its own (a graph's 2708 node states in a step
    on batches of 256) records that length in Keras 3, whose trace knows the constant's shape;
    tapeflow runs on the batch and tells them apart by length. A multiple stays open: a batch
    merged with another axis (``reshape(x, (-1, 3))``) is None in Keras's trace."""
    context = current() if ACTIVE else None
    batch = getattr(context, 'batch', None)
    return not batch or not batch[0] or length % batch[0] == 0


def known_dims(shape):
    """A spec's shape as a tuple of ints and None, or None for an unknown rank."""
    if shape is None or getattr(shape, 'rank', 0) is None:
        return None
    return tuple(None if d is None else int(d) for d in shape)


def tracing():
    """Whether this thread is inside a tf.function trace."""
    return bool(getattr(_local, 'stack', None))


def numpy_refusal(tensor):
    """TensorFlow's NotImplementedError for a graph tensor handed to NumPy (``np.array(x)`` in a trace)."""
    name = entry_of(tensor)[0]
    return NotImplementedError("Cannot convert a symbolic tf.Tensor (%s) to a numpy array. This error may indicate "
                               "that you're trying to pass a Tensor to a NumPy call, which is not supported."
                               % (name if ':' in name else name + ':0'))


def symbolic_text(tensor, as_repr, display_name):
    """TensorFlow's text for ``tensor`` if it is an argument of the trace running on this thread."""
    entry = entry_of(tensor)
    if entry is None:
        return None
    name, shape, dtype = entry
    if ':' not in name:         # (an op's later outputs are named with their index: 'split:1')
        name += ':0'
    if shape is None:           # unknown rank: TensorFlow leaves the shape out
        if as_repr:
            return "<%s.Tensor '%s' shape=<unknown> dtype=%s>" % (display_name, name, dtype)
        return 'Tensor("%s", dtype=%s%s)' % (name, dtype, _device_text(tensor))
    if as_repr:
        return "<%s.Tensor '%s' shape=%s dtype=%s>" % (display_name, name, shape, dtype)
    return 'Tensor("%s", shape=%s, dtype=%s%s)' % (name, shape, dtype, _device_text(tensor))


_HOST = '/job:localhost/replica:0/task:0'


def _device_text(tensor):
    """', device=...' for a graph tensor whose op the trace placed on a device (place_on_host), else ''."""
    devices = getattr(current(), 'devices', None)
    device = devices.get(id(tensor)) if devices else None
    return ', device=' + device if device else ''
