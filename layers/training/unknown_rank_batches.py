"""fit / evaluate on a dataset whose element_spec leaves a rank unknown
(``Dataset.from_generator(gen, output_types=(tf.float32, tf.float32))`` with no ``output_shapes``).

Keras 3 on TensorFlow traces its train / test step on the dataset's element_spec, and a Keras layer
called on a symbolic tensor of unknown rank fails while it reads the shape: a built Sequential's own
call takes ``len(inputs.shape)``, every other model (functional, subclassed, a Sequential with no
Input) ``shape.as_list()`` as it checks or builds on it; an unknown-rank target fails in the loss's
``len(y.shape)``. tapeflow runs its steps on the batches themselves, so it raises TF 2.21's errors here,
before the first step (after the callbacks' on_train_begin / on_epoch_begin, as TF's trace comes).
predict, and steps compiled with run_eagerly=True, read the batches' own shapes and run, as in TF.
"""
from framework import nest
from framework.data import Dataset

UNKNOWN_RANK_LENGTH = 'Cannot take the length of shape with unknown rank.'
UNKNOWN_RANK_LIST = 'as_list() is not defined on an unknown TensorShape.'


def _unknown_rank(structure):
    return [spec for spec in nest.flatten(structure)
            if getattr(spec, 'shape', None) is not None and spec.shape.rank is None]


def refuse_unknown_rank(model, data, training):
    """Raise TF 2.21's ValueError when ``data`` (an IterableData) is a Dataset whose inputs or targets
    have an unknown rank in its element_spec. ``training``: fit's step (True) or evaluate's (False)."""
    source = getattr(data, 'source', None)
    if not isinstance(source, Dataset):
        return
    spec = source.element_spec
    x, y = (spec[0], spec[1:2]) if isinstance(spec, tuple) and 1 <= len(spec) <= 3 else (spec, ())
    unknown_x = _unknown_rank(x)
    if unknown_x:
        raise ValueError(_input_error(model, unknown_x[0], training))
    if _unknown_rank(y) and getattr(model, 'loss', None) is not None:
        raise ValueError(UNKNOWN_RANK_LENGTH)


def _input_error(model, spec, training):
    from layers.sequential import Sequential
    if not (isinstance(model, Sequential) and model.built):
        return UNKNOWN_RANK_LIST
    return ('Exception encountered when calling Sequential.call().\n\n\x1b[1m%s\x1b[0m\n\n'
            'Arguments received by Sequential.call():\n'
            '  \u2022 inputs=tf.Tensor(shape=<unknown>, dtype=%s)\n  \u2022 training=%s\n  \u2022 mask=None\n'
            "  \u2022 kwargs=<class 'inspect._empty'>" % (UNKNOWN_RANK_LENGTH, spec.dtype.name, training))
