"""LayerNormalization (Keras 3), and the traced-sum helpers GroupNormalization shares with it.

Keras's Normalization (with ``adapt``) is layers/preprocessing/feature_normalization.py."""
import warnings

import numpy as np

from framework.ops import batch_normalization, moments, reduce_variance, reshape, rsqrt
from framework.ops import graph_rewrites, identity
from framework.ops.graph_input_errors import eager_input_error
from framework.keras.rms_scaling_order import rms_scaled
from framework.tensor import convert_to_tensor

from . import autocast as autocasting
from .layer import Layer
from .layer_norm_calls import axes_of_call, refuse_other_sizes
from .normalization_dtypes import normalized, weight_in
from .scale_offset_options import ScaleOffsetOptions
from .axis_range import axis_range_error
from .undefined_weight_shape import scale_offset_first_weight, undefined_shape_error

# Keras's backend.epsilon(): LayerNormalization's epsilon=None
_EPSILON = 1e-7


def _regrouped_by_grappler(x, mean, variance, beta, gamma, epsilon):
    """Keras 3's ``x * inv + (-mean * inv + beta)`` as a traced step computes it (``grappler_sum``).
    Measured on TF 2.21 (16 x 8 LayerNormalization in a tf.function): 33 of 128 outputs differ from eager,
    none from ``(x * inv + (-mean) * inv) + beta``; with the arithmetic optimizer off, none from eager."""
    inv = rsqrt(variance + epsilon) * gamma
    return grappler_sum(x * inv, (-mean) * inv, beta)


def grappler_sum(a, b, c):
    """``a + (b + c)`` as grappler's arithmetic optimizer (AddOpsRewrite) adds it in a traced step: it
    groups the terms by shape, leading ones aside ((1, d) is (d,)), and adds a group of two first. So
    LayerNormalization's x * inv and -mean * inv go first over several rows, and beta last; over a single
    row all three are one shape and Keras's order stays, or, without gamma, beta joins x * inv before the
    one-element -mean * inv (TF 2.21: rows of 2 to 33 values, LayerNormalization and GroupNormalization,
    every output equal; notes/progs/gradfuzz11/t_ln6.py, t_gn.py). A trace on a None batch (a fit step, a
    None-shaped signature) knows the shapes as (?, d), (?, 1) and (d,), whatever the rows: a batch of one
    row there sums as several do (TF 2.21: 100 of 100 single rows, progs/modelfuzz25/red/ln2.py)."""
    shape_of = _without_leading_ones if graph_rewrites.static_shapes() else tuple
    ka, kb, kc = (shape_of(t.shape) for t in (a, b, c))
    if ka == kb != kc:
        return (a + b) + c
    if ka == kc != kb:
        return (a + c) + b
    return a + (b + c)


def _without_leading_ones(shape):
    shape = tuple(shape)
    while shape and shape[0] == 1:
        shape = shape[1:]
    return shape


def moments_first(x):
    """``x`` for the moments of a traced normalization: its two gradients there (the mean's and the
    variance's) add up before the normalized product's joins them. Grappler sorts an AddN's inputs by
    node name, and TF 2.21's traced LayerNormalization / GroupNormalization input gradient is
    ``(variance path + mean path) + g * inv`` (grid10's report), where an eager tape adds the mean's and
    the product's first."""
    return identity(x)


def _axes(axis, rank, who, refuse=ValueError):
    """The axes, in [0, rank), sorted; ``refuse`` makes the error for one out of range (LayerNormalization:
    Keras 3's IndexError from indexing the shape, Normalization: its ValueError)."""
    axes = [axis] if isinstance(axis, (int, np.integer)) else list(axis)
    if any(not -rank <= a < rank for a in axes):
        raise refuse('%s: axis %r is out of range for inputs of rank %d' % (who, axis, rank))
    return sorted(int(a) % rank for a in axes)


