"""What Keras 3's ``model.export(path)`` writes: a SavedModel serving the model's inference call.

The loaded object has ``serve(x)`` (the model called with training=False),
signatures 'serve' and 'serving_default' taking ``keras_tensor`` (Keras's
name for the first input; further inputs 'keras_tensor_1', ...), and the
model's variables, as TF 2.21 gives for an exported Keras model.
"""
from . import save
from ..ops.tensor_spec import TensorSpec
from .signatures import Signature


class ExportArchive:
    """The exported object: the model's inference endpoint and its variables."""

    def __init__(self, model):
        self._model = model

    def serve(self, *inputs):
        return self._model(inputs[0] if len(inputs) == 1 else list(inputs), training=False)

    @property
    def variables(self):
        return list(self._model.variables)

    @property
    def trainable_variables(self):
        return list(self._model.trainable_variables)

    @property
    def non_trainable_variables(self):
        return list(self._model.non_trainable_variables)


def export_model(model, filepath, input_count=None):
    """Write ``model``'s inference SavedModel to ``filepath`` (Keras 3's ``model.export``).

    Raises:
        ValueError: a model that is not built (call it once, or give it an Input).
    """
    if not getattr(model, 'built', False):
        raise ValueError('model.export: the model %r is not built; call it on data or build it with an Input '
                         'first' % getattr(model, 'name', model))
    count = input_count or max(1, len(getattr(model, 'inputs', None) or [None]))
    names = ['keras_tensor'] + ['keras_tensor_%d' % i for i in range(1, count)]
    archive = ExportArchive(model)
    specs = [TensorSpec(x.shape, x.dtype, name) for x, name in zip(model.inputs, names)] \
        if len(getattr(model, 'inputs', None) or []) == count else None
    endpoint = Signature(archive, 'serve', names, specs, wrapped_name='__call__')
    save(archive, filepath, signatures={'serve': endpoint, 'serving_default': endpoint})
