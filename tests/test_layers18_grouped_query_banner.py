"""GroupQueryAttention's call banners name Keras 3's Python class, GroupedQueryAttention (exported as
GroupQueryAttention), as TF 2.21 prints them: eagerly and in a symbolic call (notes progs/layers18/gqa.py)."""
import numpy as np
import pytest

from framework import keras
from framework.errors import InvalidArgumentError


def test_eager_banner_names_grouped_query_attention():
    layer = keras.layers.GroupQueryAttention(2, 4, 2)
    with pytest.raises(InvalidArgumentError) as caught:
        layer(np.ones((1, 3, 4), 'f'), np.ones((1, 3, 4), 'f'), attention_mask=np.ones((1, 2, 2), bool))
    text = str(caught.value)
    # tapeflow said 'GroupQueryAttention.call()' in both places
    assert text.startswith('Exception encountered when calling GroupedQueryAttention.call().\n\n\x1b[1m')
    assert 'Incompatible shapes: [1,4,3,3] vs. [1,1,2,2] [Op:LogicalAnd]' in text
    assert '\n\nArguments received by GroupedQueryAttention.call():\n' in text


def test_symbolic_banner_names_grouped_query_attention():
    with pytest.raises(ValueError) as caught:
        keras.layers.GroupQueryAttention(2, 4, 2)(keras.Input((3, 6)), keras.Input((3, 6)), keras.Input((2, 6)))
    assert str(caught.value).startswith(
        'Exception encountered when calling GroupedQueryAttention.call().\n\n\x1b[1mAll dimensions of `value` and '
        '`key`, except the last one, must be equal. Received: value_shape=(None, 3, 6) and key_shape=(None, 2, 6)'
        '\x1b[0m\n\nArguments received by GroupedQueryAttention.call():\n')


def test_other_layers_keep_their_names():
    with pytest.raises(ValueError) as caught:
        keras.layers.Reshape((4,))(np.ones((1, 3), 'f'))
    assert str(caught.value).startswith('Exception encountered when calling Reshape.call().')
    # MultiHeadAttention's build check comes bare, as in TF 2.21
    with pytest.raises(ValueError) as caught:
        keras.layers.MultiHeadAttention(2, 2)(np.ones((1, 3, 4), 'f'), np.ones((1, 2, 4), 'f'), np.ones((1, 3, 4), 'f'))
    assert str(caught.value) == ('All dimensions of `value` and `key`, except the last one, must be equal. '
                                 'Received: value_shape=(1, 2, 4) and key_shape=(1, 3, 4)')
