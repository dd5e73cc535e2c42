"""CategoryEncoding, and the one-hot / multi-hot / count encoding the lookup
and hashing layers share (Keras's ``encode_categorical_inputs``)."""
import types

import numpy as np

from framework.backend import array_module
from framework.errors import kernel_error, noted
from framework.ops.dense_bincount import check_bincount_dtype
from framework.placement import current_xp
from framework.ragged.ragged_tensor import RaggedTensor
from framework.sparse import SparseTensor
from framework.ops import cast
from framework.tensor import Tensor, convert_to_tensor

from ..input_spec import standardize_shape
from ..layer import Layer
from .data_inputs import host_array
from .size_arguments import as_size, below

MODES = ('one_hot', 'multi_hot', 'count')


def encode(indices, mode, depth, dtype, weights=None):
    """Indices (an int array; negative entries are dropped) encoded over ``depth`` classes.

    one_hot adds an axis (replacing a last axis of size 1); multi_hot and count
    fold the last axis into per-class flags or counts (a scalar or a rank-1
    input is one sample). ``weights`` (count only) are summed instead of ones.
    From rank 3 on, Keras 3 one-hot encodes and folds axis 1 instead (its
    bincount path takes ranks up to 2; the general one reduces ``axis=1``).
    """
    xp = array_module(indices)
    if indices.ndim == 0:
        indices = indices.reshape(1)
    if mode == 'one_hot':
        if indices.ndim > 1 and indices.shape[-1] == 1:
            indices = indices[..., 0]
        return (indices[..., None] == xp.arange(depth)).astype(dtype)
    if indices.ndim > 2:
        hot = indices[..., None] == xp.arange(depth)
        if mode == 'multi_hot':
            return hot.any(axis=1).astype(dtype)
        if weights is not None:
            hot = hot * xp.broadcast_to(xp.asarray(weights), indices.shape)[..., None]
        return hot.sum(axis=1).astype(dtype)
    rows = int(np.prod(indices.shape[:-1], dtype=np.int64))
    flat = indices.reshape(rows, indices.shape[-1])
    keep = flat >= 0
    slots = (xp.arange(rows)[:, None] * depth + flat)[keep]
    w = None if weights is None else xp.broadcast_to(xp.asarray(weights), indices.shape).reshape(rows, -1)[keep]
    if w is not None and xp is np and np.dtype(dtype).kind == 'f':
        # Keras casts the weights to the layer's dtype, and TF's DenseBincount adds each row's weights one by
        # one in it: float32 sums round at every step (bincount's float64 sum rounded once differed in the
        # last bit). np.add.at adds in the order given
        counts = np.zeros(rows * depth, dtype)
        np.add.at(counts, slots, w.astype(dtype))
        counts = counts.reshape(indices.shape[:-1] + (depth,))
    else:
        counts = xp.bincount(slots, weights=w, minlength=rows * depth).reshape(indices.shape[:-1] + (depth,))
    if mode == 'multi_hot':
        counts = counts > 0
    return counts.astype(dtype)


# Keras 3's ops.sum widens small integer counts (jax's rule), as its rank-3+ count encoding sums one-hots
_SUM_DTYPES = {'bool': 'int32', 'int8': 'int32', 'int16': 'int32', 'uint8': 'uint32', 'uint16': 'uint32'}


def encoded_output(indices, mode, depth, dtype, sparse, weights=None):
    """``encode``'s array as the layer's output: a tf.SparseTensor of the categories present when
    ``sparse``, else a Tensor, in the dtype Keras 3 on TF 2.21 gives (see ``encode``)."""
    dtype = np.dtype(dtype)
    fast_path = mode in ('multi_hot', 'count') and indices.ndim <= 2
    if fast_path and not sparse:
        # Keras's TF fast path: tf.math.bincount(..., dtype=dtype), whose DenseBincount kernel takes
        # int32 / int64 / float / double counts only (a float16 layer fails there)
        check_bincount_dtype(dtype.name)
    if mode == 'count' and not fast_path:
        dtype = np.dtype(_SUM_DTYPES.get(dtype.name, dtype.name))
    encoded = encode(indices, mode, depth, dtype, weights)
    if sparse:
        return as_sparse(encoded, encode(indices, mode, depth, bool))
    return Tensor(encoded)


def encoded_shape(input_shape, mode, depth):
    """The output shape of ``encode`` for an input of ``input_shape``."""
    shape = tuple(input_shape)
    if not shape:
        return (depth,)
    if mode == 'one_hot':
        return (shape[:-1] if len(shape) > 1 and shape[-1] == 1 else shape) + (depth,)
    return shape[:-1] + (depth,)      # (also from rank 3 on, where Keras's encoding folds axis 1: its declared shape)


