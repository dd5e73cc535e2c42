"""Layer classes that Keras 3 defines outside ``keras.layers`` and saves under their bare names
(InceptionResNetV2's ``CustomScaleLayer``). Keras finds them again by importing the module the
file names; tapeflow imports only its own copy, from this fixed list, so a file that Keras
wrote loads without ``custom_objects`` as it does in Keras, and no name in a file chooses
what is imported. GroupedQueryAttention is the Python name of Keras's GroupQueryAttention, which
Keras's legacy .h5 files hold (its legacy loader finds the class by that name)."""
import importlib

# class name: tapeflow's module holding it (Keras saves it under keras.src.applications.<the same module>),
# or 'module:class' where tapeflow's class has another name
_CLASSES = {
    'CustomScaleLayer': 'framework.keras.applications.inception_resnet_v2',
    'LayerScale': 'framework.keras.applications.convnext',
    'StochasticDepth': 'framework.keras.applications.convnext',
    'GroupedQueryAttention': 'layers.grouped_query_attention:GroupQueryAttention',
}


def keras_internal_classes():
    """{class name: class} for the classes above (their modules imported on first use)."""
    out = {}
    for name, where in _CLASSES.items():
        module, _, attribute = where.partition(':')
        out[name] = getattr(importlib.import_module(module), attribute or name)
    return out
