"""Looking losses up by name or config, as ``keras.losses.get`` does.

Function names ('mse', 'binary_crossentropy', ...) give the per-sample
function; class names ('MeanSquaredError', ...) give a fresh instance.
"""
import inspect

from . import circle_loss, classes, ctc_loss, focal, generalized_cross_entropy, hinge_losses, overlap, probabilistic, regression
from ..identifier_lookup import from_identifier
from .loss import Loss, LossFunctionWrapper

_FUNCTIONS = (
    regression.mean_squared_error, regression.mean_absolute_error,
    regression.mean_absolute_percentage_error, regression.mean_squared_logarithmic_error,
    regression.huber, regression.log_cosh, regression.cosine_similarity,
    hinge_losses.hinge, hinge_losses.squared_hinge, hinge_losses.categorical_hinge,
    probabilistic.binary_crossentropy, probabilistic.categorical_crossentropy,
    probabilistic.sparse_categorical_crossentropy, probabilistic.kl_divergence, probabilistic.poisson,
    focal.binary_focal_crossentropy, focal.categorical_focal_crossentropy, overlap.dice, overlap.tversky,
    generalized_cross_entropy.categorical_generalized_cross_entropy, circle_loss.circle, ctc_loss.ctc,
)
_CLASSES = (
    Loss, LossFunctionWrapper,
    classes.MeanSquaredError, classes.MeanAbsoluteError, classes.MeanAbsolutePercentageError,
    classes.MeanSquaredLogarithmicError, classes.CosineSimilarity, classes.Huber, classes.LogCosh,
    classes.Hinge, classes.SquaredHinge, classes.CategoricalHinge, classes.KLDivergence, classes.Poisson,
    classes.BinaryCrossentropy, classes.CategoricalCrossentropy, classes.SparseCategoricalCrossentropy,
    focal.BinaryFocalCrossentropy, focal.CategoricalFocalCrossentropy, overlap.Dice, overlap.Tversky,
    generalized_cross_entropy.CategoricalGeneralizedCrossEntropy, circle_loss.Circle, ctc_loss.CTC,
)
# Keras 3's short spellings (its legacy aliases 'mse', 'MSE', ... are still accepted by compile).
_ALIASES = {
    'mse': regression.mean_squared_error, 'MSE': regression.mean_squared_error,
    'mae': regression.mean_absolute_error, 'MAE': regression.mean_absolute_error,
    'mape': regression.mean_absolute_percentage_error, 'MAPE': regression.mean_absolute_percentage_error,
    'msle': regression.mean_squared_logarithmic_error, 'MSLE': regression.mean_squared_logarithmic_error,
    'bce': probabilistic.binary_crossentropy, 'BCE': probabilistic.binary_crossentropy,
    'kld': probabilistic.kl_divergence, 'KLD': probabilistic.kl_divergence,
}
BY_NAME = dict({obj.__name__: obj for obj in _FUNCTIONS + _CLASSES}, **_ALIASES)
# Keras's losses.ALL_OBJECTS: a MeanMetricWrapper around one of these classes' instances (or one of
# these functions) is a metric to minimize ('down'); the generalized cross-entropy is not among them.
KERAS_LOSS_CLASSES = frozenset(_CLASSES) - {generalized_cross_entropy.CategoricalGeneralizedCrossEntropy}


def function_name(fn):
    """The name ``get`` knows ``fn`` by (its ``__name__``)."""
    return getattr(fn, '__name__', type(fn).__name__)


def serialize(loss):
    """{'class_name': ..., 'config': ...} for a Loss; {'class_name': 'function', ...} for a function."""
    if isinstance(loss, Loss):
        return {'class_name': type(loss).__name__, 'config': loss.get_config()}
    return {'class_name': 'function', 'config': function_name(loss)}


