"""``tf.function``: TensorFlow 2.21's tracing, as far as eager Python can observe it.

TensorFlow runs a decorated function's Python once per new input signature (a
"trace") and then replays the recorded graph. tapeflow has no graph: it runs
the Python on every call (so tapes, variables and errors behave as eagerly),
keeps TensorFlow's trace cache (``function_keys``, ``function_signature``),
and on a call that TensorFlow would replay it drops what the calling thread
writes to ``sys.stdout``, so a Python ``print`` shows only when TensorFlow's
would, while ``tf.print`` shows on every call (stderr, or stdout when asked).

What differs, and why:
    - Replays see the function's globals and closure names as the trace left
      them (frozen_globals.py: a list, dict or set there is copied afresh for
      each replay, so an append happens once per trace, as in TensorFlow), and a
      Python iterator argument gives the trace's values again
      (traced_python_iterators.py), and a user object passed in (or a decorated
      method's instance) holds the attributes the trace saw meanwhile
      (traced_python_attributes.py). Other Python side effects (an attribute of
      a Keras layer, an object reached through another, ``print`` to stderr)
      happen on every call here; in TensorFlow only while tracing. Replaying
      them would need a graph; write such effects with tensors and variables,
      as TensorFlow's guide advises, and both agree.
    - While tracing, the tensors passed in print as TensorFlow's symbolic
      ``Tensor("x:0", shape=..., dtype=...)`` (trace_names.py), but tensors
      computed inside print with their values (TensorFlow: ``Tensor("add:0", ...)``);
      prints come in program order (TensorFlow's tracing prints come before the
      first call's ``tf.print``).
    - A call that reuses a trace made for another Python value equal to it
      (``f(1.0)`` after ``f(1)``) runs with its own value.
    - ``get_concrete_function`` counts a trace at once and runs it there, as
      TensorFlow traces, only where no effect needs undoing (no variable in
      reach: concrete_function_trace.py); else the trace's prints show at the
      first call that uses it.
    - AutoGraph's control flow runs on the real values: a loop over a tensor
      prints its body on the first turn only (traced_for_loops.py,
      traced_while_loops.py), and an ``if`` on a tensor shows the untaken
      branch's prints of constants (untaken_branches.py), but runs none of
      that branch's other Python; a loop that runs no turn prints nothing.

The bookkeeping costs a few microseconds a call (about 4 us for ``f(x, y)``
with two tensors, 6 us for a method called with a keyword), nothing next to
a training step.
"""
import contextlib
import functools
import inspect
import itertools
import sys
import threading
import types
import weakref

import numpy as np

from . import assert_statements, dtypes, graph_gradients, graph_random_ops, nest, object_names, ragged_traced_rows, \
    symbolic_iteration, trace_names, trace_prints, trace_seed_reads, trace_tensor_reads, traced_dict_orders, traced_ops
from .composite import CompositeTensor
from .extension_type import ExtensionType
from .ragged.ragged_tensor import RaggedTensor
from .graph_random_ops import GraphRandomState
from .graph_scopes import GraphScopes
from . import concrete_function_trace, failed_first_trace, frozen_globals, graph_missing_kernels, \
    graph_runtime_errors, inaccessible_tensors, keras_variable_arguments, leaked_tensors, sparse_graph_outputs, \
    sparse_trace_keys, traced_literals, traced_python_attributes, traced_python_iterators
from .errors import OpError
from .trace_argument_names import ArgumentNamer
from .concrete_function import ConcreteFunction, OpenDims, name_outputs, output_leaves, output_type
from .function_keys import accepts, arguments_key, common, fully_defined, placeholder, tensor_key_shapes, trace_key
from .function_returns import returns_value
from .function_errors import UNCONVERTED_CODE, graph_side, raised_from_trace
from .function_end_of_sequence import call_site, graph_end_of_sequence
from .function_init import from_tf_print, initializing, once
from .later_trace_variables import NON_FIRST_CALL, first_trace, later_trace
from .host_random_replay import drawing_from, drew_since, host_states
from .function_signature import Binder
from .given_spec_names import fits, given_by_parameter
from .indexed_slices import IndexedSlices
from .tensor import Tensor, convert_to_tensor
from .autograph_lambda_warning import warn_if_unparsable
from .variable import Variable
from .graph_gradient_users import arguments_ask_graph_gradients, asks_graph_gradients
from .deprecation import deprecated_argument
from .retracing_warning import RetracingWarning, detector_for  # noqa: F401  (RetracingWarning: programs import it here)
from .eager_switch import RUN_EAGERLY       # tf.config.run_functions_eagerly's switch

_NUMPY = (np.ndarray, np.generic)      # numpy scalars (np.float32(3.0)) trace as scalar tensors
_THREAD = threading.local()  # .muted: depth of replaying calls on this thread (their prints are dropped)
_MADE = itertools.count()      # traces in the order they were made, a Function's save traces among the others


class _MutedStdout:
    """Stands in for ``sys.stdout`` during a replay: drops the replaying thread's writes,
    except ``tf.print``'s; other threads write through."""

    def __init__(self, target):
        self.target = target

    def write(self, text):
        if getattr(_THREAD, 'muted', 0) and not from_tf_print():
            return len(text)
        return self.target.write(text)

    def __getattr__(self, name):
        return getattr(self.target, name)


def _open_lengths(key, values):
    """``key`` with each tensor argument that the running trace leaves open keyed by its traced shape.
    TensorFlow traces a function called inside another's trace on the outer graph's tensors: a module's
    @tf.function __call__ called from its serve(input_signature=[TensorSpec([None, 3])]) gains a
    (None, 3) trace, which later eager calls of any batch size reuse and a SavedModel keeps (tapeflow
    keyed the call by its real (1, 3) and refused a loaded call of 3 rows)."""
    parts = None
    for i, value in enumerate(values, 1):
        if type(value) is Tensor:
            entry = trace_names.entry_of(value)
            if entry is not None and entry[1] is not None and None in entry[1] \
                    and len(entry[1]) == value._data.ndim:
                parts = parts or list(key)
                parts[i] = (parts[i][0], tuple(entry[1]), parts[i][2])
    return key if parts is None else tuple(parts)


