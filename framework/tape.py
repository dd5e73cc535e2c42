"""GradientTape: records ops on watched tensors and sweeps them backwards.

The record is a list of nodes in execution order, which is already a
topological order, so ``gradient()`` is a plain reverse loop (as in JAX's
autodidax). Each node holds its inputs, its output and one vector-Jacobian
product per input. Gradient rules are written with the framework's own ops,
so a tape that is still recording while another one sweeps records the sweep:
nested tapes give higher derivatives.

Recording costs nothing when no tape is active: ops check one thread-local
list before doing any bookkeeping.
"""
import threading
import warnings
from _thread import get_ident

from . import nest
from .tensor import Tensor
from .variable import Variable


# Tapes recording now, in every thread, innermost last. Ops test this list's
# truthiness before any bookkeeping (a module global: cheaper than a
# thread-local); ``record`` then keeps only the calling thread's tapes, so a
# tape never sees another thread's ops.
ACTIVE = []


def thread_tapes():
    """The tapes recording on the calling thread."""
    me = threading.get_ident()
    return [t for t in ACTIVE if t._thread == me]


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
# ``vjps[i](g)`` is the gradient for ``inputs[i]`` given the output gradient g.


def record(name, inputs, output, vjps):
    """Add an op to every active tape that watches one of its inputs.

    ``inputs`` and ``vjps`` are parallel tuples (a vjp of None: not
    differentiable there). Inputs that are not tensors (Python numbers) are
    never watched. Trainable variables are watched on first read.
    """
    node = None
    me = get_ident()
    for tape in ACTIVE:
        if tape._thread != me:
            continue
        tracked = tape._tracked
        hit = False
        for x in inputs:
            if id(x) in tracked:
                hit = True
            elif type(x) is Variable and tape._watch_accessed and x._trainable:
                tape._watch_one(x)
                hit = True
        if hit:
            if node is None:
                node = (output, inputs, vjps, name)
            tape._nodes.append(node)
            tracked.add(id(output))