# Keras 3's losses.ALL_OBJECTS_DICT: the generalized cross-entropy is not in it (a config naming it
# comes back from keras.losses.deserialize as its name)
KERAS_TABLE = frozenset(BY_NAME) - {'CategoricalGeneralizedCrossEntropy', 'categorical_generalized_cross_entropy'}


def deserialize(config, custom_objects=None):
    """``keras.losses.deserialize``: ``deserialize_known``, with Keras 3's answer for what its table
    lacks (the name, or the value, comes back as it is; ``get`` refuses it)."""
    from ..keras.module_table_deserialize import deserialize_in_table
    return deserialize_in_table(config, custom_objects, KERAS_TABLE, deserialize_known)


def deserialize_known(config, custom_objects=None):
    """The loss a ``serialize`` dict (or a bare name) describes; ``custom_objects`` maps extra names to
    classes/functions.

    Raises:
        ValueError: for a dict naming an unknown class or function (an unknown bare name comes back).
    """
    from layers.saving.registry import find_by_exact_name     # (here: layers imports losses)
    if isinstance(config, str) and config not in _ALIASES:
        # Keras 3 deserializes a bare name too: a custom object (given, scoped or registered) as it is,
        # a loss function as it is, a loss class as a fresh instance; another name comes back unchanged
        found = find_by_exact_name(config, custom_objects)
        if found is not None:
            return found
        found = BY_NAME.get(config, config)
        return found() if inspect.isclass(found) else found
    if isinstance(config, str):     # a short spelling: Keras 3.15 looks its function up by a public name it lacks
        error = ValueError("Could not deserialize 'keras.metrics.%s' because it is not a KerasSaveable subclass"
                           % config)
        error.keras_text = True       # raised by TF's keras.losses.get of a dict naming it as well
        error.add_note('losses.deserialize: %r is a short name compile(loss=...) and losses.get resolve; '
                       'deserialize %r instead' % (config, _ALIASES[config].__name__))
        raise error
    if (isinstance(config, dict) and config.get('class_name') in KERAS_TABLE
            and config['class_name'] not in (custom_objects or {})
            and inspect.isfunction(BY_NAME[config['class_name']])):
        # Keras's deserialize with its module table reads a dict's class_name as the name it stands for,
        # and a table function as that name alone ({'class_name': 'mean_squared_error', ...} is the
        # function, 'mse' the short name's refusal), its config unread
        return deserialize_known(config['class_name'], custom_objects)
    known = dict(BY_NAME, **(custom_objects or {}))
    if not isinstance(config, dict) or 'class_name' not in config:
        raise ValueError("losses.deserialize: expected a dict with 'class_name' and 'config', got %r" % (config,))
    if config['class_name'] == 'function':
        name = config['config']
        if name not in known:
            raise ValueError('Unknown loss function %r; known names: %s' % (name, ', '.join(sorted(known))))
        return known[name]
    # a custom class is found as Keras finds it: its class name or registered name exactly, in
    # custom_objects, an enclosing custom_object_scope or the registry
    cls = known.get(config['class_name']) or find_by_exact_name(config['class_name'], custom_objects) \
        or find_by_exact_name(config.get('registered_name') or '', custom_objects)
    if not (inspect.isclass(cls) and issubclass(cls, Loss)):
        raise ValueError('Unknown loss class %r; known classes: %s'
                         % (config['class_name'], ', '.join(sorted(n for n, o in known.items()
                                                                   if inspect.isclass(o)))))
    from ..keras_config_errors import from_config
    return from_config(cls, config)      # Keras's TypeError text when the config does not fit


def get(identifier):
    """A loss from a name, a config dict, a Loss instance or class, or a callable.

    Returns:
        a function for function names, a Loss instance for class names and
        classes, ``identifier`` itself for instances and callables, None for None.
    Raises:
        ValueError: for an unknown name (listing the valid ones) or an
            identifier that is none of the above.
    """
    return from_identifier(identifier, 'loss', BY_NAME, deserialize, 'Loss')
