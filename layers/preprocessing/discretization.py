"""Discretization: numbers to bucket indices, with boundaries given or learned as quantiles (Keras 3)."""
import numpy as np

from framework.errors import InvalidArgumentError, kernel_error
from framework.ragged.ragged_tensor import RaggedTensor
from framework.sparse import SparseTensor
from framework.tensor import Tensor

from ..layer import Layer
from .categorical_encoding import encoded_output, encoded_shape
from .data_inputs import batches, host_array
from .ragged_encoding import encode_ragged
from .sparse_encoding import encode_sparse

MODES = ('int', 'one_hot', 'multi_hot', 'count')


def summarize(values, epsilon):
    """Keras's quantile sketch of a batch: every ``step``-th sorted value, each standing for ``step`` values
    (step = max(size * epsilon, 1)), as a (2, n) array of values and weights."""
    values = np.sort(np.reshape(values, -1))
    step = max(values.size * epsilon, 1)
    kept = values[int(step - 1)::int(step)]
    return np.stack([kept, np.full(kept.shape, step, kept.dtype)])


def compress(summary, epsilon):
    """The summary re-cut at the cumulative-weight fractions epsilon, 2 epsilon, ..., 1 by linear
    interpolation (unchanged while it has fewer than 1 / epsilon entries)."""
    if summary.shape[1] * epsilon < 1:
        return summary
    fractions = epsilon + np.arange(0.0, 1.0, epsilon)
    cumulative = summary[1].cumsum()
    at = cumulative / cumulative[-1]
    values = np.interp(fractions, at, summary[0])
    new_cumulative = np.interp(fractions, at, cumulative)
    weights = new_cumulative - np.concatenate(([0], new_cumulative[:-1]))
    return np.stack([values, weights]).astype(np.float32)


def merge(new, old, epsilon):
    merged = np.concatenate((new, old), axis=1)
    return compress(merged[:, np.argsort(merged[0])], epsilon)


