"""Building a model that fit / evaluate never fed: Keras 3 on TensorFlow traces its train or test
function before it asks the iterator for a batch, and the trace calls the model (and, in training,
builds the optimizer) on the Dataset's ``element_spec``. So a subclassed model fit on a dataset with
no batch at all (the word2vec tutorial's 45 skip-grams batched by 64 with drop_remainder=True) ends
built, its weights drawn and its optimizer's slots made, and ``get_layer(...).get_weights()[0]``
works. tapeflow calls the model on KerasTensors of that spec after such an epoch.

Only with Keras's own train_step / test_step (a custom step may call other models or none), only
for a traced step (run_eagerly=True asks for the batch first and never calls the model), and only
for a spec of dense TensorSpecs.
"""
from framework import nest
from framework.data import Dataset
from framework.object_names import count_kept
from framework.ops.tensor_spec import TensorSpec

from ..functional.keras_tensor import KerasTensor


def build_without_batch(model, data, kind):
    """After an epoch of ``kind`` ('train' or 'test') that read no batch from ``data``, build what
    TensorFlow's trace of Keras's step builds: the model and, for 'train', the optimizer."""
    from ..model import Model
    step = Model.train_step if kind == 'train' else Model.test_step
    if getattr(type(model), step.__name__) is not step:
        return
    source = getattr(data, 'source', None)
    if not isinstance(source, Dataset):
        return
    if not model.built or not all(layer.built for layer in getattr(model, '_layers', ())):
        inputs = _inputs_of(source.element_spec)
        leaves = nest.flatten(inputs)
        if not leaves or not all(isinstance(leaf, TensorSpec) and leaf.shape is not None for leaf in leaves):
            return
        # TF's trace feeds graph tensors: no KerasTensor name is handed out there
        with count_kept('keras_tensor'):
            model(nest.map_structure(lambda spec: KerasTensor(tuple(spec.shape), spec.dtype.name, name='batch'),
                                     inputs))
    optimizer = getattr(model, 'optimizer', None)
    if kind == 'train' and optimizer is not None and not optimizer.built and model.built:
        optimizer.build_in_scope(model.trainable_variables, first_trace=True)


def _inputs_of(spec):
    """The x of a dataset element's spec, as Keras's unpack_x_y_sample_weight reads an element."""
    if isinstance(spec, (tuple, list)) and not hasattr(spec, '_fields') and 1 <= len(spec) <= 3:
        return spec[0]
    return spec
