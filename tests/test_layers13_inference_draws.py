"""RandomGrayscale, RandomSaturation, RandomHue, RandomPosterization and RandomColorDegeneration
draw their random choices even at inference, as Keras 3.15's get_random_transformation does
before looking at ``training``: the images pass unchanged, but the layer's seed generator moves,
so a training call after an inference call draws what Keras's does.

Golden values printed by TF 2.21 + Keras 3.15 (/work/notes/progs/layers13/gold_aug.py): after
keras.utils.set_random_seed(1), layer(x, training=False) then layer(x, training=True)[:, 0, 0].
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.fixture(autouse=True)
def _fresh_seed():
    keras.backend.clear_session()
    yield
    tf.random.set_seed(None)
    keras.backend.clear_session()


MAKERS = {
    'RandomGrayscale': lambda: keras.layers.RandomGrayscale(0.5, seed=10),
    'RandomSaturation': lambda: keras.layers.RandomSaturation(0.5, seed=8),
    'RandomHue': lambda: keras.layers.RandomHue(0.3, seed=9),
    'RandomPosterization': lambda: keras.layers.RandomPosterization(factor=(1, 4), seed=12),
    'RandomColorDegeneration': lambda: keras.layers.RandomColorDegeneration(0.5, seed=17),
}

KERAS_SECOND_CALL = {
    'RandomGrayscale': [[0.0, 37.0, 74.0], [194.522, 194.522, 194.522]],
    'RandomSaturation': [[74.0, 74.0, 74.0], [230.0, 230.0, 230.0]],
    'RandomHue': [[0.0, 37.216, 74.0], [16.0, 230.0, 28.506]],
    'RandomPosterization': [[0.0, 0.0, 0.0], [192.0, 224.0, 0.0]],
    'RandomColorDegeneration': [[0.0, 37.065, 74.414], [192.647, 238.223, 0.0]],
}


def _images():
    return (np.arange(2 * 2 * 2 * 3).reshape(2, 2, 2, 3) * 37 % 251).astype('float32')


@pytest.mark.parametrize('name', sorted(MAKERS))
def test_an_inference_call_draws_as_keras_does(name):
    x = _images()
    keras.utils.set_random_seed(1)
    layer = MAKERS[name]()
    np.testing.assert_array_equal(np.asarray(layer(x, training=False)), x)      # unchanged at inference
    y = np.asarray(layer(x, training=True))
    np.testing.assert_allclose(y[:, 0, 0], KERAS_SECOND_CALL[name], atol=6e-4)


@pytest.mark.parametrize('name', sorted(MAKERS))
def test_the_inference_draw_is_the_training_draw(name):
    # the generator moves by one training call's draws: training twice gives the second call's
    # images whether the first call trained or not
    x = _images()
    keras.utils.set_random_seed(1)
    trained = MAKERS[name]()
    trained(x, training=True)
    want = np.asarray(trained(x, training=True))
    keras.utils.set_random_seed(1)
    inferred = MAKERS[name]()
    inferred(x, training=False)
    np.testing.assert_array_equal(np.asarray(inferred(x, training=True)), want)
