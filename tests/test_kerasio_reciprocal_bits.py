"""tf.math.reciprocal on float32 carries TensorFlow's CPU bits (framework/ops/eigen_reciprocal.py):
packets of 8 take Intel's VRCPPS estimate and Eigen's Newton step (eight 1.0s give 0.99999994),
the last size % 8 values 1 / x. (Eigen's softmax, which TF runs without oneDNN, scales by that
reciprocal too: TF prints 0.99999994 for a one-column softmax of 8+ rows; tapeflow's softmax does
not use it yet: wired in, it moved a convnet's exact-mode training away from TF's, cause unfound.)

Golden values: this file's arrays under /opt/tfref/bin/python (TF 2.21 on an Intel Xeon) with
TF_ENABLE_ONEDNN_OPTS=0, printed as `.view(np.uint32).tolist()` (the same with oneDNN on).
"""
import numpy as np
import pytest

import framework as tf

pytestmark = pytest.mark.usefixtures('intel_reciprocal')     # the goldens are Intel's VRCPPS estimates

SPECIAL = np.array([0.0, -0.0, np.inf, -np.inf, -1.0, 1e-40, -1e-40, 1.1754944e-38, 3.4e38, -3.4e38, 1.0, 4.0,
                    3.8715044e+35, -0.5, 1e38, 7.0, 3.0, -6.0], np.float32)
SPECIAL_BITS = [2139095040, 4286578688, 0, 2147483648, 3212836863, 2139095040, 4286578688, 2122317823, 0, 2147483648, 1065353215, 1048575999, 73123840, 3221225471, 0, 1041385764, 1051372203, 3190467243]
GRID_BITS = [[1058086610, 1075834856, 1065535449, 1055161079, 1057559505, 3213031902], [1065793900, 3235081118, 3239772844, 1075568314, 1088300974, 1060112493], [1067987200, 1090748273, 1074802757, 1077923269, 1059805134, 3231447590], [1078750651, 3214269881, 3200814231, 1069798711, 1066668746, 3215751143]]


def test_packets_and_tail_with_zeros_infinities_denormals_and_flushed_corrections():
    assert tf.math.reciprocal(SPECIAL).numpy().view(np.uint32).tolist() == SPECIAL_BITS


def test_a_grid_in_row_major_packets():
    x = np.random.RandomState(0).normal(size=(4, 6)).astype(np.float32)
    assert tf.math.reciprocal(x).numpy().view(np.uint32).tolist() == GRID_BITS


def test_scalars_and_float64_divide():
    assert tf.math.reciprocal(np.float32(1.0)).numpy() == 1.0
    assert tf.math.reciprocal(np.ones(8)).numpy().tolist() == [1.0] * 8
