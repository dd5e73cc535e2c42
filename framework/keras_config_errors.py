"""Keras 3's TypeError when a built-in loss, metric, initializer, regularizer or constraint cannot be
rebuilt from its config.

Keras's deserialize_keras_object wraps a TypeError of ``cls.from_config`` (an unknown or missing
argument, as in a file written by another Keras version):

    <class 'keras.src.metrics.reduction_metrics.Mean'> could not be deserialized properly. ...
    config={'module': 'keras.metrics', 'class_name': 'Mean', 'config': {...}, 'registered_name': None}.
    Exception encountered: Mean.__init__() got an unexpected keyword argument 'bogus_arg'

naming the class by its file in keras.src (tapeflow's live elsewhere) and showing the dict in the
full form Keras rewrites it to; a user's class is shown as Python prints it, its config as given.
"""

# Keras 3.15's file under keras.src.metrics for each metric class keras.metrics exports (TF 2.21)
_METRIC_FILES = {
    'accuracy_metrics': ('Accuracy', 'BinaryAccuracy', 'CategoricalAccuracy', 'SparseCategoricalAccuracy',
                         'SparseTopKCategoricalAccuracy', 'TopKCategoricalAccuracy'),
    'confusion_metrics': ('AUC', 'FalseNegatives', 'FalsePositives', 'Precision', 'PrecisionAtRecall', 'Recall',
                          'RecallAtPrecision', 'SensitivityAtSpecificity', 'SpecificityAtSensitivity',
                          'TrueNegatives', 'TruePositives'),
    'correlation_metrics': ('ConcordanceCorrelation', 'PearsonCorrelation'),
    'f_score_metrics': ('F1Score', 'FBetaScore'),
    'hinge_metrics': ('CategoricalHinge', 'Hinge', 'SquaredHinge'),
    'iou_metrics': ('BinaryIoU', 'IoU', 'MeanIoU', 'OneHotIoU', 'OneHotMeanIoU'),
    'probabilistic_metrics': ('BinaryCrossentropy', 'CategoricalCrossentropy', 'KLDivergence', 'Poisson',
                              'SparseCategoricalCrossentropy'),
    'reduction_metrics': ('Mean', 'MeanMetricWrapper', 'Sum'),
    'regression_metrics': ('CosineSimilarity', 'LogCoshError', 'MeanAbsoluteError', 'MeanAbsolutePercentageError',
                           'MeanSquaredError', 'MeanSquaredLogarithmicError', 'R2Score', 'RootMeanSquaredError'),
}
_METRIC_MODULES = {name: 'keras.src.metrics.' + file for file, names in _METRIC_FILES.items() for name in names}


def _keras_module(cls, public_module):
    """(Keras's module of ``cls``, the public module a config names) for tapeflow's built-in losses,
    metrics and (``public_module`` given) initializers, regularizers and constraints; None for a
    user's class."""
    if public_module is not None and cls.__module__.startswith('layers.'):
        from .keras_repr import keras_class_path
        return keras_class_path(cls).rpartition('.')[0], public_module
    if not cls.__module__.startswith('framework.'):
        return None
    from .losses.loss import Loss
    if issubclass(cls, Loss):
        return 'keras.src.losses.losses', 'keras.losses'     # every built-in loss lives in that one file
    module = _METRIC_MODULES.get(cls.__name__)
    return None if module is None else (module, 'keras.metrics')


def class_text(cls):
    """``str(cls)`` as TF 2.21 prints a built-in loss or metric class ("<class 'keras.src.metrics.
    reduction_metrics.Mean'>"); any other class as Python prints it."""
    keras_module = _keras_module(cls, None) if isinstance(cls, type) else None
    return str(cls) if keras_module is None else "<class '%s.%s'>" % (keras_module[0], cls.__name__)


def from_config(cls, config, public_module=None):
    """``cls.from_config`` of the dict's inner config, a TypeError raised again in Keras 3's words
    (``public_module``: the family's, 'keras.initializers', for tapeflow's classes under layers/)."""
    try:
        return cls.from_config(dict(config.get('config') or {}))
    except ValueError as err:       # first: tapeflow's errors that are TypeErrors too are TF's ValueErrors
        err.raised_by_constructor = True    # a get() lets it through, as Keras's (its own lookup errors it rewords)
        raise
    except TypeError as err:
        raise _not_deserialized(cls, config, err, public_module) from None


def _not_deserialized(cls, config, err, public_module):
    from layers.serialization import not_deserialized_text     # (late: layers imports the losses and metrics)
    keras_module = _keras_module(cls, public_module)
    shown, shown_class = config, cls
    if keras_module is not None:
        # Keras rebuilds a built-in's config from the class it found (serialize_with_public_class), so a
        # table name ('mse', 'accuracy') shows as the class's public name ('MeanSquaredError')
        shown = {'module': keras_module[1], 'class_name': cls.__name__, 'config': config.get('config'),
                 'registered_name': None}
        shown_class = "<class '%s.%s'>" % (keras_module[0], cls.__name__)
    error = TypeError(not_deserialized_text(shown_class, shown, err))
    error.add_note('deserialize: the config of a %s must hold its constructor arguments' % cls.__name__)
    return error
