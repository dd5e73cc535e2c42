"""How a padding mask travels from layer to layer (Keras 3's masking).

A mask is a bool tensor, usually (batch, steps), True where a step counts.
It rides on the tensor a layer returns, kept in ``tensor_notes`` as Keras
keeps it in ``_keras_mask``. Around each layer call (Keras 3's
``Layer.__call__``, steps 6 to 8):

1. when ``call`` takes a ``mask`` argument, none is given and the input is
   the call's only tensor, the input's mask is passed as ``mask``;
2. the layer runs;
3. a layer that supports masking sets ``compute_mask(inputs, mask)`` on
   outputs that carry none yet; any other layer given a masked input warns
   that the mask stops there.

``Layer.__call__`` (layers/layer.py) does this through ``call_with_masks``
when ``masks_matter``: a mask is given or rides on the input, or the layer
computes one; other calls pay one dict lookup. A layer supports masking when
it says so (``supports_masking``), defines ``compute_mask``, or is one of the
pass-through layers Keras marks ``supports_masking = True``.
"""
import inspect
import warnings

import numpy as np

from framework import nest
from framework.losses.tensor_notes import get_keras_mask, has_notes, set_keras_mask
from framework.ops import broadcast_to, cast, concat, expand_dims, logical_or, ones_like, reduce_any
from framework.tensor import Tensor, convert_to_tensor

from . import call_context


def mask_of(inputs):
    """The mask on ``inputs`` (a list of them for a list of inputs); None when there is none."""
    if isinstance(inputs, Tensor):
        return get_keras_mask(inputs)
    if isinstance(inputs, (list, tuple)):
        masks = [mask_of(x) for x in inputs]
        return masks if any(m is not None for m in masks) else None
    if type(inputs) is dict:        # (Keras warns alike when a layer drops a dict member's mask)
        masks = {key: mask_of(x) for key, x in inputs.items()}
        return masks if any(m is not None for m in masks.values()) else None
    return None


def as_mask(mask):
    """``mask`` as a bool tensor (it may come as 0/1 numbers or an array)."""
    mask = mask if isinstance(mask, Tensor) else convert_to_tensor(mask)
    return mask if mask._data.dtype.kind == 'b' else cast(mask, 'bool')


_PASS_THROUGH = None


def _pass_through_classes():
    """The tapeflow layers Keras 3 marks ``supports_masking = True`` without a
    ``compute_mask`` of their own: their output keeps their input's mask."""
    global _PASS_THROUGH
    if _PASS_THROUGH is None:
        from .activation_layers import _Elementwise
        from .batch_normalization import BatchNormalization
        from .dense import Dense
        from .normalization import LayerNormalization
        from .preprocessing.feature_normalization import Normalization
        from .rescaling import Rescaling
        _PASS_THROUGH = (Dense, _Elementwise, BatchNormalization, LayerNormalization, Normalization, Rescaling)
    return _PASS_THROUGH


def supports_masking(layer):
    """Whether ``layer`` passes on (or computes) a mask for its outputs."""
    declared = getattr(layer, 'supports_masking', None)    # Layer's property falls back on the inference
    if declared is not None:
        return bool(declared)
    return inferred_supports_masking(layer)


def inferred_supports_masking(layer):
    """Whether ``layer`` supports masking by what it is, when it does not say."""
    rule = _keras_rule(layer)
    if rule is not None:
        return rule[0]
    if _is_models_compute_mask(type(layer)):
        return False
    return defines_compute_mask(layer) or isinstance(layer, _pass_through_classes())


def _is_models_compute_mask(cls):
    """Whether ``cls`` takes its compute_mask from Functional or Sequential. Theirs (None: each output
    carries the mask its own layer computed) is tapeflow's; Keras 3's models define none, so their
    ``supports_masking`` is False and a nested model's symbolic outputs carry no mask (TF 2.21).
    A subclass that writes its own compute_mask supports masking, as in Keras."""
    for klass in cls.__mro__:
        if 'compute_mask' in vars(klass):
            return 'outputs_carry_masks' in vars(klass)
    return False


def defines_compute_mask(layer_or_class):
    """Whether a layer (or its class) has a ``compute_mask`` of its own: Layer's default, which
    returns the previous mask as Keras 3's base does, makes no layer one that computes masks."""
    method = getattr(layer_or_class, 'compute_mask', None)
    return method is not None and not getattr(method, 'keras_default', False)


