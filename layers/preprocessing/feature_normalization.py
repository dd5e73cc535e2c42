"""Keras 3's Normalization: ``(x - mean) / max(sqrt(variance), 1e-7)`` from given or adapted statistics."""
import numpy as np

from framework.backend import to_host
from framework.errors import kernel_error, noted
from framework.ops.graph_input_errors import eager_input_error
from framework.ops import cast, maximum, reduce_mean, sqrt, square
from framework.placement import current_xp
from framework.tensor import Tensor

from ..layer import Layer
from ..normalization import _axes

# Keras's backend.epsilon(): the floor of Normalization's standard deviation.
_EPSILON = 1e-7


def _refused(text):
    error = ValueError(text)
    error.add_note('raised by keras.layers.Normalization(mean=..., variance=...)')
    return error


def _copy_in(array, shape, dtype):
    """A copy of ``array`` (numpy or cupy) reshaped to ``shape`` in ``dtype``: Keras's ops.reshape then
    ops.cast (round to nearest) of the adapt variable, not a view that a later assign would change."""
    return array.reshape(shape).astype(dtype, copy=True)


class Normalization(Layer):
    """``(x - mean) / max(sqrt(variance), 1e-7)`` per position of ``axis``
    (``mean + x * max(sqrt(variance), 1e-7)`` with invert=True).

    The statistics come from ``mean`` / ``variance`` given here, or from
    ``adapt(data)``; until adapted they are 0 and 1. Adapted statistics live
    in the non-trainable weights mean, variance and count (int64, kept at 0
    as in Keras 3), so they are saved with the model. As in Keras 3, a call
    reads a snapshot of those weights taken by ``finalize_state`` (at the end
    of build and adapt, and after a model or weights file is loaded), so
    ``set_weights`` or an ``assign`` to them shows only after finalize_state.

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
    _finalizes_when_loaded = True     # loading a .keras / .weights.h5 file refreshes the statistics' snapshot

    def __init__(self, axis=-1, mean=None, variance=None, invert=False, **kwargs):
        super().__init__(**kwargs)
        self.axis = () if axis is None else ((int(axis),) if isinstance(axis, (int, np.integer)) else tuple(axis))
        # Keras 3's texts; the note names the layer
        if (mean is None) != (variance is None):
            raise _refused('When setting values directly, both `mean` and `variance` must be set. Received: mean=%s '
                           'and variance=%s' % (mean, variance))
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
            self.built = True
            self.finalize_state()
        else:
            self._snapshot = tuple(Tensor(current_xp().asarray(self._broadcast(value)))
                                   for value in (self.input_mean, self.input_variance))
        self.built = True

    def _broadcast(self, value):
        """A given mean or variance aligned with the kept axes from the right, in the input's rank."""
        array = np.asarray(value, dtype=self.compute_dtype)
        shape = [1] * len(self._broadcast_shape)
        for i in range(1, array.ndim + 1):
            shape[self._keep_axis[-i]] = array.shape[-i]
        lengths = {len(d) if isinstance(d, (tuple, list)) else None for d in self._broadcast_shape}
        if len(lengths) == 1 and None not in lengths:
            # the shapes of a list of inputs: Keras 3's broadcast_to takes the kept "size", a whole shape, into its
            # shape tensor, a matrix TF 2.21's BroadcastTo kernel refuses (Normalization(mean=0., variance=1.)([x]))
            raise kernel_error('BroadcastTo', 'shape must be a vector of {int32,int64}, got shape [%d,%d]'
                               % (len(self._broadcast_shape), lengths.pop()),
                               note='Normalization %r: built for the shapes of several inputs, %s'
                                    % (self.name, self._build_shape)) from None
        try:
            return np.broadcast_to(array.reshape(shape), self._broadcast_shape)
        except ValueError:      # TF 2.21's BroadcastTo kernel words it (when the layer is built)
            raise kernel_error('BroadcastTo', 'Incompatible shapes: [%s] vs. [%s]'
                               % (','.join(map(str, shape)), ','.join(map(str, self._broadcast_shape))),
                               note='Normalization %r: mean / variance of shape %s do not fit inputs whose kept axes '
                                    'are %s' % (self.name, array.shape, tuple(self._kept_shape))) from None

    def _export_captures(self):
        """graph_captures.Capture entries of what TensorFlow's serving graph captures for this layer: the
        mean and the variance as constants in the input's broadcast shape (Keras's finalize_state makes
        tensors of them), not the adapt variables (model.export's printout, saved_model/keras_export.py)."""
        from framework.saved_model.graph_captures import constant
        return [constant(id(source), self._broadcast_shape, self.compute_dtype) for source in self._snapshot]

    def _statistics(self):
        """(mean, variance) in the input's broadcast shape and the compute dtype."""
        return self._snapshot

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
        if not inputs.dtype.is_floating:
            return self._integer_call(inputs, mean, variance)
        std = maximum(sqrt(variance), _EPSILON)
        return mean + inputs * std if self.invert else (inputs - mean) / std

    def _integer_call(self, inputs, mean, variance):
        """An integer dtype (dtype='int32', 'uint8', ...): Keras 3 calls keras.ops, whose sqrt computes in
        floatx and whose divide / multiply promote to it, so the output is float32 while ``inputs - mean`` (and
        a uint8 layer's wrap-around) stays in the integer dtype."""
        from framework.keras import ops_math as keras_ops    # not at import: framework.keras loads the layers
        std = keras_ops.maximum(keras_ops.sqrt(variance), _EPSILON)
        if self.invert:
            return keras_ops.add(mean, keras_ops.multiply(inputs, std))
        return keras_ops.divide(keras_ops.subtract(inputs, mean), std)

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
        # (as computed: statistics of data of a higher rank keep its extra axes, and the variable's assign
        # refuses them in Keras 3's words, as on TF 2.21)
        self.adapt_mean.assign(np.asarray(mean, self.dtype))
        self.adapt_variance.assign(np.asarray(var, self.dtype))
        self.finalize_state()

    def finalize_state(self):
        """Take the statistics a call uses from the adapt weights, as Keras 3 does (after build, adapt and
        loading): copies in the input's broadcast shape and the compute dtype, so a later ``set_weights``
        or ``assign`` changes the outputs only once this runs again. A layer given mean / variance: no-op."""
        if self.input_mean is not None or not self.built:
            return
        self._snapshot = tuple(Tensor(_copy_in(weight._data, self._broadcast_shape, self.compute_dtype))
                               for weight in (self.adapt_mean, self.adapt_variance))

    def load_own_variables(self, store):
        """Keras 3's: assign the saved statistics, then take them (finalize_state)."""
        super().load_own_variables(store)
        self.finalize_state()

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
            # Keras 3's text, word for word
            raise ValueError('The layer was built with input_shape=%s, but adapt() is being called with data with '
                             'an incompatible shape, data.shape=%s' % (self._build_shape, tuple(shape)))
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
            if total_mean is None and not is_dataset:     # (a Dataset was built for or checked from its spec)
                self._build_or_check(array.shape, who)
            self._check_batch(array.shape)
            if total_mean is None:
                total_mean = np.zeros(self._kept_shape, self.dtype)
                total_var = np.zeros(self._kept_shape, self.dtype)
            count = int(np.prod([array.shape[a] for a in self._reduce_axis], dtype=np.int64))
            mean, var = self._moments(array)
            total += count
            w = count / total
            refused = _running_mean_refusal(self.compute_dtype)
            if refused is not None:
                raise refused
            new_mean = _weighted_sum(total_mean, 1 - w, mean, w)
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

    def _check_batch(self, shape):
        # Keras 3 checks every batch's kept axes against the built shape, in these words (TF 2.21)
        if any(shape[a] is not None and self._build_shape[a] is not None and shape[a] != self._build_shape[a]
               for a in self._keep_axis):
            raise ValueError('adapt() yielded a batch with incompatible shape. Expected %s, got %s.'
                             % (self._build_shape, tuple(shape)))

    def compute_output_shape(self, input_shape):
        return input_shape          # as given (a list stays a list), as Keras 3's

    def get_config(self):
        config = super().get_config()
        config.update({'axis': self.axis, 'invert': self.invert,
                       'mean': np.array(self.input_mean).tolist(), 'variance': np.array(self.input_variance).tolist()})
        return config


