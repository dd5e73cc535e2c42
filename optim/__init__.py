"""Optimizers and learning-rate schedules with Keras 3's names, defaults and formulas.

``get(identifier)`` takes a name ('adam', 'SGD', ...), a config dict (Keras's
``serialize`` output) or an optimizer instance.
"""
from framework.keras.object_serialization import deserialize_keras_object

from . import schedules
from .adadelta import Adadelta
from .adagrad import Adagrad
from .adafactor import Adafactor
from .adam import Adam
from .adamax import Adamax
from .adamw import AdamW
from .ftrl import Ftrl
from .lamb import Lamb
from .lion import Lion
from .live_hyperparameters import serialized_config
from .loss_scale_optimizer import LossScaleOptimizer
from .multi_optimizer import MultiOptimizer, OptimizerMap
from .muon import Muon
from .nadam import Nadam
from .optimizer import Optimizer
from .registered_classes import class_identity, find_class
from .rmsprop import RMSprop
from .schedule_free_adamw import ScheduleFreeAdamW
from .sgd import SGD

BUILT_IN = {cls.__name__.lower(): cls for cls in (Adadelta, Adafactor, Adagrad, Adam, Adamax, AdamW, Ftrl, Lamb,
                                                  Lion, Muon, Nadam, RMSprop, ScheduleFreeAdamW, SGD)}
# Wrappers of another optimizer: found by deserialize, but not made from a name alone.
WRAPPERS = {'lossscaleoptimizer': LossScaleOptimizer, 'multioptimizer': MultiOptimizer}

# Classes Keras 3 exports but leaves out of its optimizers' ALL_OBJECTS: get('lamb') and get() of a Lamb's
# config raise there (its deserialize hands back the bare class name, not an Optimizer); the class itself works.
NOT_BY_NAME = frozenset(('lamb',))

_BY_CLASS_NAME = {cls.__name__: cls for cls in list(BUILT_IN.values()) + list(WRAPPERS.values())}


def _built_in_named(name):
    return BUILT_IN.get(str(name).lower()) or WRAPPERS.get(str(name).lower())


# The module name Keras 3 writes into serialized optimizers; kept so that
# configs move between tapeflow and Keras unchanged.
KERAS_MODULE = 'keras.optimizers'


def serialize(optimizer):
    """The Keras 3 dict for ``optimizer``: module, class_name, config, registered_name."""
    if not isinstance(optimizer, Optimizer):
        raise TypeError('serialize: expected an Optimizer, got %s' % type(optimizer).__name__)
    module, registered_name = class_identity(type(optimizer), _BY_CLASS_NAME, KERAS_MODULE)
    return {'module': module, 'class_name': type(optimizer).__name__,
            'config': serialized_config(optimizer.get_config()), 'registered_name': registered_name}


def deserialize(config, custom_objects=None):
    """keras.optimizers.deserialize: ``deserialize_config``, after lower-casing a built-in class name in
    the caller's dict as Keras 3 does (``s['class_name']`` reads 'adam' afterwards)."""
    name = config.get('class_name') if isinstance(config, dict) else None
    if isinstance(name, str) and _built_in_named(name) is not None and name.lower() not in NOT_BY_NAME:
        config['class_name'] = name.lower()
    if isinstance(config, dict) and 'class_name' in config:
        # Keras 3's deserialize_keras_object with its module table: a class it neither holds nor finds
        # among the custom objects comes back as its name ('Nope'), which get refuses
        from framework.keras.module_table_deserialize import deserialize_in_table
        return deserialize_in_table(config, custom_objects, KERAS_TABLE, deserialize_config)
    return deserialize_config(config, custom_objects)      # Keras's subscript: TypeError / KeyError


# Keras 3's optimizers.ALL_OBJECTS_DICT, lower-cased names (Lamb is not in it)
KERAS_TABLE = frozenset(BUILT_IN).union(WRAPPERS) - NOT_BY_NAME


def _not_deserialized(config, custom_objects, error):
    from layers.serialization import not_deserialized_text     # (late: layers imports optim)
    cls = _built_in_named(config['class_name'])
    if cls is None:         # a user's class: Keras prints it and the dict as given
        return TypeError(not_deserialized_text(find_class(config, _built_in_named, custom_objects), config, error))
    shown = {'module': 'keras.optimizers', 'class_name': cls.__name__, 'config': config.get('config'),
             'registered_name': None}
    return TypeError(not_deserialized_text(_keras_class_text(cls), shown, error))


