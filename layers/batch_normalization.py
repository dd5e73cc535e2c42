"""BatchNormalization (Keras 3): normalize with batch statistics while
training, with moving averages of them at inference."""
from framework import graph_random_ops
from framework.keras.ops_nn import synchronized_moments
from framework.ops import cast, moments, reshape, rsqrt
from framework.ops.regrouped_step import regroups, root_times_gamma
from framework.tape import paused
from framework.tensor import Tensor

from . import autocast as autocasting, batch_renorm, constraints, initializers, regularizers
from .input_spec import InputSpec
from .integer_inputs import floating_inputs
from .activation_products import times_inv
from .layer import Layer
from .training_flag import training_is_on
from .masked_moments import masked_moments
from .normalized_sums import note_parts
from .traced_moments import traced_moments
from .scale_offset_options import ScaleOffsetOptions
from .axis_range import axis_range_error
from .listed_inputs import several_shapes
from .undefined_weight_shape import scale_offset_first_weight, undefined_shape_error


def _read(variable, dtype):
    """``variable`` as ``dtype``: itself when it has it (float16 weights are widened for a float32 computation)."""
    return variable if variable is None or variable.dtype == dtype else cast(variable, dtype)


class BatchNormalization(ScaleOffsetOptions, Layer):
    """``(x - mean) / sqrt(variance + epsilon) * gamma + beta`` per feature of ``axis``.

    In training (``training=True`` and the layer trainable) mean and variance
    are the batch's (biased variance, over every axis but ``axis``), and the
    non-trainable moving statistics are updated in place, outside any tape:
    ``moving = moving * momentum + batch * (1 - momentum)``. Otherwise the
    moving statistics are used. A Keras mask (one flag per step) restricts the
    batch statistics to the kept steps; the output keeps every step.

    Args:
        axis: the feature axis (an int; default -1).
        momentum, epsilon: as above (0.99, 1e-3).
        center, scale: whether to learn beta / gamma.
        *_initializer, *_regularizer, *_constraint: for beta, gamma and the
            moving statistics, as in Keras.
        renorm, renorm_clipping, renorm_momentum: batch renormalization in
            training (batch_renorm.py), as Keras 3.
    """

    def __init__(self, axis=-1, momentum=0.99, epsilon=1e-3, center=True, scale=True,
                 beta_initializer='zeros', gamma_initializer='ones', moving_mean_initializer='zeros',
                 moving_variance_initializer='ones', beta_regularizer=None, gamma_regularizer=None,
                 beta_constraint=None, gamma_constraint=None, renorm=False, renorm_clipping=None,
                 renorm_momentum=0.99, synchronized=False, **kwargs):    # Keras 3's order (positional calls)
        super().__init__(**kwargs)
        # Keras 3 keeps renorm, renorm_clipping (checked, None as {}, when renorm) and renorm_momentum as given
        self.renorm, self.renorm_momentum = renorm, renorm_momentum
        self.renorm_clipping = batch_renorm.checked_clipping(renorm_clipping) if renorm else renorm_clipping
        try:
            self.axis = int(axis)      # Keras 3's conversion: '1' and 1.5 are axis 1; None or a list fail int()
        except (TypeError, ValueError) as error:
            error.add_note('BatchNormalization: axis must be an int, got %r' % (axis,))
            raise
        self.momentum, self.epsilon = float(momentum), float(epsilon)
        self.synchronized = bool(synchronized)     # one process: nothing to synchronize
        self._set_scale_offset_options(center, scale, beta_initializer, gamma_initializer, beta_regularizer,
                                       gamma_regularizer, beta_constraint, gamma_constraint)
        self.moving_mean_initializer = initializers.get(moving_mean_initializer)
        self.moving_variance_initializer = initializers.get(moving_variance_initializer)
        self.moving_mean = self.moving_variance = None     # as Keras 3 until build (gamma, beta: None too)

    def build(self, input_shape):
        if several_shapes(input_shape):
            # Keras 3 makes its weights of shape (input_shape[axis],) first: the shapes of a list or dict of
            # inputs fail there (KeyError for a dict, else its Variable's refusal of a shape holding a shape)
            shape = (input_shape[self.axis],)
            self._add_gamma_and_beta(shape)
            self.add_weight(name='moving_mean', shape=shape, trainable=False)
        rank = len(input_shape)
        if not -rank <= self.axis < rank:
            raise axis_range_error('BatchNormalization %r: axis %d is out of range for inputs of shape %s'
                                   % (self.name, self.axis, tuple(input_shape)))
        axis = self.axis % rank
        size = input_shape[axis]
        if size is None:        # Keras 3's Variable refuses the first weight's shape (None,)
            raise undefined_shape_error(self, (None,), scale_offset_first_weight(self.scale, self.center,
                                                                                 'moving_mean'),
                                        'BatchNormalization %r: axis %d of the input must be known, got shape %s'
                                        % (self.name, self.axis, tuple(input_shape)))
        shape = (int(size),)
        self._add_gamma_and_beta(shape)
        self.moving_mean = self.add_weight(name='moving_mean', shape=shape,
                                           initializer=self.moving_mean_initializer, trainable=False)
        self.moving_variance = self.add_weight(name='moving_variance', shape=shape,
                                               initializer=self.moving_variance_initializer, trainable=False)
        if self.renorm:
            batch_renorm.add_renorm_weights(self, shape)
        autocasting.keep_float32(self)       # Keras 3 makes them all with autocast=False
        self._reduction_axes = [i for i in range(rank) if i != axis]
        # parameters of shape (features,) broadcast against the input in this shape
        self._broadcast_shape = [1] * rank
        self._broadcast_shape[axis] = int(size)
        self.input_spec = InputSpec(ndim=rank, axes={self.axis: int(size)})
        self.built = True

    def _inference_reads(self):
        """The variables in the order Keras 3's inference call reads them, moving statistics first, as
        TF 2.21's serving graph captures them (saved_model/keras_export.py)."""
        return [v for v in (self.moving_mean, self.moving_variance, self.gamma, self.beta) if v is not None]

    def _params(self, *tensors):
        if self._broadcast_shape[-1] != 1 or len(self._broadcast_shape) == 1:
            return tensors                    # features last: plain broadcasting does it
        return tuple(None if t is None else reshape(t, self._broadcast_shape) for t in tensors)

    def call(self, inputs, training=None, mask=None):
        inputs = floating_inputs(inputs, self)      # Keras 3 normalizes integer data in the compute dtype
        # Keras 3 normalizes in result_type(x, float32) (float16 / bfloat16 widened, float64 kept), its weights
        # read in that dtype, and casts the result to the layer's compute dtype, whatever the inputs' dtype: a
        # float32 layer's call on float16 data (TimeDistributed under mixed_float16) returns float32
        wide = 'float64' if inputs.dtype == 'float64' else 'float32'
        out = self._normalize(inputs if inputs.dtype == wide else cast(inputs, wide), training, mask)
        compute = self.compute_dtype
        return out if out.dtype == compute else cast(out, compute)

    def _normalize(self, inputs, training, mask):
        if mask is not None and mask.ndim != inputs.ndim - 1:
            raise ValueError('BatchNormalization %r: the mask must have one dimension less than the inputs '
                             '(one flag per step, for every feature); got mask.shape=%s, inputs.shape=%s'
                             % (self.name, tuple(mask.shape), tuple(inputs.shape)))
        gamma, beta = _read(self.gamma, inputs.dtype), _read(self.beta, inputs.dtype)
        if training_is_on(training) and self.trainable:
            if mask is None and self.synchronized:
                # Keras 3's moments(synchronized=True): var = E(x**2) - E(x)**2 over the one replica
                mean, variance = synchronized_moments(inputs, self._reduction_axes)
            elif mask is None and graph_random_ops.current() is not None:
                # a traced step: x's gradient adds in the order of TF's optimized graph (traced_moments.py)
                mean, variance = traced_moments(inputs, self._reduction_axes)
            elif mask is None:
                mean, variance = moments(inputs, self._reduction_axes)
            else:       # statistics of the kept steps only, as Keras 3
                mean, variance = masked_moments(inputs, mask, self._reduction_axes)
            if self.renorm:     # x * (r * gamma) + (d * gamma + beta), Keras 3's order
                gamma, beta = batch_renorm.scale_and_offset(self, mean, variance, gamma, beta, inputs.dtype)
            with paused():
                if self.renorm:
                    batch_renorm.update_statistics(self, mean, variance)
                else:
                    m = self.momentum
                    self.moving_mean.assign(_read(self.moving_mean, mean.dtype) * m + mean * (1.0 - m))
                    self.moving_variance.assign(_read(self.moving_variance, mean.dtype) * m
                                                + variance * (1.0 - m))
            inference = False
        else:
            mean, variance = _read(self.moving_mean, inputs.dtype), _read(self.moving_variance, inputs.dtype)
            inference = True
        mean, variance, gamma, beta = self._params(mean, variance, gamma, beta)
        inv = rsqrt(variance + self.epsilon)
        if gamma is not None:
            # in a returning traced step SGD scales gamma's gradient in grappler's order (regrouped_step.py)
            inv = root_times_gamma(inv, gamma) if gamma is self.gamma and regroups(gamma) else inv * gamma
        # tf.nn.batch_normalization's order, which Keras 3 calls: x * inv + (beta - mean * inv).
        # (x - mean) * inv + beta rounds differently in the last bit for about a tenth of values.
        shift = beta - mean * inv if beta is not None else -(mean * inv)
        # at inference a traced hard_sigmoid / hard_silu before is one chain of products in TF's graph
        chained = times_inv(inputs, inv, self.name) if inference else None
        product = inputs * inv if chained is None else Tensor(chained)
        out = product + shift
        note_parts(out, product, shift)        # an Add layer may sum it in grappler's order (normalized_sums.py)
        return out

    def compute_output_shape(self, input_shape):
        return input_shape          # as given (a list stays a list), as Keras 3's

    def get_config(self):
        config = super().get_config()
        config.update({
            'axis': self.axis, 'momentum': self.momentum, 'epsilon': self.epsilon,
            'center': self.center, 'scale': self.scale,
            'beta_initializer': initializers.serialize(self.beta_initializer),
            'gamma_initializer': initializers.serialize(self.gamma_initializer),
            'moving_mean_initializer': initializers.serialize(self.moving_mean_initializer),
            'moving_variance_initializer': initializers.serialize(self.moving_variance_initializer),
            'beta_regularizer': regularizers.serialize(self.beta_regularizer),
            'gamma_regularizer': regularizers.serialize(self.gamma_regularizer),
            'beta_constraint': constraints.serialize(self.beta_constraint),
            'gamma_constraint': constraints.serialize(self.gamma_constraint),
            'synchronized': self.synchronized,
            'renorm': self.renorm, 'renorm_clipping': self.renorm_clipping, 'renorm_momentum': self.renorm_momentum,
        })
        return config
