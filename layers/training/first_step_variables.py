"""Whether fit's first train step will make variables, known before it runs.

Keras 3 on TensorFlow builds the optimizer in its first ``apply_gradients``, inside the train
function's first trace (its symbolic build before the callbacks runs under a distribution strategy
only), and builds there what the model has not built yet. TensorFlow traces a first call that made
variables twice; tapeflow wants to know it as the step starts, for the values its Python draws
(framework/trace_time_values.py), which a second trace noticed only as the first ends draws too late
for the first step's graph.
"""
from optim.optimizer import Optimizer


def first_step_makes_variables(model, optimizer):
    """Whether the first train step of ``model`` (its optimizer unbuilt) makes variables: a model not
    built yet builds there, and an optimizer whose build makes slots is built there. A custom train_step
    is taken to call the model and apply_gradients, as nearly all do (one that does neither still
    traces twice here: TF traces it once)."""
    if not model.built or not all(layer.built for layer in model._flatten_layers(include_self=False)):
        return True
    return build_makes_variables(optimizer)


def build_makes_variables(optimizer):
    """Whether ``optimizer.build`` makes variables: slots (Adam's momentum and velocity, SGD's momentum
    when it has one), an EMA copy or gradient accumulators; an optimizer building more state of its
    own (Nadam's momentum product, a user's build) is taken to make some."""
    kind = type(optimizer)
    if getattr(kind, 'build', Optimizer.build) is not Optimizer.build or \
            getattr(kind, 'build_more', Optimizer.build_more) is not Optimizer.build_more:
        return True
    if getattr(optimizer, 'use_ema', False) or getattr(optimizer, 'gradient_accumulation_steps', None):
        return True
    slot_groups = getattr(optimizer, 'slot_groups', None)
    return slot_groups is None or any(slot_groups())
