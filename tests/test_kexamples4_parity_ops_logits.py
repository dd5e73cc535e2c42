"""keras.ops.sigmoid / keras.ops.softmax (and their keras.ops.nn spellings) remember their logits,
as Keras 3's TensorFlow backend marks the output (``_keras_logits``), so a cross-entropy scores
them from the logits: keras.io's collaborative-filtering RecommenderNet ends in ops.nn.sigmoid
and its BinaryCrossentropy history drifted by an ulp; saturated outputs were clipped (a loss of
10.8 where TF gives 20.2). Values derived from TF 2.21 + Keras 3 (kexamples4's d24/d25.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.keras import ops

# goldens measured on the Xeon: TF's reciprocals there refine Intel's VRCPPS estimate
pytestmark = pytest.mark.usefixtures('intel_reciprocal')


def _loss_and_gradient(activation, loss, y):
    x = tf.Variable(np.random.RandomState(0).randn(4, 3).astype('float32') * 3)
    with tf.GradientTape() as tape:
        value = loss(y, activation(x))
    return repr(float(value)), tape.gradient(value, x).numpy().ravel().tolist()


ONE_HOT = np.array([[1, 0, 0], [0, 0, 1], [0, 1, 0], [0, 0, 1]], 'float32')
BINARY = np.array([[1, 0, 1], [0, 0, 1], [1, 1, 0], [0, 1, 0]], 'float32')
# TF 2.21: the logits path (ops.softmax; an axis-0 softmax is scored over the last axis all the same)
SOFTMAX = ('3.37113881111145', [
    -0.02508176863193512, 0.003758619073778391, 0.021323159337043762, 0.18848830461502075,
    0.06149961054325104, -0.2499879151582718, 0.23166322708129883, -0.24149250984191895,
    0.009829252026975155, 0.010268239304423332, 0.004615364596247673, -0.01488359272480011])
SIGMOID = ('2.062509536743164', [
    -0.00041714278631843626, 0.06405072659254074, -0.004199344664812088, 0.08323317766189575,
    0.08302713185548782, -0.07911649346351624, -0.004555633757263422, -0.05096723884344101,
    0.03526654839515686, 0.06451106071472168, -0.03280147165060043, 0.0822848305106163])


@pytest.mark.parametrize('activation', [ops.softmax, ops.nn.softmax, lambda v: ops.softmax(v, axis=0)])
def test_keras_ops_softmax_is_scored_from_its_logits(activation, exact_math):
    assert _loss_and_gradient(activation, keras.losses.CategoricalCrossentropy(), ONE_HOT) == SOFTMAX


@pytest.mark.parametrize('activation', [ops.sigmoid, ops.nn.sigmoid])
def test_keras_ops_sigmoid_is_scored_from_its_logits(activation, exact_math):
    assert _loss_and_gradient(activation, keras.losses.BinaryCrossentropy(), BINARY) == SIGMOID


def test_saturated_outputs_are_not_clipped():
    # TF 2.21: 20.15802574157715 and 80.0 from the logits; tf.nn's outputs (no logits) give the clipped
    # 10.84485149383545 and 16.11809539794922
    y = np.array([[0.0, 1.0, 1.0]], 'float32')
    x = tf.constant([[30.0, -30.0, 0.5]])
    assert float(keras.losses.BinaryCrossentropy()(y, ops.sigmoid(x))) == 20.15802574157715
    assert float(keras.losses.BinaryCrossentropy()(y, tf.nn.sigmoid(x))) == 10.84485149383545
    y = np.array([[0.0, 0.0, 1.0]], 'float32')
    x = tf.constant([[40.0, 0.0, -40.0]])
    assert float(keras.losses.CategoricalCrossentropy()(y, ops.softmax(x))) == 80.0
    assert float(keras.losses.CategoricalCrossentropy()(y, tf.nn.softmax(x))) == 16.11809539794922
