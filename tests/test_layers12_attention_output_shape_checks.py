"""MultiHeadAttention / GroupQueryAttention.compute_output_shape check their shapes as Keras 3 does.
Texts printed by TF 2.21 (/work/notes/progs/layers12/gqa2.py), e.g.
    keras.layers.GroupQueryAttention(2, 4, 2).compute_output_shape((None, 4, 6), (None, 3, 5))"""
import pytest

from framework import keras

L = keras.layers
KEY_LENGTH = ('All dimensions of `value` and `key`, except the last one, must be equal. '
              'Received: value_shape=(None, 3, 6) and key_shape=(None, 2, 6)')


def test_gqa_refuses_query_and_value_of_other_widths():
    with pytest.raises(ValueError) as err:
        L.GroupQueryAttention(2, 4, 2).compute_output_shape((None, 4, 6), (None, 3, 5))
    assert str(err.value) == ('The last dimension of `query_shape` and `value_shape` must be equal, but are 6, 5. '
                              'Received: query_shape=(None, 4, 6), value_shape=(None, 3, 5)')


@pytest.mark.parametrize('make', [lambda: L.GroupQueryAttention(2, 4, 2), lambda: L.MultiHeadAttention(2, 4)],
                         ids=['gqa', 'mha'])
def test_value_and_key_lengths_must_agree(make):
    with pytest.raises(ValueError) as err:
        make().compute_output_shape((None, 4, 6), (None, 3, 6), (None, 2, 6))
    assert str(err.value) == KEY_LENGTH


def test_shapes_that_fit():
    # TF 2.21: a key of another width is fine for both; MHA's value may be narrower than the query
    assert L.GroupQueryAttention(2, 4, 2).compute_output_shape((None, 4, 6), (None, 3, 6), (None, 3, 5)) == (None, 4, 6)
    assert L.MultiHeadAttention(2, 4).compute_output_shape((None, 4, 6), (None, 3, 5)) == (None, 4, 6)
    assert L.MultiHeadAttention(2, 4, output_shape=7).compute_output_shape((None, 4, 6), (None, 3, 5)) == (None, 4, 7)


@pytest.mark.parametrize('axes', ['1', 1.0])
def test_mha_attention_axes_text(axes):
    # TF 2.21's words: no space after the period, the value printed by str
    with pytest.raises(ValueError) as err:
        L.MultiHeadAttention(2, 2, attention_axes=axes)
    assert str(err.value) == '`attention_axes` must be an int, list, or tuple.Received: attention_axes=%s' % (axes,)