class LayerNormalization(ScaleOffsetOptions, Layer):
    """Normalize each example over ``axis``: ``(x - mean) / sqrt(var + epsilon) * gamma + beta``.

    Computed as Keras 3 does: ``inv = rsqrt(var + epsilon) * gamma``,
    ``x * inv + (beta - mean * inv)``.

    Args:
        axis: an int or a list of ints (default -1), the axes normalized over
            and the shape of gamma / beta.
        epsilon: 1e-3. center / scale: learn beta / gamma.
        *_initializer, *_regularizer, *_constraint: for beta and gamma.
        rms_scaling: deprecated in Keras 3 (warns): ``x * rsqrt(var + eps) * gamma``.
    Raises:
        TypeError: an axis that is not an int or a list of ints.
        ValueError: an axis out of range for the input.
    """

    def __init__(self, axis=-1, epsilon=1e-3, center=True, scale=True, beta_initializer='zeros',
                 gamma_initializer='ones', beta_regularizer=None, gamma_regularizer=None, beta_constraint=None,
                 gamma_constraint=None, **kwargs):
        rms_scaling = kwargs.pop('rms_scaling', False)
        if rms_scaling:
            warnings.warn('You passed `rms_scaling=True`, which is deprecated. This argument incorrectly scales '
                          'the input by the variance, not the root mean square. To correctly use RMS Normalization, '
                          'please use `keras.layers.RMSNormalization` instead.')   # (from here, as Keras: shown once)
        super().__init__(**kwargs)
        if isinstance(axis, (list, tuple)) and all(isinstance(a, (int, np.integer)) for a in axis):
            self.axis = [int(a) for a in axis]
        elif isinstance(axis, int) and not isinstance(axis, bool):      # (Keras 3 refuses numpy integers)
            self.axis = axis
        else:
            error = TypeError("Expected an int or a list/tuple of ints for the argument 'axis', but received: %r"
                              % (axis,))         # Keras 3's text
            error.add_note('LayerNormalization: axis is an int or a list of ints')
            raise error
        # None: Keras's backend.epsilon() in the call; a list or string is kept as given and converted there
        self.epsilon = epsilon if epsilon is None or isinstance(epsilon, (list, tuple, str)) else float(epsilon)
        self.rms_scaling = bool(rms_scaling)
        self.autocast = False     # Keras 3: a mixed-precision call normalizes in float32, then casts
        self._set_scale_offset_options(center, scale, beta_initializer, gamma_initializer, beta_regularizer,
                                       gamma_regularizer, beta_constraint, gamma_constraint)

    def build(self, input_shape):
        rank = len(input_shape)
        axes = _axes(self.axis, rank, 'LayerNormalization %r' % self.name, axis_range_error)
        # Keras 3 sorts the axes as written: axis=[-1, 1] on (2, 3, 4, 5) gives gamma (5, 3), reshaped (not
        # transposed) to the broadcast shape (1, 3, 1, 5), so TF's weights load unchanged
        shape = tuple(input_shape[a] for a in sorted(self.axis)) if isinstance(self.axis, list) else \
            (input_shape[self.axis],)
        first = scale_offset_first_weight(self.scale or self.rms_scaling, self.center and not self.rms_scaling)
        if any(d is None for d in shape) and first is not None:      # Keras 3's Variable refuses it
            raise undefined_shape_error(self, shape, first, 'LayerNormalization %r: the normalized axes %s of the input '
                                        'must be known, got shape %s' % (self.name, axes, tuple(input_shape)))
        if any(d is None for d in shape):
            raise ValueError('LayerNormalization %r: the normalized axes %s of the input must be known, got shape %s'
                             % (self.name, axes, tuple(input_shape)))
        self._add_gamma_and_beta(shape, with_gamma=self.scale or self.rms_scaling,
                                 with_beta=self.center and not self.rms_scaling)
        self._axes, self._rank = axes, rank
        # Keras 3 keeps axis as a (sorted) list once built, and its config shows that
        self.axis = sorted(self.axis) if isinstance(self.axis, list) else [self.axis]
        # gamma / beta broadcast in this shape unless they cover just the last axis
        self._broadcast = None if axes == [rank - 1] else [input_shape[a] if a in axes else 1 for a in range(rank)]
        autocasting.keep_float32(self)
        self.built = True

    def call(self, inputs):
        return normalized(self, inputs)

    def _normalize(self, inputs):
        gamma, beta = self.gamma, self.beta
        axes, broadcast = self._axes, self._broadcast
        if inputs._data.ndim != self._rank:
            axes, broadcast = axes_of_call(self.axis, inputs._data.shape)
        weight = gamma if gamma is not None else beta
        ndim = inputs._data.ndim
        if weight is not None and weight._data.shape != tuple(inputs._data.shape[a] for a in self.axis
                                                               if -ndim <= a < ndim):
            refuse_other_sizes(self, inputs, weight)
        if broadcast is not None:
            if len(set(axes)) != len(axes):     # Keras 3 takes the moments first: TF's Mean refuses a repeated axis
                moments(inputs, axes, keepdims=True)
            gamma = None if gamma is None else reshape(gamma, broadcast)
            beta = None if beta is None else reshape(beta, broadcast)
        dtype = inputs._data.dtype
        gamma, beta = weight_in(gamma, dtype), weight_in(beta, dtype)
        epsilon = _EPSILON if self.epsilon is None else self.epsilon
        if isinstance(epsilon, str):        # Keras adds it to the variance: AddV2 refuses a string tensor
            raise eager_input_error('AddV2', 1, dtype, 'string')
        if isinstance(epsilon, (list, tuple)):
            epsilon = convert_to_tensor(epsilon, dtype=dtype)
        # (without gamma, -mean * inv keeps inv's reduced shape and the rewrite adds it to beta first: Keras's order)
        if not self.rms_scaling and beta is not None and gamma is not None and graph_rewrites.GATE[0] \
                and graph_rewrites.tracing():
            mean, variance = moments(moments_first(inputs), axes, keepdims=True)
            return _regrouped_by_grappler(inputs, mean, variance, beta, gamma, epsilon)
        if self.rms_scaling:
            from framework.keras.ops_nn_extra import warn_rms_scaling     # (a deprecated path: imported there)
            warn_rms_scaling()
            # Keras's ops.var: tf.math.reduce_variance, whose gradient also flows through the mean (moments'
            # variance stops it there: the last bits of the input's gradient differed)
            return rms_scaled(inputs, rsqrt(reduce_variance(inputs, axes, keepdims=True) + epsilon), gamma)
        mean, variance = moments(inputs, axes, keepdims=True)
        if not self.rms_scaling and beta is not None and gamma is None and graph_rewrites.GATE[0] \
                and graph_rewrites.tracing():
            inv = rsqrt(variance + epsilon)
            return grappler_sum(inputs * inv, (-mean) * inv, beta)
        return batch_normalization(inputs, mean, variance, beta, gamma, epsilon)

    def compute_output_shape(self, input_shape):
        rank = len(input_shape)     # Keras 3 checks the axes here too (a Functional model's shape inference)
        for axis in self.axis if isinstance(self.axis, list) else [self.axis]:
            if not -rank <= axis < rank:
                raise ValueError('Axis %s is out of bounds for input shape %s. Received: axis=%s'
                                 % (axis, input_shape, self.axis))
        return input_shape          # as given (a list stays a list), as Keras 3's

    def get_config(self):
        config = super().get_config()
        config.update({
            'axis': self.axis, 'epsilon': self.epsilon, 'center': self.center, 'scale': self.scale,
            'rms_scaling': self.rms_scaling, **self._scale_offset_config(),
        })
        return config