class Discretization(Layer):
    """Bucket index of each value: i where boundaries[i-1] <= x < boundaries[i] (Keras 3).

    Args:
        bin_boundaries: sorted boundaries (n boundaries give n + 1 buckets), or
        num_bins: the number of buckets ``adapt`` finds boundaries for, at the
            quantiles of the data (Keras's approximate sketch, with ``epsilon``).
        epsilon: the sketch's precision (0.01).
        output_mode: 'int' (int32 indices), 'one_hot', 'multi_hot' or 'count' (float32).
    Raises:
        ValueError: both or neither of bin_boundaries / num_bins, a bad output_mode,
            adapt() without num_bins, or a call before boundaries exist.
    """
    _keras_data_layer = True      # a subclass of Keras 3's DataLayer (see Layer's input_shape warning)
    _allow_non_tensor_positional_args = True      # Keras 3 preprocessing layers take Python values
    _keeps_composite_inputs = (RaggedTensor, SparseTensor)     # see ragged_encoding.py, sparse_encoding.py

    def __init__(self, bin_boundaries=None, num_bins=None, epsilon=0.01, output_mode='int', sparse=False,
                 dtype=None, name=None):
        # no **kwargs, as Keras 3: Discretization(trainable=False) is Python's unexpected-keyword TypeError
        super().__init__(name=name, dtype=dtype)
        if sparse and output_mode == 'int':
            raise ValueError("`sparse=True` may only be used if `output_mode` is `'one_hot'`, `'multi_hot'`, or "
                             "`'count'`. Received: sparse=%s and output_mode=%s" % (sparse, output_mode))  # Keras 3's
        if output_mode not in MODES:
            raise ValueError('Unknown value for `output_mode` argument of Discretization. Allowed values are: %s. '
                             'Received: output_mode=%s' % (MODES, output_mode))      # Keras 3's text
        if isinstance(num_bins, (int, np.integer, float)) and not isinstance(num_bins, bool) and num_bins < 0:
            raise ValueError('`num_bins` must be greater than or equal to 0. Received: `num_bins=%s`'
                             % (num_bins,))      # Keras 3's text
        if num_bins is not None and (isinstance(num_bins, bool) or not isinstance(num_bins, (int, np.integer))):
            raise ValueError('Discretization: num_bins must be an int >= 0; received num_bins=%r' % (num_bins,))
        if num_bins is not None and bin_boundaries is not None:
            raise ValueError('Both `num_bins` and `bin_boundaries` should not be set. Received: `num_bins=%s` and '
                             '`bin_boundaries=%s`' % (num_bins, bin_boundaries))      # Keras 3's text
        if num_bins is None and bin_boundaries is None:
            raise ValueError('You need to set either `num_bins` or `bin_boundaries`.')
        # kept as given (a tuple of ints stays one in get_config), as Keras 3 does; its truth test
        # below is Keras's too (an array of several boundaries raises numpy's ValueError there)
        self.bin_boundaries, self.num_bins = bin_boundaries, num_bins
        self.epsilon, self.output_mode, self.sparse = float(epsilon), output_mode, bool(sparse)
        self.summary = None if bin_boundaries else np.zeros((2, 0), np.float32)

    def adapt(self, data, steps=None):
        """Find num_bins - 1 boundaries at the quantiles of ``data`` (an array, or a dataset of batches)."""
        who = 'Discretization %r' % self.name
        if self.num_bins is None:
            raise ValueError('Cannot adapt a Discretization layer that has been initialized with `bin_boundaries`, '
                             'use `num_bins` instead.')     # Keras 3's words
        self.reset_state()
        for batch in batches(data, steps, who, lists_are_batches=True, pack=np.array):
            self.update_state(batch)
        self.finalize_state()

    def update_state(self, data):
        """Merge ``data`` (one batch) into the quantile summary (Keras 3's adapt step)."""
        values = host_array(data)
        if values.dtype.kind not in 'iuf':
            try:        # Keras 3 reads np.array(batch).astype('float32'): numeric text passes
                values = values.astype(np.float32)
            except (TypeError, ValueError) as error:
                error.add_note('Discretization %r.adapt: expected numbers, got dtype %s' % (self.name, values.dtype))
                raise
        self.summary = merge(summarize(values.astype(np.float32), self.epsilon), self.summary, self.epsilon)

    def finalize_state(self):
        """Set bin_boundaries at the summary's quantiles (nothing for a layer given bin_boundaries)."""
        if self.num_bins is not None:
            self.bin_boundaries = compress(self.summary, 1.0 / self.num_bins)[0, :-1].tolist()

    def reset_state(self):
        if self.num_bins is not None:
            self.summary = np.zeros((2, 0), np.float32)

    @property
    def output_dtype(self):
        return self.compute_dtype if self.output_mode != 'int' else 'int32'

    def call(self, inputs):
        who = 'Discretization %r' % self.name
        if self.bin_boundaries is None:
            raise ValueError('You need to either pass the `bin_boundaries` argument at construction time or call '
                             '`adapt(dataset)` before you can start using the `Discretization` layer.')  # Keras 3's
        if isinstance(inputs, RaggedTensor):
            return encode_ragged(self, inputs, lambda flat: self._bucketize(flat, who), len(self.bin_boundaries) + 1,
                                 self.compute_dtype)
        if isinstance(inputs, SparseTensor):
            return encode_sparse(self, inputs, lambda values: self._bucketize(values, who),
                                 len(self.bin_boundaries) + 1, self.compute_dtype, np.int32)
        indices = self._bucketize(inputs, who)
        if self.output_mode == 'int':
            return Tensor(indices.astype(np.int32))
        # Keras 3 encodes in the compute dtype (float16 under mixed_float16)
        return encoded_output(indices, self.output_mode, len(self.bin_boundaries) + 1, self.compute_dtype,
                              self.sparse)

    def _bucketize(self, inputs, who):
        values = host_array(inputs)
        if values.dtype.kind in 'OSU':      # TF's Bucketize kernel has no string registration
            error = InvalidArgumentError(
                "Value for attr 'T' of string is not in the list of allowed values: int32, int64, float, double\n\t; "
                'NodeDef: {{node Bucketize}}; Op<name=Bucketize; signature=input:T -> output:int32; attr=T:type,'
                'allowed=[DT_INT32, DT_INT64, DT_FLOAT, DT_DOUBLE]; attr=boundaries:list(float)> [Op:Bucketize] name: ')
            error.add_note('%s: expected numbers, got strings; convert them first (e.g. tf.strings.to_number)' % who)
            raise error
        if values.dtype.kind not in 'iufb':
            raise TypeError('%s: expected numbers, got dtype %s' % (who, values.dtype))
        bounds = self.bin_boundaries
        if any(b > a for b, a in zip(bounds, bounds[1:])):      # Keras 3 takes them; TF's Bucketize refuses
            raise kernel_error('Bucketize', 'Expected sorted boundaries', named=True,
                               note='%s: bin_boundaries must be sorted; received %r' % (who, bounds))
        # TF's Bucketize holds its boundaries as a float32 attribute
        return np.digitize(values, np.asarray(self.bin_boundaries, np.float32)).astype(np.int64)

    def _input_cast_dtype(self):
        # Keras 3's Discretization.input_dtype is floatx whatever the layer's dtype: an int32 layer
        # buckets 0.7 as 0.7 (not as 0), and float64 data is bucketed in float32
        from framework.keras.backend import floatx       # framework.keras imports the layers
        return np.dtype(floatx())

    def compute_output_shape(self, input_shape):
        if self.output_mode == 'int':
            return tuple(input_shape)
        depth = len(self.bin_boundaries) + 1 if self.bin_boundaries is not None else self.num_bins
        shape = tuple(input_shape)
        if self.output_mode != 'one_hot' and len(shape) >= 2:
            # Keras 3.15's Discretization drops axis 1 ('to match the eager tensor'): (2, 3, 4) -> (2, 4, depth)
            return (shape[0],) + shape[2:] + (depth,)
        return encoded_shape(shape, self.output_mode, depth)

    def _symbolic_dtype(self):
        """int32 bin indices, else the layer's dtype (its compute_dtype, as Keras 3 reports it)."""
        return 'int32' if self.output_mode == 'int' else self.compute_dtype

    @classmethod
    def from_config(cls, config):
        """An adapted layer's config holds num_bins and the boundaries it found: made with num_bins,
        then given the boundaries, as Keras 3 does."""
        config = dict(config)
        boundaries = config.pop('bin_boundaries', None) if config.get('num_bins') is not None else None
        layer = cls(**config)
        if boundaries is not None:
            layer.bin_boundaries = boundaries
        return layer

    def get_config(self):
        # Keras 3 writes this whole dict itself: the dtype as a name and no 'trainable', which its
        # Discretization.__init__ refuses (a config with it does not load in Keras)
        return {'bin_boundaries': self.bin_boundaries, 'num_bins': self.num_bins, 'epsilon': self.epsilon,
                'output_mode': self.output_mode, 'sparse': self.sparse, 'name': self.name, 'dtype': self.dtype}
