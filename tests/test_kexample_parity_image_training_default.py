"""keras.io's "Image classification from scratch" calls its augmentation layers directly
(``data_augmentation(images)``) to show augmented samples. Keras 3's image preprocessing layers
default to ``training=True``, so such a call transforms the images and spends a draw of the layer's
SeedGenerator; tapeflow defaulted to False, passed the images through unchanged, and every flip
drawn later in ``fit`` was one draw behind Keras's. Expected values printed by TF 2.21 / Keras 3.
"""
import numpy as np
import pytest

from framework import keras
from framework.keras import layers


class FlippedRows(layers.Layer):
    """Records which images of a training batch arrived flipped (first pixel moved)."""

    def __init__(self, reference, seen, **kwargs):
        super().__init__(**kwargs)
        self.reference, self.seen = reference, seen

    def call(self, images):
        if images.shape[0] == len(self.reference):
            self.seen.append((np.asarray(images)[:, 0, 0, 0] != self.reference[:, 0, 0, 0]).astype(int).tolist())
        return images

    def compute_output_shape(self, shape):
        return shape


def flipped(before, after):
    return (np.asarray(after)[:, 0, 0, 0] != before[:, 0, 0, 0]).astype(int).tolist()


def test_a_direct_call_flips_and_fit_then_draws_the_flips_keras_draws():
    keras.utils.set_random_seed(11)
    x = np.arange(16 * 2 * 3, dtype='float32').reshape(16, 1, 2, 3)
    flip = layers.RandomFlip('horizontal')
    inputs = keras.Input((1, 2, 3))
    rows = FlippedRows(x, [])
    outputs = layers.Dense(1, kernel_initializer='ones', use_bias=False)(layers.Flatten()(rows(flip(inputs))))
    model = keras.Model(inputs, outputs)
    assert flipped(x[:2], flip(x[:2])) == [1, 1]
    # (run eagerly: the recording layer reads its batch with numpy, which a traced step refuses, as TF's does)
    model.compile('sgd', 'mse', run_eagerly=True)
    model.fit(x, np.zeros(16), batch_size=16, epochs=2, shuffle=False, verbose=0)
    # (the layer holds its own tracked copy of the list it was given, as in Keras 3)
    assert rows.seen == [[1, 1, 1, 0, 0, 1, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0],
                    [0, 1, 1, 1, 0, 1, 0, 1, 1, 1, 1, 1, 0, 0, 0, 0]]
    assert flipped(x, flip(x)) == [1, 1, 1, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 0, 0, 0]


@pytest.mark.parametrize('make', [
    lambda: layers.RandomFlip(), lambda: layers.RandomRotation(0.2), lambda: layers.RandomZoom(0.2),
    lambda: layers.RandomTranslation(0.2, 0.2), lambda: layers.RandomContrast(0.5),
    lambda: layers.RandomBrightness(0.3, value_range=(0, 1)), lambda: layers.RandomCrop(4, 4)])
def test_image_layers_transform_unless_told_training_false(make):
    keras.utils.set_random_seed(5)
    x = np.random.RandomState(0).uniform(0, 1, (4, 6, 6, 3)).astype('float32')
    layer = make()

    def unchanged(y):
        return bool(np.allclose(np.asarray(y)[:, :4, :4], x[:, :4, :4]))
    assert not unchanged(layer(x)) and unchanged(layer(x, training=False))
    inputs = keras.Input((6, 6, 3))
    model = keras.Model(inputs, layer(inputs))
    assert not unchanged(model(x))                   # no training anywhere: the layer's default, True
    assert unchanged(model.predict(x, verbose=0))


def test_a_sequential_called_directly_leaves_dropout_off():
    keras.utils.set_random_seed(5)
    model = keras.Sequential([layers.RandomFlip('horizontal'), layers.Dropout(0.5)])
    assert (np.asarray(model(np.ones((2, 1, 2, 1), 'float32'))) == 1).all()
