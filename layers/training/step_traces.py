"""Which training steps Keras 3 would run as Python (a trace) and which it replays.

On TensorFlow, fit / evaluate / predict run their step as a ``tf.function``: the step's
Python (a ``print`` in a layer's ``call``) runs when the function is traced, and later
steps replay the graph without it. tapeflow runs every step's Python, so the steps
TensorFlow would replay run under ``function.replaying()``, which drops their writes
to ``sys.stdout`` (``tf.print`` still shows on every step, as there).

The traces Keras makes (TF 2.21, Keras 3.15):
    - train / test: one function per compile; it is traced on the data's element spec,
      whose batch is None when batches can differ in size (then every batch size is
      covered) or the batch size itself (then another batch size traces again);
    - predict, and each of train_on_batch / test_on_batch / predict_on_batch: traced on the
      first batch's shapes; a batch of other shapes traces once more with those axes free
      (``reduce_retracing``), which then covers every batch.
A model compiled with ``run_eagerly=True`` runs every step as Python, as Keras does.
"""
from framework import nest
from framework.function import replaying

from .traced_step import axes_that_changed, batch_axis_open, traced_step


class StepTraces:
    """The traces made so far by one compiled model's train, test and predict functions."""

    def __init__(self):
        self._specs = {'train': set(), 'test': set()}     # batch sizes traced, None for a free batch
        self._shapes = {}                                   # kind -> input shapes traced, or FREE
        self._made_early = set()        # kinds whose first trace's variables were made before it

    def step(self, kind, free_batch, batch_size, batch):
        """The context to run one train / test step on ``batch`` in: a trace on the first step a
        spec needs (see traced_step), a replay (stdout dropped) after."""
        traced = self._specs[kind]
        spec = None if free_batch else batch_size
        if None in traced or spec in traced:
            return replaying()
        first = not traced
        traced.add(spec)
        return traced_step(batch, batch_axis_open(batch, free_batch), first, kind in self._made_early)

    def made_variables_early(self, kind):
        """Variables that Keras makes in the first trace of ``kind``'s function were made before it:
        fit builds the optimizer before its callbacks start, Keras in the first train step."""
        if not self._specs.get(kind):
            self._made_early.add(kind)

    def shaped_step(self, kind, shapes, batch):
        """The context of one step of ``kind`` ('predict', 'train_on_batch', ...) on ``batch``,
        whose inputs have ``shapes`` (a tuple of shapes)."""
        traced = self._shapes.get(kind)
        if traced is FREE or traced == shapes:
            return replaying()
        # reduce_retracing: a second trace frees the axes that differ, and covers every call after
        self._shapes[kind] = shapes if traced is None else FREE
        return traced_step(batch, axes_that_changed(traced, shapes), traced is None)


FREE = 'free'             # a function traced with its batch axes free


def input_shapes(batch):
    """The shapes of a batch's arrays and tensors, as a trace's key."""
    return tuple(tuple(x.shape) for x in nest.flatten(batch) if hasattr(x, 'shape'))
