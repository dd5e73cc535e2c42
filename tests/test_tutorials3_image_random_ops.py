"""tf.image's random crops and flips draw what TensorFlow's draw (the pix2pix tutorial's random_jitter).

Golden values printed by TF 2.21 (tensorflow-cpu) running the same calls after
tf.random.set_seed(11): random_crop keeps one int32 draw per axis modulo the room on that axis,
a single image is mirrored when its draw is below 1/2 and a batch's images when theirs round to 1.
"""
import numpy as np

import framework as tf


def _batch():
    return tf.reshape(tf.range(4 * 2 * 3 * 1, dtype=tf.float32), (4, 2, 3, 1))


def test_stateful_flips_mirror_the_images_tensorflow_mirrors():
    x4 = _batch()
    tf.random.set_seed(11)
    assert tf.image.random_flip_left_right(x4)[:, 0, :, 0].numpy().tolist() == [
        [0.0, 1.0, 2.0], [8.0, 7.0, 6.0], [12.0, 13.0, 14.0], [20.0, 19.0, 18.0]]
    assert tf.image.random_flip_left_right(x4[0])[0, :, 0].numpy().tolist() == [0.0, 1.0, 2.0]
    assert tf.image.random_flip_up_down(x4, seed=4)[:, :, 0, 0].numpy().tolist() == [
        [3.0, 0.0], [6.0, 9.0], [15.0, 12.0], [21.0, 18.0]]


def test_stateless_flips_mirror_the_images_tensorflow_mirrors():
    x4 = _batch()
    assert tf.image.stateless_random_flip_left_right(x4, (3, 4))[:, 0, :, 0].numpy().tolist() == [
        [0.0, 1.0, 2.0], [8.0, 7.0, 6.0], [12.0, 13.0, 14.0], [18.0, 19.0, 20.0]]
    assert tf.image.stateless_random_flip_up_down(x4, (5, 6))[:, :, 0, 0].numpy().tolist() == [
        [3.0, 0.0], [6.0, 9.0], [12.0, 15.0], [18.0, 21.0]]


def test_a_batch_flip_blends_so_infinities_spread_as_in_tensorflow():
    x = np.zeros((2, 1, 2, 1), np.float32)
    x[:, 0, 0, 0] = np.inf
    tf.random.set_seed(11)
    got = tf.image.random_flip_left_right(x)[:, 0, :, 0].numpy().tolist()
    assert str(got) == str([[np.inf, np.nan], [np.nan, np.inf]])


def test_random_crop_takes_tensorflows_windows():
    v = tf.reshape(tf.range(5 * 6), (5, 6))
    tf.random.set_seed(11)
    assert [tf.image.random_crop(v, [2, 3]).numpy().tolist() for _ in range(3)] == [
        [[3, 4, 5], [9, 10, 11]], [[9, 10, 11], [15, 16, 17]], [[21, 22, 23], [27, 28, 29]]]
    assert tf.image.random_crop(v, [3, 2], seed=9).numpy().tolist() == [[10, 11], [16, 17], [22, 23]]


def test_stateless_random_crop_takes_tensorflows_windows():
    v = tf.reshape(tf.range(5 * 6), (5, 6))
    assert tf.image.stateless_random_crop(v, [2, 2], (1, 2)).numpy().tolist() == [[4, 5], [10, 11]]
    assert tf.image.stateless_random_crop(v, [4, 5], (9, 9)).numpy().tolist() == [
        [7, 8, 9, 10, 11], [13, 14, 15, 16, 17], [19, 20, 21, 22, 23], [25, 26, 27, 28, 29]]