def output_mask(layer, inputs, previous):
    """``layer.compute_mask(inputs, previous)``, or ``previous`` for a pass-through layer."""
    compute = layer.compute_mask if defines_compute_mask(layer) else None
    if compute is None:
        rule = _keras_rule(layer)
        compute = None if rule is None else rule[1]
    return previous if compute is None else compute(inputs, previous)


def _keras_rule(layer):
    """(supports masking, compute_mask) that Keras 3 gives Lambda and the merge
    layers, whose tapeflow classes do not say; None for other layers."""
    from .lambda_layer import Lambda
    from .merging import Concatenate, _Merge
    if isinstance(layer, Lambda):
        return layer.mask is not None, layer.compute_mask
    if isinstance(layer, _Merge):
        return True, _elementwise_merge_mask
    if isinstance(layer, Concatenate):
        return True, lambda inputs, mask: _concatenated_mask(inputs, mask, layer.axis)
    return None


def is_merge(layer):
    """Whether ``layer`` is Add, Subtract, Multiply, Average, Maximum, Minimum (masks or-ed) or
    Concatenate (masks joined): Keras 3's compute_mask of theirs, which tapeflow keeps as rules here."""
    from .merging import Concatenate, _Merge
    return isinstance(layer, (_Merge, Concatenate))


def _elementwise_merge_mask(inputs, masks):
    """Add, Multiply, ...: the masks or-ed together, None unless every input has one."""
    if masks is None or any(m is None for m in masks):
        return None
    if any(_is_keras_tensor(m) for m in masks):
        # a functional graph: Keras's LogicalOr op nodes (a summary row each, when a layer that
        # takes a mask reads the result: a Transformer block's GlobalAveragePooling1D)
        from .functional.symbolic_ops import record_op
        merged = masks[0]
        for mask in masks[1:]:
            merged = record_op('logical_or', (merged, mask), {})
        return merged
    merged = as_mask(masks[0])
    for mask in masks[1:]:
        merged = logical_or(merged, as_mask(mask))
    return merged


def _is_keras_tensor(x):
    from .functional.keras_tensor import is_keras_tensor
    return is_keras_tensor(x)


def _concatenated_mask(inputs, masks, axis):
    """Concatenate: the masks (all True for an unmasked input) joined along ``axis``,
    then any() over the last axis, as Keras 3 computes it."""
    if masks is None:
        return None
    if any(_is_keras_tensor(t) for t in list(inputs) + list(masks)):
        from .merge_masks import keras_concatenated_mask
        return keras_concatenated_mask(inputs, masks, axis)
    full = []
    for x, mask in zip(inputs, masks):
        if mask is None:
            full.append(ones_like(x, dtype='bool'))
            continue
        mask = as_mask(mask)
        if mask.ndim < x.ndim:
            mask = broadcast_to(expand_dims(mask, -1), x.shape)
        full.append(mask)
    return reduce_any(concat(full, axis), axis=-1)


_TAKES_MASK = {}


def takes_mask(cls):
    """Whether ``cls.call`` has a ``mask`` parameter (looked up once per class)."""
    takes = _TAKES_MASK.get(cls)
    if takes is None:
        takes = _TAKES_MASK[cls] = 'mask' in inspect.signature(cls.call).parameters
    return takes


def _other_tensors(args, kwargs):
    """Whether the call has tensors besides its input (Keras then fills in no ``mask``:
    an RNN given ``initial_state`` runs unmasked)."""
    return any(isinstance(x, (Tensor, np.ndarray)) for x in nest.flatten((list(args), kwargs)))


_ARGUMENT_MASKS = {}


def _with_argument_masks(cls, inputs, args, kwargs):
    """``kwargs`` with ``<name>_mask`` filled for each tensor argument ``<name>`` of a call with several,
    as Keras 3 does (a layer's ``call(self, x, y, x_mask=None)`` called on a masked ``x`` gets its mask)."""
    names = _ARGUMENT_MASKS.get(cls)
    if names is None:
        parameters = list(inspect.signature(cls.call).parameters)[1:]
        names = _ARGUMENT_MASKS[cls] = (parameters, {n for n in parameters if n + '_mask' in parameters})
    parameters, masked = names
    if not masked:
        return kwargs
    values = dict(zip(parameters, (inputs,) + tuple(args)))
    values.update(kwargs)
    filled = {}
    for name in masked:
        value = values.get(name)
        if value is None or kwargs.get(name + '_mask') is not None:
            continue
        masks = nest.map_structure(_argument_mask, value)
        if masks is not None:
            filled[name + '_mask'] = masks
    return dict(kwargs, **filled) if filled else kwargs