class replaying:
    """The context of a call TensorFlow would replay from its graph: this thread's writes to
    ``sys.stdout`` are dropped (``tf.print``'s kept) and tf.functions called inside run their
    Python without tracing (also used by tf.data's stage functions, data/stage_function.py)."""

    def __enter__(self):
        self._saved = sys.stdout
        self._installed = type(self._saved) is not _MutedStdout
        if self._installed:
            sys.stdout = _MutedStdout(self._saved)
        depth = _THREAD.muted = getattr(_THREAD, 'muted', 0) + 1
        # the automatic names its Python hands out are handed back as it ends: TensorFlow runs no Python
        # then, so a layer made in a call ('concatenate_3') takes the same name in the next trace there
        self._names = [] if depth == 1 else None
        if depth == 1:
            object_names.WATCHERS.append(self._name_given)
        return self

    def _name_given(self, base):
        if getattr(_THREAD, 'muted', 0):    # (this thread's, outside ``unmuted``: a py_function's run counts)
            self._names.append(base)

    def __exit__(self, *exc):
        _THREAD.muted -= 1
        if self._names is not None:
            object_names.WATCHERS.remove(self._name_given)
            object_names.handed_back(self._names)
        if self._installed and type(sys.stdout) is _MutedStdout:
            sys.stdout = self._saved
        return False


class unmuted:
    """Inside a replayed call, Python that TensorFlow runs at every call (a py_function's or
    numpy_function's func): its prints show."""

    def __enter__(self):
        self._depth = getattr(_THREAD, 'muted', 0)
        _THREAD.muted = 0
        return self

    def __exit__(self, *exc):
        _THREAD.muted = self._depth
        return False


class _own_key_traced_once:
    """A trace that calls its own function with its own key (a recursive tf.function on a tensor,
    ``if n > 0: return f(n - 1)``): TensorFlow traces that call anew, inside, without end, until Python's
    RecursionError (the tf.function guide's recursive_fn); tapeflow raises it at the first such call."""

    def __init__(self, function, key):
        self._keys, self._key = function.__dict__.setdefault('_keys_tracing', set()), key

    def __enter__(self):
        if self._key is not None and self._key in self._keys:
            raise RecursionError('maximum recursion depth exceeded while calling a Python object')
        self._keys.add(self._key)

    def __exit__(self, *exc):
        self._keys.discard(self._key)
        return False


def is_replaying():
    """Whether this thread runs a call TensorFlow would replay from its graph (its Python, a Keras
    warning in a layer's call, would not run there)."""
    return getattr(_THREAD, 'muted', 0) > 0


class _Trace:
    """One entry of a Function's trace cache: the key it serves, whether its prints showed, and
    its graph's random ops (each trace is a graph of its own: ``graph_random_ops``)."""
    __slots__ = ('key', 'shown', 'concrete', 'random_state', 'output_type', 'outputs', 'numpy_draws', 'site',
                 'spec_names', 'frozen', 'iterators', 'attributes', 'nodes', 'made', 'run_error', 'seed_reads',
                 'tensor_reads', 'dict_orders')

    def __init__(self, key, shown, random_state=None):
        self.key, self.shown, self.concrete = key, shown, None
        self.made = next(_MADE)
        self.random_state = random_state or GraphRandomState()
        # numpy's global random state when the trace began, if the trace drew from it (None if not)
        self.numpy_draws = None
        self.output_type = None     # TF's 'Output Type:' text, once a run of the trace has shown it
        self.outputs = None         # the first run's result as (shape, dtype) leaves (structured_outputs)
        self.site = ()              # the user frames of the call that ran the trace (function_end_of_sequence)
        # parameter -> the name of the TensorSpec get_concrete_function made the trace for ('inp'), or the
        # names of the specs in its structure (given_spec_names): their placeholders' names, in the signature
        # and in the trace's prints, as TensorFlow names them; TF traces anew for other names
        self.spec_names = {}
        self.frozen = None          # the function as its replays run it: its globals as the trace read them
        self.iterators = None       # what the trace took from Python iterator arguments (traced_python_iterators)
        self.attributes = None      # what the trace saw of user objects' attributes (traced_python_attributes)
        self.nodes = None           # (code, offset) of a user line's API call -> its graph node (graph_runtime_errors)
        self.run_error = None       # the error each run of its graph raises: a node no CPU kernel computes
        self.seed_reads = None      # ids of the Keras seed generators' states the trace drew from
        self.tensor_reads = None    # ids of the outside tensors its ops took (trace_tensor_reads)
        self.dict_orders = {}       # parameter -> its dicts' keys as the trace's maker gave them (traced_dict_orders)

    def __getstate__(self):         # (a SavedModel pickles its Functions: the frozen copy is not kept)
        return {name: getattr(self, name) for name in self.__slots__
                if name not in ('frozen', 'iterators', 'attributes', 'nodes', 'seed_reads', 'tensor_reads')
                and hasattr(self, name)}

    def __setstate__(self, state):       # (seed_reads, tensor_reads hold ids of this process's objects: not kept)
        self.frozen = self.iterators = self.attributes = self.nodes = self.run_error = self.seed_reads = None
        self.tensor_reads = None
        self.dict_orders = {}
        for name, value in state.items():
            setattr(self, name, value)


