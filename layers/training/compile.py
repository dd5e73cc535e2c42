"""What ``compile`` accepts, resolved: the optimizer, and each loss and metric by name.

Mirrors Keras 3's ``compile_utils``: names are checked when ``compile`` runs
(an unknown name fails at once, listing the valid ones), while choices that
depend on the data ('accuracy', 'crossentropy') are made on the first batch,
from the shapes of y_true and y_pred.
"""
import numpy as np

from framework import losses as losses_module
from framework import metrics as metrics_module
from framework.losses.naming import object_name
from framework.tensor import Tensor

# One output's values or targets (fit's usual batch), which nest.flatten would only wrap in a list:
# the compiled loss and metrics take them as they are.
SINGLE_ARRAYS = frozenset((Tensor, np.ndarray))


def resolve_optimizer(identifier):
    """An optimizer instance from a name ('adam'), a config dict or an instance."""
    import optim
    try:
        return optim.get(identifier)
    except ValueError as err:
        err.add_note('(raised by compile(optimizer=%r))' % (identifier,))     # Keras 3's own text above
        raise


def _is_binary_or_sparse(y_true, y_pred):
    is_binary = y_pred.shape[-1] == 1
    is_sparse = y_true.ndim < y_pred.ndim or (y_true.shape[-1] == 1 and y_pred.shape[-1] > 1)
    return is_binary, is_sparse


_BY_SHAPE = {'loss': ('crossentropy', 'ce'), 'metrics': ('accuracy', 'acc')}


def get_loss(identifier, y_true, y_pred):
    """A ``Loss`` object for ``identifier``; 'crossentropy' picks its kind from the shapes."""
    if isinstance(identifier, str) and identifier.lower() in _BY_SHAPE['loss']:
        is_binary, is_sparse = _is_binary_or_sparse(y_true, y_pred)
        loss = (losses_module.binary_crossentropy if is_binary else
                losses_module.sparse_categorical_crossentropy if is_sparse else
                losses_module.categorical_crossentropy)
    else:
        loss = losses_module.get(identifier)
    if isinstance(loss, losses_module.Loss):
        return loss
    name = identifier if isinstance(identifier, str) else object_name(loss)
    return losses_module.LossFunctionWrapper(loss, name=name)


def get_metric(identifier, y_true, y_pred):
    """A ``Metric`` for ``identifier``, named as Keras 3 names it in logs.

    A string keeps its own spelling as the name ('mae' logs as 'mae');
    'accuracy'/'acc' become binary, sparse categorical or categorical accuracy
    depending on the shapes of y_true and y_pred.
    """
    if y_true is None and str(identifier).lower() not in ('accuracy', 'acc'):
        # an output fit gave no target (y=[y_a, None]): Keras 3 reads y_true's shape for 'accuracy' only (an
        # AttributeError there); the metric's first update is TF's 'None values not supported.'
        return metrics_module.compile_metric(identifier, None, tuple(y_pred.shape))
    return metrics_module.compile_metric(identifier, tuple(y_true.shape), tuple(y_pred.shape))