def deserialize_config(config, custom_objects=None):
    """The optimizer a ``serialize`` dict describes (built-in class names are case-insensitive;
    a user's class comes from ``custom_objects``, a ``custom_object_scope`` or
    ``keras.saving.register_keras_serializable``).

    Raises:
        ValueError: a class name that is neither built in nor found among the user's classes.
        TypeError, KeyError: no dict, or a dict without 'class_name' (Keras 3 reads config['class_name']).
    """
    try:
        name = config['class_name']
    except (TypeError, KeyError) as error:
        # Python's own words, as Keras's subscript raises them: deserialize('adam') is a TypeError
        # 'string indices must be integers, not 'str'', deserialize({}) a KeyError 'class_name'
        error.add_note("keras.optimizers.deserialize takes serialize()'s dict {'class_name': ..., 'config': "
                       "...}; got %r (keras.optimizers.get takes a name)" % (config,))
        raise
    if not isinstance(config, dict):        # another mapping with a 'class_name' key: Keras's .copy() fails
        raise TypeError("deserialize: expected a dict with 'class_name' and 'config', got %r" % (config,))
    if isinstance(name, str) and _built_in_named(name) is not None and name.lower() not in NOT_BY_NAME:
        # Keras 3 lower-cases a built-in optimizer's name before its lookup, so custom_objects={'Adam': MyAdam}
        # is not consulted for an 'Adam' config (a .keras or .h5 compile config loads Adam); only 'adam' would be.
        # (on a copy: keras.layers.deserialize and load_model come here, and Keras's do not lower-case)
        config = dict(config, class_name=name.lower())
    cls = find_class(config, _built_in_named, custom_objects)
    if cls is None:
        raise ValueError('Unknown optimizer %r; valid names are %s (register your own class with '
                         '@keras.saving.register_keras_serializable() or pass it in custom_objects)'
                         % (name, ', '.join(sorted(BUILT_IN))))
    arguments = config.get('config')
    # Keras 3 hands from_config the caller's own config dict, which it changes: a schedule's config is
    # replaced by the schedule, LossScaleOptimizer pops 'inner_optimizer' (a second deserialize of the
    # same dict is then its KeyError 'inner_optimizer')
    try:
        return cls.from_config(arguments if isinstance(arguments, dict) else dict(arguments or {}),
                               custom_objects=custom_objects)
    except TypeError as error:
        if isinstance(error, ValueError):
            raise       # tapeflow's errors that are both (UnknownArgumentError): Keras's are ValueErrors, not wrapped
        # Keras 3's deserialize_keras_object words a TypeError of from_config (an unregistered schedule's
        # "Could not locate class 'Halving'") with the dict it rewrote a built-in's name to
        raise _not_deserialized(config, custom_objects, error) from None


def get(identifier):
    """An optimizer from a name, a ``serialize`` dict, or an optimizer (returned as is).

    Raises:
        ValueError: an unknown name (the message lists the valid ones) or an
            identifier of another kind.
    """
    if identifier is None:
        return None
    if isinstance(identifier, Optimizer):
        return identifier
    name = identifier.get('class_name') if isinstance(identifier, dict) else identifier
    if isinstance(name, str) and name.lower() in NOT_BY_NAME:
        error = ValueError('Could not interpret optimizer identifier: %s' % (identifier,))
        error.add_note("Keras 3 does not make a %s from its name or config: pass keras.optimizers.%s(...)"
                       % (_built_in_named(name).__name__, _built_in_named(name).__name__))
        raise error
    if isinstance(identifier, (dict, str)):
        try:
            found = deserialize(identifier if isinstance(identifier, dict) else {'class_name': identifier, 'config': {}})
        except ValueError as err:
            if not str(err).startswith('Unknown optimizer'):
                raise
            note = str(err)
        else:
            if isinstance(found, Optimizer):
                return found
            note = ('Unknown optimizer %r; valid names are %s (register your own class with '
                    '@keras.saving.register_keras_serializable() or pass it in custom_objects)'
                    % (found, ', '.join(sorted(BUILT_IN))))
    else:
        note = 'Pass a name (%s), a config dict or an Optimizer' % ', '.join(sorted(BUILT_IN))
    # Keras 3's text; what tapeflow knows (the valid names) rides as a note
    error = ValueError('Could not interpret optimizer identifier: %s' % (_keras_class_text(identifier),))
    error.add_note(note)
    raise error


def _keras_class_text(identifier):
    """An optimizer class (given where an instance belongs) as Keras prints it: its modules bear the names of
    tapeflow's (optim/sgd.py, keras/src/optimizers/sgd.py); anything else as Python prints it."""
    module = getattr(identifier, '__module__', '') if isinstance(identifier, type) else ''
    if module.count('.') == 1 and module.startswith('optim.') and issubclass(identifier, Optimizer):
        return "<class 'keras.src.optimizers.%s.%s'>" % (module.split('.')[1], identifier.__name__)
    return identifier


__all__ = ['Adadelta', 'Adafactor', 'Adagrad', 'Adam', 'Adamax', 'AdamW', 'Ftrl', 'Lamb', 'Lion',
           'LossScaleOptimizer', 'MultiOptimizer', 'Muon', 'Nadam', 'Optimizer', 'OptimizerMap', 'RMSprop',
           'ScheduleFreeAdamW', 'SGD',
           'deserialize', 'get', 'schedules', 'serialize']