def _named(spec_names, name, value, spec, key):
    """ArgumentNamer.add's arguments for parameter ``name``: a TensorSpec's own name where
    get_concrete_function's had one, a structure's specs as it gave them (shaped as traced: ``key``)."""
    given = spec_names.get(name) if spec_names else None
    if isinstance(given, str):
        return given, value, spec, key
    if given is not None and spec is None:
        spec = placeholder(key, None, given)
    return name, value, spec, key


def _names_fit(entry, given):
    """Whether the trace ``entry`` serves get_concrete_function's specs named ``given`` (parameter -> names)."""
    return all(fits(names, entry.spec_names.get(name)) for name, names in given.items())


class _WeakMethod:
    """A method bound through a weak reference: the per-instance Function that the class's
    Function keeps does not keep the instance alive (TensorFlow's weak method binding)."""

    def __init__(self, func, ref):
        functools.update_wrapper(self, func)
        self._ref = ref
        signature = inspect.signature(func)
        self.__signature__ = signature.replace(parameters=list(signature.parameters.values())[1:])

    def __call__(self, *args, **kwargs):
        return self.__wrapped__(self._ref(), *args, **kwargs)

    def __repr__(self):
        # TF 2.21's a.m.python_function is a per-instance decorator of the class's function, printed as one
        return '<function %s at 0x%x>' % (self.__qualname__, id(self))


def _outputs(value, python_function):
    """A traced function's return value: tensors (Python numbers and arrays converted), None kept."""
    kind = type(value)
    if kind is Tensor or value is None:
        return value
    if isinstance(value, Variable):
        from .ops import identity
        return identity(value)
    if isinstance(value, (Tensor, CompositeTensor, IndexedSlices)):
        # RaggedTensor, SparseTensor, ExtensionType, a gather's gradient rows: returned as TF returns them
        return value
    if kind in (list, tuple) or isinstance(value, tuple):
        items = [_outputs(v, python_function) for v in value]
        return kind(*items) if hasattr(value, '_fields') else kind(items)
    if isinstance(value, dict):
        return kind((k, _outputs(v, python_function)) for k, v in value.items())
    from .data.dataset import Dataset                   # composite tensors in TensorFlow (a variant dataset,
    from .data.dataset_iterator import DatasetIterator  # an OwnedIterator): returned as they are
    if isinstance(value, (Dataset, DatasetIterator)):
        return value
    try:
        return convert_to_tensor(value)
    except (TypeError, ValueError):
        raise TypeError('To be compatible with tf.function, Python functions must return zero or more Tensors or '
                        'ExtensionTypes or None values; in compilation of %r, found return value of type %s, which '
                        'is not a Tensor or ExtensionType.' % (python_function, type(value).__name__)) from None


def _in_keras_build_run():
    """Whether a Keras layer call runs now as Keras's build run of a layer built by calling it."""
    call_context = sys.modules.get('layers.call_context')       # (not imported: no layer exists)
    return call_context is not None and call_context.in_build_run()


def _numpy_as_tensor(value):
    """A numpy array or number as the tensor TensorFlow's traced function receives (other values as given)."""
    if isinstance(value, np.ndarray) or (isinstance(value, np.generic) and value.dtype.kind in 'biufc'):
        return convert_to_tensor(value)
    return value


