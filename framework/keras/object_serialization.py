"""``keras.utils.serialize_keras_object`` / ``deserialize_keras_object``: any Keras object as a config dict.

The dict is Keras 3's: ``{'module', 'class_name', 'config', 'registered_name'}``
(plus ``build_config`` for built layers). Each family keeps its own
``serialize`` / ``deserialize`` (layers, losses, metrics, optimizers, schedules,
initializers, regularizers, constraints, activations); this module only picks
the family, from the object's base class when saving and from the dict's
``module`` when loading. Classes are only ever looked up (``custom_objects``,
an enclosing ``CustomObjectScope``, the registry, tapeflow's own), never
imported by a name read from a config.
"""
import contextlib
import contextvars
import importlib
import inspect
import warnings

import numpy as np

from framework.backend import to_host
from framework.tensor import Tensor, convert_to_tensor
from .function_code import LAMBDA_REFUSED, dump_function, is_python_lambda, load_function
from .global_switches import allows_code, effective_safe_mode, safe_mode_scope

_PLAIN = (type(None), bool, int, float, str)
_KERAS_NAMES = {'_CheckedInputSpec': 'InputSpec'}      # tapeflow's own subclasses, filed under Keras's name


def _families():
    """(Keras module, base class, deserialize) per family, imported on first use."""
    import framework.losses as losses
    import framework.metrics as metrics
    import optim
    from layers import constraints, initializers, regularizers
    from optim.schedules import learning_rate_schedule as schedules
    from layers.input_spec import InputSpec
    from . import dtype_policies
    return [('keras', dtype_policies.DTypePolicy, dtype_policies.deserialize_known),
            ('keras', InputSpec, _input_spec),
            ('keras.losses', losses.Loss, losses.registry.deserialize_known),      # (raises for a class it lacks)
            ('keras.metrics', metrics.Metric, metrics.registry.deserialize_known),   # (raises for a class it lacks)
            ('keras.optimizers', optim.Optimizer, optim.deserialize_config),
            ('keras.optimizers.schedules', schedules.LearningRateSchedule, schedules.deserialize),
            ('keras.initializers', initializers.Initializer, _ignoring_custom_objects(initializers.deserialize_known)),
            ('keras.regularizers', regularizers.Regularizer, _ignoring_custom_objects(regularizers.deserialize_known)),
            ('keras.constraints', constraints.Constraint, _ignoring_custom_objects(constraints.deserialize_known))]


def _input_spec(config, custom_objects=None):
    from layers.input_spec import InputSpec
    if config.get('class_name') != 'InputSpec':
        raise ValueError('not an InputSpec config: %r' % (config,))
    return InputSpec.from_config(config['config'])


def _ignoring_custom_objects(deserialize):
    return lambda config, custom_objects=None: deserialize(config)


