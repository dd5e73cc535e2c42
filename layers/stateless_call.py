"""``Layer.stateless_call``: run ``call`` with given variable values, changing no variable (Keras 3).

Keras 3 maps the layer's variables to the values given, runs ``call`` in a ``StatelessScope``, and
returns the outputs with the non-trainable variables' values after the call (a BatchNormalization's
moving statistics, moved on by a training call); the layer's own variables keep their values.
tapeflow's ``keras.StatelessScope`` does the mapping; the values enter as copies, so a tape records
the call on the layer's variables, not on the tensors given.
"""
from framework.keras.stateless_scope import StatelessScope


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
    try:
        with StatelessScope(state_mapping=mapping, collect_losses=return_losses) as scope:
            outputs = layer.call(*args, **kwargs)
            losses = layer.losses if return_losses else None
    finally:
        for each, kept in saved:
            each._losses = kept
    updated = [scope.get_current_value(v) for v in own_non_trainable]
    if return_losses:
        return outputs, updated, losses
    return outputs, updated