def float_depth_error(depth, output_mode, sparse, shape, who, arg):
    """The TypeError Keras 3.15's encodings raise for a float depth (CategoryEncoding's num_tokens, Hashing's
    num_bins): TF's conversion of the depth, or of a sparse encoding's dense shape, to an integer tensor;
    ``shape``: the ids encoded (one_hot's trailing 1 already dropped)."""
    if output_mode == 'one_hot':
        shown, dtype = (list(shape) + [depth], 'int64') if sparse else (depth, 'int32')
    else:
        shown, dtype = ((depth,) if sparse and len(shape) == 1 else depth), 'int64'
    error = TypeError('Cannot convert %s to EagerTensor of dtype %s' % (shown, dtype))
    error.add_note('%s: %s=%r is no integer; output_mode=%r needs an int size' % (who, arg, depth, output_mode))
    return error


def _checked_count_weights(weights, ids_shape, depth, sparse, who):
    """``count_weights`` as Keras 3's encodings on TF 2.21 take them: up to rank 2 its bincount kernels want
    the ids' shape (a scalar id is one sample), and read empty weights as all ones (None here); from rank 3 on
    they multiply the one-hot encoding, broadcast against it ``weights[..., None]``. The refusals are those
    kernels' (DenseBincount, DenseCountSparseOutput, Mul)."""
    ids_shape, shape = tuple(ids_shape) or (1,), tuple(weights.shape)
    note = '%s: count_weights of shape %s do not match the ids, of shape %s' % (who, shape, ids_shape)
    dims = lambda dims: ','.join(map(str, dims))
    if len(ids_shape) <= 2:
        if weights.size == 0:
            return None
        if shape != ids_shape and sparse:
            raise kernel_error('DenseCountSparseOutput', 'Weights and data must have the same shape. Weight shape: '
                               '[%s]; data shape: [%s]' % (dims(shape), dims(ids_shape)), named=True, note=note)
        if shape != ids_shape:
            raise kernel_error('DenseBincount', '`weights` must be the same shape as `arr` or a length-0 `Tensor`, '
                               'in which case it acts as all weights equal to 1. Received [%s]' % dims(shape),
                               named=True, note=note)
        return weights
    try:
        np.broadcast_shapes(ids_shape + (depth,), shape + (1,))
    except ValueError:
        raise kernel_error('Mul', 'Incompatible shapes: [%s] vs. [%s]' % (dims(ids_shape + (depth,)),
                                                                          dims(shape + (1,))),
                           named=True, note=note) from None
    return weights


