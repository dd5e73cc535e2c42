"""A Sequential built by an eager call (the data-augmentation tutorial's
``resize_and_rescale(image)``), later called on keras.Input's (None, ...) tensors inside another model:
the shapes differ from those it was built with, so Keras 3's Functional.compute_output_spec takes 'the
long road through the graph', each layer making a KerasTensor, and the call's output takes the last one.
TF 2.21 names it keras_tensor_<input + number of layers>; a shortcut (same shapes) makes one. tapeflow made
one always, so the Sequential-in-Sequential error of that tutorial named keras_tensor_7 for TF's
keras_tensor_8. Numbers: TF 2.21 (notes progs/tutorials54/probes/kt_seq.py, kt_nested.py, aug.py)."""
import numpy as np
import pytest

from framework import keras
from framework.keras import layers


def _number(tensor):
    return int(tensor.name.rsplit('_', 1)[1])


@pytest.mark.parametrize('make, made', [
    (lambda: [layers.Resizing(6, 6), layers.Rescaling(1. / 255)], 2),
    (lambda: [layers.Dense(2), layers.Dense(3)], 2),
    (lambda: [layers.RandomFlip(seed=1), layers.RandomRotation(0.2, seed=2)], 2),
    (lambda: [layers.Dense(3)], 1),
    (lambda: [layers.Dense(3), keras.Sequential([layers.Dense(2), layers.Dense(2)])], 3),
])
def test_a_sequential_built_on_data_then_called_on_an_input(make, made):
    shape = (4,) if isinstance(make()[0], layers.Dense) else (8, 8, 3)
    eager = keras.Sequential(make())
    eager(np.ones((2,) + shape, 'float32'))
    x = keras.Input(shape)
    assert _number(eager(x)) - _number(x) == made      # TF 2.21: one per layer, nested ones counted
    assert _number(keras.Input((1,))) - _number(x) == made + 1

    built = keras.Sequential(make())
    built.build((None,) + shape)
    x = keras.Input(shape)
    assert _number(built(x)) - _number(x) == 1          # the shortcut: one KerasTensor
    with_input = keras.Sequential([keras.Input(shape)] + make())
    x = keras.Input(shape)
    assert _number(with_input(x)) - _number(x) == 1


def test_the_augmentation_tutorials_error_names_tf_tensor():
    img = np.ones((2, 8, 8, 3), 'float32')
    resize_and_rescale = keras.Sequential([layers.Resizing(6, 6), layers.Rescaling(1. / 255)])
    resize_and_rescale(img)
    augmentation = keras.Sequential([layers.RandomFlip(seed=1), layers.RandomRotation(0.2, seed=2)])
    augmentation(img, training=True)
    first = keras.Input((1,))
    with pytest.raises(ValueError) as caught:
        keras.Sequential([keras.Input((8, 8, 3)), resize_and_rescale, augmentation])
    # TF 2.21: the Input takes first + 1, the long road first + 2 and first + 3, the last one is refused
    assert 'name=keras_tensor_%d>' % (_number(first) + 3) in str(caught.value)


def test_a_functional_model_on_other_shapes():
    inner = keras.Sequential([layers.Dense(3), layers.Dense(2)])
    inner(np.ones((2, 4), 'float32'))
    x = keras.Input((4,), batch_size=2)
    outer = keras.Model(x, layers.Dense(2)(inner(layers.Dense(4)(x))))
    x = keras.Input((4,))
    assert _number(outer(x)) - _number(x) == 4          # TF 2.21: Dense, inner's two (its output the last), Dense
    x = keras.Input((4,), batch_size=2)
    assert _number(outer(x)) - _number(x) == 1
