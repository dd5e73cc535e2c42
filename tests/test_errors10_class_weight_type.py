"""fit(class_weight=...) that is no dict fails as in Keras 3 on TF 2.21: an AttributeError from its
class_weight.get lookup ("'list' object has no attribute 'get'"); tapeflow raised its own ValueError
(errors10 fuzzer rows fit.cw, 8 of them; texts printed by TF for the same fits)."""
import numpy as np
import pytest

from framework import keras

X = np.random.RandomState(0).rand(8, 3).astype('float32')
Y = np.array([0, 1, 0, 1, 1, 0, 1, 0])


@pytest.mark.parametrize('class_weight, text', [
    ([0.5, 1.5, 2.0], "'list' object has no attribute 'get'"),
    ('a', "'str' object has no attribute 'get'"),
    (2, "'int' object has no attribute 'get'"),
])
def test_class_weight_that_is_no_dict_is_keras_attribute_error(class_weight, text):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('sgd', 'binary_crossentropy')
    with pytest.raises(AttributeError) as info:
        model.fit(X, Y, class_weight=class_weight, epochs=1, verbose=0)
    assert str(info.value) == text
    assert 'expected a dict' in info.value.__notes__[0]
