"""tf.math.betainc with a Python x beside float64 tensors: TF 2.21's generated wrapper takes T from the first
tensor among (a, b, x), so x = 0.4 is converted to float64 (tapeflow converted it to float32 first and failed
in Betainc's input check)."""
import numpy as np
import pytest

import framework as tf


@pytest.mark.parametrize('call, expected', [
    # TF 2.21 gives these float64 values
    (lambda a: tf.math.betainc(a, a, 0.4), [0.43590578, 0.37353004]),
    (lambda a: tf.math.betainc(0.5, a, 0.4), [0.43590578, 0.7477845]),
])
def test_python_x_takes_the_tensors_dtype(call, expected):
    a = tf.constant([0.5, 1.5], tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(a)
        y = call(a)
    assert y.dtype == tf.float64
    np.testing.assert_allclose(y.numpy(), expected, rtol=1e-7)
    assert tape.gradient(y, a) is None        # TF's Betainc rule differentiates x only


def test_float32_tensor_beside_float64_is_the_kernels_refusal():
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'input #1\(zero-based\) was expected to be a float '
                                                             r'tensor but is a double tensor \[Op:Betainc\]'):
        tf.math.betainc(tf.constant(0.5), tf.constant([0.5, 1.5], tf.float64), 0.4)    # TF 2.21's words
