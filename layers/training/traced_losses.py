"""Layers' add_loss losses after a traced Keras step, as TF 2.21 leaves them.

On TensorFlow, fit / evaluate / predict (and the *_on_batch methods) run the model's ``call`` as
Python only when they trace their step: a layer's ``add_loss`` then keeps the trace's graph tensor,
so ``model.losses`` after fit shows ``<tf.Tensor 'functional_1/al_1/mul:0' shape=() dtype=float32>``,
and the steps it replays leave every layer's losses as they were (after an eager ``model(x)`` and
a second fit, ``model.losses`` holds that call's values). tapeflow runs every step's Python: a replayed
step gets back the losses it found, and a trace's losses that the trace named become its graph tensors
(framework/leaked_tensors.py). Weight penalties are computed when ``losses`` is read, so stay values.
"""
import contextlib

from framework import trace_names
from framework.function import replaying
from framework.leaked_tensors import SymbolicTensor

_EAGER = contextlib.nullcontext()       # run_eagerly: every step runs its Python, as Keras's


def kept_losses(model, traces, python_runs):
    """The context of one step of ``model`` run in ``python_runs`` (its trace or its replay, from
    ``traces``, a step_traces.StepTraces; None where the steps run eagerly)."""
    return _EAGER if traces is None else _KeptLosses(model, traces, python_runs)


class _KeptLosses:
    __slots__ = ('_model', '_traces', '_saved', '_replay')

    def __init__(self, model, traces, python_runs):
        self._model, self._traces, self._saved = model, traces, None
        self._replay = type(python_runs) is replaying

    def __enter__(self):
        if self._replay and self._traces.lossy_layers:
            self._saved = [(layer, layer.__dict__.get('_losses')) for layer in self._traces.lossy_layers]
        return self

    def __exit__(self, kind, error, tb):
        if self._saved is not None:     # (a replay: TensorFlow's graph runs no Python)
            for layer, losses in self._saved:
                layer.__dict__['_losses'] = losses
        elif not self._replay and kind is None:
            lossy = [layer for layer in self._model._flatten_layers() if layer.__dict__.get('_losses')]
            self._traces.lossy_layers = lossy
            for layer in lossy:
                layer.__dict__['_losses'] = [_as_graph_tensor(loss) for loss in layer._losses]
        return False


def _as_graph_tensor(loss):
    """``loss`` as the graph tensor the running trace named it, or as it is where the trace did not."""
    entry = trace_names.entry_of(loss)
    return loss if entry is None or entry[1] is None else SymbolicTensor(*entry)
