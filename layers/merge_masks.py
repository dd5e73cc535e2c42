"""The public ``compute_mask`` of the merge layers (Add, Subtract, Multiply, Average, Maximum, Minimum,
Concatenate), as Keras 3's base_merge.py and concatenate.py write it.

Mask propagation reaches the same rules through mask_propagation's ``_keras_rule`` without calling
these methods (a merge layer stays a 'passes' layer there, so unmasked merge calls pay nothing);
these are for a user who calls ``layer.compute_mask(inputs, masks)`` directly, as the masking guide's
custom layers do. Before, such a call got Layer's default back: the list of masks unchanged.
"""
from .mask_propagation import _concatenated_mask, _elementwise_merge_mask


def _checked(inputs, mask):
    """Keras 3's argument checks, in its words: a list of masks, one per input."""
    if not isinstance(mask, (tuple, list)):
        raise ValueError('`mask` should be a list. Received: mask=%s' % (mask,))
    if not isinstance(inputs, (tuple, list)):
        raise ValueError('`inputs` should be a list. Received: inputs=%s' % (inputs,))
    if len(mask) != len(inputs):
        raise ValueError('The lists `inputs` and `mask` should have the same length. Received: inputs=%s of '
                         'length %d, and mask=%s of length %d' % (inputs, len(inputs), mask, len(mask)))


def elementwise_compute_mask(inputs, mask=None):
    """The masks or-ed together; None when any input has none."""
    if mask is None:
        return None
    _checked(inputs, mask)
    return _elementwise_merge_mask(inputs, list(mask))


def concatenate_compute_mask(inputs, mask, axis):
    """The masks (all True for an unmasked input) joined along ``axis``, any() over the last axis;
    None when no input has one."""
    if mask is None:
        return None
    if not isinstance(mask, (tuple, list)):
        # Keras's Concatenate words this one without the colon
        raise ValueError('`mask` should be a list. Received mask=%s' % (mask,))
    _checked(inputs, mask)
    if all(m is None for m in mask):
        return None
    return _concatenated_mask(inputs, list(mask), axis)


def keras_concatenated_mask(inputs, masks, axis):
    """Concatenate's mask spelled in keras.ops as Keras 3.15 writes it, for KerasTensors: each op joins the
    functional graph (ExpandDims, ZerosLike, LogicalOr, OnesLike, Concatenate and Any rows in a summary,
    where a layer that takes a mask reads it). A mask of lower rank is widened by or-ing it with the
    input's zeros, not broadcast to ``ops.shape(input)``, so the input is the op's graph input too."""
    from framework.keras import ops      # (lazy: framework.keras imports the layers)
    full = []
    for x, mask in zip(inputs, masks):
        if mask is None:
            full.append(ops.ones_like(x, dtype='bool'))
        elif mask.ndim < x.ndim:
            full.append(ops.logical_or(ops.expand_dims(mask, axis=-1), ops.zeros_like(x, dtype='bool')))
        else:
            full.append(mask)
    return ops.any(ops.concatenate(full, axis=axis), axis=-1, keepdims=False)


def mark_not_propagating(method):
    """Keep mask propagation on the layer's Keras rule (mask_propagation.defines_compute_mask reads
    this mark, as it reads Layer's default): an own compute_mask would make every merge call a
    mask-handling one."""
    method.keras_default = True
    return method