def serialize_keras_object(obj):
    """Keras 3's config for ``obj``: plain values, lists, tuples and dicts element by element,
    arrays as ``{'class_name': '__numpy__', ...}``, functions by name, objects by class and config.

    Raises:
        TypeError: for an object that has no ``get_config`` (say what to register or pass instead).
    """
    from layers.saving.registry import get_registered_name, is_registered
    from framework.dtypes import DType
    from framework.tensor_shape import TensorShape
    if isinstance(obj, _PLAIN):
        return obj
    if isinstance(obj, np.generic) or (isinstance(obj, np.ndarray) and obj.ndim == 0):
        return obj.item()       # numpy scalars as plain values, as Keras 3 treats them
    if isinstance(obj, TensorShape):        # Keras 3: as_list(), None for an unknown rank
        return None if obj.rank is None else list(obj)
    if isinstance(obj, DType):
        return obj.name
    if isinstance(obj, slice):
        return {'class_name': '__slice__', 'config': {'start': serialize_keras_object(obj.start),
                                                      'stop': serialize_keras_object(obj.stop),
                                                      'step': serialize_keras_object(obj.step)}}
    if obj is Ellipsis:
        return {'class_name': '__ellipsis__', 'config': {}}
    if isinstance(obj, (list, tuple)):
        items = [serialize_keras_object(x) for x in obj]
        return tuple(items) if isinstance(obj, tuple) else items
    if isinstance(obj, dict):
        return {key: serialize_keras_object(value) for key, value in obj.items()}
    if isinstance(obj, bytes):
        return {'class_name': '__bytes__', 'config': {'value': obj.decode('utf-8')}}
    if isinstance(obj, (np.ndarray, Tensor)):
        value = to_host(obj._data) if isinstance(obj, Tensor) else obj
        kind = '__tensor__' if isinstance(obj, Tensor) else '__numpy__'
        return {'class_name': kind, 'config': {'value': value.tolist(), 'dtype': value.dtype.name}}
    if is_python_lambda(obj):
        return _lambda_entry(obj)
    from layers.functional.keras_tensor import KerasTensor, serialized_entry
    if isinstance(obj, KerasTensor):
        return serialized_entry(obj)
    registered = get_registered_name(type(obj) if not _is_function(obj) else obj) \
        if is_registered(type(obj) if not _is_function(obj) else obj) else None
    from layers.object_sharing import recorded
    if _is_function(obj):
        # Keras 3 files every function as an object of class 'function'; a registered one keeps its
        # 'Package>name' as the config, which is how it is found again
        return recorded(obj, {'module': 'builtins', 'class_name': 'function', 'config': registered or obj.__name__,
                              'registered_name': 'function'})
    from layers.layer import Layer
    if isinstance(obj, Layer):
        return _serialize_layer(obj, registered)
    if not hasattr(obj, 'get_config'):
        error = TypeError('Cannot serialize object %s of type %s. To be serializable, a class must implement the '
                          '`get_config()` method.' % (obj, type(obj)))
        error.add_note('serialize_keras_object: give the class get_config()/from_config() and decorate it with '
                       '@keras.saving.register_keras_serializable()')
        raise error
    module = next((name for name, base, _ in _families() if isinstance(obj, base)), None)
    if registered is not None or module is None:
        module = _module_or_none(type(obj))
    if not _is_tapeflows(type(obj)):
        # A user's class (a HuberLoss(keras.losses.Loss), a HuberMetric): Keras 3 writes its module
        # (None for a script) and its registered name, the bare class name when not registered.
        module, registered = _module_or_none(type(obj)), get_registered_name(type(obj))
    class_name = type(obj).__name__ if module != 'keras' or not _is_tapeflows(type(obj)) else _KERAS_NAMES.get(
        type(obj).__name__, type(obj).__name__)
    return recorded(obj, {'module': module, 'class_name': class_name,
                          'config': serialize_keras_object(obj.get_config()), 'registered_name': registered})


# False while a legacy .h5 file is written: Keras's legacy serializer names a lambda, without a warning
_warn_lambdas = contextvars.ContextVar('warn_lambdas', default=True)


@contextlib.contextmanager
def lambdas_unwarned():
    token = _warn_lambdas.set(False)
    try:
        yield
    finally:
        _warn_lambdas.reset(token)


def _lambda_entry(fn):
    """Keras 3's entry for a Python lambda (a loss given as one, a lambda in a custom config): its
    bytecode, which loading runs only with safe_mode=False, and Keras's warning saying so."""
    if not _warn_lambdas.get():
        return {'class_name': '__lambda__', 'config': {'value': dump_function(fn)}}
    try:
        source = inspect.getsource(fn)
    except (OSError, TypeError):        # (typed at a prompt: no source file to quote)
        source = repr(fn)
    warnings.warn('The object being serialized includes a `lambda`. This is unsafe. In order to reload the object, '
                  'you will have to pass `safe_mode=False` to the loading function. Please avoid using `lambda` in '
                  'the future, and use named Python functions instead. This is the `lambda` being serialized: '
                  + source, stacklevel=3)
    return {'class_name': '__lambda__', 'config': {'value': dump_function(fn)}}


def _is_tapeflows(cls):
    return cls.__module__.split('.')[0] in ('framework', 'layers', 'optim')


def _is_function(obj):
    return callable(obj) and not isinstance(obj, type) and hasattr(obj, '__name__') and \
        not hasattr(obj, 'get_config')


def _serialize_layer(layer, registered):
    from layers import serialization
    from layers.model import Model
    if isinstance(layer, Model):
        from layers.saving.model_config import serialize_model
        return serialize_model(layer, json_safe=False)     # Keras 3 keeps tuples ('batch_shape': (None, 2))
    config = serialization.serialize(layer)
    if registered is not None:
        config['module'], config['registered_name'] = _module_or_none(type(layer)), registered
    return config


