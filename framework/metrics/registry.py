"""Looking metrics up by name, as ``keras.metrics.get`` and ``Model.compile`` do.

``get`` knows the class names and their snake_case ('mean_absolute_error',
'binary_accuracy', ...) plus Keras's short spellings ('mse', 'mae', ...).
``resolve_accuracy`` and ``compile_metric`` add what ``compile`` does on
top: 'accuracy' / 'acc' become the accuracy that fits the targets' shapes,
and a metric is named after the string it was asked for.
"""
import inspect

from ..identifier_lookup import from_identifier
from ..losses import registry as loss_registry
from ..losses.loss import Loss
from ..losses.naming import object_name, to_snake_case
from . import accuracy_metrics as accuracy, probabilistic, regression
from . import at_threshold, auc, confusion_metrics as confusion, f_score, hinge_and_correlation as hinge, iou, r2
from .metric import Metric
from .reduction import Mean, MeanMetricWrapper, Sum

_CLASSES = (
    Metric, Mean, Sum, MeanMetricWrapper,
    regression.MeanSquaredError, regression.RootMeanSquaredError, regression.MeanAbsoluteError,
    regression.MeanAbsolutePercentageError, regression.MeanSquaredLogarithmicError,
    regression.CosineSimilarity, regression.LogCoshError,
    probabilistic.KLDivergence, probabilistic.Poisson, probabilistic.BinaryCrossentropy,
    probabilistic.CategoricalCrossentropy, probabilistic.SparseCategoricalCrossentropy,
    accuracy.Accuracy, accuracy.BinaryAccuracy, accuracy.CategoricalAccuracy,
    accuracy.SparseCategoricalAccuracy, accuracy.TopKCategoricalAccuracy,
    accuracy.SparseTopKCategoricalAccuracy,
    confusion.TruePositives, confusion.FalsePositives, confusion.TrueNegatives, confusion.FalseNegatives,
    confusion.Precision, confusion.Recall, auc.AUC, at_threshold.PrecisionAtRecall, at_threshold.RecallAtPrecision,
    at_threshold.SensitivityAtSpecificity, at_threshold.SpecificityAtSensitivity, f_score.FBetaScore,
    f_score.F1Score, r2.R2Score, hinge.Hinge, hinge.SquaredHinge, hinge.CategoricalHinge,
    hinge.PearsonCorrelation, hinge.ConcordanceCorrelation,
    iou.IoU, iou.BinaryIoU, iou.MeanIoU, iou.OneHotIoU, iou.OneHotMeanIoU,
)
BY_NAME = {cls.__name__: cls for cls in _CLASSES}
BY_NAME.update({to_snake_case(cls.__name__): cls for cls in _CLASSES})
BY_NAME.update({
    'bce': probabilistic.BinaryCrossentropy, 'BCE': probabilistic.BinaryCrossentropy,
    'mse': regression.MeanSquaredError, 'MSE': regression.MeanSquaredError,
    'mae': regression.MeanAbsoluteError, 'MAE': regression.MeanAbsoluteError,
    'mape': regression.MeanAbsolutePercentageError, 'MAPE': regression.MeanAbsolutePercentageError,
    'msle': regression.MeanSquaredLogarithmicError, 'MSLE': regression.MeanSquaredLogarithmicError,
})

# Per-sample functions a MeanMetricWrapper config may name.
_FUNCTIONS = {f.__name__: f for f in (accuracy.accuracy, accuracy.binary_accuracy, accuracy.categorical_accuracy,
                                       accuracy.sparse_categorical_accuracy, accuracy.top_k_categorical_accuracy,
                                       accuracy.sparse_top_k_categorical_accuracy,
                                       hinge.pearson_correlation, hinge.concordance_correlation)}


def function_by_name(name):
    """A per-sample metric or loss function by name (for ``MeanMetricWrapper.from_config``)."""
    if name in _FUNCTIONS:
        return _FUNCTIONS[name]
    fn = loss_registry.get(name)
    if inspect.isclass(fn) or not callable(fn) or isinstance(fn, Metric):
        raise ValueError('Unknown metric function %r' % (name,))
    return fn


class UnknownMetricClass(ValueError):
    """A config dict naming a class that neither the registry nor custom_objects holds."""


def deserialize(config, custom_objects=None):
    """``keras.metrics.deserialize``: ``deserialize_known``, with Keras 3's answer for what its table
    lacks (deserialize_keras_object's with a module table): a name, or a dict's class or function name,
    comes back as it is (a legacy .h5 entry {'class_name': 'MyMetric', 'config': {...}} becomes
    'MyMetric', which compile refuses when it builds: 'Could not interpret metric identifier: MyMetric',
    as on TF 2.21); a class saved from __main__ (module None) is refused with Keras's TypeError.
    """
    from ..keras.module_table_deserialize import deserialize_in_table
    return deserialize_in_table(config, custom_objects, BY_NAME, deserialize_known)


