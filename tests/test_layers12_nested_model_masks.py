"""A nested Functional or Sequential model does not support masking (Keras 3 defines no compute_mask
on them): ``supports_masking`` is False, Keras warns that the mask stops there, and the nested model's
symbolic output carries no mask. Its eager output still carries the masks its own layers computed,
so the outer model's numbers do not change. Values printed by TF 2.21 / Keras 3
(/work/notes/progs/layers12/nest1.py)."""
import warnings

import numpy as np
import pytest

from framework import keras

L = keras.layers
TOKENS = np.array([[0, 3, 2, 0], [1, 0, 4, 5]])


def _inner(kind):
    if kind == 'functional':
        inner_input = keras.Input((4, 3))
        return keras.Model(inner_input, L.Dense(3)(inner_input))
    return keras.Sequential([L.Dense(3)])


@pytest.mark.parametrize('kind', ['functional', 'sequential'])
def test_nested_model_drops_the_symbolic_mask_and_warns(kind):
    keras.backend.clear_session()
    inputs = keras.Input((4,))
    embedded = L.Embedding(6, 3, mask_zero=True)(inputs)
    inner = _inner(kind)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        nested = inner(embedded)
    assert inner.supports_masking is False
    assert getattr(nested, '_keras_mask', None) is None
    assert any('does not support masking' in str(w.message) for w in caught)
    # the eager call hands on the masks its layers computed (TF 2.21: the mask is there)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        eager = inner(inputs_embedded := keras.layers.Embedding(6, 3, mask_zero=True)(TOKENS))
    assert inputs_embedded._keras_mask is not None
    np.testing.assert_array_equal(eager._keras_mask.numpy(), TOKENS != 0)


def test_sequential_with_its_own_mask_zero_embedding_gives_no_symbolic_mask():
    keras.backend.clear_session()
    inputs = keras.Input((4,))
    inner = keras.Sequential([keras.Input((4,)), L.Embedding(6, 3, mask_zero=True), L.Dense(3)])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        nested = inner(inputs)
    assert not caught                      # no mask came in: nothing to warn about
    assert getattr(nested, '_keras_mask', None) is None
    assert keras.Sequential().supports_masking is False


def test_model_subclass_with_its_own_compute_mask_supports_masking():
    class PassesMask(keras.Model):
        def __init__(self):
            super().__init__()
            self.dense = L.Dense(3)

        def call(self, x, mask=None):
            return self.dense(x)

        def compute_mask(self, x, mask=None):
            return mask

    keras.backend.clear_session()
    inputs = keras.Input((4,))
    embedded = L.Embedding(6, 3, mask_zero=True)(inputs)
    model = PassesMask()
    nested = model(embedded)
    assert model.supports_masking is True
    assert nested._keras_mask is not None


def test_outer_lstm_still_runs_masked_through_a_nested_model(cpu_kind):
    # TF 2.21 printed these bits (the snippet below; set_random_seed(1), LSTM made before the Sequential):
    # the eager run hands the nested model's output mask to the LSTM, symbolic masks or not
    keras.backend.clear_session()
    keras.utils.set_random_seed(1)
    inputs = keras.Input((4,))
    embedded = L.Embedding(6, 3, mask_zero=True)(inputs)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        out = L.LSTM(2)(keras.Sequential([L.Dense(3)])(embedded))
        got = keras.Model(inputs, out)(TOKENS).numpy()
    # (unmasked: [[3149949427, 1008854016], [3153779823, 1009842949]])
    first_row = {'avx2': [3139268017, 994582708]}.get(cpu_kind, [3139268019, 994582710])    # TF 2.21 on an AVX2 EPYC
    np.testing.assert_array_equal(got.view('uint32'), np.array([first_row, [3149840823, 1006898991]], 'uint32'))
