"""A Resizing layer inside a model passes gradients back, as TF's tf.image.resize does: the video
classification tutorial's ResizeVideo (reshape frames to images, Resizing, reshape back) sits between
its Conv2Plus1D blocks, and tapeflow's array-level resize cut the tape there (NoneGradientWarning for
every layer before it; the fit history left TF's from the first epoch).

Golden gradient sums printed by TF 2.21 (/opt/tfref) for the same program
(/work/notes/progs/tftutorials10/probe_rs.py)."""
import numpy as np

import framework as tf
from framework import keras

X = np.random.RandomState(0).uniform(size=(2, 3, 6, 6, 1)).astype('float32')


def test_gradient_of_a_resized_image_batch_matches_tf():
    x = tf.constant(X)
    layer = keras.layers.Resizing(3, 3)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(layer(tf.reshape(x, [-1, 6, 6, 1])) ** 2)
    assert float(tf.reduce_sum(tape.gradient(y, x))) == 53.61199188232422


def test_the_taped_path_gives_the_same_images_as_the_array_path():
    images = tf.constant(X.reshape(-1, 6, 6, 1))
    layer = keras.layers.Resizing(4, 5)
    plain = layer(images).numpy()
    with tf.GradientTape() as tape:
        tape.watch(images)
        taped = layer(images)
    np.testing.assert_array_equal(taped.numpy(), plain)
    single = tf.constant(X[0, 0])
    with tf.GradientTape() as tape:
        tape.watch(single)
        one = layer(single)
        total = tf.reduce_sum(one)
    assert one.shape == (4, 5, 1)
    np.testing.assert_array_equal(one.numpy(), plain[0])
    assert tape.gradient(total, single) is not None


def test_a_model_with_a_resizing_layer_trains_every_layer_before_it():
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((6, 6, 1)), keras.layers.Conv2D(2, 3, padding='same'),
                              keras.layers.Resizing(3, 3), keras.layers.Flatten(), keras.layers.Dense(1)])
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(model(X.reshape(-1, 6, 6, 1)) ** 2)
    grads = tape.gradient(loss, model.trainable_variables)
    assert all(g is not None for g in grads)
    tf.random.set_seed(None)
