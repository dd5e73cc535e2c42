"""fit / evaluate / predict steps whose code calls ``tf.gradients``: a tape records them (no graph here).

Keras 3 traces its steps, so ``tf.gradients`` works in a custom ``train_step`` (a physics-informed
network's ``u_x = tf.gradients(u, x)[0]``), in a subclassed model's ``call`` or a custom layer's, where
TensorFlow answers from the step's graph. tapeflow runs those steps under a tape recording every op on a
floating tensor (framework/graph_gradients.py), only where the code asks: the step method, the model's
``call`` and its layers' (a Lambda's function), read by framework/graph_gradient_users.py. A step run
eagerly (run_eagerly=True) gets TensorFlow's eager RuntimeError instead, as Keras runs it eagerly too.
"""
import functools

from framework import graph_gradients
from framework.graph_gradient_users import asks_graph_gradients, layers_ask_graph_gradients


def asks(model, step_fn, traces):
    """Whether the step ``step_fn`` of ``model`` (its bound train / test / predict step) reaches code
    calling tf.gradients: the step itself, the model's call, or a layer's call or Lambda function. Read
    once per step method and kept with ``traces`` (the model's StepTraces: Keras keeps its traced step
    functions as long, whatever layers change later)."""
    method = getattr(step_fn, '__func__', step_fn)
    found = traces.asks_gradients.get(method)
    if found is None:
        found = traces.asks_gradients[method] = asks_graph_gradients(step_fn) or \
            layers_ask_graph_gradients(model._walk().every)
    return found


def recorded(step_fn):
    """``step_fn`` run under a tape that records every op for ``tf.gradients``."""
    @functools.wraps(step_fn)
    def step(batch):
        if graph_gradients.records_everything():
            return step_fn(batch)
        with graph_gradients.recording((), everything=True):
            return step_fn(batch)
    return step
