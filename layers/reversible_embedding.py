"""ReversibleEmbedding (Keras 3): an Embedding that can also map hidden vectors back to
logits over its vocabulary, with the transposed table (tied) or a table of its own."""
from framework.ops import cast, matmul, tanh, transpose

from .embedding import Embedding
from .functional.keras_tensor import KerasTensor


class ReversibleEmbedding(Embedding):
    """``layer(ids)`` looks up embeddings; ``layer(hidden, reverse=True)`` returns
    ``hidden @ embeddings.T`` (``tie_weights=True``) or ``hidden @ reverse_embeddings``,
    optionally in ``reverse_dtype`` and soft-capped as ``tanh(logits / cap) * cap``.
    """

    def __init__(self, input_dim, output_dim, tie_weights=True, embeddings_initializer='uniform',
                 embeddings_regularizer=None, embeddings_constraint=None, mask_zero=False, reverse_dtype=None,
                 logit_soft_cap=None, **kwargs):
        super().__init__(input_dim, output_dim, embeddings_initializer=embeddings_initializer,
                         embeddings_regularizer=embeddings_regularizer, embeddings_constraint=embeddings_constraint,
                         mask_zero=mask_zero, **kwargs)
        self.tie_weights = tie_weights
        self.reverse_dtype = reverse_dtype
        self.logit_soft_cap = logit_soft_cap

    def build(self, input_shape=None):
        super().build(input_shape)
        if not self.tie_weights and getattr(self, 'reverse_embeddings', None) is None:
            if self.lora_enabled:
                # Keras 3's build enables LoRA first, which locks the layer's variables: adding
                # reverse_embeddings then fails with a bare ValueError ('None')
                raise ValueError('ReversibleEmbedding %r: lora_rank=%s cannot be combined with tie_weights=False '
                                 '(Keras 3 cannot add reverse_embeddings once build has enabled LoRA); build the '
                                 'layer without lora_rank and call enable_lora(rank) afterwards'
                                 % (self.name, self.lora_rank))
            self.reverse_embeddings = self.add_weight(shape=(self.output_dim, self.input_dim),
                                                      initializer=self.embeddings_initializer,
                                                      name='reverse_embeddings', trainable=True)

    def call(self, inputs, reverse=False):
        if not reverse:
            return super().call(inputs)
        kernel = transpose(self.embeddings) if self.tie_weights else self.reverse_embeddings
        if self.reverse_dtype is not None:
            inputs, kernel = cast(inputs, self.reverse_dtype), cast(kernel, self.reverse_dtype)
        logits = matmul(inputs, kernel)
        if self.logit_soft_cap is not None:
            logits = tanh(logits / self.logit_soft_cap) * self.logit_soft_cap
        return logits

    def compute_output_shape(self, input_shape, reverse=False):
        # a list, as Keras 3's (TF 2.21: ReversibleEmbedding(5, 3).compute_output_shape((None, 3)) is [None, 3, 3])
        if reverse:
            return list(input_shape)[:-1] + [self.input_dim]
        return list(input_shape) + [self.output_dim]

    def get_config(self):
        config = super().get_config()
        config.update(tie_weights=self.tie_weights, reverse_dtype=self.reverse_dtype,
                      logit_soft_cap=self.logit_soft_cap)
        return config

    def compute_output_spec(self, inputs, reverse=False):
        return KerasTensor(tuple(self.compute_output_shape(tuple(inputs.shape), reverse)), self.compute_dtype)
