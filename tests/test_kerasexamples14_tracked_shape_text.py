"""A weight shape holding a layer's list (or dict) attribute is refused in Keras 3's words, naming Keras's
class of it: keras.io's Mixture-of-Experts recipe reloads Conv2DMoE with kernel_size [3, 3] from its config,
and its build's shape ([3, 3], [3, 3], 3, 4, 2) fails with "of type '<class
'keras.src.utils.tracking.TrackedList'>'" (tapeflow named its own 'layers.tracked_containers.TrackedList').

Goldens: TF 2.21 printed them for /work/notes/progs/kerasexamples14/p9_tracked_shape.py and p8_moe.py."""
import pytest

from framework import keras
from framework.keras import layers


class _Sized(layers.Layer):
    def __init__(self, size, **kwargs):
        super().__init__(**kwargs)
        self.size = size

    def build(self, input_shape):
        self.w = self.add_weight(shape=(self.size, 2))


@pytest.mark.parametrize('size, text', [
    ([3, 3], "Cannot convert '([3, 3], 2)' to a shape. Found invalid dimension '[3, 3]' of type "
             "'<class 'keras.src.utils.tracking.TrackedList'>'. "),
    ({'a': 1}, "Cannot convert '({'a': 1}, 2)' to a shape. Found invalid dimension '{'a': 1}' of type "
               "'<class 'keras.src.utils.tracking.TrackedDict'>'. "),
    (2.5, "Cannot convert '(2.5, 2)' to a shape. Found invalid dimension '2.5' of type '<class 'float'>'. "),
    ('3', "Cannot convert '('3', 2)' to a shape. Found invalid dimension '3' of type '<class 'str'>'. "),
])
def test_weight_shape_refusal_names_keras_classes(size, text):
    with pytest.raises(ValueError) as info:
        _Sized(size)(keras.Input((4,)))
    assert str(info.value).splitlines()[0] == text