def _argument_mask(x):
    # (a tensor the enclosing layer's build run was fed had its mask cleared there by Keras's attention layers)
    if not isinstance(x, Tensor) or call_context.fed_to_build_run(x):
        return None
    return get_keras_mask(x)


def call_with_masks(call, layer, inputs, args, kwargs, run_to_build=False):
    """``call(inputs, *args, **kwargs)`` (``layer``'s ``__call__``) with the mask handled around it.
    ``run_to_build``: the call is one Keras runs twice (layer.builds_by_calling); it reads the
    input's mask after its first run, whose attention layers may have cleared it.

    Returns:
        the outputs, carrying the masks ``layer`` computes for them.
    """
    previous = given = kwargs.get('mask')
    if previous is None:
        previous = mask_of(inputs)
        if _other_tensors(args, kwargs):
            kwargs = _with_argument_masks(type(layer), inputs, args, kwargs)
        elif takes_mask(type(layer)):
            if type(inputs) in _STRUCTURES:
                # Keras 3 fills ``mask`` with the masks of its only tensor argument, structure kept: a list,
                # tuple or dict of inputs without masks gives [None, None], (None, None), {'a': None}
                kwargs = dict(kwargs, mask=nest.map_structure(
                    lambda x: get_keras_mask(x) if isinstance(x, Tensor) else None, inputs))
            elif previous is not None:
                kwargs = dict(kwargs, mask=previous)
    outputs = call(inputs, *args, **kwargs)
    if run_to_build and given is None:
        previous = mask_of(inputs)
    if supports_masking(layer):
        _attach(layer, inputs, outputs, previous)
    elif previous is not None:
        warn_mask_dropped(layer)
    return outputs


def warn_if_mask_dropped(model, inputs, mask):
    """Keras 3's warning for a Sequential or functional model given ``mask`` or inputs that carry one:
    neither defines compute_mask, so Keras's __call__ says the mask stops there (their own layers still
    see it, and their outputs carry the masks those layers compute)."""
    given = mask if mask is not None else nest.map_structure(
        lambda x: get_keras_mask(x) if isinstance(x, Tensor) else None, inputs)
    if any(m is not None for m in nest.flatten(given)):
        warn_mask_dropped(model)


def warn_mask_dropped(layer):
    # Warned from this line (no stacklevel), as Keras warns from one line of its Layer.__call__:
    # Python's default filter then shows it once per layer, not once per place it is called from.
    warnings.warn("Layer '%s' (of type %s) was passed an input with a mask attached to it. However, this layer "
                  'does not support masking and will therefore destroy the mask information. Downstream layers '
                  'will not see the mask.' % (layer.name, type(layer).__name__))


def _attach(layer, inputs, outputs, previous):
    flat = [t for t in nest.flatten(outputs)]
    if all(isinstance(t, Tensor) and get_keras_mask(t) is not None for t in flat):
        return                              # the layer set them itself (Masking)
    masks = output_mask(layer, inputs, previous)
    if masks is None:
        return
    for tensor, mask in zip(flat, nest.flatten(masks)):
        if mask is not None and isinstance(tensor, Tensor) and get_keras_mask(tensor) is None:
            set_keras_mask(tensor, as_mask(mask))


def masks_matter(layer, inputs, kwargs):
    """Whether ``Layer.__call__`` must handle masks around this call: a mask is given or
    rides on the input, or the layer computes one. Models handle their own."""
    kind = MASK_KIND.get(type(layer))
    if kind is None:
        cls = type(layer)
        own = getattr(cls, 'outputs_carry_masks', False)
        kind = MASK_KIND[cls] = 'own' if own else 'makes' if defines_compute_mask(cls) else 'passes'
    if kind != 'passes':
        return kind == 'makes'
    if kwargs.get('mask') is not None:
        return True
    if type(inputs) in _STRUCTURES and takes_mask(type(layer)):
        return True     # Keras hands such a call the inputs' structure of masks, [None, None] without any
    # The input's mask lives in the notes table: most calls find nothing there.
    return (type(inputs) is not Tensor or has_notes(inputs)) and mask_of(inputs) is not None


_STRUCTURES = (list, tuple, dict)


# layer class -> 'own' (a model, whose outputs carry the masks its layers computed),
# 'makes' (has compute_mask) or 'passes'
MASK_KIND = {}
