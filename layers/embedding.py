"""Embedding: integer indices -> rows of a trainable (input_dim, output_dim) table."""
import warnings

from framework import backend
from framework.ops import cast, gather, not_equal
from framework.ops.indexing import _gather_range_error
from framework.ragged.ragged_tensor import RaggedTensor
from framework.tensor import Tensor, convert_to_tensor

from . import autocast as autocasting, constraints, initializers, lora, regularizers
from .failed_build import keep_build
from .functional.keras_tensor import is_keras_tensor
from .functional.symbolic_ops import record_op
from .layer import Layer
from .quantization_config import QuantizationConfigEntry
from .read_only_weights import PrivateWeight, ReadOnlyWeight, store


def _positive_int(value, name):
    # (a Python int, as Keras 3's isinstance(input_dim, int): numpy integers are refused on TF 2.21)
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        error = ValueError('`%s` must be a positive integer. Received: %s=%s (of type %s).'
                           % (name, name, format(value, ''), type(value).__name__))      # Keras 3's f-string
        error.add_note('Embedding: %s is a positive integer' % name)
        raise error
    return int(value)


class Embedding(QuantizationConfigEntry, lora.MergedWhenSaved, Layer):     # (its LoRA file: the merged table)
    """Look up ``embeddings[indices]``: (batch, ...) ints -> (batch, ..., output_dim).

    Float inputs are cast to int32 first, as Keras 3 does. The gradient is a
    scatter-add into the rows that were looked up (a repeated index adds up).

    Args:
        input_dim: the vocabulary size (indices lie in [0, input_dim)).
        output_dim: the width of each embedding.
        embeddings_initializer: default 'uniform' (RandomUniform(-0.05, 0.05)).
        embeddings_regularizer, activity_regularizer, embeddings_constraint.
        mask_zero: index 0 is padding: the output carries a mask, False where
            the index is 0, that masking layers downstream (RNNs,
            GlobalAveragePooling1D, losses and metrics) skip; the vocabulary
            still has input_dim entries, row 0 included (as in Keras).
        weights: an initial (input_dim, output_dim) table (or a list with it).
        input_length: deprecated and ignored (Keras 3 warns too).
        lora_rank, lora_alpha: build enables LoRA of that rank (see ``enable_lora``; Keras 3's build
            then resets lora_alpha to the rank).
    Raises:
        ValueError: bad sizes, quantization arguments;
            on call, indices outside [0, input_dim) (an IndexError from gather).
    """

    casts_looked_up_rows = True         # (see call, and lora.merged)

    embeddings = ReadOnlyWeight('embeddings')       # Keras 3's property: no setter (layers/read_only_weights.py)
    _embeddings = PrivateWeight('embeddings')       # Keras 3's variable behind it

    _keeps_composite_inputs = (RaggedTensor,)     # a ragged batch of ids (Keras 3 on TF takes one)

    def __init__(self, input_dim, output_dim, embeddings_initializer='uniform', embeddings_regularizer=None,
                 embeddings_constraint=None, mask_zero=False, weights=None, lora_rank=None, lora_alpha=None,
                 quantization_config=None, **kwargs):      # Keras 3's (activity_regularizer: in kwargs)
        input_dim = _positive_int(input_dim, 'input_dim')
        output_dim = _positive_int(output_dim, 'output_dim')
        if kwargs.pop('input_length', None) is not None:
            # (from this line, as Keras's own: shown once per process, whichever line of the program)
            warnings.warn(
                'Argument `input_length` is deprecated. Just remove it.')
        super().__init__(**kwargs)
        # Keras 3's Embedding reads its table in float32 under a mixed policy and casts the rows it looked
        # up (see call); its floating inputs are not cast to the compute dtype first either
        self.autocast = False
        if quantization_config is not None:
            raise ValueError('Embedding %r: quantization is not supported; quantization_config must be None'
                             % self.name)
        # Keras 3 keeps lora_alpha until build, whose enable_lora(lora_rank) then resets it to the rank
        self.lora_rank = lora_rank
        self.lora_alpha = lora_alpha if lora_alpha is not None else lora_rank
        self.lora_enabled = False
        self.input_dim, self.output_dim = input_dim, output_dim
        self.embeddings_initializer = initializers.get(embeddings_initializer)
        self.embeddings_regularizer = regularizers.get(embeddings_regularizer)
        self.embeddings_constraint = constraints.get(embeddings_constraint)
        self.mask_zero = bool(mask_zero)
        self.supports_masking = self.mask_zero    # only a mask_zero Embedding makes a mask; any incoming one stops
        if weights is not None:
            self._build_from_shape(None)
            self.set_weights(weights if isinstance(weights, list) and len(weights) == 1 else [weights])

    def build(self, input_shape=None):
        if 'embeddings' not in self.__dict__:
            store(self, 'embeddings', self.add_weight(shape=(self.input_dim, self.output_dim), name='embeddings',
                                                      initializer=self.embeddings_initializer,
                                                      regularizer=self.embeddings_regularizer,
                                                      constraint=self.embeddings_constraint, autocast=False))
        self.built = True
        if self.lora_rank and not self.lora_enabled:
            self.enable_lora(self.lora_rank)

    def enable_lora(self, rank, lora_alpha=None, a_initializer='he_uniform', b_initializer='zeros'):
        """Freeze the table and train a rank-``rank`` update ``lora_embeddings_a @ lora_embeddings_b``
        scaled by ``lora_alpha / rank`` (default alpha: the rank), as Keras 3 (see layers/lora.py).

        Raises:
            ValueError: an embeddings constraint, an unbuilt layer, LoRA already enabled (Keras 3's words).
        """
        lora.check_can_enable(self, self.embeddings_constraint, 'embedding', 'embeddings_constraint')
        lora.enable(self, 'embeddings', 'lora_embeddings', rank, lora_alpha, a_initializer, b_initializer,
                    self.embeddings_regularizer)
        autocasting.keep_float32(self)      # (autocast=False: the merged table is summed in float32, then cast)

    def call(self, inputs):
        if isinstance(inputs, RaggedTensor):
            # Keras 3's take on TF gathers a ragged batch of ids row by row: a ragged batch of rows
            # (the ragged tensors guide's Embedding on hashed words: (2, None) ids -> (2, None, 16))
            return inputs.with_flat_values(self.call(inputs.flat_values))
        if inputs.dtype.name not in ('int32', 'int64'):
            # (a string tensor fails the cast as Keras 3's ops.cast: TF's Cast UnimplementedError)
            # (Keras casts in call, after its build: the layer stays built, as in TF 2.21)
            if inputs._data.dtype.kind not in 'iufbOSU':
                raise keep_build(TypeError('Embedding %r: expected integer indices, got a %s tensor'
                                           % (self.name, inputs.dtype.name)))
            try:
                inputs = cast(inputs, 'int32')
            except Exception as error:
                raise keep_build(error)
        ids = inputs._data
        if ids.size and ids.min() < 0:
            # Keras 3's take adds input_dim to a negative id once (-1 is the last row), as numpy does
            ids = ids + (ids < 0) * ids.dtype.type(self.input_dim)
            inputs = Tensor(ids)
        if ids.size and (ids.min() < 0 or ids.max() >= self.input_dim):
            # Keras's take gathers from the table's value (GatherV2, no ' name: ' tail), after its build:
            # the layer stays built with its table, as in TF 2.21
            raise keep_build(_gather_range_error(backend.to_host(ids), self.input_dim, 0,
                                                 (self.input_dim, self.output_dim)))
        rows = gather(self.embeddings, inputs)
        if rows.dtype.name != self.compute_dtype:
            # A mixed policy: the rows, not the table, are cast, so the gradient reaches the table as
            # IndexedSlices of float32 rows, each the cast of its own compute-dtype gradient (TF 2.21's
            # Cast gradient keeps the slices); a cast table gave a dense gradient summed from them
            rows = cast(rows, self.compute_dtype)
        return rows

    def compute_mask(self, inputs, mask=None):
        """``inputs != 0`` when mask_zero, else None."""
        if not self.mask_zero:
            return None
        if is_keras_tensor(inputs):           # in a functional graph: Keras 3's NotEqual op node
            return record_op('not_equal', (inputs, 0), {})
        return not_equal(inputs if isinstance(inputs, Tensor) else convert_to_tensor(inputs), 0)

    def compute_output_shape(self, input_shape):
        return tuple(input_shape) + (self.output_dim,)

    def get_config(self):
        config = super().get_config()
        config.update({
            'input_dim': self.input_dim, 'output_dim': self.output_dim,
            'embeddings_initializer': initializers.serialize(self.embeddings_initializer),
            'embeddings_regularizer': regularizers.serialize(self.embeddings_regularizer),
            'activity_regularizer': regularizers.serialize(self.activity_regularizer),
            'embeddings_constraint': constraints.serialize(self.embeddings_constraint),
            'mask_zero': self.mask_zero, 'quantization_config': None,
        })
        if self.lora_rank:
            config['lora_rank'] = self.lora_rank
            config['lora_alpha'] = self.lora_alpha
        return config
