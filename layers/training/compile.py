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

from .. import call_context

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
    # Keras 3's is_binary_or_sparse_categorical, on the shapes its step sees (a None batch axis in a
    # traced step on a partial last batch: rank-1 predictions against labels ending in 1 are its TypeError)
    true_shape, pred_shape = _traced_shape(y_true), _traced_shape(y_pred)
    is_binary = pred_shape[-1] == 1
    is_sparse = len(true_shape) < len(pred_shape) or (true_shape[-1] == 1 and pred_shape[-1] > 1)
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
        return metrics_module.compile_metric(identifier, None, _traced_shape(y_pred))
    return metrics_module.compile_metric(identifier, _traced_shape(y_true), _traced_shape(y_pred))


def _traced_shape(value):
    """``value``'s shape as the step Keras builds its metrics in sees it: a traced fit / evaluate step on
    data whose batch size varies (a partial last batch) has a None batch axis (call_context)."""
    shape = tuple(value.shape)
    if shape and call_context.builds_for_any_batch():
        return (None,) + shape[1:]
    return shape
