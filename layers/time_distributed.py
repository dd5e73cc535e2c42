"""TimeDistributed: apply one layer to every time step of a sequence."""
from contextlib import nullcontext

from framework.ops import stack, transpose

from . import autocast as autocasting
from . import call_context
from .call_inputs import accepts_training
from .layer import Layer
from .mask_propagation import as_mask, takes_mask
from .wrapper import Wrapper


def _swap_batch_and_time(x):
    return transpose(x, (1, 0) + tuple(range(2, x.ndim)))


class TimeDistributed(Wrapper):
    """Runs ``layer`` on each slice ``inputs[:, t]`` of (batch, time, ...) and
    stacks the results into (batch, time, ...). The same weights serve every
    step: they are the wrapped layer's (a Wrapper: saved under 'layer', as Keras 3 does).

    As in Keras 3, the wrapped layer's ``call`` runs once per step, so a layer
    with batch statistics (BatchNormalization) sees each step as a batch.

    Args:
        layer: the Layer to apply.
    Raises:
        ValueError: layer not a Layer; an input of rank < 3; a mask whose
            batch and time sizes differ from the input's.
    """
    supports_masking = True

    def __init__(self, layer, **kwargs):
        if not isinstance(layer, Layer):
            from .serialization import _keras_class_text     # (serialization imports the layers)
            # Keras's f-string: a class by its keras.src path (TimeDistributed(keras.layers.Dense)), a tensor by value
            raise ValueError('Please initialize `TimeDistributed` layer with a `keras.layers.Layer` instance. '
                             'Received: %s' % format(_keras_class_text(layer)))
        super().__init__(layer, **kwargs)

    def _child_shape(self, input_shape):
        if not isinstance(input_shape, (tuple, list)) or len(input_shape) < 3:
            error = ValueError('`TimeDistributed` Layer should be passed an `input_shape` with at least 3 '
                               'dimensions, received: %s' % (input_shape,))     # Keras 3's words, the shape as given
            error.add_note('TimeDistributed %r applies its layer to each step of axis 1: give it inputs '
                           '(batch, time, ...)' % self.name)
            raise error
        return (input_shape[0],) + tuple(input_shape[2:])

    def build(self, input_shape):
        super().build(self._child_shape(input_shape))

    def call(self, inputs, training=None, mask=None):
        self._child_shape(tuple(inputs.shape))
        kwargs = {'training': training} if training is not None and accepts_training(type(self.layer)) else {}
        steps = _swap_batch_and_time(inputs)
        step_masks = None
        if mask is not None:
            mask = as_mask(mask)
            if not call_context.probing():
                # Keras 3 checks the mask whether or not the wrapped layer takes one; not in a symbolic
                # call, which it infers from compute_output_shape without running call
                _check_mask(tuple(mask.shape), tuple(inputs.shape))
            if takes_mask(type(self.layer)):
                step_masks = _swap_batch_and_time(mask)
        # the wrapped layer's call runs here, not its __call__, inside the AutocastScope this layer's own
        # __call__ opens in Keras 3: its weights are read in this layer's compute dtype where this layer's policy
        # is mixed (a float32 Dense under TimeDistributed(dtype='mixed_float16') computes in float16), and as
        # they are where it is not (a mixed Dense under a float32 TimeDistributed computes in float32)
        inner = self.layer
        with autocasting.weights_as(inner, self._compute) if self._compute is not None else nullcontext():
            outputs = [inner.call(steps[t], **(kwargs if step_masks is None else dict(kwargs, mask=step_masks[t])))
                       for t in range(steps.shape[0])]
        if not outputs:
            # TF 2.21's words: Keras stacks the steps' outputs, and there are none
            error = ValueError('axis 1 is out of bounds for an array with dimension 1.')
            error.add_note('TimeDistributed %r: the input has no time steps (shape %s)' % (self.name, tuple(inputs.shape)))
            raise error
        return _swap_batch_and_time(stack(outputs))

    def compute_output_shape(self, input_shape):
        child = self.layer.compute_output_shape(self._child_shape(tuple(input_shape)))
        return (child[0], input_shape[1]) + tuple(child[1:])


def _check_mask(mask_shape, input_shape):
    """Keras 3's TimeDistributed.call check: a mask of 2 dimensions or more whose (batch, time) are the input's."""
    if len(mask_shape) < 2:
        raise ValueError('The `mask` passed to the `TimeDistributed` layer must be at least 2D (e.g., `(batch_size, '
                         'timesteps)`), but it has %d dimension(s) with shape %s.' % (len(mask_shape), mask_shape))
    if any(i is not None and m is not None and i != m for i, m in zip(input_shape[:2], mask_shape[:2])):
        raise ValueError("The `mask` passed to the `TimeDistributed` layer has a shape %s that is incompatible with "
                         "the input shape %s. The first two dimensions of the mask (batch size and timesteps) must "
                         "match the input's first two dimensions. Expected mask shape prefix: (%s, %s)."
                         % (mask_shape, input_shape, input_shape[0], input_shape[1]))
