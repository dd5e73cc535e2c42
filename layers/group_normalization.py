"""GroupNormalization (Keras 3): normalize each sample over groups of channels."""
import numpy as np

from framework.errors import noted
from framework.ops import batch_normalization, graph_rewrites, moments, reshape

from . import autocast as autocasting
from .input_spec import InputSpec
from .layer import Layer
from .normalization import _regrouped_by_grappler, moments_first
from .normalization_dtypes import normalized, weight_in
from .scale_offset_options import ScaleOffsetOptions
from .axis_range import axis_range_error


class GroupNormalization(ScaleOffsetOptions, Layer):
    """Splits the ``axis`` channels into ``groups`` groups; each sample's group is
    normalized by its own mean and variance (over the group's channels and every
    other non-batch axis), then scaled by ``gamma`` and shifted by ``beta`` per channel:
    ``x * inv + (beta - mean * inv)`` with ``inv = gamma / sqrt(variance + epsilon)``, as Keras 3.

    Args:
        groups: the number of groups (-1: one per channel, instance normalization;
            1: layer normalization over every non-batch axis).
        axis: the channel axis (an int). epsilon, center, scale, beta_* / gamma_*: as BatchNormalization.
    Raises:
        ValueError: groups not a positive int or -1; on build, an unknown channel
            count, more groups than channels, or channels that do not divide into groups.
    """
    supports_masking = True     # as Keras 3: an input's mask passes to the output (the statistics ignore it)

    def __init__(self, groups=32, axis=-1, epsilon=1e-3, center=True, scale=True, beta_initializer='zeros',
                 gamma_initializer='ones', beta_regularizer=None, gamma_regularizer=None, beta_constraint=None,
                 gamma_constraint=None, **kwargs):
        # Keras 3's check: a Python int (True is one group; numpy integers are refused) > 0, or -1; made before
        # the layer takes its name, so a refused layer uses no name ('group_normalization' stays free)
        if not isinstance(groups, int) or (groups < 1 and groups != -1):
            error = ValueError('Received an invalid value for argument `groups`, expected a positive integer (or `-1` '
                               'for instance normalization). Received: groups=%s' % format(groups))      # Keras 3's f-string
            error.add_note('GroupNormalization: groups is a positive integer or -1')
            raise error
        super().__init__(**kwargs)
        # Keras 3 keeps any axis until build, where input_shape[axis] refuses what is no int
        self.axis = int(axis) if isinstance(axis, (int, np.integer)) else axis
        self.groups, self.epsilon = int(groups), float(epsilon)
        self.autocast = False     # Keras 3: a mixed-precision call normalizes in float32, then casts
        self._set_scale_offset_options(center, scale, beta_initializer, gamma_initializer, beta_regularizer,
                                       gamma_regularizer, beta_constraint, gamma_constraint)

    def build(self, input_shape):
        who = 'GroupNormalization %r' % self.name
        rank = len(input_shape)
        if not isinstance(self.axis, int):
            # (Keras tracks a list axis as its TrackedList)
            kind = 'TrackedList' if isinstance(self.axis, list) else type(self.axis).__name__
            error = TypeError('tuple indices must be integers or slices, not %s' % kind)
            error.add_note('%s: axis must be an integer, got %r' % (who, self.axis))
            raise error
        if not -rank <= self.axis < rank:
            text = '%s: axis %d is not a channel axis of an input of shape %s' % (who, self.axis, tuple(input_shape))
            raise axis_range_error(text)
        # (Keras 3 takes the batch axis too: axis=0 groups the batch, as _normalize's recipe does)
        dim = input_shape[self.axis]
        if dim is None:
            raise noted(ValueError('Axis %d of input tensor should have a defined dimension but the layer received an '
                                   'input with shape %s.' % (self.axis, tuple(input_shape))),       # Keras 3's words
                        '%s: axis %d of the input must have a known size' % (who, self.axis))
        if self.groups == -1:
            self.groups = int(dim)
        if dim < self.groups:           # Keras 3's two checks, in its order and words
            raise noted(ValueError('Number of groups (%d) cannot be more than the number of channels (%d).'
                                   % (self.groups, dim)), who)
        if dim % self.groups:
            raise noted(ValueError('Number of groups (%d) must be a multiple of the number of channels (%d).'
                                   % (self.groups, dim)), who)
        self.input_spec = InputSpec(ndim=rank, axes={self.axis: int(dim)})
        self._add_gamma_and_beta((dim,))
        autocasting.keep_float32(self)
        self.built = True

    def call(self, inputs):
        return normalized(self, inputs)

    def _normalize(self, inputs):
        # Keras 3's recipe, list steps as written there: the channel axis (as given, so negative axes
        # insert from the end) split into (groups, channels // groups), and the axis kept out of the
        # reduction found by pop(axis - 1) (-2 for -1). For axis 0 the batch is grouped and the last axis
        # is the one kept (TF 2.21 normalizes (2, 5, 6) with GroupNormalization(2, axis=0) so); for
        # axis=-rank the pop is out of range, IndexError as there
        shape = tuple(inputs.shape)
        per_group = shape[self.axis] // self.groups
        grouped_shape = [-1] + list(shape[1:])
        grouped_shape[self.axis] = per_group
        grouped_shape.insert(self.axis, self.groups)
        grouped = reshape(inputs, grouped_shape)
        reduce_axes = list(range(1, len(grouped_shape)))
        reduce_axes.pop(-2 if self.axis == -1 else self.axis - 1)
        channel_shape = [1] * len(shape)
        channel_shape[self.axis] = per_group
        channel_shape.insert(self.axis, self.groups)
        gamma, beta = (None if w is None else weight_in(reshape(w, channel_shape), inputs._data.dtype)
                       for w in (self.gamma, self.beta))
        if beta is not None and gamma is not None and graph_rewrites.GATE[0] and graph_rewrites.tracing():
            # a traced step adds as grappler regroups Keras 3's x * inv + (-mean * inv + beta), as for
            # LayerNormalization (TF 2.21, 16 x 8 in 2 groups: 48 of 128 outputs differ from eager),
            # and sums the input's gradient as (variance's + mean's) + x * inv's (moments_first)
            mean, variance = moments(moments_first(grouped), reduce_axes, keepdims=True)
            normalized = _regrouped_by_grappler(grouped, mean, variance, beta, gamma, self.epsilon)
        else:
            mean, variance = moments(grouped, reduce_axes, keepdims=True)
            normalized = batch_normalization(grouped, mean, variance, beta, gamma, self.epsilon)
        return reshape(normalized, (-1,) + shape[1:])

    def compute_output_shape(self, input_shape):
        return input_shape          # as given (a list stays a list), as Keras 3's

    def get_config(self):
        config = super().get_config()
        config.update({
            'groups': self.groups, 'axis': self.axis, 'epsilon': self.epsilon, 'center': self.center,
            'scale': self.scale, **self._scale_offset_config(),
        })
        return config
