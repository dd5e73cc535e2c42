"""GradientTape: records ops on watched tensors and sweeps them backwards.

The record is a list of nodes in execution order, which is already a
topological order, so ``gradient()`` is a plain reverse loop (as in JAX's
autodidax). Each node holds its inputs, its output and one vector-Jacobian
product per input. Gradient rules are written with the framework's own ops,
so a tape that is still recording while another one sweeps records the sweep:
nested tapes give higher derivatives.

Recording costs nothing when no tape is active: ops check one module-level
list before doing any bookkeeping.
"""
import enum
import itertools
import sys
import threading
from _thread import get_ident

import numpy as np

from . import graph_random_ops, loop_reads, nest
from .indexed_slices import IndexedSlices, RowGradients
from .keras_repr import default_repr
from .none_gradients import EXPLAIN_NONE, NoneGradientWarning, explain_nones, none_gradient_reason  # noqa: F401
from .tape_arguments import NONE_TARGET, check_sources, check_targets, result, seeds, unconnected_mode
from .tensor import Tensor
from .tf_logging import FirstNPerSite
from .variable import VALUE_READS, Variable, value_was_read
from .array_sweep import array_rule, pass_gradient, sum_to_array, sweep_arrays  # noqa: F401  (ops import them here)
from .addn_chunks import addn_order
from .backward_order import tf_backward_order
from .complex_gradients import conjugated
from .variable_read_gradients import (Pending, fold_nested_reads, fold_reads, graph_read, read_ranks,
                                      traced_rows_order)



def _bfloat16(tensor):
    # ml_dtypes' bfloat16 is numpy kind 'V'; asked only once the float kinds failed
    return tensor._data.dtype.name == 'bfloat16'


# Tapes recording now, in every thread, innermost last. Ops test this list's
# truthiness before any bookkeeping (a module global: cheaper than a
# thread-local); ``record`` then keeps only the calling thread's tapes, so a
# tape never sees another thread's ops. Besides tapes, ACTIVE may hold an
# observer (framework.debugging's numerics checker): anything with the
# attributes ``record`` reads (_thread, _tracked, _watch_accessed, _nodes).
ACTIVE = []
_TRACED_CALLS = graph_random_ops.TRACED_CALLS    # (record's test before graph_random_ops.current()'s call)
# The numpy dtypes of kind 'c' and of kinds 'f' or 'c', in both byte orders: a set lookup costs less than
# reading dtype.kind (CPython 3.11 cannot specialize a numpy attribute read), and record asks for each op.
_COMPLEX = {d.newbyteorder(order) for d in map(np.dtype, (np.complex64, np.complex128, np.clongdouble))
            for order in '<>'}
_FLOATING = _COMPLEX | {d.newbyteorder(order) for d in map(np.dtype, (np.float16, np.float32, np.float64,
                                                                          np.longdouble)) for order in '<>'}

def thread_tapes():
    """The tapes (not observers) recording on the calling thread."""
    me = threading.get_ident()
    return [t for t in tuple(ACTIVE) if isinstance(t, GradientTape) and t._thread == me]


class paused:
    """A context in which the calling thread's tapes record nothing."""

    def __enter__(self):
        self._tapes = thread_tapes()
        for t in self._tapes:
            t._pop()
        return self

    def __exit__(self, *exc):
        for t in self._tapes:
            t._push()
        return False


# A node is the plain tuple (output, inputs, vjps, name): a tuple costs a
# quarter of a slotted object to build, and one is built per recorded op.
# ``vjps[i](g, output, *inputs)`` is the gradient for ``inputs[i]`` given the
# output gradient g. Passing output and inputs at sweep time lets the common
# ops keep module-level vjp tuples: recording builds no closures, which also
# keeps the garbage collector off the hot path.


