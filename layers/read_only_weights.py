"""Weights Keras 3 exposes as read-only properties: Dense's and EinsumDense's ``kernel`` and Embedding's
``embeddings`` (Keras stores ``_kernel`` and adds LoRA in the getter). Assigning one raises Python's
AttributeError for a property without a setter ("property 'kernel' of 'Dense' object has no setter"), before
or after build; reading it unbuilt raises Keras's 'You must build the layer before accessing `kernel`.'.

tapeflow keeps the variable in the instance dict under the public name, so checkpoints, LoRA's merged
kernel and the hot paths (which read ``layer.__dict__``) see it where they always have; only the
class-level descriptor is new. ``store`` is how a build puts it there."""
from . import tracking


class ReadOnlyWeight:
    """The class attribute ``name = ReadOnlyWeight('name')`` of such a layer."""

    def __init__(self, name):
        self._name = name

    def __get__(self, layer, owner=None):
        if layer is None:
            return self
        try:
            return layer.__dict__[self._name]
        except KeyError:
            raise AttributeError('You must build the layer before accessing `%s`.' % self._name) from None

    def __set__(self, layer, value):
        raise AttributeError("property '%s' of '%s' object has no setter" % (self._name, type(layer).__name__))

    def __delete__(self, layer):
        raise AttributeError("property '%s' of '%s' object has no deleter" % (self._name, type(layer).__name__))


def store(layer, name, variable):
    """``layer.<name> = variable`` for a build: into the instance dict where the read-only descriptor
    reads it, else by plain assignment (a layer whose attribute is writable, as a convolution's kernel)."""
    if isinstance(getattr(type(layer), name, None), ReadOnlyWeight):
        layer.__dict__[name] = variable
        tracking.structure_changed(layer)       # (as Layer.__setattr__ notes any attribute it sets)
    else:
        setattr(layer, name, variable)


def restore(layer, name, value, present):
    """A failed build's undo: put back ``value`` (or remove the attribute when it was not ``present``),
    past a read-only descriptor."""
    if isinstance(getattr(type(layer), name, None), ReadOnlyWeight):
        if present:
            layer.__dict__[name] = value
        else:
            layer.__dict__.pop(name, None)
    elif present:
        setattr(layer, name, value)
    else:
        delattr(layer, name)