def _weighted_sum(total_mean, total_weight, mean, weight):
    """Keras 3's ``total_mean * existing_weight + batch_mean * batch_weight``: a batch whose statistics keep
    extra axes (data of a higher rank) fails in TensorFlow's AddV2, as on TF 2.21."""
    old, new = total_mean * total_weight, mean * weight
    try:
        return old + new
    except ValueError:
        raise kernel_error('AddV2', 'Incompatible shapes: [%s] vs. [%s]' % (','.join(map(str, old.shape)),
                                                                         ','.join(map(str, new.shape))),
                           named=True, note='Normalization.adapt: a batch of statistics %s does not fit the kept '
                                            'axes %s; batches must have the rank the layer was built for'
                                            % (new.shape, old.shape)) from None


def _running_mean_refusal(compute_dtype):
    """Keras 3 keeps the running mean of batches in float32 (ops.zeros) and takes each batch's mean in the
    compute dtype, so a float16 / bfloat16 / float64 layer's first batch fails in AddV2, as on TF 2.21."""
    name = str(compute_dtype)
    if name in ('float16', 'bfloat16', 'float64'):
        error = eager_input_error('AddV2', 1, 'float32', name)
        error.add_note('Normalization.adapt: Keras 3 adapts to batches (a Dataset, a list, a generator) only in '
                       'float32; adapt a float32 layer, or pass the whole array at once')
        return error
    return None
