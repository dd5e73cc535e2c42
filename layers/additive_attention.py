"""AdditiveAttention (Keras 3): Bahdanau-style attention, scores ``sum(scale * tanh(query + key), -1)``."""
from framework.ops import expand_dims, reduce_sum, tanh

from .attention import Attention


class AdditiveAttention(Attention):
    """Attention over [query, value] or [query, value, key], scored by
    ``reduce_sum(scale * tanh(query[:, :, None] + key[:, None]), -1)``; the rest
    (masks, dropout, causal masking, return_attention_scores) is Attention's.

    Args:
        use_scale: learn a ``scale`` vector of the feature size (glorot_uniform), else 1.
        dropout: the rate at which attention weights are dropped while training.
    """

    def __init__(self, use_scale=True, dropout=0.0, **kwargs):
        super().__init__(use_scale=use_scale, dropout=dropout, **kwargs)

    def build(self, input_shape):
        self._check(input_shape)
        dim = input_shape[0][-1]        # (as Keras: one shape as a list, [None, 3, 4], is its TypeError here)
        if self.use_scale:
            self.scale = self.add_weight(name='scale', shape=(dim,), initializer='glorot_uniform')
        self.built = True

    def _calculate_scores(self, query, key):
        pairs = tanh(expand_dims(query, -2) + expand_dims(key, -3))          # (B, Tq, Tv, dim)
        return reduce_sum(pairs * self.scale if self.scale is not None else pairs, -1)

    def get_config(self):
        config = super().get_config()
        del config['score_mode']
        return config
