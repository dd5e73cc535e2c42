"""A MultiHeadAttention subclass's own _compute_attention is called, with Keras 3's private names.

keras.io's "Train a Vision Transformer on small datasets" makes its locality self-attention so:
``class MultiHeadAttentionLSA(layers.MultiHeadAttention)`` reads ``self._key_dim`` for a trainable
temperature and overrides ``_compute_attention`` with ``self._dot_product_equation``,
``self._masked_softmax``, ``self._dropout_layer`` and ``self._combine_equation``. TF 2.21 runs it (its
fit histories equal tapeflow's now); tapeflow raised AttributeError "'MultiHeadAttentionLSA' object has
no attribute '_key_dim'" and would never have called the override. As written on keras.io (no
``return_attention_scores`` parameter) Keras 3.15 calls it with one argument too many: TF 2.21 raises
the TypeError pinned below. Goldens: /work/notes/progs/kerasexamples6/p4.py, p1.py, p1b.py (TF 2.21).
"""
import math

import numpy as np
import pytest

from framework import keras

ops = keras.ops


class LSA(keras.layers.MultiHeadAttention):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.tau = keras.Variable(math.sqrt(float(self._key_dim)), trainable=True)

    def _compute_attention(self, query, key, value, attention_mask=None, training=None,
                           return_attention_scores=False):
        query = ops.multiply(query, 1.0 / self.tau)
        attention_scores = ops.einsum(self._dot_product_equation, key, query)
        attention_scores = self._masked_softmax(attention_scores, attention_mask)
        attention_scores_dropout = self._dropout_layer(attention_scores, training=training)
        attention_output = ops.einsum(self._combine_equation, attention_scores_dropout, value)
        return attention_output, attention_scores


class OldSignature(LSA):
    """keras.io's override as published: no return_attention_scores."""
    def _compute_attention(self, query, key, value, attention_mask=None, training=None):
        return super()._compute_attention(query, key, value, attention_mask, training)


def data():
    return np.random.default_rng(0).normal(size=(2, 4, 3)).astype('float32')


def diagonal_mask():
    return ops.cast([1 - ops.eye(4)], 'int8')          # the example's diag_attn_mask


def lsa():
    return LSA(num_heads=2, key_dim=2, dropout=0.1, kernel_initializer=keras.initializers.GlorotUniform(seed=3),
               name='lsa')


