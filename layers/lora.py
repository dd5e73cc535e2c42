"""LoRA (low-rank adaptation) for Dense, EinsumDense and Embedding, as Keras 3's ``enable_lora`` / ``lora_rank``.

Enabling freezes the layer's kernel (embeddings) and adds two trainable float32 weights ``a`` of
shape kernel.shape[:-1] + (rank,) and ``b`` of shape (rank, kernel.shape[-1]); calls use ``kernel + (lora_alpha / rank) * a @ b``.

Plain layers pay nothing for this: ``enable_lora`` gives the one layer an instance-level ``call``
that puts the merged kernel where the class's own ``call`` reads it (``layer.__dict__``) for the
duration of the call, so the class's fused paths run unchanged on the merged tensor.
Saving files the merged kernel in place of the kernel and no LoRA weights (Keras 3's
``save_own_variables``); loading assigns it and zeroes ``a`` and ``b``.
"""
import types

import numpy as np

from . import initializers


def check_can_enable(layer, constraint, kind='kernel', argument='kernel_constraint'):
    """Keras 3's refusals, in its order and words (Embedding says 'embedding constraints')."""
    if constraint:
        raise ValueError('Lora is incompatible with %s constraints. In order to enable lora on this layer, '
                         'remove the `%s` argument.' % (kind, argument))
    if not layer.built:
        raise ValueError("Cannot enable lora on a layer that isn't yet built.")
    if layer.lora_enabled:
        raise ValueError('lora is already enabled. This can only be done once per layer.')


def enable(layer, attribute, weight_prefix, rank, lora_alpha, a_initializer, b_initializer, regularizer):
    """Add the LoRA weights for ``layer.<attribute>`` (named ``<weight_prefix>_a`` / ``_b``), freeze it
    and switch the layer's calls to the merged kernel."""
    frozen = layer.__dict__[attribute]
    shape = tuple(frozen.shape)     # an EinsumDense kernel may have more axes: a is (..., rank), b (rank, last)
    # float32 whatever the policy, as Keras 3 keeps them (no underflow while fine-tuning)
    with layer.unlocked_state():        # Keras 3's enable_lora unlocks the built layer's tracker likewise
        a = layer.add_weight(name=weight_prefix + '_a', shape=shape[:-1] + (rank,),
                             initializer=initializers.get(a_initializer), dtype='float32', regularizer=regularizer)
        b = layer.add_weight(name=weight_prefix + '_b', shape=(rank, shape[-1]),
                             initializer=initializers.get(b_initializer), dtype='float32', regularizer=regularizer)
        setattr(layer, weight_prefix + '_a', a)
        setattr(layer, weight_prefix + '_b', b)
    frozen.trainable = False
    layer.lora_enabled = True
    layer.lora_rank = rank
    layer.lora_alpha = lora_alpha if lora_alpha is not None else rank
    # (the frozen variable: what the read-only property merges, and a LoRA call puts back)
    layer.__dict__['_lora'] = (attribute, weight_prefix, frozen)
    layer.__dict__['call'] = types.MethodType(_call_with_merged_kernel, layer)


def merged(layer):
    """``kernel + (lora_alpha / lora_rank) * a @ b`` in the layer's compute dtype (Keras 3's order); an
    Embedding's in float32, its call casting the rows it looks up (the same bits, and the rows' gradients
    summed in float32, as TF sums the IndexedSlices its Cast gradient passes on)."""
    import framework as tf
    attribute, prefix = layer.__dict__['_lora'][:2]
    frozen = layer.__dict__[attribute]
    a, b = layer.__dict__[prefix + '_a'], layer.__dict__[prefix + '_b']
    # keras.ops.matmul on TF: a 2-D MatMul, or for an EinsumDense's (..., rank) a the tensordot
    # (a reshape to 2-D, MatMul, reshape back) whose gradients sum in that order
    product = tf.matmul(a, b) if len(a.shape) == 2 else tf.tensordot(a, b, axes=[[-1], [0]])
    delta = (layer.lora_alpha / layer.lora_rank) * product
    kernel = frozen + delta
    if kernel.dtype.name != layer.compute_dtype and not getattr(layer, 'casts_looked_up_rows', False):
        kernel = tf.cast(kernel, layer.compute_dtype)
    return kernel


def _call_with_merged_kernel(layer, inputs, *args, **kwargs):
    attribute = layer.__dict__['_lora'][0]
    frozen = layer.__dict__[attribute]
    layer.__dict__[attribute] = merged(layer)
    try:
        return type(layer).call(layer, inputs, *args, **kwargs)
    finally:
        layer.__dict__[attribute] = frozen


def zero_lora_weights(layer):
    """After loading a merged kernel, as Keras 3's load_own_variables: the update starts from zero."""
    prefix = layer.__dict__['_lora'][1]
    for suffix in ('_a', '_b'):
        variable = layer.__dict__[prefix + suffix]
        variable.assign(np.zeros(variable.shape, 'float32'))


class MergedWhenSaved:
    """``save_own_variables`` / ``load_own_variables`` of a layer (EinsumDense, Embedding) whose Keras 3
    file, with LoRA enabled, is a plain layer's with the merged weight (``save_merged``, ``load_merged``);
    without LoRA, the layer's usual ones."""

    def save_own_variables(self, store):
        if not self.lora_enabled:
            return super().save_own_variables(store)
        save_merged(self, store)

    def load_own_variables(self, store):
        if not self.lora_enabled:
            return super().load_own_variables(store)
        load_merged(self, store)


def save_merged(layer, store):
    """Keras 3's LoRA file: the layer's own variables without the LoRA weights, numbered in order, the
    frozen one holding the merged value (a ReversibleEmbedding's reverse_embeddings follow as '1')."""
    for index, variable in enumerate(_filed_variables(layer)):
        store[str(index)] = merged(layer) if variable is layer.__dict__[layer.__dict__['_lora'][0]] else variable


def load_merged(layer, store):
    """Assign what ``save_merged`` filed (or a plain layer's file) and start the LoRA update from zero."""
    for index, variable in enumerate(_filed_variables(layer)):
        variable.assign(store[str(index)])
    zero_lora_weights(layer)


def _filed_variables(layer):
    prefix = layer.__dict__['_lora'][1]
    lora_weights = (layer.__dict__[prefix + '_a'], layer.__dict__[prefix + '_b'])
    return [v for v in layer._own_variables() if not any(v is w for w in lora_weights)]