class UnconnectedGradients:
    """What ``gradient`` returns for a source the target does not depend on."""
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

    def __init__(self, persistent=False, watch_accessed_variables=True):
        self._persistent = bool(persistent)
        self._watch_accessed = bool(watch_accessed_variables)
        self._nodes = []
        self._tracked = set()        # ids of watched tensors and of recorded outputs
        self._watched = []           # the watched tensors, kept alive so their ids stay unique
        self._recording = False
        self._used = False
        self._thread = None

    # ---- recording -------------------------------------------------------
    def __enter__(self):
        if self._recording:
            raise ValueError('GradientTape: this tape is already recording; '
                             'it cannot be entered twice at once')
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
        for i in range(len(ACTIVE) - 1, -1, -1):
            if ACTIVE[i] is self:
                del ACTIVE[i]
                break
        self._recording = False

    def _watch_one(self, t):
        if id(t) not in self._tracked:
            self._tracked.add(id(t))
            self._watched.append(t)

    def watch(self, tensor):
        """Watch a tensor, a variable, or a nested structure of them.

        Raises:
            TypeError: for anything that is not a tensor.
        """
        for t in nest.flatten(tensor):
            if not isinstance(t, Tensor):
                raise TypeError('GradientTape.watch: expected a Tensor or Variable (or a structure of them), '
                                'got %r of type %s; convert it with framework.constant first'
                                % (t, type(t).__name__))
            if t.dtype.kind not in 'fc':
                warnings.warn('GradientTape.watch: the watched tensor must be floating (got %s); '
                              'integer tensors are never differentiated' % t.dtype.name, stacklevel=2)
                continue
            self._watch_one(t)

    def stop_recording(self):
        """A context in which ops are not recorded on this tape."""
        return _StopRecording(self)

    def reset(self):
        """Forget everything recorded so far (the tape keeps recording if it was)."""
        self._nodes = []
        self._tracked = set()
        self._watched = []
        self._used = False

    def watched_variables(self):
        """The variables this tape watches, in the order first watched."""
        return tuple(t for t in self._watched if isinstance(t, Variable))

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
            RuntimeError: a non-persistent tape asked a second time.
            TypeError: a source or target that is not a tensor, or an integer source.
        """
        self._check_usable()
        unconnected = _unconnected_mode(unconnected_gradients)
        flat_sources = nest.flatten(sources)
        _check_sources(flat_sources)
        targets = nest.flatten(target)
        _check_targets(targets)
        seeds = _seeds(targets, output_gradients)
        grads = self._backward(targets, seeds, flat_sources)
        if not self._persistent:
            self._release()
        results = [_result(grads.get(id(s)), s, unconnected) for s in flat_sources]
        return nest.pack_sequence_as(sources, results)

    def jacobian(self, target, sources, unconnected_gradients=UnconnectedGradients.NONE,
                 parallel_iterations=None, experimental_use_pfor=True):
        """d target[i...] / d source[j...]: shape target.shape + source.shape for each source."""
        from . import ops
        self._check_usable()
        unconnected = _unconnected_mode(unconnected_gradients)
        flat_sources = nest.flatten(sources)
        _check_sources(flat_sources)
        if not isinstance(target, Tensor):
            raise TypeError('jacobian: target must be a single Tensor, got %s' % type(target).__name__)
        n = target._data.size
        rows = [[] for _ in flat_sources]
        connected = [False] * len(flat_sources)
        eye = ops.reshape(ops.eye(n, dtype=target.dtype), (n,) + tuple(target.shape))
        for i in range(n):
            grads = self._backward([target], [eye[i]], flat_sources)
            for k, s in enumerate(flat_sources):
                g = grads.get(id(s))
                connected[k] = connected[k] or g is not None
                rows[k].append(_result(g, s, 'zero'))
        if not self._persistent:
            self._release()
        out = []
        for k, s in enumerate(flat_sources):
            if unconnected == 'none' and not connected[k]:
                out.append(None)
            elif rows[k]:
                out.append(ops.reshape(ops.stack(rows[k]), tuple(target.shape) + tuple(s.shape)))
            else:
                out.append(ops.zeros(tuple(target.shape) + tuple(s.shape), s.dtype))
        return nest.pack_sequence_as(sources, out)

    def batch_jacobian(self, target, source, unconnected_gradients=UnconnectedGradients.NONE,
                       parallel_iterations=None, experimental_use_pfor=True):
        """Per-example jacobians: result[b] = d target[b] / d source[b]."""
        from . import ops
        self._check_usable()
        _check_sources([source])
        if target.ndim < 1 or source.ndim < 1 or target.shape[0] != source.shape[0]:
            raise ValueError('batch_jacobian: target and source need the same leading (batch) dimension; '
                             'got shapes %s and %s' % (tuple(target.shape), tuple(source.shape)))
        batch = target.shape[0]
        inner = int(target._data.size // batch) if batch else 0
        cols = []
        connected = False
        eye = ops.eye(inner, dtype=target.dtype)
        for j in range(inner):
            seed = ops.reshape(ops.broadcast_to(eye[j], (batch, inner)), tuple(target.shape))
            g = self._backward([target], [seed], [source]).get(id(source))
            connected = connected or g is not None
            cols.append(_result(g, source, 'zero'))
        if not self._persistent:
            self._release()
        if _unconnected_mode(unconnected_gradients) == 'none' and not connected:
            return None
        if not cols:
            return ops.zeros(tuple(target.shape) + tuple(source.shape[1:]), source.dtype)
        stacked = ops.stack(cols, axis=1)        # (batch, inner, *source.shape[1:])
        return ops.reshape(stacked, tuple(target.shape) + tuple(source.shape[1:]))

    # ---- the sweep ---------------------------------------------------------
    def _backward(self, targets, seeds, sources):
        """The reverse sweep: a dict from tensor id to its accumulated gradient."""
        source_ids = {id(s) for s in sources}
        grads = {}
        for t, seed in zip(targets, seeds):
            _accumulate(grads, id(t), seed)
        tracked = self._tracked
        free = not self._persistent
        nodes = self._nodes
        was_recording = self._recording
        if was_recording:
            self._pop()          # the sweep is not recorded on the tape being swept
        try:
            for i in range(len(nodes) - 1, -1, -1):
                output, inputs, vjps, _ = nodes[i]
                if free:
                    nodes[i] = None      # drop the node (and its saved arrays) as we pass it
                out_id = id(output)
                g = grads.get(out_id) if out_id in source_ids else grads.pop(out_id, None)
                if g is None:
                    continue
                for x, vjp in zip(inputs, vjps):
                    xid = id(x)
                    if xid not in tracked or vjp is None:
                        continue
                    gx = vjp(g)
                    if gx is None:
                        continue
                    if gx._data.shape != x._data.shape:
                        gx = _sum_to(gx, x._data.shape)
                    prev = grads.get(xid)
                    grads[xid] = gx if prev is None else prev + gx
        finally:
            if was_recording:
                self._push()
        return grads

    def _check_usable(self):
        if self._used and not self._persistent:
            raise RuntimeError('A non-persistent GradientTape can only be used to compute one set of '
                               'gradients (or jacobians); create it with persistent=True to call it again')
        self._used = True

    def _release(self):
        self._nodes = []
        self._watched = []

    def __del__(self):
        # A tape deleted while recording (e.g. an exception in the with-block) must stop recording.
        if getattr(self, '_recording', False):
            try:
                self._pop()
            except Exception:
                pass


class _StopRecording:
    def __init__(self, tape):
        self._tape = tape

    def __enter__(self):
        if not self._tape._recording:
            raise ValueError('GradientTape.stop_recording: the tape is not recording')
        self._tape._pop()
        return self

    def __exit__(self, *exc):
        self._tape._push()
        return False


def _accumulate(grads, key, g):
    prev = grads.get(key)
    grads[key] = g if prev is None else prev + g


def _sum_to(g, shape):
    from . import ops
    return ops.sum_to(g, shape)


def _unconnected_mode(value):
    mode = getattr(value, 'value', value)
    if mode not in ('none', 'zero'):
        raise ValueError("unconnected_gradients must be 'none' or 'zero', got %r" % (value,))
    return mode


def _check_sources(flat_sources):
    for s in flat_sources:
        if not isinstance(s, Tensor):
            raise TypeError('GradientTape.gradient: every source must be a Tensor or Variable, got %r of type %s'
                            % (s, type(s).__name__))
        if s.dtype.kind not in 'fc':
            raise TypeError('GradientTape.gradient: cannot differentiate with respect to a %s tensor of shape %s; '
                            'only floating-point sources have gradients (cast it to float32 and watch that)'
                            % (s.dtype.name, tuple(s.shape)))


def _check_targets(targets):
    for t in targets:
        if not isinstance(t, Tensor):
            raise TypeError('GradientTape.gradient: the target must be a Tensor (or a structure of tensors) '
                            'computed under the tape, got %r of type %s' % (t, type(t).__name__))


def _seeds(targets, output_gradients):
    from . import ops
    if output_gradients is None:
        return [ops.ones_like(t) for t in targets]
    seeds = nest.flatten(output_gradients)
    if len(seeds) != len(targets):
        raise ValueError('GradientTape.gradient: %d output_gradients for %d targets'
                         % (len(seeds), len(targets)))
    out = []
    for t, s in zip(targets, seeds):
        if s is None:
            out.append(ops.ones_like(t))
            continue
        s = ops.convert_to_tensor(s, dtype=t.dtype) if not isinstance(s, Tensor) else s
        if tuple(s.shape) != tuple(t.shape):
            raise ValueError('GradientTape.gradient: output_gradients of shape %s for a target of shape %s'
                             % (tuple(s.shape), tuple(t.shape)))
        out.append(s)
    return out


def _result(g, source, unconnected):
    from . import ops
    if g is None:
        return ops.zeros_like(source) if unconnected == 'zero' else None
    if g._data.dtype != source._data.dtype:
        g = ops.cast(g, source.dtype)
    return g
