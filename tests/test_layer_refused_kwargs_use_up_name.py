"""A layer refused for an unknown keyword argument has taken its automatic name first, as Keras 3's
Operation.__init__ names it before Layer.__init__ checks the arguments: the next layer of that class
is 'dense_1' (TF 2.21 prints dense_1, dropout_1, l3_1 for kwname.py in notes/progs/me27)."""
import pytest

from framework import keras


class L3(keras.layers.Layer):
    pass


def test_a_refused_layer_uses_up_its_automatic_name():
    keras.backend.clear_session()
    with pytest.raises(ValueError, match=r"Unrecognized keyword arguments passed to Dense: \{'foo': 1\}"):
        keras.layers.Dense(2, foo=1)
    with pytest.raises(ValueError, match='Unrecognized keyword arguments passed to Dropout'):
        keras.layers.Dropout(0.5, bar=2)
    with pytest.raises(ValueError, match='Unrecognized keyword arguments passed to L3'):
        L3(zzz=1)
    assert [keras.layers.Dense(2).name, keras.layers.Dropout(0.1).name, L3().name] == ['dense_1', 'dropout_1', 'l3_1']


def test_a_name_with_a_slash_is_refused_before_the_arguments():
    with pytest.raises(ValueError, match='cannot contain character `/`'):
        keras.layers.Dense(2, name='a/b', foo=1)
