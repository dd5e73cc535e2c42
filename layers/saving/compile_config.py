"""The arguments a model was compiled with, as JSON, and back (Keras 3's ``compile_config``).

Saved: the optimizer's config (its state goes with the weights), the loss
and metrics as names or ``{'class_name', 'config'}`` dicts, the loss and
metric weights and ``steps_per_execution``. A function (a custom loss or
metric) is saved by its registered name, or its ``__name__``, in Keras 3's
``{'class_name': 'function', 'config': name}`` dict; loading finds
it through ``custom_objects`` or the registry. A Python lambda is Keras's
'__lambda__' entry (bytecode), run on loading only with safe_mode=False.
Loading (``compile_arguments``) is compile_config_restore.py.
"""
import types

import numpy as np

import optim
from framework import losses as losses_module
from framework.keras.function_code import is_python_lambda
from framework.keras.object_serialization import serialize_keras_object
from framework import metrics as metrics_module
from framework.losses import registry as loss_classes
from framework.metrics import registry as metric_classes
from framework.tensor import Tensor
from framework.type_text import EAGER_TENSOR_PATH

from ..object_sharing import recorded
from .registry import custom_class_identity, get_registered_name


def serialize(model):
    """Keras 3's ``compile_config`` dict for a compiled model, None otherwise."""
    if not getattr(model, 'compiled', False):
        return None
    arguments = model._compile_config            # compile's own arguments, as Keras keeps them
    optimizer = model.optimizer
    if getattr(optimizer, '_wraps_compiled', False):     # compile's own loss scaling: Keras saves the optimizer given
        optimizer = optimizer.inner_optimizer
    config = {'optimizer': optim.serialize(optimizer),
              'loss': _serialize(arguments.get('loss')),
            'loss_weights': arguments.get('loss_weights'),
            'metrics': _serialize(arguments.get('metrics')),
              'weighted_metrics': _serialize(arguments.get('weighted_metrics')),
              'run_eagerly': arguments.get('run_eagerly', False),
              'steps_per_execution': arguments.get('steps_per_execution', 1),
              'jit_compile': arguments.get('jit_compile', False)}
    if 'optimizer' not in arguments:
        del config['optimizer']               # taken by an .h5 save, see forget_optimizer_argument
    return config


def forget_optimizer_argument(model):
    """What Keras 3.15's ``.h5`` saving does to a compiled model: it pops 'optimizer' from the
    model's own compile arguments. Later ``.keras`` files and ``get_compile_config()`` then
    lack it, and a model loaded from such a file compiles with the default RMSprop (on
    TensorFlow, warning that it skips the saved optimizer's variables); so here too."""
    model._compile_config.pop('optimizer', None)


def config_entry(model):
    """The 'compile_config' entry Keras 3 writes beside every model's config: ``serialize``'s
    dict, or ``{}`` for a model never compiled."""
    return serialize(model) or {}


def training_config(compile_config, optimizer):
    """The legacy ``.h5`` spelling: the model's ``optimizer`` under 'optimizer_config' as
    {'class_name', 'config'}.

    Losses and metrics take Keras 2's serialization, as Keras 3.15 writes them
    into ``.h5`` files: a function by its (registered) name, an object as
    ``{'class_name', 'config'}`` with no 'module' or 'registered_name'. A loss
    name stays as given ('mse'), as Keras writes it, although Keras 3.15's own
    ``.h5`` loader cannot resolve the short names: its load_model of such a
    file raises, and so does tapeflow's (see ``_short_alias_refused``).
    """
    out = {k: _legacy_spelling(v) for k, v in compile_config.items() if k != 'optimizer'}
    optimizer = optim.serialize(optimizer)
    out['optimizer_config'] = {'class_name': optimizer['class_name'], 'config': optimizer['config']}
    return out


