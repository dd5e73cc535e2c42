"""Weights Keras 3 exposes as read-only properties: Dense's and EinsumDense's ``kernel`` and Embedding's
``embeddings`` (Keras stores ``_kernel`` and adds LoRA in the getter). Assigning one raises Python's
AttributeError for a property without a setter ("property 'kernel' of 'Dense' object has no setter"), before
or after build; reading it unbuilt raises Keras's 'You must build the layer before accessing `kernel`.'.

tapeflow keeps the variable in the instance dict under the public name, so checkpoints, LoRA's merged
kernel and the hot paths (which read ``layer.__dict__``) see it where they always have; only the
class-level descriptor is new. ``store`` is how a build puts it there. Keras 3's convolutions with LoRA
(Conv1D, Conv2D, Conv3D: BaseConv) have the same property; its transposed and depthwise ones keep a
plain attribute."""
from . import lora, tracking


class ReadOnlyWeight:
    """The class attribute ``name = ReadOnlyWeight('name')`` of such a layer. With LoRA enabled it reads, as
    Keras 3's property, the merged ``weight + (lora_alpha / rank) * a @ b`` in the compute dtype (a tensor,
    computed at each read, so a tape sees the LoRA weights); the variable itself is ``_name``
    (``PrivateWeight``)."""

    def __init__(self, name):
        self._name = name

    def __get__(self, layer, owner=None):
        if layer is None:
            return self
        held = layer.__dict__
        try:
            value = held[self._name]
        except KeyError:
            raise AttributeError('You must build the layer before accessing `%s`.' % self._name) from None
        lora_state = held.get('_lora')
        # (inside a LoRA call the dict already holds the merged tensor: only the frozen variable is merged)
        if lora_state is not None and value is lora_state[2]:
            return lora.merged(layer)
        return value

    def __set__(self, layer, value):
        raise AttributeError("property '%s' of '%s' object has no setter" % (self._name, type(layer).__name__))

    def __delete__(self, layer):
        raise AttributeError("property '%s' of '%s' object has no deleter" % (self._name, type(layer).__name__))


class PrivateWeight:
    """Keras 3's private name of a read-only weight (``_kernel``, ``_embeddings``): the variable itself, never
    LoRA's merged tensor. A non-data descriptor: assigning the name sets a plain attribute that reads back
    (Keras would call with it; tapeflow's layer keeps calling with the weight its build made)."""

    def __init__(self, name):
        self._name = name

    def __get__(self, layer, owner=None):
        if layer is None:
            return self
        lora_state = layer.__dict__.get('_lora')
        if lora_state is not None and lora_state[0] == self._name:
            return lora_state[2]        # (also inside a LoRA call, where the dict holds the merged tensor)
        try:
            return layer.__dict__[self._name]
        except KeyError:
            raise AttributeError("'%s' object has no attribute '_%s'" % (type(layer).__name__, self._name)) from None


def store(layer, name, variable):
    """``layer.<name> = variable`` for a build: into the instance dict where the read-only descriptor
    reads it, else by plain assignment (a layer whose attribute is writable, as a transposed convolution's kernel)."""
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
