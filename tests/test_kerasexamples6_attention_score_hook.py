"""An Attention subclass's own _calculate_scores gives the scores, as in Keras 3.

Keras 3's Attention computes its scores in ``_calculate_scores(query, key)`` (AdditiveAttention overrides
it), so a subclass gets another score function by overriding it (a Luong 'general' score, q W k^T).
tapeflow called its own ``_scores`` and ignored the override: the dot scores came out. Golden:
/work/notes/progs/kerasexamples6/p19.py (TF 2.21).
"""
import numpy as np

from framework import keras

ops = keras.ops


class GeneralAttention(keras.layers.Attention):
    def build(self, input_shape):
        super().build(input_shape)
        self.w = self.add_weight(name='w', shape=(input_shape[0][-1], input_shape[1][-1]),
                                 initializer=keras.initializers.GlorotUniform(seed=2))

    def _calculate_scores(self, query, key):
        return ops.matmul(ops.matmul(query, self.w), ops.swapaxes(key, -2, -1))


def test_the_overridden_scores_are_used():
    rng = np.random.default_rng(0)
    q, v = rng.normal(size=(2, 3, 4)).astype('float32'), rng.normal(size=(2, 5, 4)).astype('float32')
    out, scores = GeneralAttention()([q, v], return_attention_scores=True)
    assert out.shape == (2, 3, 4) and scores.shape == (2, 3, 5)
    # TF 2.21 gives (last bits hang on the CPU's matmul kernels)
    np.testing.assert_allclose(out.numpy()[0, 0], [0.35790965, 0.21439971, -0.5145478, -0.43986398], rtol=1e-5)
    np.testing.assert_allclose(scores.numpy()[0, 0], [0.59959704, 0.18370874, 0.12893052, 0.05173019, 0.03603344],
                               rtol=1e-5)


def test_the_builtin_score_modes_still_answer_to_the_hook():
    rng = np.random.default_rng(1)
    q, k = rng.normal(size=(1, 2, 3)).astype('float32'), rng.normal(size=(1, 4, 3)).astype('float32')
    layer = keras.layers.Attention()
    layer([q, k])
    np.testing.assert_allclose(layer._calculate_scores(ops.convert_to_tensor(q), ops.convert_to_tensor(k)).numpy(),
                               q @ k.transpose(0, 2, 1), rtol=1e-6)
    additive = keras.layers.AdditiveAttention(use_scale=False)
    additive([q, k])
    np.testing.assert_allclose(additive._calculate_scores(ops.convert_to_tensor(q), ops.convert_to_tensor(k)).numpy(),
                               np.tanh(q[:, :, None] + k[:, None]).sum(-1), rtol=1e-5)
