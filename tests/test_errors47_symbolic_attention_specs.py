"""Attention layers called on KerasTensors take their outputs from compute_output_spec, with all the call's
arguments, as Keras 3's Operation.symbolic_call: no call runs, so shapes that only fail on data build (TF 2.21
builds them; tapeflow ran the call on zeros and raised LogicalAnd's / BatchMatMulV2's kernel error), and the
KerasTensor counter goes on as TF's. Probes /work/notes/progs/errors47/c1.txt and names.py (TF 2.21 / Keras 3.15)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.fixture(autouse=True)
def fresh_names():
    keras.backend.clear_session()
    yield
    keras.backend.clear_session()


def test_mha_with_an_attention_mask_input_of_another_shape_builds():
    q, v, m = keras.Input((3, 4)), keras.Input((5, 4)), keras.Input((2, 2))
    mha = keras.layers.MultiHeadAttention(2, 2)
    out = mha(q, v, attention_mask=m)
    # TF 2.21: keras_tensor_3 (None, 3, 4) float32, 8 weights, the next Input keras_tensor_4
    assert (out.name, out.shape, out.dtype) == ('keras_tensor_3', (None, 3, 4), 'float32')
    assert len(mha.weights) == 8
    assert [w.path for w in mha.weights[:3]] == ['multi_head_attention/query/kernel',
                                                 'multi_head_attention/query/bias', 'multi_head_attention/key/kernel']
    assert mha.get_build_config() == {'shapes_dict': {'query_shape': (None, 3, 4), 'value_shape': (None, 5, 4)}}
    assert keras.Input((1,)).name == 'keras_tensor_4'
    model = keras.Model([q, v, m], out)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:      # TF 2.21: the eager call's kernel error
        model([np.ones((1, 3, 4)), np.ones((1, 5, 4)), np.ones((1, 2, 2))])
    assert 'Incompatible shapes: [1,2,3,5] vs. [1,1,2,2] [Op:LogicalAnd]' in str(info.value)


def test_mha_scores_with_an_attention_mask_input_take_the_next_names():
    q, v, m = keras.Input((3, 4)), keras.Input((5, 4)), keras.Input((3, 5))
    out, scores = keras.layers.MultiHeadAttention(2, 2)(q, v, attention_mask=m, return_attention_scores=True)
    # TF 2.21: keras_tensor_3 (None, 3, 4), keras_tensor_4 (None, 2, 3, 3), then keras_tensor_5
    assert (out.name, out.shape, scores.name, scores.shape) == ('keras_tensor_3', (None, 3, 4), 'keras_tensor_4',
                                                                (None, 2, 3, 3))
    assert keras.Input((1,)).name == 'keras_tensor_5'


@pytest.mark.parametrize('as_keyword', [True, False])
def test_mha_value_and_key_of_other_lengths_fail_in_the_build(as_keyword):
    q, v, k = keras.Input((3, 4)), keras.Input((5, 4)), keras.Input((6, 7))
    mha = keras.layers.MultiHeadAttention(2, 2)
    with pytest.raises(ValueError) as info:
        mha(q, v, key=k) if as_keyword else mha(q, v, k)
    # TF 2.21: the build's words, bare (no call banner), and no name taken
    assert str(info.value) == ('All dimensions of `value` and `key`, except the last one, must be equal. Received: '
                               'value_shape=(None, 5, 4) and key_shape=(None, 6, 7)')
    assert keras.Input((1,)).name == 'keras_tensor_3'


def test_mha_output_carries_the_query_mask():
    x = keras.Input((5,))
    e = keras.layers.Embedding(10, 4, mask_zero=True)(x)
    out = keras.layers.MultiHeadAttention(2, 2)(e, e)
    # TF 2.21: keras_tensor_1 with mask keras_tensor_2; the output keras_tensor_3 carries that same mask
    assert (e.name, e._keras_mask.name, out.name) == ('keras_tensor_1', 'keras_tensor_2', 'keras_tensor_3')
    assert out._keras_mask is e._keras_mask
    assert keras.Input((1,)).name == 'keras_tensor_4'


@pytest.mark.parametrize('layer', [keras.layers.Attention, keras.layers.AdditiveAttention])
def test_attention_of_other_feature_sizes_builds(layer):
    q, v = keras.Input((3, 4)), keras.Input((5, 6))
    out = layer()([q, v])
    # TF 2.21: keras_tensor_2 (None, 3, 6) with no mask, then keras_tensor_3
    assert (out.name, out.shape, getattr(out, '_keras_mask', None)) == ('keras_tensor_2', (None, 3, 6), None)
    out, scores = layer()([q, v, keras.Input((5, 6))], return_attention_scores=True)
    # TF 2.21: keras_tensor_4 (None, 3, 6), keras_tensor_5 (None, 3, 5), then keras_tensor_6
    assert (out.name, out.shape, scores.name, scores.shape) == ('keras_tensor_4', (None, 3, 6), 'keras_tensor_5',
                                                                (None, 3, 5))
    assert keras.Input((1,)).name == 'keras_tensor_6'


def test_attention_with_a_key_of_another_length_builds():
    q, v, k = keras.Input((3, 4)), keras.Input((5, 6)), keras.Input((7, 4))
    out = keras.layers.Attention()([q, v, k])
    assert out.shape == (None, 3, 6)       # TF 2.21: (None, 3, 6)


def test_attention_mask_is_its_own_convert_to_tensor_output():
    x = keras.Input((5,))
    e = keras.layers.Embedding(10, 4, mask_zero=True)(x)
    out = keras.layers.Attention()([e, e])
    # TF 2.21: the output keras_tensor_3, its mask keras_tensor_4 (Keras's convert_to_tensor op), then keras_tensor_5
    assert (out.name, out._keras_mask.name) == ('keras_tensor_3', 'keras_tensor_4')
    assert keras.Input((1,)).name == 'keras_tensor_5'


def test_attention_given_masks_gives_the_query_mask_converted():
    q, v = keras.Input((3, 4)), keras.Input((5, 4))
    mq, mv = keras.Input((3,), dtype='bool'), keras.Input((5,), dtype='bool')
    out = keras.layers.Attention()([q, v], mask=[mq, mv])
    # TF 2.21: keras_tensor_4 (None, 3, 4), its mask keras_tensor_5 of shape (None, 3)
    assert (out.name, out.shape, out._keras_mask.name, out._keras_mask.shape) == (
        'keras_tensor_4', (None, 3, 4), 'keras_tensor_5', (None, 3))


def test_grouped_query_attention_with_an_attention_mask_input_of_another_shape_builds():
    q, v, m = keras.Input((3, 8)), keras.Input((5, 8)), keras.Input((2, 2))
    layer = keras.layers.GroupQueryAttention(2, 4, 2)
    out = layer(q, v, attention_mask=m)
    # TF 2.21: (None, 3, 8) keras_tensor_3 with 8 weights, then keras_tensor_4
    assert (out.shape, out.name, len(layer.weights)) == ((None, 3, 8), 'keras_tensor_3', 8)
    assert keras.Input((1,)).name == 'keras_tensor_4'


def test_grouped_query_attention_scores_and_query_mask():
    q, v = keras.Input((3, 8)), keras.Input((5, 8))
    out, scores = keras.layers.GroupQueryAttention(2, 4, 2)(q, v, return_attention_scores=True)
    # TF 2.21: keras_tensor_2 (None, 3, 8), keras_tensor_3 (None, 4, 3, 5)
    assert (out.name, out.shape, scores.name, scores.shape) == ('keras_tensor_2', (None, 3, 8), 'keras_tensor_3',
                                                                (None, 4, 3, 5))
    keras.backend.clear_session()
    x = keras.Input((5,))
    e = keras.layers.Embedding(10, 8, mask_zero=True)(x)
    out = keras.layers.GroupQueryAttention(2, 4, 2)(e, e)
    assert out.name == 'keras_tensor_3' and out._keras_mask is e._keras_mask     # TF 2.21: the query's mask


def test_grouped_query_attention_key_of_another_length_fails_in_the_banner():
    q, v, k = keras.Input((3, 8)), keras.Input((5, 8)), keras.Input((6, 8))
    with pytest.raises(ValueError) as info:
        keras.layers.GroupQueryAttention(2, 4, 2)(q, v, key=k)
    # TF 2.21: compute_output_spec's error, the arguments as Keras's __call__ filled them (each input's mask)
    assert str(info.value) == (
        'Exception encountered when calling GroupedQueryAttention.call().\n\n\x1b[1mAll dimensions of `value` and '
        '`key`, except the last one, must be equal. Received: value_shape=(None, 5, 8) and key_shape=(None, 6, 8)'
        '\x1b[0m\n\nArguments received by GroupedQueryAttention.call():\n'
        "  \u2022 args=('<KerasTensor shape=(None, 3, 8), dtype=float32, sparse=False, ragged=False, "
        "name=keras_tensor>', '<KerasTensor shape=(None, 5, 8), dtype=float32, sparse=False, ragged=False, "
        "name=keras_tensor_1>')\n"
        "  \u2022 kwargs={'key': '<KerasTensor shape=(None, 6, 8), dtype=float32, sparse=False, ragged=False, "
        "name=keras_tensor_2>', 'query_mask': 'None', 'value_mask': 'None', 'key_mask': 'None'}")
