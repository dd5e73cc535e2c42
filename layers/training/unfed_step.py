"""The step that gets no batch: Keras 3 on TensorFlow, without a step count for a dataset of unknown
length (after filter, interleave, flat_map, window, unbatch; a Python generator), calls its traced
train or test function until the iterator raises OutOfRange. That last call runs every op of the
step that does not wait for the batch:

- train: the optimizer's step count advances (and so Adam's bias correction, a schedule's rate,
  Nadam's u_product), and each seed generator the step draws from (Dropout's) advances once more;
- train and test: a Mean's ``count`` grows by what it grew in a step when that amount is known
  before the batch comes: 1 for a scalar (a loss object given as a metric, a custom train_step's
  tracker of its loss), and, when the data's batch axis is static (batch(n, drop_remainder=True)),
  the batch size for every per-sample metric, and for the loss tracker when the first input's whole
  shape is static (its weight is tf.shape(x)[0], a constant only then: not for a char-RNN's (1, None)
  windows). Their totals wait for the batch, so the epoch's logged mean of such a metric is n/(n+1)
  of its true mean.

Measured in TF 2.21; with run_eagerly=True or steps_per_execution > 1 (Keras then reads an Optional)
no such call runs. Not replayed: other data-independent writes of a user's step (a variable counting
calls, a Sum of a constant), and a scalar's count when the last batch has one sample and its batch
axis is free (a step's growth of 1 then says nothing about the values' rank).
"""
from framework import nest
from framework.keras.seed_generator import DRAW_RECORDERS
from framework.metrics.reduction import Mean


class UnfedStepRecorder:
    """Notes the seed draws and the Means' count growth of each step it wraps (the last step's are kept)."""
    __slots__ = ('draws', 'model', 'counts_before', 'count_growth')

    def __init__(self, model=None):
        self.draws = []
        self.model = model
        self.counts_before = {}
        self.count_growth = []

    def __enter__(self):
        self.draws = []
        DRAW_RECORDERS.append(self.draws)
        if self.model is not None:
            self.counts_before = {id(m): float(m.count._data) for m in _means(self.model)}

    def __exit__(self, *exc):
        DRAW_RECORDERS.pop()
        if self.model is not None:
            # metrics built during the step (compile's, on the first batch) started from 0
            self.count_growth = [(m, float(m.count._data) - self.counts_before.get(id(m), 0.0))
                                 for m in _means(self.model)]


def run_unfed_step(model, recorder, kind='train', last_batch=None, free_batch=True, static_input=True):
    """Advance what TensorFlow's batchless step advances (see the module docstring); ``static_input``:
    whether the first input's shape is fully known in the traced step."""
    if kind == 'train':
        optimizer = getattr(model, 'optimizer', None)
        if optimizer is not None and hasattr(optimizer, '_step_without_batch'):
            optimizer._step_without_batch()
        for generator, ordered in recorder.draws:
            generator._next_pair(ordered)
    batch_size = _batch_size(last_batch)
    for metric, growth in recorder.count_growth:
        known_before_batch = growth > 0 if not free_batch else growth == 1 and batch_size != 1
        if metric is getattr(model, '_loss_tracker', None) and not static_input:
            known_before_batch = False
        if known_before_batch:
            metric.count._data[...] = metric.count._data + metric.count._data.dtype.type(growth)


def _means(model):
    # model.metrics holds compile's container; its own .metrics are the user's (as monitor.py reads them)
    for metric in getattr(model, 'metrics', ()):
        inner = getattr(metric, 'metrics', None)
        for m in (inner if isinstance(inner, (list, tuple)) else (metric,)):
            if isinstance(m, Mean):
                yield m


def _batch_size(batch):
    for leaf in nest.flatten(batch):
        shape = getattr(leaf, 'shape', None)
        if shape is not None and len(shape):
            return shape[0]
    return None
