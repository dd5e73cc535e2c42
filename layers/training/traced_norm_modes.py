"""BatchNormalization's mode (and the optimizer) in a replayed train step: the ones its trace saw.

A BatchNormalization normalizes with batch statistics and updates its moving ones only while
it is trainable (``training and self.trainable``). Keras 3 reads that flag when the train
function is traced, so until ``compile`` is called again the step keeps the mode of its trace:
a layer frozen after the first fit still updates its moving mean and uses batch statistics
(TF 2.21: moving_mean moved by 0.0298 in the next fit), and one unfrozen after compiling it
frozen keeps normalizing with its moving statistics. tapeflow runs the step's Python each
time, so it puts the traced flag back on the layer for the forward pass of such a step.
"""


class TracedVariables(list):
    """The trainable variables a train trace read, as the step trains them; ``norm_modes`` holds
    (layer, trainable flag) of each BatchNormalization when traced, ``optimizer`` the model's optimizer
    then: Keras's traced step captured that object, so ``model.optimizer = other`` without compiling
    again leaves the step applying the traced one (TF 2.21: the new optimizer stays unbuilt, 0 iterations)."""

    def __init__(self, variables, norm_modes=(), optimizer=None):
        super().__init__(variables)
        self.norm_modes = norm_modes
        self.optimizer = optimizer
        # the same variables as a plain list, for tape.gradient: its fast path takes a list itself (a
        # subclass goes through nest's flatten and pack, ~600 Python opcodes a step)
        self.plain = list(variables)


def traced_trainables(model, variables):
    """``variables`` (the trainable ones a train trace read), carrying the trainable flag of each
    BatchNormalization of ``model`` and the model's optimizer as the trace saw them."""
    from ..batch_normalization import BatchNormalization      # layers import training's package
    return TracedVariables(variables, tuple((layer, layer._trainable) for layer in model._flatten_layers()
                                            if isinstance(layer, BatchNormalization)), model.optimizer)


def switch_to_traced(norm_modes):
    """Give each layer of ``norm_modes`` its traced flag; returns the (layer, flag) pairs to restore.
    Only the layer's own flag changes: its variables and sublayers keep theirs, as the trace did."""
    switched = []
    for layer, traced in norm_modes:
        now = layer._trainable
        if now is not traced:
            layer._trainable = traced
            switched.append((layer, now))
    return switched


def restore(switched):
    for layer, flag in switched:
        layer._trainable = flag
