"""HashedCrossing (Keras 3): crosses of two or more categorical features, hashed into bins,
bit-exact with Keras's ``tf.sparse.cross_hashed`` (framework/sparse/cross_hashed.py)."""
import numpy as np

from framework.ragged.ragged_tensor import RaggedTensor
from framework.sparse import SparseTensor
from framework.sparse.cross_hashed import cross_hashed
from framework.tensor import Tensor, convert_to_tensor

from ..layer import Layer
from .categorical_encoding import encoded_output
from .data_inputs import host_array, string_array

MODES = ('int', 'one_hot')
_PYTHON_VALUES = (list, tuple, str, bytes, int, float, bool)


class HashedCrossing(Layer):
    """Each sample's combination of feature values to one of ``num_bins`` bins.

    Called on a list or tuple of at least two tensors of one shape (scalars, ``(batch,)`` or
    ``(batch, 1)``), each of strings or integers. A string hashes to its FarmHash Fingerprint64,
    an integer to itself; the hashes are combined with TensorFlow's FingerprintCat64.

    Args:
        num_bins: the number of bins.
        output_mode: 'int' (int64 bins, the default) or 'one_hot' (float32).
        sparse: with 'one_hot', a tf.SparseTensor of the bins (ignored for 'int', as in Keras).
    Raises:
        ValueError: a bad output_mode, or inputs that are not such a list (Keras 3's texts).
    """
    keras_converts_inputs = False     # Keras 3's _convert_input_args (see functional/keras_filled_arguments)
    _allow_non_tensor_positional_args = True      # Keras 3 preprocessing layers take Python values
    _keeps_composite_inputs = (RaggedTensor, SparseTensor)     # (Keras's call refuses them in its own words)

    def __init__(self, num_bins, output_mode='int', sparse=False, name=None, dtype=None, **kwargs):
        if output_mode == 'int' and dtype is None:
            dtype = 'int64'
        # Keras 3 hands Layer only name and dtype: any other keyword (trainable=False, a misspelt one) is dropped
        super().__init__(name=name, dtype=dtype)
        if output_mode not in MODES:
            raise ValueError('Unknown value for `output_mode` argument of HashedCrossing. Allowed values are: %s. '
                             'Received: output_mode=%s' % (MODES, output_mode))      # Keras 3's text
        self.num_bins, self.output_mode, self.sparse = num_bins, output_mode, sparse

    def __call__(self, inputs, *args, **kwargs):
        # Keras 3 hands call its inputs unconverted and converts each feature itself (ensure_tensor), so a
        # list of Python values (['a', 'b'], [1, 2]) is two features, where Layer.__call__ would read one array
        if type(inputs) in (list, tuple) and any(type(x) in _PYTHON_VALUES for x in inputs):
            inputs = type(inputs)(convert_to_tensor(x) if type(x) in _PYTHON_VALUES else x for x in inputs)
        self.__dict__['_given_inputs'] = inputs
        try:
            return super().__call__(inputs, *args, **kwargs)
        finally:
            self.__dict__['_given_inputs'] = None

    def _input_cast_dtype(self):
        return None         # each feature keeps its dtype (Keras converts nothing; a float one is refused)

    def call(self, inputs):
        given = self.__dict__.get('_given_inputs')
        given = inputs if given is None else given       # (Keras's first two texts show the inputs as given)
        if not isinstance(inputs, (list, tuple)):
            raise ValueError('`HashedCrossing` should be called on a list or tuple of inputs. Received: inputs=%s'
                             % (given,))
        if len(inputs) < 2:
            raise ValueError('`HashedCrossing` should be called on at least two inputs. Received: inputs=%s'
                             % (given,))
        inputs = [x if isinstance(x, (Tensor, SparseTensor, RaggedTensor)) else convert_to_tensor(x) for x in inputs]
        self._check_input_shape_and_type(inputs)
        values = [host_array(x) for x in inputs]
        values = [string_array(v, 'HashedCrossing') if v.dtype.kind == 'O' else v for v in values]
        shape = values[0].shape
        columns = [v.reshape(-1, 1) for v in values]
        crossed = cross_hashed([Tensor(c) for c in columns], num_buckets=self.num_bins)
        bins = np.asarray(crossed.values._data, np.int64).reshape(shape)
        dtype = self.compute_dtype       # Keras encodes in the compute dtype (float16 under mixed_float16)
        if self.output_mode == 'int':
            return Tensor(bins.astype(dtype))
        return encoded_output(bins, 'one_hot', self.num_bins, dtype, self.sparse)

    @staticmethod
    def _check_input_shape_and_type(inputs):
        """Keras 3's checks, in its order and words (the inputs shown as converted tensors)."""
        first = tuple(inputs[0].shape)
        if len(first) > 2 or (len(first) == 2 and first[-1] != 1):
            raise ValueError('All `HashedCrossing` inputs should have shape `()`, `(batch_size)` or `(batch_size, 1)`. '
                             'Received: inputs=%s' % (inputs,))
        if not all(tuple(x.shape) == first for x in inputs[1:]):
            raise ValueError('All `HashedCrossing` inputs should have equal shape. Received: inputs=%s' % (inputs,))
        if any(isinstance(x, (RaggedTensor, SparseTensor)) for x in inputs):
            raise ValueError('All `HashedCrossing` inputs should be dense tensors. Received: inputs=%s' % (inputs,))
        if not all(x.dtype.is_integer or x.dtype == 'string' for x in inputs):
            raise ValueError('All `HashedCrossing` inputs should have an integer or string dtype. '
                             'Received: inputs=%s' % (inputs,))

    def compute_output_shape(self, input_shape):
        # Keras 3's checks and words (it reads the last axes: scalar shapes are its IndexError)
        if len(input_shape) != 2 or not isinstance(input_shape[0], tuple) or not isinstance(input_shape[1], tuple):
            raise ValueError('Expected as input a list/tuple of 2 tensors. Received input_shape=%s' % (input_shape,))
        if input_shape[0][-1] != input_shape[1][-1]:
            raise ValueError('Expected the two input tensors to have identical shapes. Received input_shape=%s'
                             % (input_shape,))
        first = tuple(input_shape[0])
        if self.output_mode == 'int':
            return first
        if first[-1] != 1:
            return first + (self.num_bins,)
        return first[:-1] + (self.num_bins,)

    def get_config(self):
        # Keras 3 writes this whole dict itself (the dtype as a name, no trainable)
        return {'num_bins': self.num_bins, 'output_mode': self.output_mode, 'sparse': self.sparse,
                'name': self.name, 'dtype': self.dtype}
