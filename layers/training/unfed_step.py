"""The train step that gets no batch: Keras 3 on TensorFlow, without a step count for a dataset of
unknown length (after filter, interleave, flat_map, window; a Python generator), calls its traced
train function until the iterator raises OutOfRange. That last call runs every op of the step that
does not wait for the batch: the optimizer's step count advances (and so Adam's bias correction, a
schedule's rate, Nadam's u_product), and each seed generator the step draws from (Dropout's)
advances once more. Measured in TF 2.21; with run_eagerly=True or steps_per_execution > 1 (Keras
then reads an Optional) no such call runs. Other data-independent writes of a user's step (a
variable counting calls) are not replayed here.
"""
from framework.keras.seed_generator import DRAW_RECORDERS


class DrawRecorder:
    """Notes the seed draws of each step it wraps (the last step's are kept)."""
    __slots__ = ('draws',)

    def __init__(self):
        self.draws = []

    def __enter__(self):
        self.draws = []
        DRAW_RECORDERS.append(self.draws)

    def __exit__(self, *exc):
        DRAW_RECORDERS.pop()


def run_unfed_step(model, recorder):
    """Advance what TensorFlow's batchless train step advances (see the module docstring)."""
    optimizer = getattr(model, 'optimizer', None)
    if optimizer is not None and hasattr(optimizer, '_step_without_batch'):
        optimizer._step_without_batch()
    for generator, ordered in recorder.draws:
        generator._next_pair(ordered)