def record(name, inputs, output, vjps):
    """Add an op to every active tape that watches one of its inputs.

    ``inputs`` and ``vjps`` are parallel tuples; ``vjps[i](g, output, *inputs)``
    gives the gradient for ``inputs[i]`` (a vjp of None: not differentiable
    there). Inputs that are not tensors (Python numbers) are never watched.
    Trainable variables are watched on first read, and the node keeps a
    snapshot of each variable's value (see ``_read``), as TensorFlow does.
    """
    node = None
    me = get_ident()
    # A copy: another thread may push or pop a tape while we loop, and a
    # list shifting under the loop would skip this thread's tape.
    for tape in tuple(ACTIVE):
        if tape._thread != me:
            continue
        tracked = tape._tracked
        hit = reads = False
        last = tape._last
        # Reads are counted inline (see the comment after this function): record runs for every op.
        for x in inputs:
            if type(x) is Variable:
                xid = id(x)
                if xid in tracked or (x._auto_watch and tape._watch_accessed and tape._watch_read(x)):
                    hit = reads = True
                    once = tape._read_once
                    if xid not in once:
                        once.add(xid)
                    elif -xid in once:          # a third read (the second is kept as the negated id)
                        tape._shared = True
                    else:
                        once.add(-xid)
                        if name == 'gather':    # two gathers' rows join in TensorFlow's visiting order
                            tape._shared = True
            elif x is last:
                hit = True          # the previous op's output, read for the first time (a chain)
                last = NO_OUTPUT
            elif id(x) in tracked:
                hit = True
                once = tape._read_once
                if id(x) in once:
                    tape._shared = True
                else:
                    once.add(id(x))
            elif tape._records_all and type(x) is Tensor and x._data.dtype.kind in 'fc':
                hit = tape._watch_one(x)        # (a tape standing in for a graph: graph_gradients.py)
        if hit:
            if node is None:
                if type(output) is Tensor and output._data.dtype in _COMPLEX:
                    vjps = conjugated(vjps)          # TensorFlow's complex rules (see complex_gradients)
                if reads:
                    # The node holds a snapshot of each variable read (see below), made here, and the
                    # first tape lists the snapshots of its watched variables in the same pass:
                    # record runs for every op of a training step.
                    held = []
                    for x in inputs:
                        if type(x) is Variable:
                            if len(ACTIVE) == 1 and not tape._per_read:
                                snap = x._snapshot_tensor()
                            else:       # nested tapes: each read is a snapshot of its own (see read_ranks), also
                                        # a read after the inner tape has gone, under the outer one alone
                                snap = x._fresh_snapshot()
                                tape._per_read = True
                            if id(x) in tracked and id(snap) not in tracked:
                                tape._reads.append(snap)
                                tracked.add(id(snap))
                            elif id(snap) in tracked and _TRACED_CALLS[0] and graph_random_ops.current() is not None:
                                snap = graph_read(x, tape)
                            held.append(snap)
                        else:
                            held.append(x)
                    node = (output, tuple(held), vjps, name)
                else:
                    node = (output, inputs, vjps, name)
            elif reads:
                tape._per_read = True       # (a second tape: the reads are nested)
                # List the snapshots of the watched variables read, once per tape (see variable_read_gradients).
                for x, snap in zip(inputs, node[1]):
                    if snap is not x and id(x) in tracked and id(snap) not in tracked:
                        tape._reads.append(snap)
                        tracked.add(id(snap))
            tape._nodes.append(node)
            tracked.add(id(output))
            tape._last = output


NO_OUTPUT = object()     # a tape's ``_last`` before its first record (no input is this object)


# A tensor read three times or more makes the sweep follow TensorFlow's order (backward_order.py):
# there its gradients can add in another order. ``record`` counts reads in the tape's ``_read_once``
# set: it does not count the read of the last op's output by the next op (a chain's: the common
# case, and free to spot), so two other reads of a tensor count as three. Variables (a kernel read
# by its layer and its regularizer) count every read: a second one is kept as the negated id
# (ids are positive), a third marks the tape ``_shared``.


