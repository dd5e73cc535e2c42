"""tf.nn.softmax / log_softmax of bfloat16 rows in the steps of TF 2.21's Eigen kernel: each step of
exp(x - max) * (1 / sum) (log: (x - max) - log(sum)) rounds to bfloat16, and the row sum adds packets of 8
into bfloat16 lanes folded in float32 (half_softmax_rows.py). tapeflow computed in float32 and rounded once,
one bfloat16 ulp off in most rows. Values are the bfloat16 bit patterns (uint16 views)."""
import ml_dtypes
import numpy as np
import pytest

import framework as tf

_BF16 = ml_dtypes.bfloat16

# TF 2.21 (tensorflow-cpu, AVX2 machine; the bfloat16 steps are CPU-independent roundings): inputs and
# tf.nn.softmax / tf.nn.log_softmax bits
CASES = [
    ([[16297, 49022, 16617, 48962, 16040], [16536, 49199, 49123, 16144, 49021]],
     [[15144, 14729, 16256, 14757, 14974], [16252, 14863, 15036, 15477, 15182]],
     [[49343, 49412, 0, 49409, 49374], [48254, 49392, 49361, 49286, 49336]]),
    ([[49253, 48925, 49034, 16360, 49312, 49158, 16477, 16562, 49297, 16376, 49212, 49189, 49191, 49058, 16447,
       16393, 15926],
      [49036, 15394, 48803, 16408, 49139, 48280, 48795, 48673, 16191, 16152, 16512, 48773, 16534, 49003, 49079,
       16027, 16264]],
     [[14513, 15058, 14983, 15510, 14249, 14785, 15809, 16199, 14339, 15529, 14630, 14705, 14691, 14944, 15729,
       15568, 15212],
      [15082, 15279, 15232, 15723, 14927, 15273, 15232, 15253, 15417, 15390, 16021, 15240, 16148, 15117, 15013,
       15342, 15484]],
     [[49430, 49358, 49372, 49280, 49453, 49405, 49175, 48770, 49446, 49272, 49420, 49414, 49415, 49378, 49205,
       49259, 49332],
      [49355, 49320, 49330, 49207, 49381, 49321, 49330, 49325, 49296, 49301, 49054, 49328, 48909, 49349, 49366,
       49310, 49286]]),
]


@pytest.mark.parametrize('bits, soft, log_soft', CASES)
def test_bfloat16_rows_as_tf(bits, soft, log_soft):
    x = tf.constant(np.array(bits, np.uint16).view(_BF16))
    assert x.dtype == tf.bfloat16
    assert tf.nn.softmax(x).numpy().view(np.uint16).tolist() == soft
    assert tf.nn.log_softmax(x).numpy().view(np.uint16).tolist() == log_soft