def test_the_override_computes_the_attention():
    x = data()
    out, scores = lsa()(x, x, attention_mask=diagonal_mask(), return_attention_scores=True)
    assert out.shape == (2, 4, 3) and scores.shape == (2, 2, 4, 4)
    # TF 2.21 gives (last bits hang on the CPU's matmul kernels)
    np.testing.assert_allclose(out.numpy()[0], [[0.1288223, -0.10961323, -0.08999937],
                                                [0.03270095, -0.01392694, -0.03810552],
                                                [0.05662022, -0.15029147, -0.24975559],
                                                [0.4928183, -0.34478903, -0.35858023]], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(scores.numpy()[0, 0], [[0., 0.4148567, 0.3178148, 0.26732853],
                                                      [0.42534152, 0., 0.26149875, 0.31315973],
                                                      [0.46054602, 0.36959735, 0., 0.16985662],
                                                      [0.38744172, 0.44267738, 0.16988094, 0.]], rtol=1e-5, atol=1e-7)
    assert (np.diagonal(scores.numpy(), axis1=2, axis2=3) == 0).all()      # the mask held: no token sees itself


def test_the_temperature_is_a_weight_and_gets_its_gradient():
    import framework as tf
    layer, x = lsa(), data()
    layer(x, x, attention_mask=diagonal_mask())
    # TF 2.21: the tau Variable comes first (named 'variable' when it is the program's first), then the projections
    assert layer.weights[0] is layer.tau and [w.path for w in layer.weights[1:]] == [
        'lsa/query/kernel', 'lsa/query/bias', 'lsa/key/kernel', 'lsa/key/bias', 'lsa/value/kernel',
        'lsa/value/bias', 'lsa/attention_output/kernel', 'lsa/attention_output/bias']
    with tf.GradientTape() as tape:
        loss = ops.sum(layer(x, x, attention_mask=diagonal_mask()) ** 2)
    assert float(tape.gradient(loss, layer.tau)) == pytest.approx(-7.703571319580078, rel=1e-5)   # TF 2.21


def test_keras_private_names():
    layer, x = lsa(), data()
    layer(x, x)
    # TF 2.21 prints: 2 2 2 0.1 aecd,abcd->acbe acbe,aecd->abcd (1,) query attention_output
    assert (layer._key_dim, layer._num_heads, layer._value_dim, layer._dropout) == (2, 2, 2, 0.1)
    assert (layer._dot_product_equation, layer._combine_equation) == ('aecd,abcd->acbe', 'acbe,aecd->abcd')
    assert layer._attention_axes == (1,)
    assert (layer._query_dense.name, layer._output_dense.name) == ('query', 'attention_output')


def test_the_published_signature_fails_as_in_tf():
    x = data()
    with pytest.raises(TypeError) as caught:
        OldSignature(num_heads=2, key_dim=2, name='old')(x, x)
    # TF 2.21's text, banner included
    assert str(caught.value).startswith(
        'Exception encountered when calling OldSignature.call().\n\n\x1b[1mOldSignature._compute_attention() takes '
        'from 4 to 6 positional arguments but 7 were given\x1b[0m\n\nArguments received by OldSignature.call():\n'
        '  • query=tf.Tensor(shape=(2, 4, 3), dtype=float32)\n')


def test_the_default_hook_is_public_to_subclasses():
    layer, x = keras.layers.MultiHeadAttention(num_heads=2, key_dim=2), data()
    layer(x, x)
    q, k, v = layer._query_dense(x), layer._key_dense(x), layer._value_dense(x)
    out, scores = layer._compute_attention(q, k, v)
    assert out.shape == (2, 4, 2, 2) and scores is None          # TF 2.21: the fused path gives no scores
    out, scores = layer._compute_attention(q, k, v, None, None, True)
    assert scores.shape == (2, 2, 4, 4)
    np.testing.assert_allclose(ops.sum(scores, -1).numpy(), np.ones((2, 2, 4)), rtol=1e-6)


class OwnCall(keras.layers.MultiHeadAttention):
    """A subclass with its own call over Keras 3's parts (KerasHub's cached attention does so)."""
    def call(self, query, value, key=None, attention_mask=None, training=None, use_causal_mask=False):
        key = value if key is None else key
        if use_causal_mask:
            causal = self._compute_causal_mask(query, value)
            attention_mask = causal if attention_mask is None else ops.logical_and(
                ops.cast(attention_mask, 'bool'), causal)
        query, key, value = self._query_dense(query), self._key_dense(key), self._value_dense(value)
        output, _ = self._compute_attention(query=query, key=key, value=value, attention_mask=attention_mask,
                                            training=training)
        return self._output_dense(output)


def test_an_own_call_finds_the_projections_built_on_the_first_call():
    x = np.random.default_rng(0).normal(size=(2, 4, 6)).astype('float32')
    layer = OwnCall(num_heads=2, key_dim=3, kernel_initializer=keras.initializers.GlorotUniform(seed=1), name='own')
    out = layer(x, x, use_causal_mask=True)
    # TF 2.21 gives (last bits hang on the CPU's matmul kernels)
    np.testing.assert_allclose(out.numpy()[0, 0], [0.30291668, -0.39540917, 0.5900402, -0.10258204, -0.1804901,
                                                   -0.19572704], rtol=1e-5, atol=1e-6)
    assert layer.get_build_config() == {'shapes_dict': {'query_shape': (2, 4, 6), 'value_shape': (2, 4, 6)}}
    other = OwnCall(num_heads=1, key_dim=2, name='own_key')
    assert other(x[:, :3], x, key=x[:, :, :5]).shape == (2, 3, 6)
    # TF 2.21: the key projection takes the key's 5 features, the build config all three shapes
    assert [tuple(w.shape) for w in other.weights] == [(6, 1, 2), (1, 2), (5, 1, 2), (1, 2), (6, 1, 2), (1, 2),
                                                       (1, 2, 6), (6,)]
    assert other.get_build_config() == {'shapes_dict': {'query_shape': (2, 3, 6), 'value_shape': (2, 4, 6),
                                                        'key_shape': (2, 4, 5)}}


def test_keras_mask_helpers():
    layer, x = OwnCall(num_heads=1, key_dim=2), ops.convert_to_tensor(data())
    causal = layer._compute_causal_mask(x)
    assert causal.shape == (1, 4, 4) and causal.dtype == 'bool'
    assert causal.numpy()[0].astype(int).tolist() == [[1, 0, 0, 0], [1, 1, 0, 0], [1, 1, 1, 0], [1, 1, 1, 1]]
    assert layer._compute_causal_mask(x[:, :2], x).shape == (1, 2, 4)
    assert layer._compute_attention_mask(x, x) is None
    # TF 2.21: a value mask alone gives (B, 1, S); with causality (B, T, S)
    masked = layer._compute_attention_mask(x, x, value_mask=ops.convert_to_tensor([[1, 1, 0, 0], [1, 1, 1, 1]]))
    assert masked.shape == (2, 1, 4) and masked.numpy()[0].astype(int).tolist() == [[1, 1, 0, 0]]
    both = layer._compute_attention_mask(x, x, value_mask=ops.convert_to_tensor([[1, 1, 0, 0], [1, 1, 1, 1]]),
                                         use_causal_mask=True)
    assert both.shape == (2, 4, 4) and both.numpy()[0, 3].astype(int).tolist() == [1, 1, 0, 0]


def test_an_own_call_on_inputs_fits():
    x = data()
    inputs = keras.Input((4, 3))
    layer = OwnCall(num_heads=2, key_dim=3, name='own_sym')
    outputs = layer(inputs, inputs)
    assert outputs.shape == (None, 4, 3) and len(layer.weights) == 8
    assert layer.get_build_config() == {'shapes_dict': {'query_shape': (None, 4, 3), 'value_shape': (None, 4, 3)}}
    model = keras.Model(inputs, outputs)
    model.compile('adam', 'mse')
    history = model.fit(x, x, epochs=1, verbose=0)
    assert np.isfinite(history.history['loss'][0])
