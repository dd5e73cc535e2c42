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


def asks(model, step_fn):
    """Whether the step ``step_fn`` of ``model`` (its bound train / test / predict step) reaches code
    calling tf.gradients: the step itself, the model's call, or a layer's call or Lambda function."""
    # (fit asks each epoch, predict each call: the answer is kept per step method with the model's walk
    # over its layers, which is made anew when they change)
    walk = model._walk()
    kept = model.__dict__.get('_steps_ask_gradients')
    if kept is None:
        kept = model.__dict__['_steps_ask_gradients'] = {}
    method = getattr(step_fn, '__func__', step_fn)
    found = kept.get(method)
    if found is None or found[0] is not walk:
        found = kept[method] = (walk, asks_graph_gradients(step_fn) or layers_ask_graph_gradients(walk.every))
    return found[1]


def recorded(step_fn):
    """``step_fn`` run under a tape that records every op for ``tf.gradients``."""
    @functools.wraps(step_fn)
    def step(batch):
        if graph_gradients.records_everything():
            return step_fn(batch)
        with graph_gradients.recording((), everything=True):
            return step_fn(batch)
    return step
