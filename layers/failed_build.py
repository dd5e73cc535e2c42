"""Undo the build of a first call that failed.

Keras 3 checks what a layer is given (its input spec, the output size a
convolution would have) before ``build`` creates weights, so a refused first
call leaves the layer unbuilt and weightless. Here some checks run in
``call``, after ``build``; so when a first call raises, the layer is put back
as it was: ``built`` False, no build shape, and no weights from that build
(nor the attributes naming them), as are the sublayers it had that were
unbuilt too. A later good call builds it afresh.

A functional call's run on zeros is left alone: Keras 3 builds a layer before its symbolic
call, and a layer whose call cannot run on zeros (a Sequential then keeps no graph) keeps the
weights that build made, which a later call uses, so the seeded weights stay Keras's.

A call() of the user's own that fails is not undone: Keras 3 built the layer before calling it, and keeps
what that build and the call's sublayers made (TF 2.21: a layer whose build made a weight stays built with it,
and a retry uses it). Only Keras's failed build run (a layer without a build() whose sublayers are unbuilt)
leaves the layer itself unbuilt, and the call then runs once more, printing again.
"""
from framework.trace_names import _TAPEFLOW_PACKAGES

from . import call_context, tracking
from .read_only_weights import restore


def keep_build(error):
    """Mark ``error`` as one Keras 3 raises from ``call`` itself, after its build: the layer stays
    built with the weights that build made (a dtype the kernel refuses, e.g.), as TF 2.21 leaves it."""
    error._keeps_build = True
    return error


def keeps_build(error):
    """Whether ``error`` (or the error a layer's call reworded into it) was marked by keep_build."""
    return getattr(error, '_keeps_build', False) or getattr(error.__context__, '_keeps_build', False)


def before(layer):
    """What ``undo`` needs: the layer and its unbuilt sublayers, with their weight counts;
    None in a functional call's run on zeros."""
    if call_context.probing():
        return None
    layers = [layer] + [sub for sub in tracking.all_sublayers(layer) if not sub.built]
    return [(each, len(each._trainable_created), len(each._non_trainable_created), dict(vars(each)))
            for each in layers]


def undo(state):
    for layer, trainable, non_trainable, attributes in state:
        made = layer._trainable_created[trainable:] + layer._non_trainable_created[non_trainable:]
        del layer._trainable_created[trainable:]
        del layer._non_trainable_created[non_trainable:]
        for variable in made:
            layer._regularizers.pop(variable, None)
            layer._constraints.pop(variable, None)
        for name, value in list(vars(layer).items()):
            if any(value is variable for variable in made):
                # (past a read-only weight's descriptor: Dense's kernel, read_only_weights)
                restore(layer, name, attributes.get(name), name in attributes)
        layer.built = False
        layer._build_input_shape = None
        layer.__dict__.pop('_state_locked', None)      # the build that locked it is undone
        tracking.structure_changed(layer)


def after_failed_call(state, build_run):
    """Put the layers of ``state`` (``before``'s) back after their first call failed: all of them where the
    failing call() is tapeflow's (its checks run after the build Keras's checks come before); where it is the
    user's, only what Keras's failed build run (``build_run``, a layers.build_run.BuildRun, or None) leaves
    unbuilt, the layer itself, whose call then runs again in Keras (its prints show twice)."""
    layer = state[0][0]
    if (type(layer).call.__module__ or '').partition('.')[0] in _TAPEFLOW_PACKAGES:     # (None: a class made by exec)
        if len(state) == 1 and _builds_by_default(layer):
            return
        undo(state)
    elif build_run is not None:
        undo(state[:1])
        build_run.show_again()


def _builds_by_default(layer):
    """Whether Keras 3 marks ``layer`` built before its first call runs: a layer without a build() of its own
    and without unbuilt sublayers (Cropping2D, Rescaling, Resizing, MaxPooling2D, RandomFlip, Lambda, ...) is
    built by Layer.build, which only records the shape, so a call that then fails (a cropping past the input's
    size, a string input) leaves it built, as in TF 2.21. Its checks before the build (the input spec, the
    call's arguments) run before the build here too, so nothing a build made needs undoing."""
    from .layer import Layer
    return type(layer).build is Layer.build
