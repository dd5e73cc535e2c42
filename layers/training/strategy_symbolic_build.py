"""Keras 3 on TensorFlow builds a model made under a distribution strategy before fit's and evaluate's
callbacks run (Trainer._maybe_symbolic_build): it calls the model on KerasTensors shaped as the first batch,
builds the compiled metrics on them, then the optimizer. A callback's on_train_begin / on_test_begin then sees
the model, its 'compile_metrics' variables and the optimizer's slots made (TF 2.21: built True, mae's total and
count), and evaluate alone leaves the optimizer built. Without a strategy Keras builds them in its first step,
as tapeflow does for every model."""
from framework import nest
from framework.data import Dataset
from framework.ops.tensor_spec import TensorSpec

from .batchless_build import _array_spec, _targets_of, build_on_spec
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
        # (Keras reads the first batch, so its batch size is known there: a Sequential without Input is built
        # for (2, 2) where this spec gives (None, 2))
        spec = source.element_spec
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