def record_blocked(name, inputs):
    """Note that a non-differentiable op (stop_gradient, a cast to int...) read these
    inputs, so that a None gradient can be explained later. Call only while ACTIVE."""
    me = get_ident()
    for tape in tuple(ACTIVE):
        if tape._thread == me and isinstance(tape, GradientTape):
            for x in inputs:
                if type(x) is Variable and x._auto_watch and tape._watch_accessed:
                    tape._watch_read(x)     # a read is a read, as in record()
                if id(x) in tape._tracked:
                    tape._blocked[id(x)] = name


# GradientTape.watch's log_first_n for integer tensors, counted per call site as TensorFlow's
# (the line that called watch): each watch line of a program logs its first 5
_NOT_FLOATING = FirstNPerSite(5)
# gradient() (or a jacobian) on a persistent tape inside its `with` block: TensorFlow's log_first_n(.., 1),
# counted per call site (the first frame outside its backprop.py)
_INSIDE_CONTEXT = FirstNPerSite(1)
_INSIDE_CONTEXT_WORDS = ('Calling GradientTape.gradient on a persistent tape inside its context is significantly '
                         'less efficient than calling it outside the context (it causes the gradient ops to be '
                         'recorded on the tape, leading to increased CPU and memory usage). Only call '
                         'GradientTape.gradient inside the context if you actually want to trace the gradient in '
                         'order to compute higher order derivatives.')
_ALWAYS_TENSOR = itertools.repeat(Tensor)     # isinstance's second argument, for map()
_HAS_SLICES = 'has IndexedSlices'             # a key of _backward's dict (never a tensor id)


class UnconnectedGradients(enum.Enum):
    """What ``gradient`` returns for a source the target does not depend on (an Enum,
    printed as TensorFlow's: ``UnconnectedGradients.ZERO``); 'none' and 'zero' work too."""
    NONE = 'none'
    ZERO = 'zero'


