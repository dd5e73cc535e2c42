"""add_weight with a size that is not a number raises Keras 3's ValueError, not int()'s TypeError.

keras.io's keras_recipes/mixture_of_experts.py keeps ``kernel_size`` as given unless it is a tuple; the
saved config holds the list [3, 3], so load_model builds with the shape ([3, 3], [3, 3], 3, 8, 4) and TF 2.21
fails with "ValueError: Cannot convert '...' to a shape. Found invalid dimension '[3, 3]' ...", raised from the
int() TypeError. tapeflow let the TypeError out, which load_model then wrapped as 'could not be deserialized
properly'. Goldens: TF 2.21 + Keras 3 (/work/notes/progs/kerasio13/d2.py).
"""
import numpy as np
import pytest

from framework import keras


@pytest.mark.parametrize('shape, text', [
    (([3, 3], 4), "Cannot convert '([3, 3], 4)' to a shape. Found invalid dimension '[3, 3]' of type "
                  "'<class 'list'>'. "),
    ((3, (2,)), "Cannot convert '(3, (2,))' to a shape. Found invalid dimension '(2,)' of type '<class 'tuple'>'. "),
    ((2, {'a': 1}), "Cannot convert '(2, {'a': 1})' to a shape. Found invalid dimension '{'a': 1}' of type "
                    "'<class 'dict'>'. "),
    ((2, np.array([3, 1])), "Cannot convert '(2, array([3, 1]))' to a shape. Found invalid dimension '[3 1]' of "
                            "type '<class 'numpy.ndarray'>'. "),
])
def test_a_size_that_is_not_a_number(shape, text):
    layer = keras.layers.Layer()
    with pytest.raises(ValueError) as info:
        layer.add_weight(shape=shape, name='w')
    assert str(info.value) == text
    assert isinstance(info.value.__cause__, TypeError)     # chained from int(), as Keras


class ListKernel(keras.layers.Layer):
    """The example's pattern: a size kept as a tuple only when given as one."""

    def __init__(self, k=3, **kwargs):
        super().__init__(**kwargs)
        self.k = k if isinstance(k, tuple) else (k, k)

    def build(self, input_shape):
        self.kern = self.add_weight(shape=(*self.k, input_shape[-1]), name='kern')

    def call(self, x):
        return x

    def get_config(self):
        return {**super().get_config(), 'k': self.k}


def test_load_model_of_such_a_layer_fails_as_on_tensorflow(tmp_path):
    model = keras.Sequential([keras.Input((2,)), ListKernel(3)])
    path = str(tmp_path / 'm.keras')
    model.save(path)
    # TF 2.21: the bare ValueError (its type names Keras's TrackedList where tapeflow has list)
    with pytest.raises(ValueError, match=r"Cannot convert '\(\[3, 3\], \[3, 3\], 2\)' to a shape. Found invalid "
                                         r"dimension '\[3, 3\]'"):
        keras.models.load_model(path, custom_objects={'ListKernel': ListKernel})
