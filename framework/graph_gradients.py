"""``tf.gradients`` where TensorFlow has a graph: a Keras step's functional model, and Keras's symbolic call.

TensorFlow answers ``tf.gradients(ys, xs)`` inside a graph from the graph's ops; keras.io's Neural Eikonal
Solver puts it in a Lambda (``layers.Lambda(lambda x: tf.gradients(x[0], x[1]))([traveltime, coords])``),
which Keras 3 runs in a scratch graph to find its output and in fit's traced step to train on the PDE's
residual. tapeflow has no graph: there a persistent tape records the run instead, watching its inputs,
and ``tf.gradients`` asks it (its backward pass recorded by the outer tapes, as TF's gradient ops are
part of the graph: fit's tape differentiates the residual).

Recording costs every op a node, so only the runs that need it record: a symbolic call whose layer asked
(found when its first run on stand-ins meets ``tf.gradients``; it is run again recording, and the layer
remembers), and a functional model holding such a layer, called in a Keras step or tf.function (an eager
call gets TensorFlow's eager RuntimeError, as in TF 2.21).
"""
import contextlib

from . import nest

_RECORDERS = []     # the tapes recording the enclosing graph-like runs, innermost last
_ASKED = [False]    # whether tf.gradients was refused in the running symbolic call (see asked)


@contextlib.contextmanager
def recording(tensors):
    """Within the block, ``tf.gradients`` differentiates the ops run from ``tensors`` (a structure)."""
    from .tape import GradientTape
    tape = GradientTape(persistent=True, watch_accessed_variables=True)
    with tape:
        for x in nest.flatten(tensors):
            if _differentiable(x):
                tape.watch(x)
        _RECORDERS.append(tape)
        try:
            yield tape
        finally:
            _RECORDERS.remove(tape)


def gradients(ys, xs, grad_ys, unconnected_gradients):
    """``tf.gradients`` answered by the innermost recording run; None where no run records."""
    if not _RECORDERS:
        return None
    tape = _RECORDERS[-1]
    xs_list = list(xs) if isinstance(xs, (list, tuple)) else [xs]
    with tape.stop_recording():     # (the outer tapes record the backward pass, as TF's graph holds it)
        return list(tape.gradient(ys, xs_list, output_gradients=grad_ys,
                                  unconnected_gradients=unconnected_gradients))


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
