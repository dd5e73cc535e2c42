"""``tf.recompute_grad``: keep only a block's inputs, run it again for its gradient.

The forward pass runs the block unrecorded (through ``custom_gradient``), so
its intermediate tensors are freed at once; the gradient rule runs the block
again under a fresh tape and differentiates that run. Gradients are those of
the plain block: only the memory held between forward and backward changes.
"""
import functools

from . import nest
from .custom_gradient import custom_gradient
from .tape import GradientTape


def recompute_grad(f):
    """Wrap ``f`` so that its activations are recomputed in the backward pass.

    Variables ``f`` reads get their gradients as in the plain block. Keyword
    arguments pass through to ``f`` and are not differentiated.
    """
    @functools.wraps(f)
    def inner(*args, **kwargs):
        @custom_gradient
        def block(*inputs):
            def grad(*upstream, variables=None):
                variables = list(variables or [])
                with GradientTape() as tape:
                    tape.watch([x for x in inputs if x._data.dtype.kind in 'fc'])
                    again = nest.flatten(f(*inputs, **kwargs))
                grads = tape.gradient(again, list(inputs) + variables, output_gradients=list(upstream))
                n = len(inputs)
                return (grads[:n], grads[n:]) if variables else grads[:n]
            return f(*inputs, **kwargs), grad
        return block(*args)

    return inner
