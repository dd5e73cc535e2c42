"""Keras 3's kept spellings from tf.keras 2: ThresholdedReLU, losses.Reduction,
metrics.KLD / kld / kullback_leibler_divergence / logcosh, IdentityInitializer and
OrthogonalInitializer. Values read off TF 2.21 / Keras 3.15.1."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def test_thresholded_relu_as_keras_computes_it():
    keras.backend.clear_session()
    layer = keras.layers.ThresholdedReLU(0.5)
    assert layer.built is False and layer.name == 'thresholded_re_lu'
    out = layer(np.array([[0.2, 0.5, 0.7, -1.]], np.float32)).numpy()
    np.testing.assert_array_equal(out, np.array([[0., 0., 0.7, 0.]], np.float32))
    assert np.signbit(out[0, 3])          # x * cast(x > theta): -1 * 0 is -0.0, as in Keras
    assert keras.layers.ThresholdedReLU(0.1).get_config()['theta'] == 0.10000000149011612   # float32 theta


def test_thresholded_relu_gradient_and_round_trip(tmp_path):
    x = tf.constant([[0.3, -0.2, 2.0]])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = keras.layers.ThresholdedReLU(0.25)(x)
    np.testing.assert_array_equal(tape.gradient(y, x).numpy(), [[1., 0., 1.]])
    model = keras.Sequential([keras.Input((3,)), keras.layers.ThresholdedReLU(0.75)])
    model.save(tmp_path / 'm.keras')
    loaded = keras.models.load_model(tmp_path / 'm.keras')
    assert float(loaded.layers[0].theta) == np.float32(0.75)


@pytest.mark.parametrize('theta, words', [(-1, 'should be >=0. Received: -1'), (None, 'cannot be None')])
def test_thresholded_relu_refuses_bad_theta(theta, words):
    with pytest.raises(ValueError, match=words):
        keras.layers.ThresholdedReLU(theta)


def test_reduction_constants():
    reduction = keras.losses.Reduction
    assert reduction.all() == ('auto', 'none', 'sum', 'sum_over_batch_size')
    assert keras.losses.MeanSquaredError(reduction=reduction.SUM)([[1.], [2.]], [[0.], [0.]]).numpy() == 5.0
    with pytest.raises(ValueError, match='Invalid Reduction Key: mean'):
        reduction.validate('mean')


def test_metric_function_aliases():
    assert keras.metrics.KLD is keras.metrics.kld is keras.metrics.kullback_leibler_divergence
    # log(cosh(0.5)) twice, averaged: 0.120114505 in TF
    assert keras.metrics.logcosh([1., 2.], [1.5, 2.5]).numpy() == np.float32(0.120114505)


def test_initializer_class_aliases():
    assert keras.initializers.IdentityInitializer is keras.initializers.Identity
    assert keras.initializers.OrthogonalInitializer is keras.initializers.Orthogonal
