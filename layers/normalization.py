"""LayerNormalization, Normalization (with ``adapt``) and Rescaling (Keras 3)."""
import warnings

import numpy as np

from framework.backend import to_host
from framework.errors import kernel_error, noted
from framework.ops import (batch_normalization, cast, maximum, moments, reduce_mean, reduce_variance, reshape, rsqrt,
                           sqrt, square)
from framework.ops import graph_rewrites, identity
from framework.placement import current_xp
from framework.ops.graph_input_errors import eager_input_error
from framework.tensor import Tensor, convert_to_tensor

from . import autocast as autocasting
from .layer import Layer
from .layer_norm_calls import axes_of_call, refuse_other_sizes
from .normalization_dtypes import normalized, weight_in
from .scale_offset_options import ScaleOffsetOptions
from .axis_range import axis_range_error
from .undefined_weight_shape import scale_offset_first_weight, undefined_shape_error

# Keras's backend.epsilon(): the floor of Normalization's standard deviation.
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
    every output equal; notes/progs/gradfuzz11/t_ln6.py, t_gn.py)."""
    ka, kb, kc = (_without_leading_ones(t.shape) for t in (a, b, c))
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
        elif isinstance(axis, (int, np.integer)) and not isinstance(axis, bool):
            self.axis = int(axis)
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
            return inputs * rsqrt(reduce_variance(inputs, axes, keepdims=True) + epsilon) * gamma
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
        return tuple(input_shape)

    def get_config(self):
        config = super().get_config()
        config.update({
            'axis': self.axis, 'epsilon': self.epsilon, 'center': self.center, 'scale': self.scale,
            'rms_scaling': self.rms_scaling, **self._scale_offset_config(),
        })
        return config


def _refused(text):
    error = ValueError(text)
    error.add_note('raised by keras.layers.Normalization(mean=..., variance=...)')
    return error


class Normalization(Layer):
    """``(x - mean) / max(sqrt(variance), 1e-7)`` per position of ``axis``
    (``mean + x * max(sqrt(variance), 1e-7)`` with invert=True).

    The statistics come from ``mean`` / ``variance`` given here, or from
    ``adapt(data)``; until adapted they are 0 and 1. Adapted statistics live
    in the non-trainable weights mean, variance and count (int64, kept at 0
    as in Keras 3), so they are saved with the model.

    Args:
        axis: the axis (or axes) that keep their own statistics; None for one
            mean and variance over everything. Default -1 (per feature).
        mean, variance: fixed statistics (both or neither), broadcast against
            the kept axes from the right.
        invert: undo the normalization instead.
    Raises:
        ValueError: only one of mean / variance, or mismatched shapes.
    """
    _keras_data_layer = True      # a subclass of Keras 3's DataLayer (see Layer's input_shape warning)
    _allow_non_tensor_positional_args = True      # Keras 3 preprocessing layers take Python values

    def __init__(self, axis=-1, mean=None, variance=None, invert=False, **kwargs):
        super().__init__(**kwargs)
        self.axis = () if axis is None else ((int(axis),) if isinstance(axis, (int, np.integer)) else tuple(axis))
        # Keras 3's texts; the note names the layer
        if (mean is None) != (variance is None):
            raise _refused('When setting values directly, both `mean` and `variance` must be set. Received: mean=%r '
                           'and variance=%r' % (mean, variance))
        if mean is not None and np.shape(mean) != np.shape(variance):
            raise _refused('When setting values directly, `mean` and `variance` must have the same shape. Received: '
                           'mean shape %s and variance shape %s' % (np.shape(mean), np.shape(variance)))
        if mean is not None and len(np.shape(mean)) > len(self.axis):
            raise _refused('The rank of `mean` must be less than or equal to the number of axes (%d). Received: mean '
                           'shape %s for axis %s' % (len(self.axis), np.shape(mean), self.axis))
        self.input_mean, self.input_variance = mean, variance
        self.invert = bool(invert)
        self.adapt_mean = self.adapt_variance = self.count = None

    def build(self, input_shape):
        rank = len(input_shape)
        who = 'Normalization %r' % self.name
        if any(not -rank <= a < rank for a in self.axis):       # Keras 3's words; which layer, in a note
            raise noted(ValueError('All `axis` values must be in the range [-ndim, ndim). Received inputs with '
                                   'ndim=%d, while axis=%s' % (rank, self.axis)),
                        '%s: axis %r is out of range for inputs of rank %d' % (who, self.axis, rank))
        keep = tuple(_axes(self.axis, rank, who)) if self.axis else ()
        unknown = [a for a in sorted(keep) if input_shape[a] is None]
        if unknown:       # Keras 3's words; which layer, in a note
            raise noted(ValueError('All `axis` values to be kept must have a known shape. Received axis=%s, '
                                   'inputs.shape=%s, with unknown axis at index %d' % (self.axis, input_shape, unknown[0])),
                        '%s: the kept axis %d needs a known size to hold its statistics' % (who, unknown[0]))
        self._keep_axis = keep
        self._reduce_axis = tuple(a for a in range(rank) if a not in keep)
        self._broadcast_shape = [input_shape[a] if a in keep else 1 for a in range(rank)]
        self._kept_shape = tuple(input_shape[a] for a in keep)
        self._build_shape = tuple(input_shape)
        if self.input_mean is None:
            self.adapt_mean = self.add_weight(name='mean', shape=self._kept_shape, initializer='zeros',
                                              trainable=False)
            self.adapt_variance = self.add_weight(name='variance', shape=self._kept_shape, initializer='ones',
                                                  trainable=False)
            self.count = self.add_weight(name='count', shape=(), dtype='int64', initializer='zeros', trainable=False)
        else:
            self._fixed = tuple(Tensor(current_xp().asarray(self._broadcast(value)))
                                for value in (self.input_mean, self.input_variance))
        self.built = True

    def _broadcast(self, value):
        """A given mean or variance aligned with the kept axes from the right, in the input's rank."""
        array = np.asarray(value, dtype=self.compute_dtype)
        shape = [1] * len(self._broadcast_shape)
        for i in range(1, array.ndim + 1):
            shape[self._keep_axis[-i]] = array.shape[-i]
        try:
            return np.broadcast_to(array.reshape(shape), self._broadcast_shape)
        except ValueError:      # TF 2.21's BroadcastTo kernel words it (when the layer is built)
            raise kernel_error('BroadcastTo', 'Incompatible shapes: [%s] vs. [%s]'
                               % (','.join(map(str, shape)), ','.join(map(str, self._broadcast_shape))),
                               note='Normalization %r: mean / variance of shape %s do not fit inputs whose kept axes '
                                    'are %s' % (self.name, array.shape, tuple(self._kept_shape))) from None

    def _export_captures(self):
        """(id, spec text) of what TensorFlow's serving graph captures for this layer: the mean and the
        variance as constants in the input's broadcast shape (Keras's finalize_state makes tensors of
        them), not the adapt variables (model.export's printout, saved_model/keras_export.py)."""
        from framework.ops.tensor_spec import TensorSpec
        sources = self._fixed if self.input_mean is not None else (self.adapt_mean, self.adapt_variance)
        return [(id(source), repr(TensorSpec(tuple(self._broadcast_shape), self.compute_dtype)))
                for source in sources]

    def _statistics(self):
        """(mean, variance) in the input's broadcast shape."""
        if self.input_mean is not None:
            return self._fixed
        return reshape(self.adapt_mean, self._broadcast_shape), reshape(self.adapt_variance, self._broadcast_shape)

    @property
    def mean(self):
        """The mean in the input's broadcast shape (Keras 3's ``layer.mean``, e.g. (1, features))."""
        return self._built_statistics('mean')[0]

    @property
    def variance(self):
        """The variance in the input's broadcast shape (Keras 3's ``layer.variance``)."""
        return self._built_statistics('variance')[1]

    def _built_statistics(self, name):
        if not self.built:      # Keras 3 sets mean = None in __init__, variance only when built
            if name == 'mean':
                return None, None
            error = AttributeError("'%s' object has no attribute '%s'" % (type(self).__name__, name))
            error.add_note('Normalization %r has no %s until it is built (call adapt() or the layer)'
                           % (self.name, name))
            raise error
        return self._statistics()

    def call(self, inputs):
        if inputs.dtype != self.compute_dtype:
            inputs = cast(inputs, self.compute_dtype)
        mean, variance = self._statistics()
        std = maximum(sqrt(variance), _EPSILON)
        return mean + inputs * std if self.invert else (inputs - mean) / std

    def adapt(self, data):
        """Set mean and variance from ``data``: an array or tensor (all at once),
        or an iterable of batches (a Dataset, a list of arrays, a generator),
        combined batch by batch as Keras 3 does.

        Raises:
            ValueError: data whose kept axes differ from the built shape, or no batches.
            TypeError: batches without a shape.
        """
        who = 'Normalization %r' % self.name
        if isinstance(data, (np.ndarray, Tensor)):
            if isinstance(data, Tensor) and data.dtype == 'string':     # Keras 3's ops.mean refuses it
                raise ValueError("dtype='string' is not a valid dtype for Keras type promotion.")
            array = np.asarray(to_host(data._data) if isinstance(data, Tensor) else data)
            self._build_or_check(array.shape, who)
            if isinstance(data, Tensor):          # keras.ops, in TensorFlow's summation order
                mean, var = self._moments(array)
            else:
                mean, var = np.mean(array, axis=self._reduce_axis), np.var(array, axis=self._reduce_axis)
        else:
            if not hasattr(data, '__iter__'):
                raise TypeError('Unsupported data type: %s. `adapt` supports `np.ndarray`, backend tensors, '
                                '`tf.data.Dataset`, `keras.utils.PyDataset`, and iterables of batches (e.g. list, '
                                'generator).' % type(data))                # Keras 3's words
            from framework.data import Dataset
            is_dataset = isinstance(data, Dataset)
            data = self._dataset_built(data, who)
            mean, var = self._adapt_batches(iter(data), who, is_dataset)
        self.adapt_mean.assign(np.asarray(mean, self.dtype).reshape(self._kept_shape))
        self.adapt_variance.assign(np.asarray(var, self.dtype).reshape(self._kept_shape))

    def finalize_state(self):
        """Keras 3 snapshots mean / variance from the adapt weights here (after adapt, build and loading);
        tapeflow reads the weights at every call, so there is nothing to refresh."""

    def _moments(self, array):
        """Mean and variance over the reduced axes as Keras 3's ops.mean / ops.var on TensorFlow
        give them: mean((x - mean)**2), summed in TensorFlow's order (numpy's differs in the last bit)."""
        x = Tensor(array)
        axes = self._reduce_axis
        mean = reduce_mean(x, axis=axes)
        var = reduce_mean(square(x - reduce_mean(x, axis=axes, keepdims=True)), axis=axes)
        return to_host(mean._data), to_host(var._data)

    def _dataset_built(self, data, who):
        """``data``, built for from its element_spec when it is a Dataset, as Keras 3 builds (so the
        saved build config has a free batch: (None, 1)); a Dataset of single rows is batched by 128."""
        from framework.data import Dataset
        if not isinstance(data, Dataset):
            return data
        spec = data.element_spec
        shape = tuple((spec[0] if isinstance(spec, tuple) else spec).shape)
        if len(shape) == 1:
            data = data.batch(128)
            spec = data.element_spec
            shape = tuple((spec[0] if isinstance(spec, tuple) else spec).shape)
        self._build_or_check(shape, who)
        return data

    def _build_or_check(self, shape, who):
        if not self.built:
            self._build_from_shape(tuple(shape))
        elif any(shape[a] != self._build_shape[a] for a in self._keep_axis):
            raise ValueError('%s: the layer was built with input_shape=%s, but adapt() is being called with data '
                             'of an incompatible shape, %s' % (who, self._build_shape, tuple(shape)))
        if self.input_mean is not None:
            # Keras 3 builds such a layer without adapt_mean / adapt_variance and fails assigning them
            error = AttributeError("'%s' object has no attribute 'adapt_mean'" % type(self).__name__)
            error.add_note('%s: adapt() needs a layer built without fixed `mean` and `variance`' % who)
            raise error

    def _adapt_batches(self, batches, who, is_dataset=False):
        total_mean = total_var = None
        total = 0
        for batch in batches:
            if isinstance(batch, tuple):           # (x, y) pairs from a dataset: adapt to x
                batch = batch[0]
            if not hasattr(batch, 'shape'):
                raise TypeError('adapt() expects an iterable that yields arrays or tensors with a `.shape` attribute '
                                '(e.g. numpy arrays or backend tensors). Got an element of type %s. Ensure each '
                                'yielded element is array-like with a `.shape` attribute.'
                                % type(batch).__name__)             # Keras 3's words
            if isinstance(batch, Tensor) and batch.dtype == 'string':
                batch = cast(batch, self.dtype)     # Keras converts each batch: TF's Cast refuses strings
            array = np.asarray(to_host(batch._data) if isinstance(batch, Tensor) else batch, dtype=self.dtype)
            self._build_or_check(array.shape, who)
            if total_mean is None:
                total_mean = np.zeros(self._kept_shape, self.dtype)
                total_var = np.zeros(self._kept_shape, self.dtype)
            count = int(np.prod([array.shape[a] for a in self._reduce_axis], dtype=np.int64))
            mean, var = self._moments(array)
            total += count
            w = count / total
            new_mean = total_mean * (1 - w) + mean * w
            # lack-of-fit sum of squares: each part's variance plus its mean's offset
            total_var = (total_var + (total_mean - new_mean) ** 2) * (1 - w) + (var + (mean - new_mean) ** 2) * w
            total_mean = new_mean
        if total_mean is None:
            if is_dataset:          # Keras 3 built from the element_spec and keeps zero mean and variance
                return np.zeros(self._kept_shape, self.dtype), np.zeros(self._kept_shape, self.dtype)
            raise ValueError('adapt() received an empty iterable (no batches). Expected at least one batch. Pass a '
                             'non-empty iterable of arrays or tensors, e.g. layer.adapt([x]) or '
                             'layer.adapt(list_of_batches).')               # Keras 3's words
        return total_mean, total_var

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)

    def get_config(self):
        config = super().get_config()
        config.update({'axis': self.axis, 'invert': self.invert,
                       'mean': np.array(self.input_mean).tolist(), 'variance': np.array(self.input_variance).tolist()})
        return config
