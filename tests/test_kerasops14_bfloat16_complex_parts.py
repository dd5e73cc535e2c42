"""tf.math.real / conj / angle take a bfloat16 tensor as TF 2.21 does (real and conj give it back, angle is pi in
bfloat16 where it is negative), and so keras.ops.corrcoef of bfloat16 computes (Keras 3's TF steps take
tf.math.real of the covariance's diagonal); tapeflow read bfloat16's numpy kind 'V' as not numeric and raised
"input must be a numeric tensor, but got tensor with dtype <dtype: 'bfloat16'>".

Goldens: TF 2.21's outputs of /work/notes/progs/kerasops14/c1.py (4 of 4 lines equal after the fix) and c2.py
(10 of 10); kerasops14/u1.py (133 unary keras.ops x 10 dtypes) is 1320 of 1320 lines equal after it.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.fixture(autouse=True)
def _measured_on_the_epyc(epyc_cpu):
    """TF 2.21's values and texts here were measured on the AMD EPYC (AVX2, oneDNN off): tapeflow computes as
    TF does there, whatever this CPU is (on a Xeon TF runs oneDNN's kernels, which round and word otherwise)."""

ops = keras.ops


def _floats(t):
    return np.asarray(tf.cast(t, tf.float32)).tolist()


def test_corrcoef_of_bfloat16():
    x = np.array([[0.0, 1.0, 2.0, 7.5], [3.0, 0.5, 1.5, -2.25], [1.0, 1.0, 0.25, 4.0]])
    out = ops.corrcoef(ops.cast(x, 'bfloat16'))
    assert out.dtype == 'bfloat16' and _floats(out) == [[1.0, -0.93359375, 0.91015625],
                                                        [-0.93359375, 1.0, -0.859375],
                                                        [0.91015625, -0.859375, 1.0]]
    assert _floats(ops.corrcoef(ops.cast(x[:1], 'bfloat16'))) == [[1.0]]


@pytest.mark.parametrize('op, expected', [
    (tf.math.real, [1.5, -2.0]), (tf.math.imag, [0.0, 0.0]), (tf.math.conj, [1.5, -2.0]),
    (tf.math.angle, [0.0, 3.140625]), (ops.angle, [0.0, 3.140625]),
])
def test_parts_of_bfloat16(op, expected):
    out = op(tf.constant([1.5, -2.0], tf.bfloat16))
    assert out.dtype == tf.bfloat16 and _floats(out) == expected


def test_real_of_bfloat16_passes_the_gradient():
    x = tf.constant([1.5, -2.0], tf.bfloat16)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.math.real(x) * 2)
    grad = tape.gradient(y, x)
    assert grad.dtype == tf.bfloat16 and _floats(grad) == [2.0, 2.0]


def test_bools_are_still_refused():
    with pytest.raises(TypeError) as caught:
        tf.math.real(tf.constant([True]))
    assert str(caught.value) == "input must be a numeric tensor, but got tensor with dtype <dtype: 'bool'>"
