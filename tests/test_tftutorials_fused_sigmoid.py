"""A Dense layer's sigmoid in a traced step (Keras's predict / evaluate / fit, a tf.function) carries
oneDNN's bits: TensorFlow fuses MatMul + BiasAdd + Sigmoid into one oneDNN kernel there, while an
eager call keeps Eigen's sigmoid (framework/ops/fused_sigmoid.py). The expected bits were printed by
TF 2.21 (oneDNN on) for the same model: ``predict`` and ``model(x)`` differ in 14 of 25 values.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras, onednn_policy

pytestmark = pytest.mark.skipif(not onednn_policy.enabled(), reason='TensorFlow would not run oneDNN on this CPU')

X = np.linspace(-6, 6, 25, dtype=np.float32)[:, None] * np.float32(0.93)
TRACED = [998772135, 1004015955, 1009472154, 1015515382, 1020636739, 1025999158, 1031941862, 1036500138,
          1041649717, 1046227707, 1050376030, 1053936311, 1057383690, 1059273298, 1060939398, 1062280093,
          1063281783, 1063989462, 1064469894, 1064787290, 1064993222, 1065125273, 1065209310, 1065262534,
          1065296141]
EAGER = [998772135, 1004015960, 1009472151, 1015515383, 1020636741, 1025999155, 1031941863, 1036500142,
         1041649716, 1046227707, 1050376031, 1053936310, 1057383689, 1059273299, 1060939396, 1062280093,
         1063281783, 1063989462, 1064469893, 1064787290, 1064993222, 1065125273, 1065209310, 1065262534,
         1065296141]


def _model():
    # kernel 1, bias 0.1: the logits are x + 0.1, the same bits in both paths
    return keras.Sequential([keras.Input((1,)), keras.layers.Dense(
        1, activation='sigmoid', kernel_initializer='ones', bias_initializer=keras.initializers.Constant(0.1))])


def _bits(values):
    return np.asarray(values, np.float32).reshape(-1).view(np.uint32).tolist()


def test_predict_and_tf_function_use_onednns_logistic_and_a_call_eigens():
    model = _model()
    assert _bits(model.predict(X, verbose=0)) == TRACED
    assert _bits(model(X)) == EAGER
    assert _bits(tf.function(lambda v: model(v))(X)) == TRACED


def test_run_eagerly_predicts_as_an_eager_call():
    model = _model()
    model.compile('sgd', 'mse', run_eagerly=True)
    assert _bits(model.predict(X, verbose=0)) == EAGER


def test_evaluate_scores_the_fused_values_and_the_loss_from_the_logits():
    model = _model()
    model.compile('sgd', keras.losses.BinaryCrossentropy(),
                  metrics=[keras.metrics.BinaryAccuracy(threshold=0.6224593), keras.metrics.MeanSquaredError()])
    # TF 2.21: [1.5437678098678589, 0.47999998927116394, 0.40593811869621277]
    assert model.evaluate(X, np.ones((25, 1)), batch_size=25, verbose=0) == \
        [1.5437678098678589, 0.47999998927116394, 0.40593811869621277]
