"""Masking: skip the time steps whose features all equal a padding value (Keras 3)."""
import numpy as np

from framework.losses.tensor_notes import set_keras_mask
from framework.ops import cast, multiply, reduce_any, not_equal, squeeze, where
from framework.tensor import Tensor, convert_to_tensor

from .functional.keras_tensor import is_keras_tensor
from .functional.symbolic_ops import record_op
from .layer import Layer


class Masking(Layer):
    """Mask every step of a (batch, steps, features) input whose features all
    equal ``mask_value``: its output is the input with those steps set to 0,
    carrying a (batch, steps) mask that layers downstream honour (RNNs skip the
    steps, GlobalAveragePooling1D leaves them out of the mean, losses and
    metrics leave them out of their averages).

    Args:
        mask_value: the padding value (default 0.0).
    Raises:
        ValueError: at the call, a mask_value that is not a number (Keras 3's words).
    """
    supports_masking = True

    def __init__(self, mask_value=0.0, **kwargs):
        super().__init__(**kwargs)
        # Keras 3 compares the input with it as given: a list or array of numbers broadcasts ([0.1] is taken).
        # It keeps any other value too, and its call's keras.ops.not_equal refuses it there (TF 2.21)
        numbers = isinstance(mask_value, (list, tuple, np.ndarray)) and np.asarray(mask_value).dtype.kind in 'iuf'
        self._refused_at_call = not numbers and (
            isinstance(mask_value, bool) or not isinstance(mask_value, (int, float, np.number)))
        self.mask_value = mask_value
        self.built = True

    def _kept(self, inputs, keepdims):
        if not isinstance(inputs, Tensor):
            inputs = convert_to_tensor(inputs)
        if inputs.ndim < 1:
            raise ValueError('Masking %r: expected an input with a features axis, got a scalar' % self.name)
        kind = inputs._data.dtype.kind
        if kind in 'OSU':       # Keras 3's ops.not_equal asks its type promotion, which has no string
            error = ValueError("dtype='string' is not a valid dtype for Keras type promotion.")
            error.add_note('Masking %r: expected a numeric input, got dtype string; convert the strings first '
                           '(e.g. tf.strings.to_number, or a StringLookup layer)' % self.name)
            raise error
        from framework.keras import ops as keras_ops      # (lazy: framework.keras imports the layers)
        if self._refused_at_call:
            try:
                keras_ops.not_equal(inputs, self.mask_value)    # Keras 3's refusal ('a': type promotion, None)
            except (TypeError, ValueError) as error:
                error.add_note('Masking %r: mask_value must be a number, got %r (of type %s)'
                               % (self.name, self.mask_value, type(self.mask_value).__name__))
                raise
        # integer and bool inputs compare as Keras promotes them (beside 0.0, in float32)
        differs = keras_ops.not_equal(inputs, self.mask_value) if kind in 'biu' else not_equal(inputs, self.mask_value)
        return reduce_any(differs, axis=-1, keepdims=keepdims)

    def compute_mask(self, inputs, mask=None):
        """True for each step with a feature other than mask_value."""
        if is_keras_tensor(inputs):           # in a functional graph: Keras 3's NotEqual and Any op nodes
            return record_op('any', (record_op('not_equal', (inputs, self.mask_value), {}),), {'axis': -1})
        return self._kept(inputs, keepdims=False)

    def call(self, inputs):
        kept = self._kept(inputs, keepdims=True)
        kind = inputs._data.dtype.kind if isinstance(inputs, Tensor) else 'f'
        if kind in 'biu':
            # Keras 3 multiplies by the mask in the input's dtype: integers stay integers, bools (which
            # its multiply computes in int32) come out int32, as on TF 2.21
            dtype = 'int32' if kind == 'b' else inputs.dtype
            outputs = multiply(cast(inputs, dtype), cast(kept, dtype))
        else:
            outputs = where(kept, inputs, 0.0)
        set_keras_mask(outputs, squeeze(kept, axis=-1))
        return outputs

    def compute_output_shape(self, input_shape):
        return input_shape          # as given (a list stays a list), as Keras 3's

    def get_config(self):
        config = super().get_config()
        config['mask_value'] = self.mask_value
        return config
