"""Whether TF 2.21 fuses a traced, differentiated Dense(activation='silu') into oneDNN's swish kernel.

tf.nn.silu's custom gradient reads the pre-activation. In a traced step, with oneDNN on, TF 2.21's graph
optimizer still fuses MatMul + BiasAdd + swish into one kernel whenever the gradient that reaches the
swish's output is data; it keeps Eigen's separate ops when that gradient is a constant (the output itself
summed or averaged: ``tape.gradient(tf.reduce_sum(model(x)), ...)``). A layer whose output feeds another
layer always gets data (the next layer's kernel is in its gradient), and so does a model's output under
any usual loss (mse, cross-entropy), which Keras's own fit step always has.

A user's tf.function step ("Writing a training loop from scratch") is where the loss is not known when the
layer runs: there every silu Dense fuses except one whose output is the outermost call's output (a Dense
called alone, or the last layer of Sequential / functional models nested so), which keeps Eigen's values as
a constant gradient leaves them. Checked against TF 2.21 in /work/notes/progs/tutorials49/t49_silu.py:
hidden silu layers of Sequential, functional and subclassed models under mse or a plain sum fuse; a last
silu layer under a plain sum does not (under mse TF fuses it too: that case stays 1 ulp off, as before).
"""
from . import call_context


def fuses_in_user_step(layer):
    """Whether ``layer``'s call, running inside a traced user function under a tape, is one TF fuses."""
    callers = [entry[0] for entry in call_context.STATE.stack]
    own = [k for k, caller in enumerate(callers) if caller is layer]
    if not own:
        return False
    inner = layer
    for outer in reversed(callers[:own[-1]]):
        if outer is inner:          # (a layer on the stack twice: called, then building)
            continue
        if not _gives_the_output(outer, inner):
            return True             # its output feeds more of ``outer``: a data gradient reaches it
        inner = outer
    return False


def _gives_the_output(model, layer):
    """Whether ``layer``'s output is ``model``'s output; False where the model does not tell (a subclassed
    model's call): its layers are taken for hidden ones, as most are."""
    from .functional.functional_model import Functional
    from .sequential import Sequential
    if isinstance(model, Sequential):
        return bool(model.layers) and model.layers[-1] is layer
    if isinstance(model, Functional):
        return any(t._keras_history[0] is layer for t in model._outputs)
    return False
