"""``Layer.stateless_call``: run ``call`` with given variable values, changing no variable (Keras 3).

Keras 3 maps the layer's variables to the values given, runs ``call`` in a ``StatelessScope``, and
returns the outputs with the non-trainable variables' values after the call (a BatchNormalization's
moving statistics, moved on by a training call); the layer's own variables keep their values.
tapeflow's ``keras.StatelessScope`` does the mapping (the values enter as copies); under a tape, a
custom gradient sends the call's gradient to the trainable values given, as Keras's scope does.
"""
from framework import nest
from framework.custom_gradient import unrecorded_custom_gradient
from framework.keras.stateless_scope import StatelessScope
from framework.tape import ACTIVE, GradientTape
from framework.tensor import Tensor


def stateless_call(layer, trainable_variables, non_trainable_variables, args, kwargs, return_losses=False):
    """``(outputs, non_trainable_variables)``, with the losses the call added as a third item when
    ``return_losses``. Raises Keras 3's ValueErrors for an unbuilt layer and for lists that do not
    match the layer's variables one to one."""
    name = type(layer).__name__
    if not layer.built:
        raise ValueError('To call stateless_call, %s must be built (i.e. its variables must have been already '
                         'created). You can build it by calling it on some data.' % name)
    own_trainable = layer.trainable_variables
    own_non_trainable = layer.non_trainable_variables
    for given, own, what in ((trainable_variables, own_trainable, 'trainable_variables'),
                             (non_trainable_variables, own_non_trainable, 'non_trainable_variables')):
        if len(given) != len(own):
            raise ValueError('Argument `%s` must be a list of tensors corresponding 1:1 to %s().%s. Received list '
                             'with length %d, but expected %d variables.' % (what, name, what, len(given), len(own)))
    mapping = list(zip(own_trainable, trainable_variables)) + list(zip(own_non_trainable, non_trainable_variables))
    # The call's losses alone (Keras collects them in the scope): each layer's list starts empty, and the
    # lists of the layers' last real calls are put back after it.
    saved = [(each, each._losses) for each in layer._flatten_layers()]
    for each, _ in saved:
        each._losses = []
    ran = {}

    def run():
        with StatelessScope(state_mapping=mapping, collect_losses=return_losses) as scope:
            outputs = layer.call(*args, **kwargs)
            ran['losses'] = layer.losses if return_losses else None
        ran['updated'] = [scope.get_current_value(v) for v in own_non_trainable]
        return outputs

    try:
        if ACTIVE and any(isinstance(value, Tensor) for value in trainable_variables):
            outputs = _through_given_values(run, own_trainable, trainable_variables)
        else:
            outputs = run()
    finally:
        for each, kept in saved:
            each._losses = kept
    updated, losses = ran['updated'], ran['losses']
    if return_losses:
        return outputs, updated, losses
    return outputs, updated


def _through_given_values(run, own_trainable, given):
    """``run()`` with its gradient going to the ``given`` trainable values, not to the layer's variables,
    as Keras's scope, whose variables read as the given tensors, lets a tape see it: a custom gradient
    whose rule differentiates the run (a private tape over the swapped-in values) with respect to the
    variables that held them; the variables themselves get None."""
    flat_outputs = []

    @unrecorded_custom_gradient
    def call_on(*values):
        with GradientTape(watch_accessed_variables=False) as inner:
            inner._watch(own_trainable)
            outputs = run()
        flat_outputs[:] = nest.flatten(outputs)

        def grad(*upstream, variables=None):
            grads = inner.gradient(flat_outputs, own_trainable, output_gradients=list(upstream))
            return grads, [None] * len(variables or ())
        return outputs, grad

    return call_on(*given)