class GradientTape:
    """Record operations for automatic differentiation.

    Args:
        persistent: allow more than one ``gradient``/``jacobian`` call; the
            record is kept until the tape is deleted.
        watch_accessed_variables: watch every trainable Variable read while
            the tape is active.
    """
    # Slots: ``record`` reads these attributes once per op.
    __slots__ = ('_persistent', '_watch_accessed', '_nodes', '_tracked', '_watched', '_recording',
                 '_used', '_thread', '_blocked', '_reads', '_read_once', '_shared', '_last', '_order',
                 '_per_read', '_records_all', '__weakref__')

    __repr__ = default_repr        # TensorFlow's module: <tensorflow.python.eager.backprop.GradientTape object at 0x...>

    def __init__(self, persistent=False, watch_accessed_variables=True):
        self._persistent = bool(persistent)
        # TensorFlow's C tape asks `is True`: 1 or 'yes' leave reads unwatched there (persistent alike, see gradfuzz report)
        self._watch_accessed = watch_accessed_variables is True
        self._nodes = []
        self._reads = []             # snapshots of the variables read (see _read)
        self._tracked = set()        # ids of watched tensors and of recorded outputs
        self._watched = []           # the watched tensors, kept alive so their ids stay unique
        self._recording = False
        self._used = False
        self._thread = None
        self._blocked = {}           # id of a tracked tensor -> the non-differentiable op that read it
        self._read_once = set()      # ids of tracked tensors read by recorded ops (see record)
        self._shared = False         # whether one was read three times (then the sweep takes TF's order)
        self._per_read = False       # whether variables were read under nested tapes (see read_ranks)
        self._last = NO_OUTPUT       # the last recorded op's output
        self._order = (None, None)   # (record length and targets, TF's visiting order) of the last sweep
        self._records_all = False    # whether it records ops on any floating tensors, watched or not

    # ---- recording -------------------------------------------------------
    def __enter__(self):
        if self._recording:     # TensorFlow's words (sic), tapeflow's in a note
            error = ValueError('Tape is still recording, This can happen if you try to re-enter an already-active '
                               'tape.')
            error.add_note('GradientTape: this tape is already recording; it cannot be entered twice at once')
            raise error
        if self._used and not self._persistent:
            # TensorFlow drops a one-shot tape's recorder after its gradients and makes a fresh one on the
            # next entry: a tape object reused across a loop's `with` blocks gives each block's gradients
            self._clear()
        self._push()
        return self

    def __exit__(self, *exc):
        if self._recording:
            self._pop()
        return False

    def _push(self):
        self._thread = threading.get_ident()
        ACTIVE.append(self)
        self._recording = True

    def _pop(self):
        # One list.remove call: atomic under the GIL, where a search for the
        # index followed by ``del`` races with other threads' pushes and pops
        # (and could delete another thread's tape).
        try:
            ACTIVE.remove(self)
        except ValueError:
            pass
        self._recording = False

    def _watch_one(self, t):
        if id(t) not in self._tracked:
            self._tracked.add(id(t))
            self._watched.append(t)
        return True

    def _watch_read(self, variable):
        """A trainable variable read for the first time: watched if it is floating.

        An integer or bool variable is only listed in ``watched_variables()``, as
        TensorFlow lists it; it is never tracked, so its gradient is None.
        Returns whether the variable is tracked.
        """
        if variable._data.dtype in _FLOATING or _bfloat16(variable):
            self._tracked.add(id(variable))
            self._watched.append(variable)
            return True
        if not any(w is variable for w in self._watched):
            self._watched.append(variable)
        return False

    def watch(self, tensor):
        """Watch a tensor, a variable, or a nested structure of them.

        Raises:
            ValueError: for anything that is not a tensor (TensorFlow's class), and for a layer's,
                optimizer's or metric's variable: TensorFlow's tape takes only its own tf.Variable, not
                the Keras 3 variable around it (tapes watch those when they are read).
        """
        try:
            self._watch(tensor, refuse_keras_variables=True)
        finally:
            VALUE_READS.clear()         # (a Keras variable's ``value`` read for this watch: see variable.py)

    def _watch(self, tensor, refuse_keras_variables=False):
        """``watch``, for tapeflow's own callers too: those watch Keras variables, as Keras's code
        watches the tf.Variables inside them."""
        # TensorFlow's tape without a recorder fails at its first element's watch, after that element's dtype
        # warning (an empty structure passes)
        no_recorder = self._no_recorder()
        # TF's C++ watch does nothing while no tape records on this thread (inside this tape's
        # stop_recording, or between a persistent tape's blocks); the dtype warning still comes first
        ignored = not self._recording and not thread_tapes()
        for t in nest.flatten(tensor):
            if not isinstance(t, Tensor):
                from .composite_gradient import RaggedTensor
                if isinstance(t, RaggedTensor):       # TensorFlow watches a ragged tensor's components:
                    self._watch(t.flat_values)       # its flat values, and its integer row splits (it logs)
                    for splits in t.nested_row_splits:
                        _NOT_FLOATING.warning('The dtype of the watched tensor must be floating (e.g. tf.float32), '
                                              'got tf.%s' % splits.dtype.name, _caller_site())
                    continue
                # TensorFlow's class and words (programs print them); tapeflow's advice as a note
                error = ValueError("Passed in object %s of type '%s', not tf.Tensor or tf.Variable or ExtensionType."
                                   % (t, type(t).__name__))
                error.add_note('GradientTape.watch: expected a Tensor or Variable (or a structure of them); '
                               'convert it with framework.constant first')
                raise error
            if refuse_keras_variables and isinstance(t, Variable) and t._path is not None and not value_was_read(t):
                error = ValueError("Passed in object %s of type 'Variable', not tf.Tensor or tf.Variable or "
                                   "ExtensionType." % (t,))
                error.add_note("GradientTape.watch: '%s' is a Keras variable; tapes watch a layer's trainable "
                               "variables when they are read, so the watch is not needed (for a frozen one, "
                               "watch tf.convert_to_tensor(variable) or its value)" % t.path)
                raise error
            floating = t._data.dtype.kind in 'fc' or _bfloat16(t)
            if not floating:
                # TensorFlow logs these words (its first 5 times); its tape then ignores the tensor.
                _NOT_FLOATING.warning('The dtype of the watched tensor must be floating (e.g. tf.float32), got tf.%s'
                                      % t.dtype.name, _caller_site())
            if no_recorder:
                raise _no_recorder_error()
            if not floating:
                if isinstance(t, Variable) and not ignored and not any(w is t for w in self._watched):
                    self._watched.append(t)
                continue
            if not ignored:
                self._watch_one(t)

    def stop_recording(self):
        """A context in which ops are not recorded on this tape."""
        return _StopRecording(self)

    def reset(self):
        """Forget everything recorded so far; the tape keeps recording.

        Raises:
            ValueError: outside the tape's `with` block (or inside its stop_recording), as TensorFlow.
        """
        if not self._recording:
            error = ValueError('Tape is not recording.')
            error.add_note('GradientTape.reset: call it inside the tape\'s `with` block, where it is recording')
            raise error
        self._clear()

    def _clear(self):
        # what reset() forgets: TensorFlow's fresh recorder
        self._nodes = []
        self._reads = []
        self._tracked = set()
        self._watched = []
        self._blocked = {}
        self._read_once = set()
        self._shared = False
        self._per_read = False
        self._last = NO_OUTPUT
        self._order = (None, None)
        self._used = False

    def _no_recorder(self):
        """Whether TensorFlow's tape would hold no recorder (its ``_tape is None``): never entered, or
        not persistent and already asked for its gradients."""
        return self._thread is None or (self._used and not self._persistent)

    def watched_variables(self):
        """The variables this tape watches, in the order they were created (TensorFlow 2.21 keeps
        them in a set ordered by the variables' ids, whatever the order they were read or watched)."""
        return tuple(sorted((t for t in self._watched if isinstance(t, Variable)),
                            key=lambda v: getattr(v, '_serial', 0)))

    # ---- differentiation -----------------------------------------------
    def gradient(self, target, sources, output_gradients=None,
                 unconnected_gradients=UnconnectedGradients.NONE):
        """d(sum of target) / d(source) for each source, in the sources' structure.

        Args:
            target: a tensor or a structure of tensors (non-scalars are summed).
            sources: a tensor, variable, or any nesting of lists, tuples and dicts of them.
            output_gradients: gradients to seed each target with (default ones).
            unconnected_gradients: 'none' (return None) or 'zero' for sources
                the target does not depend on.
        Raises:
            RuntimeError: a non-persistent tape asked a second time (create it with persistent=True).
            TypeError: a source or target that is not a tensor, or an integer source.
        """
        self._check_usable()
        try:
            unconnected = unconnected_mode(unconnected_gradients)
            # A flat list of tensors (model.trainable_variables) and one target tensor are
            # what training loops pass on every step: they are their own flat forms, and
            # the result list is their packed form, so nest's walks are skipped.
            flat_list = type(sources) is list and all(map(isinstance, sources, _ALWAYS_TENSOR))
            flat_sources = sources if flat_list else nest.flatten(sources)
            # (the checks answer True for a RaggedTensor, differentiated through its flat values)
            if not flat_list and check_sources(flat_sources):
                return self._composite_gradient(target, sources, output_gradients, unconnected_gradients)
            targets = [target] if isinstance(target, Tensor) else NONE_TARGET if target is None else nest.flatten(target)
            if check_targets(targets):
                return self._composite_gradient(target, sources, output_gradients, unconnected_gradients)
            seed_grads = seeds(targets, output_gradients, self._seed_mul_shapes)
        except BaseException:
            # TF refuses bad arguments before its sweep, which alone uses up a non-persistent tape:
            # a corrected call on the same tape still answers
            self._used = False
            raise
        grads = self._backward(targets, seed_grads, flat_sources, sparse=True)
        if grads.pop(_HAS_SLICES, False):     # a variable read only through gathers gets its rows, as in TF
            results = [g if type(g) is IndexedSlices else result(g, s, unconnected)
                       for g, s in zip(map(grads.get, map(id, flat_sources)), flat_sources)]
        else:
            # (a gradient already in its source's dtype, the usual case, taken without result()'s call)
            results = [g if g is not None and g._data.dtype is s._data.dtype else result(g, s, unconnected)
                       for g, s in zip(map(grads.get, map(id, flat_sources)), flat_sources)]
        if loop_reads.NOTED and unconnected == 'none':
            results = loop_reads.zeros_for_captures(self, flat_sources, results)
        if unconnected == 'none':       # (reasons kept for the optimizer's error; warned if asked)
            explain_nones(self, flat_sources, results, targets)
        if not self._persistent:
            self._release()
        return results if flat_list else nest.pack_sequence_as(sources, results)

    def _composite_gradient(self, target, sources, output_gradients, unconnected_gradients):
        from . import composite_gradient
        self._used = False          # the gradient call made of the flat values uses the tape
        return composite_gradient.gradient(self, target, sources, output_gradients, unconnected_gradients)

    def jacobian(self, target, sources, unconnected_gradients=UnconnectedGradients.NONE,
                 parallel_iterations=None, experimental_use_pfor=True):
        """d target[i...] / d source[j...]: shape target.shape + source.shape for each source."""
        from .jacobians import jacobian
        return jacobian(self, target, sources, unconnected_mode(unconnected_gradients), experimental_use_pfor,
                        parallel_iterations)

    def batch_jacobian(self, target, source, unconnected_gradients=UnconnectedGradients.NONE,
                       parallel_iterations=None, experimental_use_pfor=True):
        """Per-example jacobians: result[b] = d target[b] / d source[b]."""
        from .jacobians import batch_jacobian
        return batch_jacobian(self, target, source, unconnected_mode(unconnected_gradients), experimental_use_pfor,
                              parallel_iterations)

    # ---- the sweep ---------------------------------------------------------
    def _seed_mul_shapes(self, target, seed_shape):
        """Where ``target`` is a product x * y recorded here, the shapes of the Mul in which TensorFlow's
        _MulGrad meets an ill-shaped seed: Mul(seed, y) for x's gradient, computed first, or, where x
        needs none (a constant times a variable), Mul(x, seed) for y's (TF 2.21: y = c * v with c of 2
        and a seed of 3 prints 'Incompatible shapes: [2] vs. [3]', y = x * x '[3] vs. [2]'). None for
        other ops, whose first rule multiplies the seed first (exp, log, softmax, a division)."""
        node = next((n for n in reversed(self._nodes) if n is not None and n[0] is target), None)
        if node is None or node[3] != 'multiply' or len(node[1]) != 2:
            return None
        x, y = node[1]
        if isinstance(x, Tensor) and id(x) in self._tracked:
            return seed_shape, tuple(y.shape) if isinstance(y, Tensor) else ()
        return (tuple(x.shape) if isinstance(x, Tensor) else ()), seed_shape

    def _backward(self, targets, seed_grads, sources, free=None, sparse=False):
        """The reverse sweep: a dict from tensor id to its accumulated gradient.

        ``free`` (default: not persistent) drops each node as the sweep passes
        it; jacobians sweep many times and free at the end instead. A variable
        read only through gathers gets an IndexedSlices when ``sparse`` (then the
        dict also maps ``_HAS_SLICES`` to True), else a dense Tensor.
        """
        source_ids = {id(s) for s in sources}
        grads = {}
        for t, seed in zip(targets, seed_grads):
            prev = grads.get(id(t))
            grads[id(t)] = seed if prev is None else prev + seed
        free = not self._persistent if free is None else free
        if self._recording:
            if self._persistent:
                # TensorFlow records the sweep on the persistent tape itself (its warning says so): the
                # gradient is differentiable by the same tape, its nodes appended past those swept here
                if not self._records_all:       # (a tf.function's graph: tf.gradients, no tape in sight)
                    _INSIDE_CONTEXT.warning(_INSIDE_CONTEXT_WORDS, _caller_site())
            else:
                self._pop()      # TensorFlow pops a one-shot tape for good: later ops go unrecorded
        # Where a tensor has several readers, TensorFlow's visiting order decides how its gradients add
        order = self._tf_order(targets, grads) if self._shared else None
        ranks = row_ranks = None
        if graph_random_ops.current() is None:
            if self._per_read:
                ranks = read_ranks(self, self._order[1] if self._shared else None)
        elif self._shared:
            row_ranks = read_ranks(self, self._order[1])     # (before a one-shot sweep frees the nodes)
        if ACTIVE and any(t._thread == get_ident() for t in tuple(ACTIVE)):
            self._sweep(grads, source_ids, free, order)
            if ranks is None:
                fold_reads(self, grads, None if row_ranks is None else traced_rows_order(self, grads, row_ranks))
            else:
                fold_nested_reads(self, grads, ranks, True)
            rows = [key for key, g in grads.items() if type(g) is RowGradients]
        else:
            # Nothing of this thread records the sweep (first-order gradients): run
            # the rules that have one on raw arrays (see ``array_rule``).
            for key, g in grads.items():
                grads[key] = g._data
            sweep_arrays(self._nodes, self._tracked, grads, source_ids, free, order)
            if ranks is None:
                fold_reads(self, grads, None if row_ranks is None else traced_rows_order(self, grads, row_ranks))
            else:
                fold_nested_reads(self, grads, ranks, False)
            rows = []
            for key, g in grads.items():
                if type(g) is RowGradients:
                    rows.append(key)
                else:
                    grads[key] = Tensor(g)
        for key in rows:
            if sparse:
                grads[key] = grads[key].indexed_slices()
            else:
                dense = grads[key].dense()      # a Tensor in the Tensor sweep, an array in the array sweep
                grads[key] = dense if isinstance(dense, Tensor) else Tensor(dense)
        if rows and sparse:
            grads[_HAS_SLICES] = True
        return grads

    def _tf_order(self, targets, grads):
        """TensorFlow's visiting order, kept for the next sweep of the same record and targets
        (a jacobian sweeps once per target element). Where a variable read or watched tensor gets
        more than nine gradients and the array sweep runs, the order comes as an iterator that adds
        them as TensorFlow's AddN does once the sweep has visited every node (addn_chunks.py)."""
        key = (len(self._nodes), tuple(map(id, targets)))
        if self._order[0] != key:
            many = {}
            self._order = (key, tf_backward_order(self._nodes, targets, self._tracked, many), many)
        order = self._order[1]
        many = self._order[2]
        if many and not (ACTIVE and any(t._thread == get_ident() for t in tuple(ACTIVE))):
            return addn_order(order, grads, many)
        return order

    def _sweep(self, grads, source_ids, free, order=None):
        tracked, nodes = self._tracked, self._nodes
        for i in range(len(nodes) - 1, -1, -1) if order is None else order:
            # framework.debugging reads ``output``, ``i``, ``nodes`` and ``name`` from this
            # frame to name the op being differentiated: keep these names.
            output, inputs, vjps, name = nodes[i]
            if free:
                nodes[i] = None      # drop the node (and its saved arrays) as we pass it
            out_id = id(output)
            g = grads.get(out_id) if out_id in source_ids else grads.pop(out_id, None)
            if g is None:
                continue
            if type(g) is Pending:
                g = g.total()
                if out_id in source_ids:
                    grads[out_id] = g
            for x, vjp in zip(inputs, vjps):
                xid = id(x)
                if xid not in tracked or vjp is None:
                    continue
                gx = vjp(g, output, *inputs)
                if gx is None:
                    continue
                prev = grads.get(xid)
                if type(prev) is Pending and type(gx) is RowGradients:
                    prev = prev.total()
                if type(gx) is RowGradients:      # a variable's gathered rows (see indexed_slices.py)
                    # Earlier rows first, as the array sweep's ``prev + gx``; a Tensor's ``+`` does not know rows.
                    grads[xid] = gx if prev is None else prev + gx if type(prev) is RowGradients else gx + prev
                    continue
                if gx._data.shape != x._data.shape:
                    # (only the other gradient's shape is read: a pending sum's first part has it)
                    gx = _fitted(gx, x._data.shape, output, vjp, prev[0] if type(prev) is Pending else prev)
                if prev is None:
                    grads[xid] = gx
                elif type(prev) is Pending:
                    prev.append(gx)
                elif type(prev) is RowGradients:
                    grads[xid] = prev + gx
                else:
                    grads[xid] = Pending((prev, gx))
        for key, g in grads.items():        # the sources' and the variable reads' sums
            if type(g) is Pending:
                grads[key] = g.total()

    def _check_usable(self):
        # A tape never entered has recorded nothing: TensorFlow refuses it in the same words
        # (its tape object is made on entry), where tapeflow returned ones.
        if (self._used and not self._persistent) or self._thread is None:
            # TensorFlow's words exactly: programs print them (the docstring says to use persistent=True).
            raise RuntimeError('A non-persistent GradientTape can only be used to compute one set of '
                               'gradients (or jacobians)')
        self._used = True

    def _release(self):
        # Watched variables stay listed (watched_variables() after gradient(), as in
        # TensorFlow); the record and the tensors it kept alive go.
        self._nodes = []
        self._reads = []
        self._read_once = set()
        self._last = NO_OUTPUT
        self._order = (None, None)
        self._watched = [t for t in self._watched if isinstance(t, Variable)]


