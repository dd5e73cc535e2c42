"""``tf.gradients`` where TensorFlow has a graph: a tf.function, a Keras step's functional model, and Keras's
symbolic call.

TensorFlow answers ``tf.gradients(ys, xs)`` inside a graph from the graph's ops; keras.io's Neural Eikonal
Solver puts it in a Lambda (``layers.Lambda(lambda x: tf.gradients(x[0], x[1]))([traveltime, coords])``),
which Keras 3 runs in a scratch graph to find its output and in fit's traced step to train on the PDE's
residual. tapeflow has no graph: there a persistent tape records the run instead, watching its inputs,
and ``tf.gradients`` asks it (its backward pass recorded by the outer tapes, as TF's gradient ops are
part of the graph: fit's tape differentiates the residual).

Recording costs every op a node, so only the runs that need it record: a symbolic call whose layer asked
(found when its first run on stand-ins meets ``tf.gradients``; it is run again recording, and the layer
remembers), a functional model holding such a layer, called in a Keras step or tf.function (an eager
call gets TensorFlow's eager RuntimeError, as in TF 2.21), and a tf.function whose code calls
``tf.gradients`` (graph_gradient_users.py): its tape records every op on a floating tensor, as its graph
holds the ops on captured tensors and constants too (a physics-informed network's ``tf.gradients(u, x)``
of a global ``x``).
"""
import contextlib

import numpy as np

from . import nest

_CONSTANTS = (int, float, complex, np.ndarray, np.generic)   # values tf.gradients takes as a constant of its own
_RECORDERS = []     # the tapes recording the enclosing graph-like runs, innermost last
_ASKED = [False]    # whether tf.gradients was refused in the running symbolic call (see asked)


@contextlib.contextmanager
def recording(tensors, everything=False):
    """Within the block, ``tf.gradients`` differentiates the ops run from ``tensors`` (a structure); with
    ``everything``, the ops run on any floating tensor (a tf.function's trace: its captures and constants
    are the graph's too)."""
    from .tape import GradientTape
    tape = GradientTape(persistent=True, watch_accessed_variables=True)
    tape._records_all = everything
    with tape:
        for x in nest.flatten(tensors):
            if _differentiable(x):
                tape.watch(x)
        _RECORDERS.append(tape)
        try:
            yield tape
        finally:
            _RECORDERS.remove(tape)


def records_everything():
    """Whether a tape records every op of the running call for ``tf.gradients`` (an enclosing function's)."""
    return bool(_RECORDERS) and _RECORDERS[-1]._records_all


def gradients(ys, xs, grad_ys, unconnected_gradients, stop_gradients=None):
    """``tf.gradients`` answered by the innermost recording run; None where no run records."""
    if not _RECORDERS:
        return None
    tape = _RECORDERS[-1]
    xs_list = list(xs) if isinstance(xs, (list, tuple)) else [xs]
    ys_list = list(ys) if isinstance(ys, (list, tuple)) else [ys]
    if any(value is None for value in ys_list + xs_list):      # (TF's graph reads each one's .op)
        raise AttributeError("'NoneType' object has no attribute 'op'")
    if any(isinstance(value, _CONSTANTS) for value in ys_list + xs_list):
        return _with_constants(ys_list, xs_list, grad_ys, unconnected_gradients, stop_gradients)
    if isinstance(grad_ys, (list, tuple)) and any(g is None for g in grad_ys):
        from .ops.creation import ones_like     # (TF seeds a None entry with ones)
        grad_ys = [ones_like(y) if g is None else g for y, g in zip(nest.flatten(ys), grad_ys)]
    # (a tf.function's tape records its own backward pass, as its graph holds the gradient ops: tf.gradients
    # of them works; elsewhere the outer tapes record it, as TF's graph holds it)
    with _stopped_at(tape, stop_gradients), \
            contextlib.nullcontext() if tape._records_all else tape.stop_recording():
        return list(tape.gradient(ys, xs_list, output_gradients=grad_ys, unconnected_gradients=unconnected_gradients))


def _with_constants(ys_list, xs_list, grad_ys, unconnected_gradients, stop_gradients):
    """tf.gradients where some of ``ys`` or ``xs`` are Python numbers or arrays: TF's graph makes each a constant
    of its own, which no other tensor reaches, so its gradient is None (zeros when unconnected ones are asked)."""
    from .ops.creation import zeros_like
    from .tensor import convert_to_tensor
    seeds = grad_ys if isinstance(grad_ys, (list, tuple)) else [grad_ys] * len(ys_list)
    kept_ys = [(y, g) for y, g in zip(ys_list, seeds) if not isinstance(y, _CONSTANTS)]
    sources = [i for i, x in enumerate(xs_list) if not isinstance(x, _CONSTANTS)]
    found = [None] * len(xs_list)
    if kept_ys and sources:
        seeds = [g for _, g in kept_ys] if grad_ys is not None else None
        answers = gradients([y for y, _ in kept_ys], [xs_list[i] for i in sources], seeds, unconnected_gradients,
                            stop_gradients)
        for i, answer in zip(sources, answers):
            found[i] = answer
    if getattr(unconnected_gradients, 'value', unconnected_gradients) == 'zero':
        found = [zeros_like(convert_to_tensor(x)) if g is None else g for x, g in zip(xs_list, found)]
    return found


@contextlib.contextmanager
def _stopped_at(tape, stop_gradients):
    """Within: ``tape``'s sweeps pass no gradient into the tensors of ``stop_gradients`` (tf.gradients'
    argument: held constant, as if each were a tf.stop_gradient), which it untracks for the while."""
    stopped = [id(t) for t in nest.flatten(stop_gradients) if id(t) in tape._tracked] if stop_gradients else ()
    tape._tracked.difference_update(stopped)
    try:
        yield
    finally:
        tape._tracked.update(stopped)


def hessians(ys, xs):
    """``tf.hessians`` answered by the innermost recording tf.function, as TensorFlow's graph builds it: the
    first gradients, then each of their elements' gradient, stacked and reshaped to x's shape twice."""
    from .ops.shapes import concat, reshape, shape, stack
    xs_list = list(xs) if isinstance(xs, (list, tuple)) else [xs]
    found = []
    for gradient, x in zip(gradients(ys, xs_list, None, 'none'), xs_list):
        flat = reshape(gradient, [-1])
        rows = [gradients(flat[j], [x], None, 'none')[0] for j in range(int(np.prod(x.shape)))]
        found.append(reshape(stack(rows), concat([shape(x), shape(x)], 0)))
    return found


def refused_in_symbolic_call():
    """Note that ``tf.gradients`` met no recording run inside a symbolic call (see ``asked``)."""
    _ASKED[0] = True


def asked():
    """Whether ``tf.gradients`` was refused since the last ask (a symbolic call runs again recording)."""
    was, _ASKED[0] = _ASKED[0], False
    return was


def _differentiable(x):
    from .tensor import Tensor
    return isinstance(x, Tensor) and (x.dtype.is_floating or x.dtype.is_complex)
