"""tf.math.rsqrt on float32 carries TensorFlow's CPU bits (framework/ops/eigen_rsqrt.py): packets of 8
take the VRSQRTPS estimate and one Newton step (rsqrt(1.0) is 0.9999999), the last size % 8 values
1 / sqrtf. BatchNormalization's and l2_normalize's outputs then carry TF's bits (keras.io's
timeseries_classification_from_scratch normalizes 64 channels).

Golden values: `tf.math.rsqrt(a).numpy().view(np.uint32).tolist()` (and the same for
`tf.nn.l2_normalize(x, axis=1)`) printed under /opt/tfref/bin/python (TF 2.21 on an Intel Xeon).
"""
import numpy as np
import pytest

import framework as tf
from framework.ops import eigen_math, eigen_rsqrt

SPECIAL = np.float32([0.0, -0.0, np.inf, -1.0, 1e-40, 1.1754944e-38, 3.4e38, 1.0,
                      4.0, 2.0, 0.3, 7.5, 1e-3, 123.456, 0.999, 1.5, 2.5, 3.5, 5.5])
SPECIAL_BITS = [2139095040, 4286578688, 0, 4290772992, 2139095040, 1593835518, 528485787, 1065353214,
                1056964606, 1060439282, 1072280040, 1052439738, 1107098482, 1035489810, 1065357413, 1062274539,
                1059186843, 1057543799, 1054495050]
GRID_BITS = [[1054504623, 1052731879, 1053849993, 1054556073, 1056478424, 1053386672],
             [1056217581, 1051422995, 1050996234, 1057136940, 1052110943, 1054771231],
             [1054260616, 1051216021, 1066853080, 1065904752, 1074463053, 1051814797],
             [1052214312, 1051562480, 1050913409, 1052055427, 1055798025, 1052196044]]
L2_BITS = [[1052989890, 1056863974, 1054246121, 1052898373, 1050075555, 1055250424],
           [1048716799, 1057257073, 1057956107, 1046751609, 1055603862, 1050492497],
           [1054073567, 1059881682, 1029084683, 1032012599, 1014814204, 1058747246],
           [1053616165, 1055199293, 1057017863, 1053978132, 1047740469, 1053657054]]


def _grid():
    return np.random.RandomState(0).uniform(0.01, 10, (4, 6)).astype(np.float32)


def test_packets_and_tail_including_zeros_infinities_negatives_and_denormals():
    out = tf.math.rsqrt(SPECIAL).numpy()
    assert out.view(np.uint32).tolist() == SPECIAL_BITS     # NaN as TF's negative quiet NaN, too


def test_a_2d_tensor_is_cut_into_packets_in_row_major_order():
    assert tf.math.rsqrt(_grid()).numpy().view(np.uint32).tolist() == GRID_BITS


def test_l2_normalize_goes_through_it():
    assert tf.nn.l2_normalize(_grid(), axis=1).numpy().view(np.uint32).tolist() == L2_BITS


def test_the_estimate_is_intels_on_every_interval_of_one():
    # VRSQRTPS on [1, 2): 0.99975586 for the first interval, 12 fraction bits throughout
    x = np.float32(1 + np.arange(1024) / 1024)
    y = eigen_rsqrt._estimate(x)
    assert y[0] == np.float32(0.99975586) and y[-1] == np.float32(0.7071533)
    assert not (y.view(np.uint32) & 0x7FF).any()
    np.testing.assert_allclose(y, 1 / np.sqrt(x + np.float32(1 / 2048)), rtol=2 ** -12)


def test_larger_tensors_follow_the_exact_math_mode():
    ones = np.ones(eigen_math.SMALL_ELEMENTWISE + 8, np.float32)
    before = eigen_math.ENABLED[0]
    try:
        eigen_math.ENABLED[0] = 'small'
        assert tf.math.rsqrt(ones).numpy()[0] == 1.0            # numpy's correctly rounded value
        eigen_math.ENABLED[0] = True
        assert tf.math.rsqrt(ones).numpy()[0] == np.float32(0.9999999)
    finally:
        eigen_math.ENABLED[0] = before


@pytest.mark.parametrize('value', [np.float32(1.0), np.float64(1.0)])
def test_scalars_take_the_scalar_functor_and_other_dtypes_numpy(value):
    assert tf.math.rsqrt(value).numpy() == 1.0


def test_pow_minus_half_in_a_tf_function_is_grapplers_rsqrt():
    # TF: `tf.function(lambda x: x ** -0.5)(tf.ones(8))` gives 0.9999998807907104 (Grappler's Rsqrt),
    # eager `tf.ones(8) ** -0.5` gives 1.0 (Pow)
    assert tf.function(lambda x: x ** -0.5)(tf.ones(8)).numpy().tolist() == [0.9999998807907104] * 8
    assert (tf.ones(8) ** -0.5).numpy().tolist() == [1.0] * 8
