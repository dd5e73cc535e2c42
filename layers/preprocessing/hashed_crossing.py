"""HashedCrossing (Keras 3): crosses of two or more categorical features, hashed into bins,
bit-exact with Keras's ``tf.sparse.cross_hashed`` (framework/sparse/cross_hashed.py)."""
import numpy as np

from framework.sparse.cross_hashed import cross_hashed
from framework.tensor import Tensor

from ..layer import Layer
from .categorical_encoding import encode
from .data_inputs import host_array, is_string_array, string_array

MODES = ('int', 'one_hot')


class HashedCrossing(Layer):
    """Each sample's combination of feature values to one of ``num_bins`` bins.

    Called on a list or tuple of at least two tensors of one shape (scalars, ``(batch,)`` or
    ``(batch, 1)``), each of strings or integers. A string hashes to its FarmHash Fingerprint64,
    an integer to itself; the hashes are combined with TensorFlow's FingerprintCat64.

    Args:
        num_bins: the number of bins.
        output_mode: 'int' (int64 bins, the default) or 'one_hot' (float32).
    Raises:
        ValueError: a bad output_mode, sparse=True, or inputs that are not such a list.
    """
    keras_converts_inputs = False     # Keras 3's _convert_input_args (see functional/keras_filled_arguments)
    _allow_non_tensor_positional_args = True      # Keras 3 preprocessing layers take Python values

    def __init__(self, num_bins, output_mode='int', sparse=False, name=None, dtype=None, **kwargs):
        if output_mode == 'int' and dtype is None:
            dtype = 'int64'
        super().__init__(name=name, dtype=dtype, **kwargs)
        if output_mode not in MODES:
            raise ValueError('Unknown value for `output_mode` argument of HashedCrossing. Allowed values are: %s. '
                             'Received: output_mode=%s' % (MODES, output_mode))      # Keras 3's text
        if sparse:
            raise ValueError('HashedCrossing: sparse=True needs sparse outputs, which tapeflow does not give')
        self.num_bins, self.output_mode, self.sparse = num_bins, output_mode, False

    def _check_inputs(self, inputs):
        if not isinstance(inputs, (list, tuple)) or len(inputs) < 2:
            raise ValueError('HashedCrossing %r should be called on a list or tuple of at least two inputs; '
                             'received inputs=%r' % (self.name, inputs))

    def call(self, inputs):
        self._check_inputs(inputs)
        who = 'HashedCrossing %r' % self.name
        values = [host_array(x) for x in inputs]
        values = [string_array(v, who) if v.dtype.kind == 'O' or is_string_array(v) else v for v in values]
        shape = values[0].shape
        for v in values:
            if v.shape != shape:
                raise ValueError('%s: all inputs must have the same shape; received shapes %s'
                                 % (who, [tuple(x.shape) for x in values]))
            if v.dtype.kind not in 'iuO':
                raise ValueError('%s: inputs must be integers or strings; received dtype %s' % (who, v.dtype))
        if len(shape) > 2 or (len(shape) == 2 and shape[1] != 1):
            raise ValueError('%s: inputs must be scalars, (batch,) or (batch, 1); received shape %s' % (who, shape))
        columns = [v.reshape(-1, 1) for v in values]
        crossed = cross_hashed([Tensor(c) for c in columns], num_buckets=self.num_bins)
        bins = np.asarray(crossed.values._data, np.int64).reshape(shape)
        if self.output_mode == 'int':
            return Tensor(bins.astype(self._dtype))
        return Tensor(encode(bins, 'one_hot', self.num_bins, self._dtype))

    def compute_output_shape(self, input_shape):
        if len(input_shape) != 2 or not all(isinstance(s, tuple) for s in input_shape):
            raise ValueError('HashedCrossing %r: expected as input a list/tuple of 2 tensors; received input_shape=%s'
                             % (self.name, input_shape))
        first = tuple(input_shape[0])
        if first[-1:] != tuple(input_shape[1])[-1:]:
            raise ValueError('HashedCrossing %r: expected the two input tensors to have identical shapes; '
                             'received input_shape=%s' % (self.name, input_shape))
        if self.output_mode == 'int':
            return first
        if first and first[-1] != 1:
            return first + (self.num_bins,)
        return first[:-1] + (self.num_bins,)

    def get_config(self):
        # Keras 3 writes this whole dict itself (the dtype as a name, no trainable)
        return {'num_bins': self.num_bins, 'output_mode': self.output_mode, 'sparse': self.sparse,
                'name': self.name, 'dtype': self.dtype}
