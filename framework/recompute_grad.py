"""``tf.recompute_grad``: keep only a block's inputs, run it again for its gradient.

The forward pass runs the block unrecorded (through ``unrecorded_custom_gradient``), so
its intermediate tensors are freed at once; the gradient rule runs the block
again under a fresh tape and differentiates that run. Gradients are those of
the plain block: only the memory held between forward and backward changes.
"""
import functools

from . import nest
from .custom_gradient import unrecorded_custom_gradient
from .tape import ACTIVE, GradientTape, pass_gradient, record
from .tensor import Tensor, convert_to_tensor


def recompute_grad(f):
    """Wrap ``f`` so that its activations are recomputed in the backward pass.

    Variables ``f`` reads get their gradients as in the plain block. Keyword
    arguments pass through to ``f`` and are not differentiated.
    """
    @functools.wraps(f)
    def inner(*args, **kwargs):
        @unrecorded_custom_gradient
        def block(*given):
            # the block's inputs are its flattened arguments (a list argument: one per element)
            inputs = [x if isinstance(x, Tensor) else convert_to_tensor(x) for x in nest.flatten(list(given))]
            def grad(*upstream, variables=None):
                variables = list(variables or [])
                with GradientTape() as tape:
                    # (the floating inputs the outer tape watched: bfloat16 is numpy kind 'V')
                    tape._watch([x for x in inputs if x._data.dtype.kind in 'fc' or x._data.dtype.name == 'bfloat16'])
                    again = nest.flatten(f(*nest.pack_sequence_as(list(given), inputs), **kwargs))
                # TF differentiates the rerun with unconnected_gradients=ZERO (an input the block
                # does not use gets zeros, not None); its rule has no transpose: a gradient reaching
                # the upstream (forward mode, a second derivative through it) raises
                from .ops.shapes import stop_gradient
                cut = [stop_gradient(u) if isinstance(u, Tensor) else u for u in upstream]
                grads = tape.gradient(again, list(inputs) + variables, output_gradients=cut,
                                      unconnected_gradients='zero')
                grads = [_no_transpose(g, upstream, f) for g in grads]
                n = len(inputs)
                return (grads[:n], grads[n:]) if variables else grads[:n]
            return f(*given, **kwargs), grad
        return block(*args)

    return inner


def _no_transpose(grad, upstream, f):
    """``grad`` as an op of the upstream gradients whose own gradient towards them raises TF's
    NotImplementedError (recompute_grad's ``transpose``): jvps and second derivatives that pass
    through the upstream fail as in TF 2.21; those through the block's inputs still flow."""
    if not ACTIVE or not isinstance(grad, Tensor):      # None, IndexedSlices: nothing to record
        return grad
    tensors = tuple(u for u in upstream if isinstance(u, Tensor))

    def transpose(*_):
        raise NotImplementedError('recompute_grad tried to transpose grad of {}. Consider not using '
                                  'recompute_grad in forward mode' 'autodiff'.format(f.__name__))
    out = Tensor(grad._data)
    record('recompute_grad', (grad,) + tensors, out, (pass_gradient,) + (transpose,) * len(tensors))
    return out