class Function:
    """A function wrapped by ``tf.function``: TensorFlow's tracing, observable from Python.

    Call it as the function. ``experimental_get_tracing_count()`` counts traces;
    ``get_concrete_function(...)`` gives the trace for given tensors or TensorSpecs.
    Decorating a method gives each instance its own trace cache, as in TensorFlow.
    """
    # TensorFlow's state after a first trace that raised (failed_first_trace.py); class defaults, so that
    # a Function pickled before they existed reads them too
    _first_failed = False       # the first trace raised having made no variable: later traces run as usual
    _returns_none = False       # a failed trace made variables: every call that binds returns None, running nothing
    _refuses_variables = False      # TF's calls now trace with variable creation refused (its second scope)
    _asks_gradients = None      # whether its code calls tf.gradients (graph_gradient_users), found at its first call
    _asking_keys = frozenset()      # call keys whose Python arguments' code calls tf.gradients (a residual passed in)

    def __init__(self, python_function, input_signature=None, reduce_retracing=False, jit_compile=None,
                 autograph=True):
        assert_statements.install()     # Tensor.__bool__ learns the trace's assert rule (assert_statements.py)
        symbolic_iteration.install()    # Tensor.__iter__ refuses what a trace refuses (symbolic_iteration.py)
        self._python_function = python_function
        self._binder = Binder(python_function, input_signature)
        self._reduce_retracing = bool(reduce_retracing)
        self._jit_compile = jit_compile
        self._autograph = autograph
        self._traces = []           # the _Trace entries, in the order they were made
        self._second_trace = 0      # 1 once the first call created variables (see function_init)
        self._dispatch = {}         # call key -> its _Trace (exact or found by accepts)
        self._instances = {}        # id(instance) -> (weak reference, bound Function)
        self._loaded_states = {}    # call key -> random state of a top-level replayed call (_run_muted)
        self._detector = detector_for(python_function)
        functools.update_wrapper(self, python_function)
        if self.__doc__ is None:        # TensorFlow's decorator gives a function without a docstring ''
            self.__doc__ = ''
        # a callable object (a Keras model, a class with __call__) has no __name__: TF names it 'function'
        self._name = getattr(python_function, '__name__', 'function')

    @property
    def python_function(self):
        return self._python_function

    @property
    def input_signature(self):
        return self._binder.input_signature

    @property
    def name(self):
        return self._name

    @property
    def function_type(self):
        from .function_type import FunctionType
        return FunctionType(self._binder)

    def experimental_get_tracing_count(self):
        """How many traces TensorFlow would have made so far (tf.saved_model.save's own traces included)."""
        return len(self._traces) + len(self._saved_state()[0]) + self._second_trace + len(self._retired())

    def _retired(self):
        """The traces made before a later trace created variables (``_retire_traces``)."""
        return self.__dict__.get('_retired_traces', ())

    def _retire_traces(self):
        """A later trace created variables: TensorFlow's calls trace from now on with creation refused, in
        a scope of their own, so the traces made so far stay counted and listed but serve no call (each
        shape is traced, and its prints shown, once more)."""
        self.__dict__.setdefault('_retired_traces', []).extend(self._traces)
        self._traces, self._dispatch = [], {}

    def _saved_state(self):
        """(traces, dispatch) of the traces tf.saved_model.save made (function_save_traces.py)."""
        return self.__dict__.get('_save_traces') or ((), None)

    @contextlib.contextmanager
    def save_context(self):
        """Calls and traces inside see only the traces made for a save: TensorFlow keys its trace cache by
        the save context too, so tf.saved_model.save traces each function anew (function_save_traces.py)."""
        saved = self.__dict__.setdefault('_save_traces', ([], {}))
        normal = self._traces, self._dispatch, self._second_trace
        self._traces, self._dispatch = saved
        try:
            yield
        finally:
            self._traces, self._dispatch, self._second_trace = normal

    def pretty_printed_concrete_signatures(self, verbose=True):
        """Each trace's block as ``str(concrete_function)`` prints it, in trace order, a blank line
        between traces; not verbose, each trace's one-line signature, a line each. A function with an
        input_signature is traced first if it has not been (TF's _list_all_concrete_functions)."""
        if self.input_signature is not None and not self._traces:
            self._concrete((), {}, concrete_function_trace.called_by_user())
        blocks = []
        for entry in sorted(list(self._traces) + list(self._saved_state()[0]) + list(self._retired()),
                            key=lambda e: getattr(e, 'made', 0)):
            if entry.concrete is None:
                entry.concrete = ConcreteFunction(self, entry)
            blocks.append(entry.concrete.pretty_printed_signature(verbose))
        if self._second_trace and blocks:
            # TF 2.21 keeps the first call's variable-creating trace beside the one it runs (a step that
            # builds Adam's slots, a function making its tf.Variable): that signature is listed twice
            blocks.insert(0, blocks[0])
        return ('\n\n' if verbose else '\n').join(blocks)

    def __repr__(self):
        # TF 2.21's Function keeps object's repr: print(train_step) shows its class path and address
        return '<tensorflow.python.eager.polymorphic_function.polymorphic_function.Function object at %#x>' \
            % id(self)

    def __getstate__(self):
        # a SavedModel of an object already loaded: the next load's kernels start afresh, as TensorFlow's do
        state = dict(self.__dict__)
        state['_loaded_states'] = {}
        return state

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        found = self._instances.get(id(instance))
        if found is not None and found[0]() is instance:
            return found[1]
        key = id(instance)
        try:
            ref = weakref.ref(instance, lambda _, cache=self._instances, key=key: cache.pop(key, None))
            method = _WeakMethod(self._python_function, ref)
        except TypeError:           # not weakly referable: keep the instance alive with its traces
            ref = (lambda obj: lambda: obj)(instance)
            method = types.MethodType(self._python_function, instance)
        bound = Function(method, self.input_signature, self._reduce_retracing, self._jit_compile, self._autograph)
        self._instances[key] = (ref, bound)
        return bound

    def _key(self, args, kwargs):
        if self._binder.input_signature is not None:
            values = self._binder.cast(args, kwargs)
            return None, values
        if not kwargs and self._binder.simple and len(args) == len(self._binder.names):
            values = args
        else:
            values = self._binder.bind(args, kwargs)
        key = arguments_key(values)     # keyed as a tuple of arguments
        if trace_names.ACTIVE:      # called inside another trace: its open lengths key this one too
            key = _open_lengths(key, values)
        return key, None

    def _find(self, key):
        """The trace serving ``key``: exact, or the most specific that accepts it."""
        found = None
        for entry in self._traces:
            if accepts(entry.key, key) and (found is None or accepts(found.key, entry.key)):
                found = entry
        if found is not None:
            self._dispatch[key] = found
        return found

    def _relaxed(self, key):
        """The key a new trace serves: with ``reduce_retracing``, widened to accept the earlier traces'
        keys too (a second length of vector makes a (None,) trace)."""
        if self._reduce_retracing and key is not None:
            for entry in self._traces:
                relaxed = common(key, entry.key)
                if relaxed is not None:
                    key = relaxed
        return key

    def _named_trace(self, key, given, orders):
        """The trace serving ``key`` whose specs' names fit get_concrete_function's ``given`` ones, else a new
        one (a call with tensors still gets the trace it got before)."""
        for entry in self._traces:
            if accepts(entry.key, key) and _names_fit(entry, given):
                return entry
        served = self._dispatch.get(key)
        entry = self._new_trace(key, False)
        entry.spec_names, entry.dict_orders = given, orders
        if served is not None:
            self._dispatch[key] = served
        return entry

    def _new_trace(self, key, shown, random_state=None):
        key = self._relaxed(key)
        entry = _Trace(key, shown, random_state)
        self._traces.append(entry)
        self._dispatch[key] = entry
        return entry

    def __call__(self, *args, **kwargs):
        if RUN_EAGERLY[0]:
            return self._python_function(*args, **kwargs)
        if self._returns_none:          # (arguments that do not bind still raise TensorFlow's TypeError)
            self._key(args, kwargs)
            return None
        args, kwargs = keras_variable_arguments.as_tensors(args, kwargs)     # (TF's trace gets tensors)
        if getattr(_THREAD, 'muted', 0):            # inside a replay: TensorFlow would not run this Python
            return self._run_muted(args, kwargs)
        key, cast = self._key(args, kwargs)
        if cast is not None:                        # input_signature: one trace, for the converted tensors
            args, kwargs = cast, {}
        elif any(isinstance(a, _NUMPY) for a in args):     # TensorFlow's function sees tensors, not arrays
            args = [_numpy_as_tensor(a) for a in args]
        entry = self._dispatch.get(key)
        if entry is None:
            entry = self._find(key)
        return self._run(entry, key, args, kwargs)

    def _run_muted(self, args, kwargs):
        """A call inside another function's replay: no trace is made or counted, but the random ops
        are the inner function's graph's, as TensorFlow calls the inner graph from the outer."""
        try:
            key, _ = self._key(args, kwargs)
        except (TypeError, ValueError):     # arguments it would refuse: the call raises as it would
            key = None
        if graph_random_ops.drawing() is None:
            # called on its own, not from another trace (nor a Keras predict step): a SavedModel's loaded function, whose
            # concrete functions keep their random kernels from call to call (the text generation
            # tutorial's reloaded OneStep samples on, it does not redraw its first character)
            states = self.__dict__.setdefault('_loaded_states', {})    # (a Function pickled before it had one)
            state = states.get(key)
            if state is None:
                state = states[key] = GraphRandomState()
        else:
            # the trace the call would run (keyed by the replayed caller's open lengths when it traced,
            # which this call's own key may not be): its inlined copy is the one the caller's trace drew from
            entry = None if key is None else self._dispatch.get(key) or self._find(key)
            state = self._random_state(entry, key)
        if (self._asks_gradients or (self._asking_keys and key in self._asking_keys)) \
                and not graph_gradients.records_everything():
            with graph_random_ops.running(state), graph_gradients.recording((), everything=True):
                return _outputs(self._python_function(*args, **kwargs), self._python_function)
        with graph_random_ops.running(state):
            return _outputs(self._python_function(*args, **kwargs), self._python_function)

    def _random_state(self, entry, key):
        """The random ops' state for this call: the trace's own when called eagerly (a new one for a
        first trace); inside another traced call (a Keras predict step's too), the copy of this trace
        inlined at that call site."""
        caller = graph_random_ops.drawing()
        if caller is not None:
            return caller.callee((id(self), entry.key if entry is not None else key))
        return entry.random_state if entry is not None else GraphRandomState()

    def _arguments_ask(self, key, args, kwargs):
        """Whether this call's Python arguments bring code that calls tf.gradients: asked when the key is
        traced, remembered for its later calls."""
        if not arguments_ask_graph_gradients(self._python_function, args, kwargs):
            return False
        self._asking_keys = self._asking_keys | {key}
        return True

    def _run(self, entry, key, args, kwargs, counted=True):
        """Run ``entry``'s trace (making it when new) on these arguments. ``counted``: a call of the Function
        itself, which TensorFlow's frequent-tracing warning counts (not a concrete function's call)."""
        asks = self._asks_gradients
        if asks is None:
            asks = self._asks_gradients = asks_graph_gradients(self._python_function)
        if not asks and key is not None:
            if self._asking_keys and key in self._asking_keys:
                asks = True
            elif entry is None:
                asks = self._arguments_ask(key, args, kwargs)
        if asks and not graph_gradients.records_everything():
            # its code calls tf.gradients, which TensorFlow answers from the trace's graph: a tape records the
            # call's ops instead (graph_gradients.py)
            with graph_gradients.recording((), everything=True):
                return self._run(entry, key, args, kwargs, counted)
        if entry is not None and entry.shown:
            if counted:
                self._detector.called(False, self._python_function)
            if entry.run_error is not None and graph_missing_kernels.runs_graph():
                raise graph_missing_kernels.raised(entry.run_error)
            try:
                if entry.attributes is not None:    # (user objects hold what the trace saw meanwhile)
                    objects = traced_python_attributes.objects_of(self._python_function, args, kwargs)
                    with traced_python_attributes.replaying(entry.attributes, objects):
                        return self._replay_entry(entry, key, args, kwargs)
                return self._replay_entry(entry, key, args, kwargs)
            except StopIteration as error:      # a dataset iterator ran out: the graph's OutOfRangeError
                end = graph_end_of_sequence(error, self._python_function, self._name, entry.site, entry.nodes)
                if end is None:
                    raise
                raise end from None
            except OpError as error:        # a kernel failing on this call's values: the graph run's words
                refused = graph_runtime_errors.replayed_error(error, entry.nodes, self._name)
                if refused is None:
                    raise
                raise refused.with_traceback(error.__traceback__) from None
        random_state = self._random_state(entry, key)
        traced_key = self._relaxed(key) if entry is None else entry.key
        signature = self.input_signature
        # (an input_signature's key is None: its specs' shapes decide)
        shapes_key = trace_key(list(signature)) if traced_key is None and signature is not None else traced_key
        caller = graph_random_ops.current()     # (a call inlined into another trace's graph: its outputs decide)
        random_state.static_shapes = fully_defined(shapes_key) and (caller is None or caller.static_shapes)
        random_state.pushes_constants = returns_value(self._python_function) if caller is None \
            else caller.pushes_constants
        names = self._symbolic_names(args, kwargs, traced_key, entry.spec_names if entry is not None else None)
        numpy_before = host_states() if caller is None else None
        asserts = assert_statements.running(self._autograph, self._name)
        later = first = trace = init = None     # (a recursive call may register a trace while this first one runs)
        objects_at_start, recorders = None, None
        written = frozen_globals.written_at_start(self._python_function) if entry is None or entry.frozen is None \
            else None
        if frozen_globals.is_user_function(self._python_function):     # (tapeflow's own steps run as they are)
            objects_at_start = traced_python_attributes.scalars_at_start(
                traced_python_attributes.objects_of(self._python_function, args, kwargs))
            args, kwargs, recorders = traced_python_iterators.recording(args, kwargs)
        seed_reads, tensor_reads = set(), set()
        trace_seed_reads.OPEN.append(seed_reads)
        trace_tensor_reads.OPEN.append(tensor_reads)
        try:
            with _own_key_traced_once(self, key), trace_prints.held(), \
                    trace_names.naming(names, trace_names.batch_of(args, names), graph=GraphScopes()) \
                    as trace, graph_random_ops.running(random_state), traced_ops.hooked(), asserts:
                graph_missing_kernels.collect(trace)
                ragged_traced_rows.note_arguments(trace, args, kwargs, self.input_signature, traced_key)
                sparse_graph_outputs.note_arguments(trace, args, kwargs, self.input_signature, traced_key)
                if entry is None and not self._traces and not self._second_trace and not self._first_failed \
                        and not self._refuses_variables:
                    if self._autograph:     # (AutoGraph converts the function at its first trace)
                        warn_if_unparsable(self._python_function)
                    with first_trace() as first:
                        if _in_keras_build_run():
                            # Keras 3 builds a model without build() by running its call in a scratch graph,
                            # in a StatelessScope: this trace runs there, its Keras variables deferred (no
                            # second trace), and the real call after it replays the trace (prints once)
                            with once():
                                result, retraced = self._python_function(*args, **kwargs), False
                        else:
                            with initializing() as init:
                                result = self._python_function(*args, **kwargs)
                            retraced = init.retraced
                    if retraced and first.made:     # (a variable returned is returned read: TF's second
                        result = _outputs(result, self._python_function)    # trace makes it again)
                    remade = first.remade() if retraced and first.made else None
                    if remade is not None:      # TensorFlow's second trace makes that variable again:
                        self._second_trace = 1      # the first trace counts (TF 2.21: 1), and later calls
                        self._refuses_variables = True      # trace once more, with creation refused
                        raise remade
                    self._second_trace = int(retraced)
                    if retraced:        # TensorFlow traces on with variable creation refused
                        self._refuses_variables = True
                elif entry is None:         # a later trace: TensorFlow refuses the variables user code makes
                    with later_trace(self._refuses_variables) as later:
                        result = self._python_function(*args, **kwargs)
                else:
                    result = self._python_function(*args, **kwargs)
        except Exception as error:      # TensorFlow's autograph words for an error in the trace
            end = graph_end_of_sequence(error, self._python_function, self._name, call_site()) \
                if isinstance(error, StopIteration) else None
            if asserts.error is not None or end is not None or isinstance(graph_side(error), OpError):
                if entry is None:       # (TensorFlow's trace succeeded: its graph's run failed)
                    self._keep_failed_run(key, random_state, trace, first, later, init)
            elif (first is not None and not self._second_trace) or (later is not None and later.created):
                self._trace_raised(first, later)
            if asserts.error is not None:       # a converted assert: the Assert kernel's error
                raise asserts.error from None
            if end is not None:     # a dataset iterator ran out: the graph's OutOfRangeError
                raise end from None
            converted = self._autograph and not getattr(self._python_function, 'autograph_do_not_convert', False) \
                and getattr(self._python_function, '__code__', None) not in UNCONVERTED_CODE    # (for/else: as it is)
            raised = raised_from_trace(error, self._python_function, caller is None and converted)
            if raised is error:
                raise
            raise raised from None
        finally:
            trace_seed_reads.OPEN.pop()     # (a stack: a nested trace has closed its own)
            trace_tensor_reads.OPEN.pop()
        if later is not None and later.created:     # (TensorFlow's check after such a trace, which it keeps)
            self._new_trace(key, True, None if graph_random_ops.drawing() else random_state)
            self._retire_traces()
            self._refuses_variables = True
            self._returns_none = self._first_failed     # (no config for later calls was ever made)
            raise ValueError(NON_FIRST_CALL)
        if result is None and caller is None:       # (returned None this time: the graph has no outputs)
            random_state.pushes_constants = False
        if entry is None:       # (a tensor of the trace kept in a global: TensorFlow's leaked graph tensor)
            leaked_tensors.mark_leaks(self._python_function, names)
        refused = inaccessible_tensors.refusal(result, names, self._name, trace) if entry is None else None
        if refused is not None:     # a loop body's tensor among the outputs (a list appended in the body)
            raise refused
        result = _outputs(result, self._python_function)
        if entry is None:       # registered only after a trace that succeeded, as TensorFlow counts them
            entry = self._new_trace(key, True, None if graph_random_ops.drawing() else random_state)
            self._dispatch[key] = entry
            entry.dict_orders = traced_dict_orders.of_call(self._binder, args, kwargs)
        if numpy_before is not None and drew_since(numpy_before):
            entry.numpy_draws = numpy_before
        entry.shown = True
        if entry.seed_reads is None:
            entry.seed_reads = seed_reads
        if entry.tensor_reads is None:
            entry.tensor_reads = tensor_reads
        if recorders is not None:
            entry.iterators = traced_python_iterators.taken(recorders)
        if objects_at_start:
            entry.attributes = traced_python_attributes.record(objects_at_start)
        if entry.frozen is None:        # (None again for tapeflow's own functions: they run as they are)
            entry.frozen = frozen_globals.freeze(self._python_function, written)
        if not entry.site:
            entry.site = call_site()
        if entry.nodes is None:
            entry.nodes = getattr(trace, 'nodes', None)
            entry.run_error = graph_missing_kernels.run_error(trace, self._name)
        if entry.output_type is None:
            # (a RaggedTensor's or SparseTensor's components too: their open sizes are the trace's)
            run = [v for v in nest.flatten((list(args), kwargs), expand_composites=True)
                   if isinstance(v, Tensor) and id(v) in names]
            # (the elements next(iterator) gave are the graph's inputs too: a batch their spec leaves open)
            run += [v for v in trace.kept() if names.get(id(v), ('',))[0].startswith('IteratorGetNext')]
            open_dims = OpenDims((names[id(v)][1], v.shape) for v in run)
            for v in nest.flatten(result, expand_composites=True):     # (outputs the trace named: their shapes as
                # its prints show them; a RaggedTensor's row splits and values too)
                if type(v) is Tensor and id(v) in names:
                    shape = trace_names.inferred_shape(trace, v)
                    if shape is not False:
                        open_dims.infer(v, shape)
                elif type(v) is Tensor and id(v) in trace.shapes:      # (noted: a ragged argument's row_lengths())
                    open_dims.infer(v, trace.shapes[id(v)])
            for v in nest.flatten(result):      # (a SparseTensor: the static shape the graph gives it)
                if sparse_trace_keys.is_sparse(v):
                    open_dims.infer(v, sparse_graph_outputs.static_shape(trace, v))
            entry.output_type = output_type(result, open_dims)
            entry.outputs = output_leaves(result, open_dims)
            if trace.graph is not None:
                name_outputs(entry.outputs, trace.graph.unique)
        if caller is None and counted:      # (TF counts only the Function's eager calls: not one traced into
            self._detector.called(True, self._python_function)     # another graph, nor a concrete function's)
        if entry.run_error is not None and (caller is not None or graph_missing_kernels.runs_graph()):
            raise graph_missing_kernels.raised(entry.run_error)     # (the trace is made: its graph's run fails)
        return result

    def _keep_failed_run(self, key, random_state, trace, first, later, init):
        """A new trace whose run raised a graph's error (a kernel's, an Assert's, a dataset's end): TensorFlow
        made and cached the trace before running it, so later calls of its key run it without tracing (no
        prints). A first call that made variables (``init``: its function_init context) was traced twice
        before the run, the second time with creation refused: its prints show again and both traces count
        (TF 2.21, progs/optimtraj26/p2_later.py 'r', 's': 'PY r' twice, then the error; count 2, and later
        calls neither trace nor print). Not a later trace that made variables (left as it was)."""
        if later is not None and later.created:
            return
        if init is not None and init.repeats():
            init.trace_again()
            self._second_trace = 1
            self._refuses_variables = True
        elif first is not None and first.made:      # (a Keras build run's trace: not traced twice there)
            return
        entry = self._new_trace(key, True, None if graph_random_ops.drawing() else random_state)
        entry.site = call_site()
        entry.nodes = getattr(trace, 'nodes', None)

    def _trace_raised(self, first, later):
        """TensorFlow's state after the first trace (``first``) or a later one that created variables
        (``later``) raised while tracing (failed_first_trace.py)."""
        if first is not None:
            self._returns_none = bool(first.made)
            self._first_failed = not first.made
            return
        self._retire_traces()
        self._refuses_variables = True
        self._returns_none = self._first_failed

    def _symbolic_names(self, args, kwargs, key=None, spec_names=None):
        """id(tensor) -> (parameter name, traced shape, dtype name) for the tensors passed directly
        (see trace_names): the input_signature's shape when there is one, else the trace key's
        (a concrete function made from a TensorSpec), else the tensor's."""
        try:
            values = self._binder.bind(args, kwargs)
        except TypeError:
            return {}
        names = self._binder.names
        specs = self._binder.input_signature
        if specs is not None and names and names[0] == 'self' and len(values) == len(specs) + 1:
            specs = (None,) + tuple(specs)
        found = {}
        namer = ArgumentNamer(found)
        kinds = [p.kind for p in self._binder.signature.parameters.values()]
        for i, (name, value) in enumerate(zip(names, values)):
            spec = specs[i] if specs is not None and i < len(specs) else None
            item_key = key[i + 1] if key is not None and i + 1 < len(key) else None
            if isinstance(value, ExtensionType):       # its tensors are 'x:0', 'x_1:0', ... as TF names them
                parts = nest.flatten(value, expand_composites=True)
                # (shaped as its spec traces them: an input_signature's or a concrete function's open sizes)
                traced = tensor_key_shapes(trace_key(spec) if spec is not None else item_key)
                if len(traced) != sum(type(part) is Tensor for part in parts):
                    traced = None
                k = 0
                for j, part in enumerate(parts):
                    if type(part) is Tensor:
                        shape = tuple(part.shape) if traced is None else traced[k]
                        k += 1
                        found[id(part)] = (name if j == 0 else '%s_%d' % (name, j), shape,
                                           dtypes.display_name(part._data.dtype))
            elif isinstance(value, RaggedTensor):      # 'rt:0' its flat values, 'rt_1:0' ... its splits (TF's components)
                if spec is None and type(item_key) is tuple and item_key and item_key[0] is RaggedTensor:
                    spec = placeholder(item_key)    # (get_concrete_function's RaggedTensorSpec([None, None]))
                ragged_traced_rows.name_argument_parts(found, name, value, spec)
            elif kinds[i] is inspect.Parameter.VAR_POSITIONAL:     # *args: args_0, args_1, ...
                items = item_key[1:] if type(item_key) is tuple and len(item_key) == len(value) + 1 else ()
                for j, item in enumerate(value):
                    item_spec = specs[j] if specs is not None and i == 0 and j < len(specs) else None
                    namer.add(*_named(spec_names, '%s_%d' % (name, j), item, item_spec, items[j] if items else None))
            elif kinds[i] is inspect.Parameter.VAR_KEYWORD:        # **kwargs: by keyword
                items = dict(item_key[1:]) if type(item_key) is tuple and item_key else {}
                for keyword, item in value.items():
                    namer.add(*_named(spec_names, keyword, item, None, items.get(keyword)))
            else:
                namer.add(*_named(spec_names, name, value, spec, item_key))
        return found

    def _replay_entry(self, entry, key, args, kwargs):
        """A later call of the shown trace ``entry``: the trace's Python run again as the graph would run."""
        if entry.iterators is not None:     # (Python iterators give the trace's values again)
            args, kwargs = traced_python_iterators.replaying(args, kwargs, entry.iterators)
        if entry.numpy_draws is not None:
            return self._replay_numpy_constants(entry, args, kwargs, key)
        if entry.key is None:       # (an input_signature's trace: its tensors are cast)
            pass
        elif not kwargs and self._binder.simple and len(args) + 1 == len(entry.key):
            args = traced_literals.as_traced(args, entry.key)   # (f(1.0) after f(1): the graph holds the trace's 1)
        else:       # (f(x, y=1.0) or f(x) after f(x, 1.0): by parameter, defaults filled)
            args, kwargs = traced_literals.bound_as_traced(self._binder, args, kwargs, entry.key)
        return self._replay(args, kwargs, self._random_state(entry, key), entry.frozen)

    def _replay(self, args, kwargs, random_state, frozen=None):
        if frozen is not None:      # (its lists, dicts and sets as the trace left them)
            frozen_globals.refresh(frozen)
        asserts = assert_statements.running(self._autograph, self._name)
        try:
            with replaying(), graph_random_ops.running(random_state), asserts:
                return _outputs((frozen or self._python_function)(*args, **kwargs), self._python_function)
        except AssertionError:
            if asserts.error is not None:       # a converted assert: the Assert kernel's error
                raise asserts.error from None
            raise

    def _replay_numpy_constants(self, entry, args, kwargs, key):
        """A replay of a trace that drew from numpy's (or Python's) global random state: TensorFlow ran
        that Python once, so the arrays it drew are constants of the graph. The replay draws them again
        from the trace's starting state and leaves the global streams as they were (the graph-optimization
        tutorial makes `tf.constant(np.random.randn(...))` in a tf.function it calls twice, then traces
        another)."""
        with drawing_from(entry.numpy_draws):
            return self._replay(args, kwargs, self._random_state(entry, key), entry.frozen)

    def get_concrete_function(self, *args, **kwargs):
        """The trace for these arguments (tensors, TensorSpecs or Python values), made if new.

        The trace is counted and run now, as TensorFlow traces here: its Python ``print``s show now
        (concrete_function_trace.py; where that run fails, at the first call that uses it).
        Raises:
            TypeError: arguments that do not fit the function or its input_signature.
        """
        return self._concrete(args, kwargs, concrete_function_trace.called_by_user())

    def _concrete(self, args, kwargs, by_user):
        """get_concrete_function's trace; ``by_user``: the program asked (TF traces then, this runs it now)."""
        if self._returns_none:          # (TensorFlow's dataclasses.replace of the config never made)
            raise TypeError(failed_first_trace.CONCRETE_REFUSAL)
        args, kwargs = keras_variable_arguments.as_tensors(args, kwargs)     # (traced as TensorSpecs)
        if self._binder.input_signature is not None:
            if not args and not kwargs:
                args = self._binder.input_signature
            self._binder.cast(args, kwargs)          # checks TensorSpecs and tensors against the signature
            key = None
        else:
            values = self._binder.bind(args, kwargs)
            key = arguments_key(values)
        entry = self._dispatch.get(key) or self._find(key)
        if key is not None:     # TensorSpec(name='inp') names its placeholder: a trace of its own (given_spec_names)
            kinds = [p.kind for p in self._binder.signature.parameters.values()]
            given = given_by_parameter(self._binder.names, kinds, values)
            orders = traced_dict_orders.by_parameter(self._binder.names, kinds, values)
            if entry is not None and not _names_fit(entry, given):
                entry = self._named_trace(key, given, orders)
        if entry is None:
            entry = self._new_trace(key, False)
            if key is not None:
                entry.spec_names, entry.dict_orders = given, orders
        if entry.concrete is None:
            entry.concrete = ConcreteFunction(self, entry)
            if not entry.shown and by_user:     # (TF traces here)
                concrete_function_trace.trace_now(self, entry, key, args, kwargs)
        return entry.concrete