def _module_or_none(cls):
    """A class's module as Keras 3 writes it: None for a script's ``__main__``."""
    return None if cls.__module__ == '__main__' else cls.__module__


def deserialize_keras_object(config, custom_objects=None, safe_mode=True, **kwargs):
    """The object a ``serialize_keras_object`` config describes.

    Args:
        config: what ``serialize_keras_object`` returned (strings and numbers come back as they are).
        custom_objects: {name: class or function} for your own objects.
        safe_mode: False lets a Python lambda's bytecode in the config be run (Keras 3's
            switch; ``keras.config.enable_unsafe_deserialization()`` overrides it).
    Raises:
        TypeError: a class or function name that is not found anywhere (register it or pass it in
            ``custom_objects``).
    """
    # the nested calls (a layer's from_config among them) see the decision through the scope, as in Keras
    with safe_mode_scope(effective_safe_mode(safe_mode)):
        return _deserialize(config, custom_objects)


def _deserialize(config, custom_objects):
    if isinstance(config, str):
        # a plain function's name (legacy files write functions so): the custom object if one
        # has that name, the string itself otherwise, as Keras 3 does (the registry's, then the
        # scope's, over custom_objects': Keras merges them before this lookup)
        from layers.saving.registry import merged_custom_objects
        found = merged_custom_objects(custom_objects).get(config)
        return config if found is None else found
    if isinstance(config, _PLAIN):
        return config
    if isinstance(config, (list, tuple)):        # Keras 3 returns a list for either
        return [deserialize_keras_object(x, custom_objects) for x in config]
    if not isinstance(config, dict):
        raise TypeError('Could not parse config: %s' % (config,))       # Keras 3's words (str of the object)
    if 'class_name' not in config or 'config' not in config:
        return {key: deserialize_keras_object(value, custom_objects) for key, value in config.items()}
    class_name, inner = config['class_name'], config['config']
    if class_name == '__tuple__':
        return tuple(deserialize_keras_object(x, custom_objects) for x in inner['value'])
    if class_name == '__bytes__':
        return inner['value'].encode('utf-8')
    if class_name == '__ellipsis__':
        return Ellipsis
    if class_name == '__slice__':
        return slice(*(deserialize_keras_object(inner[part], custom_objects) for part in ('start', 'stop', 'step')))
    if class_name == '__keras_tensor__':        # Keras 3: a new symbolic tensor of that shape and dtype
        from layers.functional.keras_tensor import KerasTensor
        return KerasTensor(inner['shape'], dtype=inner['dtype'])
    if class_name in ('__numpy__', '__tensor__'):
        value = np.array(inner['value'], dtype=inner['dtype'])
        return convert_to_tensor(value) if class_name == '__tensor__' else value
    if class_name == 'function':
        return _find_function(inner, config.get('registered_name'), custom_objects, config)
    if class_name == '__lambda__':
        if not allows_code():
            error = ValueError(LAMBDA_REFUSED)      # Keras 3's words
            error.add_note('deserialize_keras_object: the config holds a Python lambda as bytecode; or give the '
                           'function a name (def ...) and pass it in custom_objects')
            raise error
        return load_function(inner['value'])
    return _build_object(config, custom_objects)


def _lookup(names, custom_objects):
    from layers.saving.registry import get_registered_object
    for name in names:
        if name:
            found = get_registered_object(name, custom_objects)
            if found is not None:
                return found
    return None


def located_function(name, registered_name, custom_objects=None):
    """The user's function a 'function' config names, from custom objects or the registry, or None."""
    return _lookup([registered_name if registered_name != 'function' else None, name], custom_objects)


def _find_function(name, registered_name, custom_objects, config=None):
    found = located_function(name, registered_name, custom_objects)
    if found is not None:
        return found
    from framework.losses.registry import BY_NAME as losses_by_name
    from layers import activations
    for table in (activations._ALL, losses_by_name):
        fn = table.get(name)
        if callable(fn) and not isinstance(fn, type):
            return fn
    try:
        from framework.metrics.registry import function_by_name
        return function_by_name(name)
    except ValueError:
        # Keras 3's words (serialization_lib); what to pass rides as a note
        config = config or {'module': 'builtins', 'class_name': 'function', 'config': name,
                            'registered_name': registered_name}
        error = TypeError('Could not locate function %r. Make sure custom classes and functions are decorated with '
                          '`@keras.saving.register_keras_serializable()`. If they are already decorated, make sure '
                          'they are all imported so that the decorator is run before trying to load them. '
                          'Full object config: %r' % (name, config))
        error.add_note('or pass it in custom_objects={%r: %s}' % (name, name))
        raise error from None


