"""TextVectorization(ragged=True), as the NMT / Transformer tutorials vectorize their sentences.

Expected values printed by TF 2.21 / Keras 3 for the same calls (they raised ValueError here before).
"""
import pytest

from framework import keras
from framework.ragged.ragged_tensor import RaggedTensor

TEXTS = ['a small cat sat', 'the dog ran far away', 'a bird flew', 'the cat ran', 'a cat']


def _adapted():
    layer = keras.layers.TextVectorization(max_tokens=50, ragged=True)
    layer.adapt(TEXTS)
    return layer


def test_each_string_gives_an_unpadded_row_of_token_indices():
    layer = _adapted()
    rows = layer(TEXTS)
    assert isinstance(rows, RaggedTensor) and rows.dtype == 'int64' and tuple(rows.shape) == (5, None)
    assert rows.to_list() == [[3, 6, 2, 7], [4, 10, 5, 9, 12], [3, 11, 8], [4, 2, 5], [3, 2]]
    assert layer(['the small bird', 'dog']).to_list() == [[4, 6, 11], [10]]
    assert layer.get_config()['ragged'] is True


def test_rows_are_cut_to_output_sequence_length_but_never_padded():
    layer = keras.layers.TextVectorization(max_tokens=50, ragged=True, output_sequence_length=3,
                                           vocabulary=_adapted().get_vocabulary())
    assert layer(TEXTS).to_list() == [[3, 6, 2], [4, 10, 5], [3, 11, 8], [4, 2, 5], [3, 2]]


def test_a_column_of_strings_gives_one_row_each():
    assert _adapted()(keras.ops.convert_to_tensor([['a cat'], ['the dog ran']])).to_list() == [[3, 2], [4, 10, 5]]


def test_ragged_needs_int_output():
    with pytest.raises(ValueError, match=r"\`ragged\` must not be true if \`output_mode\` is .*output_mode=multi_hot"):  # Keras 3.15's
        keras.layers.TextVectorization(ragged=True, output_mode='multi_hot')
