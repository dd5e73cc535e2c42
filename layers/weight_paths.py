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
    Keras 3's ``layer.path`` once built ('outer/dense').

    An enclosing layer already built opens its scope at the path where it was built, as Keras 3's
    name scope does from the layer's ``_parent_path``: in a Sequential loaded from a file, a custom
    layer built at load (outside the model) puts the Dense its call makes at 'custom/dense_2', not
    under the model's name. A layer being built has its path (``_built_path``) already set."""
    own = layer.__dict__.get('_built_path')
    if own is not None:
        return own
    parts = []
    for owner, name in call_context.enclosing_scopes(layer):
        built = owner.__dict__.get('_built_path') if owner is not None else None
        if built is not None:
            parts = [part for part in built.split('/') if part]
        elif name:
            parts.append(name)
    return '/'.join(parts + [layer.name])
