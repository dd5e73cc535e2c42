"""Where a layer's weight sits: Keras 3's variable path ('outer/dense/kernel')."""
from . import call_context


def weight_path(layer, name):
    """``name`` under the names of the layers and ``keras.name_scope`` blocks enclosing ``layer``
    and under ``layer``'s own name.

    Keras 3 opens each layer's scope from its parent's path with the empty parts dropped, so an
    enclosing layer named '' (the custom-layers tutorial's ``super().__init__(name='')``) adds
    nothing, while the layer's own empty name still leaves its slash: a Dense named '' holds
    'kernel' at the top and 'outer//kernel' inside a model 'outer'.
    """
    scope = layer_scope(layer)
    return scope + '/' + name if scope else name


def layer_scope(layer):
    """The names of the layers and ``keras.name_scope`` blocks enclosing ``layer``, then its own name:
    Keras 3's ``layer.path`` once built ('outer/dense')."""
    return '/'.join([part for part in call_context.enclosing_names(layer) if part] + [layer.name])