class CategoryEncoding(Layer):
    """Integer category ids in [0, num_tokens) as one-hot, multi-hot or count vectors (Keras 3).

    Args:
        num_tokens: the number of categories (the output's last axis).
        output_mode: 'multi_hot' (default; 'binary' is its old name),
            'one_hot' or 'count'.
        sparse: True returns a tf.SparseTensor holding an entry for each category present
            (a zero weight sum keeps its entry, as Keras's sparse bincount does).
    Call with ``count_weights`` (count mode): each id adds its weight.
    Raises:
        ValueError: a bad num_tokens or output_mode, count_weights outside 'count' mode;
            InvalidArgumentError (a ValueError): negative ids to multi_hot / count of rank <= 2;
            count_weights of another shape than the ids (TF's bincount / Mul kernels' words).
            Ids >= num_tokens (and negative ones elsewhere) encode as zeros, as in Keras.
        TypeError: non-integer inputs.
    """
    keras_converts_inputs = False     # Keras 3's _convert_input_args (see functional/keras_filled_arguments)
    _keras_data_layer = True      # a subclass of Keras 3's DataLayer (see Layer's input_shape warning)
    _allow_non_tensor_positional_args = True      # Keras 3 preprocessing layers take Python values
    _keeps_composite_inputs = (RaggedTensor, SparseTensor)     # see ragged_encoding.py, sparse_encoding.py

    def __init__(self, num_tokens=None, output_mode='multi_hot', sparse=False, **kwargs):
        super().__init__(**kwargs)
        if output_mode == 'binary':
            output_mode = 'multi_hot'
        if output_mode not in MODES:
            error = ValueError('Unknown arg for output_mode: %s' % (output_mode,))        # Keras 3's text
            error.add_note('CategoryEncoding: output_mode is one of %s' % (MODES,))
            raise error
        # Keras 3 compares num_tokens < 1 (a string fails it with Python's TypeError) and takes True or an
        # integer tensor as the size it holds
        # integer tensor as the size it holds; a Python float is kept, and the call's encoding refuses it as
        # Keras's does (numpy floats are refused here)
        if num_tokens is None:
            raise ValueError('num_tokens must be set to use this layer. If the number of tokens is not known '
                             'beforehand, use the IntegerLookup layer instead.')
        if below(num_tokens, 1, True, 'CategoryEncoding', 'num_tokens') \
                or (as_size(num_tokens) is None and type(num_tokens) is not float):
            error = ValueError('`num_tokens` must be >= 1. Received: num_tokens=%s.' % (num_tokens,))   # Keras 3's
            error.add_note('CategoryEncoding: num_tokens must be an int >= 1 (use IntegerLookup when the number of '
                           'categories is not known beforehand)')
            raise error
        num_tokens = num_tokens if type(num_tokens) is float else as_size(num_tokens)
        self.num_tokens, self.output_mode, self.sparse = num_tokens, output_mode, bool(sparse)

    def call(self, inputs, count_weights=None):
        who = 'CategoryEncoding %r' % self.name
        if count_weights is not None and self.output_mode != 'count':
            raise noted(ValueError("`count_weights` is not used when `output_mode` is not `'count'`. Received "
                                   "`count_weights=%s`." % (count_weights,)),       # Keras 3's words
                        "%s: count_weights is used only when output_mode='count', not %r" % (who, self.output_mode))
        if isinstance(inputs, RaggedTensor):
            from .ragged_encoding import encode_ragged       # (it builds on this module)
            return encode_ragged(self, inputs, self._ragged_ids, self.num_tokens, self._dtype)
        if isinstance(inputs, SparseTensor):
            from .sparse_encoding import encode_sparse       # (it builds on this module)
            return encode_sparse(self, inputs, self._ragged_ids, self.num_tokens, self._dtype, np.int64)
        data = inputs._data if isinstance(inputs, Tensor) else current_xp().asarray(host_array(inputs))
        if data.dtype.kind not in 'iu':
            # Keras casts the ids (one_hot to int64, the other modes to int32): 1.5 is category 1, True 1 and
            # 1+1j 1 in TF 2.21, strings Cast's UnimplementedError 'Cast string to int32 is not supported'
            if data.dtype.kind in 'OSU':
                cast(inputs if isinstance(inputs, Tensor) else convert_to_tensor(host_array(inputs)),
                     'int64' if self.output_mode == 'one_hot' else 'int32')
            data = (data.real if data.dtype.kind == 'c' else data).astype(np.int64)
        if type(self.num_tokens) is float:
            shape = data.shape[:-1] if self.output_mode == 'one_hot' and data.ndim > 1 and data.shape[-1] == 1 \
                else data.shape
            raise float_depth_error(self.num_tokens, self.output_mode, self.sparse, shape, 'CategoryEncoding',
                                    'num_tokens')
        if self.output_mode != 'one_hot' and data.ndim <= 2 and data.size and int(data.min()) < 0:
            raise _negative_ids(data, who, self.num_tokens)
        if data.size and int(data.max()) >= self.num_tokens:
            data = array_module(data).where(data < self.num_tokens, data, -1)   # encode drops negatives
        weights = None
        if count_weights is not None:
            weights = host_array(count_weights) if not isinstance(count_weights, Tensor) else count_weights._data
            weights = _checked_count_weights(array_module(data).asarray(weights), data.shape, self.num_tokens,
                                             self.sparse, who)
        return encoded_output(data, self.output_mode, self.num_tokens, self._dtype, self.sparse, weights)

    def _ragged_ids(self, flat):
        ids = host_array(flat).astype(np.int64)         # (Keras casts float ids to int)
        return np.where(ids < self.num_tokens, ids, -1)

    def compute_output_shape(self, input_shape):
        return encoded_shape(input_shape, self.output_mode, self.num_tokens)

    def compute_output_spec(self, inputs, count_weights=None):
        """The output's shape, dtype and sparseness (the symbolic call makes its KerasTensor from
        them: a KerasTensor made here would take a name of Keras's counter)."""
        # (standardized: a float num_tokens is Keras's 'Cannot convert ... to a shape' ValueError)
        return types.SimpleNamespace(shape=standardize_shape(self.compute_output_shape(inputs.shape)),
                                     dtype=self._symbolic_dtype(), sparse=self.sparse)

    def get_config(self):
        config = super().get_config()
        config.update(num_tokens=self.num_tokens, output_mode=self.output_mode)      # Keras 3 leaves sparse out
        return config


def _negative_ids(data, who, depth):
    """The error of the DenseBincount kernel Keras 3's multi_hot / count run on ids of rank up to 2 (one-hot
    encoding, and ranks from 3 on, give negative ids a row of zeros): a batch names its last negative id."""
    note = '%s: category ids must be non-negative (ids >= num_tokens=%d are dropped, as Keras drops them)' % (
        who, depth)
    if data.ndim < 2:
        return kernel_error('DenseBincount', 'Input arr must be non-negative!', named=True, note=note)
    flat = data.reshape(-1)
    last = int(flat[int(array_module(data).nonzero(flat < 0)[0][-1])])
    return kernel_error('DenseBincount', "Input 'in' must be non-negative! Negative input value found: %d" % last,
                        named=True, note=note)


def as_sparse(encoded, present):
    """``encoded`` as a tf.SparseTensor of the entries where ``present``, in row-major order."""
    from framework.sparse import SparseTensor
    from framework import backend
    host = np.asarray(backend.to_host(encoded))
    indices = np.argwhere(np.asarray(backend.to_host(present))).astype(np.int64)
    return SparseTensor(indices, host[tuple(indices.T)], np.asarray(host.shape, np.int64))