def _no_recorder_error():
    """TensorFlow's words for a watch on a tape that has no recorder."""
    error = AttributeError("'NoneType' object has no attribute '_tape'")
    error.add_note('GradientTape.watch: call it inside the tape\'s `with` block (this tape never recorded, '
                   'or it is not persistent and already gave its gradients)')
    return error


def _caller_site():
    """The call site TensorFlow counts the inside-context warning by: the line that called gradient();
    for every jacobian and batch_jacobian one site (their loops' call inside TensorFlow)."""
    frame = sys._getframe(2)
    while frame is not None and frame.f_code.co_filename == __file__:
        frame = frame.f_back
    if frame is None or frame.f_code.co_filename == _JACOBIANS_FILE:
        return 'jacobian'
    return frame.f_code.co_filename, frame.f_lineno


_JACOBIANS_FILE = __file__.replace('tape.py', 'jacobians.py')


class _StopRecording:
    def __init__(self, tape):
        self._tape = tape

    def __enter__(self):
        # TensorFlow's words: a RuntimeError where its tape holds no recorder, else its _pop_tape's ValueError
        if self._tape._no_recorder():
            error = RuntimeError('Trying to stop recording a tape which is not recording.')
        elif not self._tape._recording:
            error = ValueError('Tape is not recording.')
        else:
            self._tape._pop()
            return self
        error.add_note("GradientTape.stop_recording: use it inside the tape's `with` block, while it records")
        raise error

    def __exit__(self, *exc):
        if self._tape._no_recorder():
            # a one-shot tape asked for its gradients in the block: TensorFlow's _push_tape makes a new recorder
            self._tape._clear()
        self._tape._push()
        return False


def _fitted(gx, shape, output, vjp, prev):
    """``gx`` summed to ``shape`` where the op broadcast the input; a custom_gradient's foreign shape
    passes on (array_sweep.fitted_gradient decides)."""
    from .array_sweep import fitted_gradient
    prev = None if prev is None or type(prev) is RowGradients else prev._data
    if fitted_gradient(gx._data, shape, output._data.shape, vjp, prev) is gx._data:
        return gx
    return _sum_to(gx, shape)


def _sum_to(g, shape):
    from .ops.shapes import sum_to
    return sum_to(g, shape)