def deserialize_known(config, custom_objects=None):
    """The Metric (or metric function) a {'class_name': ..., 'config': ...} dict describes, or a name
    resolves to (an unknown name comes back as it is, as in Keras 3).

    Raises:
        UnknownMetricClass (a ValueError): for a dict of an unknown class (listing the known ones) or function.
    """
    if isinstance(config, str):
        # Keras 3 deserializes a bare name too: a custom object (given, scoped or registered) as it is, a
        # metric class (its name, snake_case or short spelling: 'mse') as a fresh instance; another name
        # comes back unchanged ('acc', 'huber')
        from layers.saving.registry import find_by_exact_name     # (layers imports the metrics)
        found = find_by_exact_name(config, custom_objects)
        if found is not None:
            return found
        found = BY_NAME.get(config, config)
        return found() if inspect.isclass(found) else found
    known = dict(BY_NAME, **(custom_objects or {}))
    if isinstance(config, dict) and config.get('class_name') == 'function':
        # A metric given to compile as a function (Keras 3's files: {'class_name': 'function',
        # 'config': 'mean_absolute_error' or a registered 'package>name'}).
        name = config.get('config')
        if callable(known.get(name)):
            return known[name]
        try:
            return function_by_name(name)
        except ValueError as err:
            raise UnknownMetricClass(str(err)) from None
    cls = known.get(config.get('class_name')) if isinstance(config, dict) else None
    # A Loss given to compile as a metric (Hands-On's metrics=[HuberLoss(2.)]) is saved as its own class;
    # Keras 3 rebuilds it and compile wraps it again, so load_model restores it
    if not (inspect.isclass(cls) and issubclass(cls, (Metric, Loss))):
        refusal = UnknownMetricClass if cls is None else ValueError
        raise refusal('Could not interpret metric config %r; known classes: %s'
                      % (config, ', '.join(sorted(c.__name__ for c in _CLASSES))))
    # Keras 3 runs from_config inside the custom objects' scope: a MeanMetricWrapper finds its own
    # function there (Hands-On's MeanMetricWrapper(create_huber(2.0)) reloaded with {'huber_fn': ...})
    from layers.saving.registry import custom_object_scope
    from ..keras_config_errors import from_config
    with custom_object_scope(custom_objects):
        return from_config(cls, config)      # Keras's TypeError text when the config does not fit


def serialize(metric):
    return {'class_name': type(metric).__name__, 'config': metric.get_config()}


def get(identifier):
    """A metric from a name, a config dict, a Metric instance or class, or a function.

    'acc' is refused as Keras 3's ``get`` refuses it (it knows only 'accuracy'; ``compile`` resolves
    both, see ``compile_metric``).

    Raises:
        ValueError: for an unknown name (listing the valid ones) or an
            identifier that is none of the above.
    """
    return from_identifier(identifier, 'metric', BY_NAME, deserialize, 'Metric', (
        "; 'acc' is a name compile(metrics=[...]) resolves, not keras.metrics.get" if identifier == 'acc' else ''))


def resolve_accuracy(loss_name, y_true_shape, y_pred_shape, name='accuracy'):
    """The accuracy metric ``compile(metrics=['accuracy'])`` means for these targets.

    Keras 3 (``compile_utils.get_metric``) decides from the shapes alone:
    a last prediction axis of 1 means ``BinaryAccuracy``; labels of lower
    rank than the predictions, or with a last axis of 1 against several
    classes, mean ``SparseCategoricalAccuracy``; anything else
    ``CategoricalAccuracy``. (Keras 2 looked at the loss; Keras 3 does not,
    so ``loss_name`` is accepted for callers that have it but changes nothing.)

    Args:
        loss_name: the compiled loss's name (unused by the Keras 3 rule).
        y_true_shape, y_pred_shape: shapes of one batch of targets and predictions.
        name: the metric's name, the string the user gave ('accuracy' or 'acc').
    """
    true_shape, pred_shape = tuple(y_true_shape), tuple(y_pred_shape)
    true_last = true_shape[-1] if true_shape else None
    pred_last = pred_shape[-1] if pred_shape else None
    if pred_last == 1:
        return accuracy.BinaryAccuracy(name=name)
    # Keras compares the last axes as they are: a traced step's None batch axis (rank-1 predictions
    # fed a partial last batch) against labels ending in 1 is its TypeError "'>' not supported between
    # instances of 'NoneType' and 'int'", which TF 2.21's fit raises (only predictions of rank 0 are spared)
    if len(true_shape) < len(pred_shape) or (true_last == 1 and bool(pred_shape) and pred_last > 1):
        return accuracy.SparseCategoricalAccuracy(name=name)
    return accuracy.CategoricalAccuracy(name=name)


def compile_metric(identifier, y_true_shape, y_pred_shape, loss_name=None):
    """A Metric for one entry of ``compile(metrics=[...])``, named as Keras 3 names it.

    Strings keep their spelling as the name ('mse' logs as 'mse'); functions
    are wrapped in a ``MeanMetricWrapper`` named after them.

    Raises:
        ValueError: for None or an unknown identifier.
    """
    if identifier is None:
        raise ValueError('Expected metric, received `None`')      # Keras 3's words
    if isinstance(identifier, str) and identifier.lower() in ('accuracy', 'acc'):
        metric = resolve_accuracy(loss_name, y_true_shape, y_pred_shape, name=identifier)
    else:
        metric = get(identifier)
    metric_name = identifier if isinstance(identifier, str) else object_name(metric)
    if not isinstance(metric, Metric):
        metric = MeanMetricWrapper(metric)
    metric.name = metric_name
    return metric
