"""Hashing: values to hash bins, bit-exact with Keras 3 (FarmHash Fingerprint64, or SipHash-2-4 with a salt)."""
import numpy as np

from framework.ops import equal
from framework.ragged.ragged_tensor import RaggedTensor
from framework.sparse import SparseTensor
from framework.tensor import Tensor

from ..layer import Layer
from .categorical_encoding import encoded_output, float_depth_error
from .data_inputs import host_array, is_string_array, string_array
from .ragged_encoding import encode_ragged
from .sparse_encoding import encode_sparse
from .size_arguments import as_size, below
from framework.string_hashes import fingerprint64, siphash24
from framework.strings_hash_buckets import _buckets as hash_buckets

MODES = ('int', 'one_hot', 'multi_hot', 'count')


def _refused(text, note):
    error = ValueError(text)
    error.add_note('Hashing: ' + note)
    return error


class Hashing(Layer):
    """Each value to one of ``num_bins`` bins by a hash of its text (Keras 3).

    Strings are hashed as they are; integers (and floats, truncated to int64)
    by their decimal text, as ``tf.strings.as_string`` writes them. Without a
    salt the hash is FarmHash Fingerprint64 (``tf.strings.to_hash_bucket_fast``),
    with one SipHash-2-4 keyed by it (``to_hash_bucket_strong``).

    Args:
        num_bins: the number of bins, ``mask_value``'s bin 0 included.
        mask_value: values equal to it go to bin 0, the others to 1..num_bins-1.
        salt: an int or a pair of ints: the SipHash key.
        output_mode: 'int' (int64 bins), 'one_hot', 'multi_hot' or 'count' (float32).
    Raises:
        ValueError: num_bins < 1, a bad salt or output_mode, or sparse=True with output_mode='int'.
    """
    keras_converts_inputs = False     # Keras 3's _convert_input_args (see functional/keras_filled_arguments)
    _allow_non_tensor_positional_args = True      # Keras 3 preprocessing layers take Python values
    _keeps_composite_inputs = (RaggedTensor, SparseTensor)     # see ragged_encoding.py, sparse_encoding.py

    def __init__(self, num_bins, mask_value=None, salt=None, output_mode='int', sparse=False, **kwargs):
        if kwargs.get('dtype') is None:
            kwargs['dtype'] = 'int64' if output_mode == 'int' else 'float32'
        super().__init__(**kwargs)
        # Keras 3's checks, in its order and words; tapeflow's sentence is a note
        if num_bins is None or below(num_bins, 0, False, 'Hashing', 'num_bins'):
            raise _refused('The `num_bins` for `Hashing` cannot be `None` or non-positive values. Received: '
                           'num_bins=%s.' % (num_bins,), 'num_bins is a positive int')
        # a Python float is kept, as Keras keeps it: the hash kernels truncate it, the encodings refuse it
        # (numpy floats, which Keras's encodings treat otherwise, are still refused here)
        if as_size(num_bins) is None and type(num_bins) is not float:
            raise ValueError('Hashing: num_bins must be a positive int; received num_bins=%r' % (num_bins,))
        num_bins = num_bins if type(num_bins) is float else as_size(num_bins)
        if output_mode == 'int' and self.dtype not in ('int32', 'int64'):
            # Keras 3's words ('in64' included), showing the dtype argument as given
            raise _refused('When `output_mode="int"`, `dtype` should be an integer type, \'int32\' or \'in64\'. '
                           'Received: dtype=%s' % (kwargs['dtype'],),
                           "with output_mode='int' the dtype must be 'int32' or 'int64'; the layer's is %r"
                           % self.dtype)
        if output_mode not in MODES:
            raise _refused('Invalid value for argument `output_mode`. Expected one of %s. Received: output_mode=%s'
                           % (MODES, output_mode), 'output_mode is one of %s' % (MODES,))
        if sparse and output_mode == 'int':
            raise _refused('`sparse` may only be true if `output_mode` is `"one_hot"`, `"multi_hot"`, or `"count"`. '
                           'Received: sparse=%s and output_mode=%s' % (sparse, output_mode), 'sparse needs counts')
        if salt is not None:
            if isinstance(salt, (tuple, list)) and len(salt) == 2 and all(isinstance(s, int) for s in salt):
                salt = list(salt)
            elif isinstance(salt, int) and not isinstance(salt, bool):
                salt = [salt, salt]
            else:
                raise _refused('The `salt` argument for `Hashing` can only be a tuple of size 2 integers, or a single '
                               'integer. Received: salt=%s.' % (salt,), 'salt is an int or a pair of ints')
        self.num_bins, self.mask_value, self.salt = num_bins, mask_value, salt
        self.strong_hash = salt is not None         # Keras 3's attribute: SipHash with the salt, else FarmHash
        self.output_mode, self.sparse = output_mode, bool(sparse)

    def _texts(self, values, who):
        """The bytes each value is hashed as."""
        if is_string_array(values):
            return string_array(values, who)
        if values.dtype.kind == 'f':
            values = values.astype(np.int64)       # Keras casts floats to int64 (truncating) first
        elif values.dtype.kind not in 'iub':
            raise TypeError('%s: expected strings or numbers, got dtype %s' % (who, values.dtype))
        out = np.empty(values.shape, dtype=object)
        # (tf.strings.as_string writes bools as b'true' / b'false')
        text = (lambda v: b'true' if v else b'false') if values.dtype.kind == 'b' else (lambda v: str(int(v)).encode())
        out.reshape(-1)[:] = [text(v) for v in values.reshape(-1).tolist()]
        return out

    def _input_cast_dtype(self):
        # Keras 3 hands Hashing its inputs unconverted (_convert_input_args=False): float values are
        # compared with mask_value in their own dtype (1.5 stays 1.5 in an int64 layer), then truncated
        return None

    @staticmethod
    def _values(inputs, who):
        values = host_array(inputs)
        return string_array(values, who) if values.dtype.kind == 'O' else values

    def _bins(self, values, who):
        bins = self.num_bins
        mask = None
        if self.mask_value is not None and bins > 1:
            bins -= 1
            if isinstance(self.mask_value, (str, bytes)) != is_string_array(values):
                # Keras's tf.equal(values, mask_value) refuses to convert a string mask for numbers, or a
                # number for strings: TF's TypeError ('Cannot convert 'a' to EagerTensor of dtype int64')
                equal(Tensor(values), self.mask_value)
            mask = values == (self.mask_value.encode() if isinstance(self.mask_value, str) and
                              is_string_array(values) else self.mask_value)
        texts = self._texts(values, who).reshape(-1).tolist()
        # the kernels' int attr: a float number of bins truncated, fewer than 1 TF's InvalidArgumentError
        bins = hash_buckets(bins, 'to_hash_bucket_fast' if self.salt is None else 'to_hash_bucket_strong')
        if self.salt is not None:
            hashed = [siphash24(t, *self.salt) % bins for t in texts]
        else:
            hashed = [fingerprint64(t) % bins for t in texts]
        out = np.asarray(hashed, np.int64).reshape(values.shape)
        if mask is not None:
            out = np.where(mask, 0, out + 1)
        return out

    def _symbolic_dtype(self):
        """Keras 3's compute_output_spec declares self.dtype, the variable dtype: float32 under mixed_float16,
        as its call returns (not the float16 compute dtype)."""
        return self.dtype

    def call(self, inputs):
        who = 'Hashing %r' % self.name
        if isinstance(inputs, RaggedTensor):
            return encode_ragged(self, inputs, lambda flat: self._bins(self._values(flat, who), who), self.num_bins,
                                 self._dtype)
        if isinstance(inputs, SparseTensor):
            return encode_sparse(self, inputs, lambda values: self._bins(self._values(values, who), who), self.num_bins,
                                 self._dtype, self._dtype)
        values = self._values(inputs, who)
        if self.output_mode == 'one_hot' and not values.ndim:
            # Keras reads inputs.shape[-1] for one_hot: a scalar (a Dataset.map of single strings) fails there
            error = IndexError('tuple index out of range')
            error.add_note("%s: output_mode='one_hot' needs inputs of rank 1 or more" % who)
            raise error
        if self.output_mode == 'one_hot' and values.ndim and values.shape[-1] == 1:
            values = values[..., 0]
        bins = self._bins(values, who)
        if self.output_mode == 'int':
            return Tensor(bins.astype(self._dtype))
        if type(self.num_bins) is float:
            raise float_depth_error(self.num_bins, self.output_mode, self.sparse, values.shape, 'Hashing', 'num_bins')
        return encoded_output(bins, self.output_mode, self.num_bins, self._dtype, self.sparse)

    def compute_output_shape(self, input_shape):
        if self.output_mode == 'int':
            return tuple(input_shape)
        # Keras 3.15's Hashing replaces the last axis by the bins in every encoding mode, 'one_hot' too
        # (CategoryEncoding appends an axis there); a symbolic call reads this shape, an eager one encodes
        return tuple(input_shape[:-1]) + (self.num_bins,)

    def get_config(self):
        config = super().get_config()
        config.update(num_bins=self.num_bins, salt=self.salt, mask_value=self.mask_value,
                      output_mode=self.output_mode, sparse=self.sparse)
        return config
