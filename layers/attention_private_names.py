"""The private names of Keras 3's MultiHeadAttention that subclasses reach for.

keras.io examples override ``_compute_attention`` and write its body with the layer's own parts
(vision/vit_small_ds's locality self-attention: ``self._key_dim`` for its temperature,
``self._dot_product_equation``, ``self._masked_softmax``, ``self._dropout_layer``,
``self._combine_equation``). tapeflow keeps these under their public names; here they are read
under Keras's as well.
"""


def _alias(name):
    return property(lambda self: getattr(self, name), doc="Keras 3's private name of ``%s``." % name)


class KerasPrivateNames:
    """Read-only Keras 3 names for a MultiHeadAttention's settings and sublayers."""
    _num_heads = _alias('num_heads')
    _key_dim = _alias('key_dim')
    _value_dim = _alias('value_dim')
    _dropout = _alias('dropout')
    _use_bias = _alias('use_bias')
    _use_gate = _alias('use_gate')
    _attention_axes = _alias('attention_axes')
    _sliding_window = _alias('sliding_window')
    _dot_product_equation = _alias('_scores_equation')
    _query_dense = _alias('query_dense')
    _key_dense = _alias('key_dense')
    _value_dense = _alias('value_dense')
    _output_dense = _alias('output_dense')
