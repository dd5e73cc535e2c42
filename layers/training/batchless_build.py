"""Building a model that fit / evaluate never fed: Keras 3 on TensorFlow traces its train or test
function before it asks the iterator for a batch, and the trace calls the model (and, in training,
builds the optimizer) on the Dataset's ``element_spec``. So a subclassed model fit on a dataset with
no batch at all (the word2vec tutorial's 45 skip-grams batched by 64 with drop_remainder=True) ends
built, its weights drawn and its optimizer's slots made, and ``get_layer(...).get_weights()[0]``
works. tapeflow calls the model on KerasTensors of that spec after such an epoch. Arrays of no samples
are alike (Keras's array adapter feeds them as a Dataset): fit logs nothing and evaluate returns [].

Only with Keras's own train_step / test_step (a custom step may call other models or none), only
for a traced step (run_eagerly=True asks for the batch first and never calls the model), and only
for a spec of dense TensorSpecs.
"""
import numpy as np

from framework import nest
from framework.data import Dataset
from framework.object_names import count_kept
from framework.ops.tensor_spec import TensorSpec

from ..functional.keras_tensor import KerasTensor
from .data import ArrayData


def build_without_batch(model, data, kind):
    """After an epoch of ``kind`` ('train' or 'test') that read no batch from ``data``, build what
    TensorFlow's trace of Keras's step builds: the model and, for 'train', the optimizer."""
    from ..model import Model
    step = Model.train_step if kind == 'train' else Model.test_step
    if getattr(type(model), step.__name__) is not step:
        return
    source = getattr(data, 'source', None)
    if isinstance(source, Dataset):
        spec = source.element_spec
    elif isinstance(data, ArrayData):      # Keras's array adapter feeds a Dataset of the arrays: their spec
        spec = nest.map_structure(_array_spec, (data.x, data.y))
    else:
        return
    if not build_on_spec(model, spec):
        return
    optimizer = getattr(model, 'optimizer', None)
    if kind == 'train' and optimizer is not None and not optimizer.built and model.built:
        optimizer.build_in_scope(model.trainable_variables, first_trace=True)


def build_on_spec(model, spec):
    """Call ``model`` on KerasTensors of a data element's ``spec`` (x, y[, sample_weight]) if it or its compiled
    metrics are not built yet, and build those metrics on y and the output: what Keras's step trace (or
    symbolic build) makes. False where the inputs' spec is not one of dense tensors of known rank."""
    metrics = getattr(model, '_compiled_metrics', None)
    metrics_unbuilt = metrics is not None and not metrics.built
    if metrics_unbuilt or not model.built or not all(layer.built for layer in getattr(model, '_layers', ())):
        inputs, targets = _inputs_of(spec), _targets_of(spec)
        leaves = nest.flatten(inputs)
        if not leaves or not all(isinstance(leaf, TensorSpec) and leaf.shape.rank is not None for leaf in leaves):
            return False
        # TF's trace feeds graph tensors: no KerasTensor name is handed out there
        with count_kept('keras_tensor'):
            y_pred = model(nest.map_structure(_symbolic, inputs))
            # the trace builds the compiled metrics on the step's y and y_pred (a step's result() then works)
            target_leaves = nest.flatten(targets)
            if metrics_unbuilt and target_leaves and all(isinstance(leaf, TensorSpec) and leaf.shape.rank is not None
                                                         for leaf in target_leaves):
                metrics.build(nest.map_structure(_symbolic, targets), y_pred)
    return True


def _array_spec(array, rows=None):
    """The TensorSpec of a batch of ``array`` (no samples, as here, still has its feature shape); ``rows``:
    a batch of that many."""
    return TensorSpec((rows,) + tuple(array.shape[1:]), np.dtype(array.dtype).name)


def _symbolic(spec):
    return KerasTensor(tuple(spec.shape), spec.dtype.name, name='batch')


def _targets_of(spec):
    """The y of a dataset element's spec (None without one)."""
    if isinstance(spec, (tuple, list)) and not hasattr(spec, '_fields') and 2 <= len(spec) <= 3:
        return spec[1]
    return None


def _inputs_of(spec):
    """The x of a dataset element's spec, as Keras's unpack_x_y_sample_weight reads an element."""
    if isinstance(spec, (tuple, list)) and not hasattr(spec, '_fields') and 1 <= len(spec) <= 3:
        return spec[0]
    return spec
