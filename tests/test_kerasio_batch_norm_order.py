"""BatchNormalization rounds as Keras 3 on TF 2.21, whose layer calls tf.nn.batch_normalization:
``x * inv + (beta - mean * inv)`` with ``inv = rsqrt(variance + epsilon) * gamma``. The order
``(x - mean) * inv + beta`` gives other last bits (seen in the keras.io example
timeseries_classification_from_scratch, whose three BatchNormalization layers moved its losses).

Golden values: this program run under /opt/tfref/bin/python with `import keras` (Keras 3.15.1,
TF 2.21), printing `.tolist()` of the outputs. Four features, so TF's rsqrt takes its scalar path
(1 / sqrt in float32) for every feature, as tapeflow's does.
"""
import numpy as np

from framework import keras


def _layer_and_inputs():
    rng = np.random.RandomState(3)
    x = rng.normal(size=(6, 4)).astype('float32') * 3 + 1
    bn = keras.layers.BatchNormalization()
    bn.build((None, 4))
    bn.set_weights([rng.uniform(0.5, 2, 4).astype('float32'), rng.normal(size=4).astype('float32'),
                    rng.normal(size=4).astype('float32'), rng.uniform(0.5, 2, 4).astype('float32')])
    return bn, x


INFERENCE = [
    [6.9076337814331055, 2.294027328491211, 2.8233675956726074, -1.113417148590088],
    [0.6554535627365112, 0.2532457709312439, 2.289490222930908, 4.1645402908325195],
    [1.3622832298278809, -0.06259149312973022, -1.3775062561035156, 10.616893768310547],
    [4.161930561065674, 5.577416896820068, 2.684971332550049, 5.113525867462158],
    [-0.15548264980316162, -2.820344924926758, 5.461999893188477, 2.14098858833313],
    [-2.0913021564483643, 0.6378167867660522, 6.962551116943359, 7.8513102531433105]]
TRAINING = [
    [0.891514778137207, 0.19905930757522583, 0.6143784523010254, -1.0017354488372803],
    [-1.1435874700546265, -0.46731293201446533, 0.3946051001548767, 1.6580705642700195],
    [-0.9135123491287231, -0.5704426169395447, -1.1149331331253052, 4.9097089767456055],
    [-0.0022193193435668945, 1.271177887916565, 0.5574069619178772, 2.136307954788208],
    [-1.4075493812561035, -1.4709264039993286, 1.7005853652954102, 0.6383094787597656],
    [-2.0376641750335693, -0.3417397141456604, 2.3182950019836426, 3.5160038471221924]]
MOVING_MEAN = [-1.2185903787612915, -0.612342894077301, -0.7796362638473511, -2.3992667198181152]
MOVING_VARIANCE = [0.9802069664001465, 1.0163425207138062, 1.2447316646575928, 1.84343683719635]


def test_inference_output_has_tf_bits():
    bn, x = _layer_and_inputs()
    np.testing.assert_array_equal(np.asarray(bn(x, training=False)), np.float32(INFERENCE))


def test_training_output_and_moving_statistics_have_tf_bits():
    bn, x = _layer_and_inputs()
    np.testing.assert_array_equal(np.asarray(bn(x, training=True)), np.float32(TRAINING))
    np.testing.assert_array_equal(bn.moving_mean.numpy(), np.float32(MOVING_MEAN))
    np.testing.assert_array_equal(bn.moving_variance.numpy(), np.float32(MOVING_VARIANCE))


def test_without_center_the_shift_is_minus_mean_times_inv():
    bn = keras.layers.BatchNormalization(center=False)
    x = np.float32([[1.0, 2.0], [3.0, 5.0]])
    out = np.asarray(bn(x, training=True))
    inv = np.float32(1) / np.sqrt(np.float32([1.0, 2.25]) + np.float32(1e-3))
    np.testing.assert_array_equal(out, x * inv + -(np.float32([2.0, 3.5]) * inv))