def _legacy_spelling(value):
    if isinstance(value, list):
        return [_legacy_spelling(v) for v in value]
    if isinstance(value, dict) and value.get('class_name') == 'function':
        return value['config']
    if isinstance(value, dict) and value.get('class_name') == '__lambda__':
        return '<lambda>'           # Keras 2's serializer names a function by its __name__, a lambda too
    if isinstance(value, dict) and 'class_name' in value:
        _refuse_tensor_entries(value['config'])
        return {'class_name': value.get('registered_name') or value['class_name'], 'config': value['config']}
    if isinstance(value, dict):
        return {k: _legacy_spelling(v) for k, v in value.items()}
    return value


def _refuse_tensor_entries(config):
    """Keras 2's serializer keeps a tensor in an object's config as it is (AUC's label_weights), which
    Keras 3's .h5 writer's JSON encoder refuses: TF 2.21's TypeError, formatting the EagerTensor as its values."""
    for entry in (config.values() if isinstance(config, dict) else ()):
        if isinstance(entry, dict) and entry.get('class_name') == '__tensor__':
            values = np.asarray(entry['config']['value'], dtype=entry['config']['dtype'])
            error = TypeError("Unable to serialize %s to JSON. Unrecognized type <class '%s'>."
                              % (values, EAGER_TENSOR_PATH))
            error.add_note("save_model: a compile argument's config holds a tensor, which the legacy .h5 format "
                           "cannot write; save as .keras, or compile without it")
            raise error


def _serialize(value):
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, (list, tuple)):
        # a lambda in a list warns from here, one elsewhere from below: Keras serializes lists and dicts in two
        # comprehensions, two warning locations, so compile(loss=lambda, metrics=[lambda]) warns twice
        return [serialize_keras_object(v) if is_python_lambda(v) else _serialize(v) for v in value]
    if isinstance(value, dict):
        return {k: _serialize(v) for k, v in value.items()}
    if isinstance(value, losses_module.Loss):
        return recorded(value, _with_module('keras.losses', losses_module.serialize(value), value))
    if isinstance(value, metrics_module.Metric):
        return recorded(value, _with_module('keras.metrics', metrics_module.serialize(value), value))
    if is_python_lambda(value):
        return serialize_keras_object(value)      # its bytecode, with Keras's warning (loading needs safe_mode=False)
    if isinstance(value, types.FunctionType):
        # Keras 3 serializes a plain function through the public-class path of its
        # type, ``function`` (module 'builtins'): the spelling TensorFlow's files carry.
        return recorded(value, {'module': 'builtins', 'class_name': 'function', 'config': get_registered_name(value),
                                'registered_name': 'function'})
    if callable(value):         # (a callable instance has no __name__: its class's)
        return get_registered_name(value) if hasattr(value, '__name__') else type(value).__name__
    raise TypeError('Cannot save the compile arguments: %r (a %s) is neither a name, a function, a Loss nor '
                    'a Metric' % (value, type(value).__name__))


def _with_module(module, config, obj):
    cls = type(obj)
    # a tensor in a config (AUC's label_weights) is filed as Keras's serialize_keras_object files it
    config = dict(config, config={k: _tensor_entry(v) for k, v in config['config'].items()})
    if _built_in(cls):
        return {'module': module, 'class_name': config['class_name'], 'config': config['config'],
                'registered_name': None}
    # A user's class, registered or not: Keras writes its module (None for __main__) and its
    # registered name ('Package>Name', else the bare class name), as for a custom layer.
    module, name = custom_class_identity(cls)
    from ..serialization import serialized_values, writing_legacy
    if not writing_legacy():
        # an object its get_config returns (an initializer) is serialized as Keras's serialize_dict does;
        # a legacy .h5 keeps it for its JSON encoder's passive entry (legacy_passive.legacy_json_value)
        config = dict(config, config=serialized_values(config['config']))
    return {'module': module, 'class_name': config['class_name'], 'config': config['config'],
            'registered_name': name}


def _tensor_entry(value):
    if isinstance(value, Tensor):
        from framework.keras.object_serialization import serialize_keras_object
        return serialize_keras_object(value)
    return value


def _built_in(cls):
    return (loss_classes.BY_NAME.get(cls.__name__) is cls
            or metric_classes.BY_NAME.get(cls.__name__) is cls)
