"""Keras 3 on TensorFlow builds a model made under a distribution strategy before fit's and evaluate's
callbacks run (Trainer._maybe_symbolic_build): it calls the model on KerasTensors shaped as the first batch,
builds the compiled metrics on them, then the optimizer. A callback's on_train_begin / on_test_begin then sees
the model, its 'compile_metrics' variables and the optimizer's slots made (TF 2.21: built True, mae's total and
count), and evaluate alone leaves the optimizer built. Without a strategy Keras builds them in its first step,
as tapeflow does for every model."""
from framework import nest
from framework.data import Dataset
from framework.ops.tensor_spec import TensorSpec

from .batchless_build import _array_spec, _inputs_of, _targets_of, build_on_spec
from .data import ArrayData


def build_for_strategy(model, data):
    """Build ``model`` and its compiled metrics on the first batch's shapes of ``data`` (arrays, a Dataset's
    element spec, or the (x, y, sample_weight) batch of train_on_batch / test_on_batch), inside the strategy's
    scope as Keras does; other data wait for the first step. False where Keras's build fails before the
    optimizer's."""
    source = getattr(data, 'source', None)
    if isinstance(data, tuple):
        spec = nest.map_structure(lambda t: None if t is None else TensorSpec.from_tensor(t), data[:2])
    elif isinstance(source, Dataset):
        spec = source.element_spec
        if _shapes_needed(model, spec):
            spec = _first_batch_spec(data, spec)
    elif isinstance(data, ArrayData):
        rows = min(data.batch_size, data.num_samples)
        spec = nest.map_structure(lambda array: None if array is None else _array_spec(array, rows), (data.x, data.y))
    else:
        return True
    with model._distribute_strategy.scope():
        build_on_spec(model, spec)
    # Keras builds the compiled loss on y there too: without targets its y_true None fails ('None values not
    # supported.') before the optimizer's build, which stays undone (TF 2.21: optimizer.built False)
    return _targets_of(spec) is not None or getattr(model, '_compiled_loss', None) is None


def _shapes_needed(model, spec):
    """Whether the model is still to be built on inputs whose spec leaves a size unknown (a batch of a
    Dataset not batched with drop_remainder): Keras builds it on the first batch's own shapes there."""
    unbuilt = not model.built or not all(layer.built for layer in getattr(model, '_layers', ()))
    return unbuilt and any(isinstance(leaf, TensorSpec) and leaf.shape.rank is not None and None in leaf.shape
                           for leaf in nest.flatten(_inputs_of(spec)))


def _first_batch_spec(data, spec):
    """The specs of the first batch of ``data``'s Dataset. Keras's symbolic build reads it with next() from an
    iterator it then drops (TF 2.21: a Sequential without Input fit on batch(4) of 10 rows is built for
    (4, 2), its InputLayer's batch_shape saved so); that iterator's start draws the seeds of a reshuffling
    shuffle, which the distributed data then does not spend again (iterable_data.py). ``spec`` where the
    Dataset has no batch."""
    element = next(iter(data.source), None)
    data.iteration_spent()
    if element is None:
        return spec
    return nest.map_structure(lambda leaf, given: TensorSpec.from_tensor(leaf) if isinstance(given, TensorSpec)
                              else given, element, spec)
