"""float32 tf.math.reciprocal on the AMD EPYC 7003 (Zen 3) whose VRCPPS estimate tapeflow holds
(framework/ops/zen3_reciprocal_estimate.py): TF 2.21 refines that CPU's estimate, which is not Intel's,
so 5 of these 24 reciprocals differ from the Xeon's. Golden bits printed by TF 2.21 on that EPYC
(/opt/tfref/bin/python, ``tf.math.reciprocal(x).numpy().view(np.uint32).tolist()``). The estimate is
forced on here, so the test runs on any CPU.
"""
import numpy as np
import pytest

import framework as tf
from framework.ops import zen3_reciprocal_estimate

EPYC_BITS = [[1058086610, 1075834856, 1065535449, 1055161079, 1057559505, 3213031902],
             [1065793900, 3235081118, 3239772844, 1075568314, 1088300975, 1060112493],
             [1067987199, 1090748273, 1074802757, 1077923268, 1059805134, 3231447590],
             [1078750650, 3214269881, 3200814231, 1069798711, 1066668746, 3215751144]]
SPECIAL = np.array([0.0, -0.0, np.inf, -np.inf, -1.0, 1e-40, -1e-40, 1.1754944e-38, 3.4e38, -3.4e38, 1.0, 4.0,
                    3.8715044e+35, -0.5, 1e38, 7.0, 3.0, -6.0], np.float32)
SPECIAL_BITS = [2139095040, 4286578688, 0, 2147483648, 3212836863, 2139095040, 4286578688, 2122317823, 0, 2147483648,
                1065353215, 1048575999, 73123840, 3221225471, 0, 1041385764, 1051372203, 3190467243]


@pytest.fixture
def zen3(monkeypatch):
    monkeypatch.setattr(zen3_reciprocal_estimate, 'applies', lambda: True)


def test_the_epyc_estimate_gives_tf_bits_there(zen3):
    x = np.random.RandomState(0).normal(size=(4, 6)).astype(np.float32)
    assert tf.math.reciprocal(x).numpy().view(np.uint32).tolist() == EPYC_BITS


def test_zeros_infinities_denormals_as_on_intel(zen3):
    assert tf.math.reciprocal(SPECIAL).numpy().view(np.uint32).tolist() == SPECIAL_BITS


def test_the_table_is_one_value_per_12_bit_interval():
    # the first interval's estimate is 8190 / 8192 and the last 4096 / 8192, stepping down
    table = zen3_reciprocal_estimate._table()
    assert table.shape == (4096,) and table[0] == np.float32(8190 / 8192) and table[-1] == np.float32(0.5)
    assert np.all(np.diff(table) <= 0)
