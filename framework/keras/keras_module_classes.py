"""Keras 3's refusal of a config whose 'module' is a Keras package's module lacking its 'class_name'.

Keras 3's ``_retrieve_class_or_fn`` (serialization_lib) asks custom objects and the registry first;
then, for a module of the packages keras / keras_hub / keras_cv / keras_nlp, it imports the module
and takes the class of that name there, raising ValueError "Could not deserialize 'keras.losses.Nope'
because it is not a KerasSaveable subclass" when there is none. Only other modules get the TypeError
"Could not locate class 'Nope'. ...". ``keras.layers.deserialize`` and
``keras.saving.deserialize_keras_object`` both go through it (TF 2.21).
"""
import importlib

_KERAS_PACKAGES = ('keras', 'keras_hub', 'keras_cv', 'keras_nlp')


def is_keras_package_module(module):
    """Whether ``module`` (a config's 'module') belongs to a package Keras imports the class from."""
    return isinstance(module, str) and module.split('.', 1)[0] in _KERAS_PACKAGES


def lacks_class(module, class_name):
    """Whether Keras's public ``module`` (as tapeflow forwards it: 'keras.losses' is
    framework.keras.losses) has no ``class_name``; False where tapeflow has no such namespace."""
    if not module.startswith('keras.') or module.startswith('keras.src'):
        return False
    try:
        namespace = importlib.import_module('framework.' + module)
    except ImportError:
        return False
    return getattr(namespace, class_name, None) is None


def not_keras_saveable(module, class_name):
    """Keras 3's ValueError, with what to do in a note."""
    error = ValueError("Could not deserialize '%s.%s' because it is not a KerasSaveable subclass" % (module, class_name))
    error.add_note('%s has no class %r: register your class with @keras.saving.register_keras_serializable() or pass '
                   'it in custom_objects (with no Keras module in its config)' % (module, class_name))
    return error
