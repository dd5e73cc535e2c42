"""GroupQueryAttention prints and names itself as Keras's class, GroupedQueryAttention; a subclass of it as its
own class (TF 2.21: '<GroupedQueryAttention name=grouped_query_attention, built=False>', '<My name=my, ...>')."""
from framework import keras


def test_repr_and_names():
    class My(keras.layers.GroupQueryAttention):
        pass

    layer, mine = keras.layers.GroupQueryAttention(2, 4, 2), My(2, 4, 2)
    assert repr(layer) == '<GroupedQueryAttention name=%s, built=False>' % layer.name
    assert layer.name.startswith('grouped_query_attention')
    assert repr(mine) == '<My name=%s, built=False>' % mine.name and mine.name.startswith('my')
    assert repr(keras.layers.Dense(2, name='d')) == '<Dense name=d, built=False>'
