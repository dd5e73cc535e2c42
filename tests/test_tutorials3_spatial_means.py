"""Small sums that keep the first axis (GlobalAveragePooling's spatial means) add in TF's order.

The FGSM tutorial's small CNN ends in GlobalAveragePooling2D over 5x5 maps of 8 channels: 200
values per image, below eigen_outer_sum's size threshold, so its means took numpy's order and the
predicted probabilities differed from TF's in the last bit. Expected values printed by TF 2.21
(tensorflow-cpu) for the same inputs (np.random.RandomState(0).normal, drawn in this order).
"""
import numpy as np

import framework as tf
from framework import keras

RNG = np.random.RandomState(0)
ONE = RNG.normal(0, 1, (1, 5, 5, 8)).astype('float32')
BATCH = RNG.normal(0, 1, (4, 6, 3, 16)).astype('float32')


def exactly(values, expected):
    np.testing.assert_array_equal(np.asarray(values), np.array(expected, np.float32))


def test_global_average_pooling_of_one_image():
    exactly(keras.layers.GlobalAveragePooling2D()(ONE)[0],
            [0.10937044024467468, -0.007881850935518742, -0.1630299985408783, 0.249472975730896,
             0.08310934156179428, 0.11119363456964493, -0.033280469477176666, 0.21832984685897827])


def test_reduce_sum_over_the_spatial_axes_of_a_small_batch():
    exactly(tf.reduce_sum(BATCH, axis=[1, 2])[1],
            [-4.428171634674072, 1.060411810874939, -2.327348470687866, -3.333181619644165,
             -10.193731307983398, -7.939020156860352, 9.755053520202637, -3.4490575790405273,
             -3.4482898712158203, -2.5784432888031006, -2.266780376434326, -3.126617431640625,
             -5.669211387634277, -3.9985227584838867, -0.10585039854049683, 2.4743146896362305])


def test_global_average_pooling_over_steps():
    exactly(keras.layers.GlobalAveragePooling1D()(BATCH[:, :, 0, :])[2],
            [-0.22527499496936798, -0.07911863178014755, 0.04650762677192688, 0.39483702182769775,
             0.6540414690971375, 0.5970587134361267, 0.38465020060539246, -0.6337411999702454,
             0.5840741991996765, -0.1784394234418869, 0.17403022944927216, -0.10801199823617935,
             -0.1975124627351761, -0.5494001507759094, -0.1297198385000229, 0.016284486278891563])