def function(func=None, input_signature=None, autograph=True, jit_compile=None, reduce_retracing=False,
             experimental_implements=None, experimental_autograph_options=None, experimental_attributes=None,
             experimental_relax_shapes=None, experimental_compile=None, experimental_follow_type_hints=None):
    """``tf.function``: wrap ``func`` in a ``Function`` (TensorFlow's tracing; see this module).

    Used as ``@tf.function`` or ``@tf.function(input_signature=[...], reduce_retracing=True)``;
    ``jit_compile`` and ``autograph`` are accepted (tapeflow runs the Python eagerly), and
    ``experimental_relax_shapes`` is the old name of ``reduce_retracing``.
    Raises:
        TypeError: ``func`` not callable, or an input_signature that does not fit it.
    """
    for argument, value, instructions in (
            ('experimental_compile', experimental_compile, 'experimental_compile is deprecated, use jit_compile instead'),
            ('experimental_relax_shapes', experimental_relax_shapes,
             'experimental_relax_shapes is deprecated, use reduce_retracing instead'),
            ('experimental_follow_type_hints', experimental_follow_type_hints,
             'experimental_follow_type_hints is deprecated')):
        if value is not None:       # (passed at all: TF's deprecated_args notice, once)
            deprecated_argument('function', 'tensorflow.python.eager.polymorphic_function.polymorphic_function',
                                argument, instructions, eagerly=True)
    relax = bool(reduce_retracing or experimental_relax_shapes)
    compile_ = jit_compile if jit_compile is not None else experimental_compile

    def decorated(f):       # (TF 2.21's name: tf.function() prints as <function function.<locals>.decorated ...>)
        if not callable(f):
            raise TypeError('%r is not a callable object' % (f,))
        if isinstance(f, Function):
            f = f.python_function
        return Function(f, input_signature, relax, compile_,
                        assert_statements.autograph_mode(autograph, experimental_autograph_options))

    return decorated if func is None else decorated(func)