def _build_object(config, custom_objects):
    from layers.layer import Layer
    class_name, module = config['class_name'], config.get('module')
    from layers.serialization import names_keras_builtin
    if names_keras_builtin(config) and _is_layer_module(module) and _is_builtin_layer(class_name):
        return _build_layer(config, custom_objects)     # Keras's own layer: custom_objects are not consulted
    cls = _lookup([config.get('registered_name'), class_name], custom_objects)
    if cls is None and module == 'keras' and class_name in ('DTypePolicy', 'FloatDTypePolicy'):
        from .dtype_policies import deserialize
        return deserialize(config, custom_objects)
    if cls is None and module == 'keras' and class_name == 'InputSpec':
        return _input_spec(config)
    if (isinstance(cls, type) and issubclass(cls, Layer)) or (cls is None and _is_layer_module(module)):
        # the class found here, at the top (an enclosing scope before the registry), is the one built
        return _build_layer(config, dict(custom_objects or {}, **({class_name: cls} if cls else {})), cls)
    if cls is not None:
        if not hasattr(cls, 'from_config'):
            raise TypeError('deserialize_keras_object: %r resolved to %r, which has no from_config()'
                            % (class_name, cls))
        # Keras 3 hands from_config the config as saved (a nested object's entry stays a dict, which the
        # class's own from_config deserializes if it wants), inside the custom objects' scope
        from layers.saving.registry import custom_object_scope
        from layers.serialization import wrapped_type_errors
        with custom_object_scope(custom_objects or {}), wrapped_type_errors(cls, config):
            return cls.from_config(config['config'])
    from .keras_module_classes import lacks_class, not_keras_saveable
    if cls is None and lacks_class(str(module), class_name):
        raise not_keras_saveable(module, class_name)
    families = [f for f in _families() if f[0] == module] or _families()
    for _, _, deserialize in families:
        try:
            return deserialize(config, custom_objects=custom_objects)
        except (ValueError, TypeError, KeyError):
            if len(families) == 1:
                raise
    if module is None:
        try:
            return _build_layer(config, custom_objects)
        except ValueError:
            pass
    from layers.serialization import not_located_text
    error = TypeError(not_located_text(class_name, config))       # Keras 3's words
    error.add_note('deserialize_keras_object: no class %r (module %r) is known; pass it in custom_objects={%r: %s}'
                   % (class_name, module, class_name, class_name))
    raise error


def _is_builtin_layer(class_name):
    import layers as builtin
    from layers.layer import Layer
    cls = getattr(builtin, class_name, None)
    return isinstance(cls, type) and issubclass(cls, Layer)


def _is_layer_module(module):
    # 'keras._legacy.layers': tf.keras's ThresholdedReLU / RandomHeight / RandomWidth, as TF 2.21 saves them
    return module is not None and (module in ('keras', 'keras.layers', 'keras._legacy.layers')
                                   or module.startswith('keras.src.models'))


def _build_layer(config, custom_objects, found=None):
    from layers.saving.model_config import build_model, compile_as_described, lookup_table, resolve_layer_class
    table = lookup_table(custom_objects)
    cls = found or resolve_layer_class(config['class_name'], config.get('registered_name'), table, config)
    if cls is None:
        # Keras 3's words (its _retrieve_class_or_fn finds nothing of that name in the Keras module)
        from .keras_module_classes import not_keras_saveable
        raise not_keras_saveable(config.get('module'), config['class_name'])
    if _is_model_class(cls):
        # serialize_keras_object(model) of a compiled model holds its compile_config: Keras compiles it again
        model = build_model(config, table, 'deserialize_keras_object')
        compile_as_described(model, config, table, 'deserialize_keras_object')
        return model
    from layers import serialization
    return serialization.deserialize(dict(config, class_name=cls.__name__), {cls.__name__: cls})


def _is_model_class(cls):
    model = importlib.import_module('layers.model').Model
    return issubclass(cls, model)
