"""Layer classes that Keras 3 defines outside ``keras.layers`` and saves under their bare names
(InceptionResNetV2's ``CustomScaleLayer``). Keras finds them again by importing the module the
file names; tapeflow imports only its own copy, from this fixed list, so a file that Keras
wrote loads without ``custom_objects`` as it does in Keras, and no name in a file chooses
what is imported."""
import importlib

# class name: tapeflow's module holding it (Keras saves it under keras.src.applications.<the same module>)
_CLASSES = {
    'CustomScaleLayer': 'framework.keras.applications.inception_resnet_v2',
    'LayerScale': 'framework.keras.applications.convnext',
    'StochasticDepth': 'framework.keras.applications.convnext',
}


def keras_internal_classes():
    """{class name: class} for the classes above (their modules imported on first use)."""
    return {name: getattr(importlib.import_module(module), name) for name, module in _CLASSES.items()}
