"""Which layers are built as soon as they are made, as in Keras 3.15.

Keras builds weightless layers such as Dropout, Reshape and Activation in their
constructor, but leaves Flatten, Permute, Rescaling, the padding / cropping /
upsampling layers, the image and lookup preprocessing layers and Lambda unbuilt
until their first call. ``summary()`` shows the difference ('0 (unbuilt)', and
after a call the output shape computed from the recorded input shape).
Expectations read off TF 2.21 / Keras 3.15.1 by constructing each layer.
"""
import numpy as np
import pytest

from framework import keras

L = keras.layers

UNBUILT_AT_INIT = [
    lambda: L.Flatten(), lambda: L.Permute((1,)), lambda: L.RepeatVector(2), lambda: L.Rescaling(0.5),
    lambda: L.Resizing(2, 2), lambda: L.CenterCrop(2, 2), lambda: L.RandomCrop(2, 2), lambda: L.RandomFlip(),
    lambda: L.RandomRotation(0.1), lambda: L.RandomZoom(0.1), lambda: L.RandomTranslation(0.1, 0.1),
    lambda: L.RandomContrast(0.1), lambda: L.RandomBrightness(0.1), lambda: L.Cropping1D(), lambda: L.Cropping2D(),
    lambda: L.Cropping3D(), lambda: L.ZeroPadding1D(), lambda: L.ZeroPadding2D(), lambda: L.ZeroPadding3D(),
    lambda: L.UpSampling1D(), lambda: L.UpSampling2D(), lambda: L.UpSampling3D(), lambda: L.Lambda(lambda x: x),
    lambda: L.Hashing(3), lambda: L.HashedCrossing(3), lambda: L.CategoryEncoding(3), lambda: L.Discretization([0.]),
    lambda: L.StringLookup(), lambda: L.IntegerLookup(), lambda: L.TextVectorization(),
    lambda: L.AdaptiveAveragePooling1D(2), lambda: L.AdaptiveMaxPooling2D(2),
]
BUILT_AT_INIT = [lambda: L.Reshape((2,)), lambda: L.Dropout(0.1), lambda: L.Activation('relu'),
                 lambda: L.Masking(), lambda: L.Identity(), lambda: L.MaxPooling2D(), lambda: L.GlobalAveragePooling1D()]


@pytest.mark.parametrize('make', UNBUILT_AT_INIT)
def test_layers_keras_leaves_unbuilt_until_called(make):
    assert make().built is False


@pytest.mark.parametrize('make', BUILT_AT_INIT)
def test_weightless_layers_keras_builds_in_the_constructor(make):
    assert make().built is True


def _rows(capsys, model):
    model.summary()
    return [line for line in capsys.readouterr().out.splitlines() if line.startswith('│')]


def test_summary_marks_an_uncalled_flatten_unbuilt(capsys):
    keras.backend.clear_session()
    model = keras.Sequential([L.Flatten(), L.Dense(10), L.Dropout(0.2)])
    rows = _rows(capsys, model)
    assert rows[0] == '│ flatten (Flatten)               │ ?                      │   0 (unbuilt) │'
    assert rows[2] == '│ dropout (Dropout)               │ ?                      │             0 │'


def test_summary_of_a_called_subclassed_model_shows_flattens_output_shape(capsys):
    keras.backend.clear_session()

    class Sub(keras.Model):
        def __init__(self):
            super().__init__()
            self.d = L.Dense(4)
            self.f = L.Flatten()

        def call(self, x):
            return self.d(self.f(x))

    model = Sub()
    model(np.ones((2, 3, 3), np.float32))
    rows = _rows(capsys, model)
    assert rows[1] == '│ flatten (Flatten)               │ (2, 9)                 │             0 │'
