"""add_weight's aggregation as Keras 3.15 takes it: None means 'none' (tapeflow refused it), and an unknown
value is refused in the words of Keras's Variable, which add_weight passes it to."""
import pytest

from framework import keras


def test_none_aggregation_is_none():
    layer = keras.layers.Layer()
    assert layer.add_weight(shape=(2,), aggregation=None).aggregation == 'none'


def test_unknown_aggregation_in_keras_words():
    layer = keras.layers.Layer()
    with pytest.raises(ValueError) as caught:
        layer.add_weight(shape=(2,), aggregation='bogus')
    assert str(caught.value) == ("Invalid value for argument `aggregation`. Expected one of `None`, `'none'`, "
                                 "`'mean'`, `'sum'`, `'only_first_replica'`. Received: aggregation=bogus")
    assert layer.weights == []
