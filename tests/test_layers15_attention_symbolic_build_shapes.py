"""MultiHeadAttention / GroupQueryAttention built by a call on KerasTensors record the KerasTensors' shapes, None
where an Input leaves a sequence length open, as Keras 3's build does; tapeflow recorded the lengths of the zeros
its symbolic call runs on (1, or 64 on a retry), in get_build_config, a saved file's config and the shape errors.

Expected values printed by TF 2.21 (notes progs/layers15/bc1.py, gqa3.py), e.g.

    i = keras.Input((None, 6)); j = keras.Input((None, 6)); l = keras.layers.MultiHeadAttention(2, 3); l(i, j)
    print(l.get_build_config())     # {'shapes_dict': {'query_shape': (None, None, 6), 'value_shape': (None, None, 6)}}
"""
import numpy as np
import pytest

from framework import keras

L = keras.layers
MAKERS = {'mha': lambda: L.MultiHeadAttention(2, 3), 'gqa': lambda: L.GroupQueryAttention(3, 4, 2)}


@pytest.mark.parametrize('kind', sorted(MAKERS))
def test_open_lengths_stay_none_in_the_build_config(kind):
    layer = MAKERS[kind]()
    query, value = keras.Input((None, 6)), keras.Input((None, 6))
    model = keras.Model([query, value], layer(query, value))
    expected = {'shapes_dict': {'query_shape': (None, None, 6), 'value_shape': (None, None, 6)}}
    assert layer.get_build_config() == expected
    assert model.get_config()['layers'][2]['build_config'] == expected
    # the layer still runs on any lengths
    x = np.ones((2, 3, 6), 'float32')
    assert tuple(model([x, x[:, :2]]).shape) == (2, 3, 6)


@pytest.mark.parametrize('kind', sorted(MAKERS))
def test_fixed_query_length_and_open_key_length(kind):
    layer = MAKERS[kind]()
    query, value = keras.Input((4, 6)), keras.Input((None, 6))
    layer(query, value, value)
    assert layer.get_build_config() == {'shapes_dict': {
        'query_shape': (None, 4, 6), 'value_shape': (None, None, 6), 'key_shape': (None, None, 6)}}


def test_eager_build_keeps_the_data_shapes():
    layer = L.MultiHeadAttention(2, 3)
    layer(np.ones((2, 4, 6), 'float32'), np.ones((2, 5, 6), 'float32'))
    assert layer.get_build_config() == {'shapes_dict': {'query_shape': (2, 4, 6), 'value_shape': (2, 5, 6)}}


def test_mha_value_and_key_lengths_error_names_the_symbolic_shapes():
    query, value, key = keras.Input((4, 6)), keras.Input((None, 7)), keras.Input((3, 7))
    with pytest.raises(ValueError) as err:
        L.MultiHeadAttention(2, 3)(query, value, key)
    assert str(err.value) == ('All dimensions of `value` and `key`, except the last one, must be equal. '
                              'Received: value_shape=(None, None, 7) and key_shape=(None, 3, 7)')


def test_gqa_width_error_names_the_symbolic_shapes():
    query, value = keras.Input((4, 6)), keras.Input((None, 7))
    with pytest.raises(ValueError) as err:
        L.GroupQueryAttention(3, 4, 2)(query, value)
    assert ('The last dimension of `query_shape` and `value_shape` must be equal, but are 6, 7. '
            'Received: query_shape=(None, 4, 6), value_shape=(None, None, 7)') in str(err.value)
