"""keras.ops.dot_product_attention (and MultiHeadAttention's fused path) multiplies the logits by Keras-on-TF's
tf.cast(scale, logits.dtype): a Python scale, or the default 1 / tf.sqrt(float32 head_dim), is a float32 constant
first, so float64 attention meets the float32-rounded scale (tapeflow used the double: outputs and MHA gradients
1e-8 off TF 2.21's); a float64 numpy scale keeps its value. Values printed by TF 2.21 (/opt/tfref) for
/work/notes/progs/autodiff13/x_dpa.py (out[0, :, 0, :2]).
"""
import numpy as np
import pytest

from framework import keras
import framework as tf

TF = {
    'default': [
        0.059239797887104484, -0.08751092510808907, -0.11166362856571174,
        0.2640134777189575, 0.06920909924189791, 0.10239129751700846,
    ],
    'py': [
        0.048543803798127616, -0.043174282650104444, -0.06991186547608841,
        0.16602716166606737, 0.05561467221482008, 0.07387884350434595,
    ],
    'np64': [
        0.04854380317733464, -0.04317427988122551, -0.06991186234082064,
        0.16602715591767891, 0.05561467137918791, 0.07387884180173959,
    ],
}


@pytest.mark.parametrize('name,scale', [('default', None), ('py', 0.3), ('np64', np.float64(0.3))])
def test_float64_attention_uses_tensorflows_scale(name, scale):
    q = tf.constant(np.sin(np.arange(24.0)).reshape(1, 3, 2, 4))
    k = tf.constant(np.cos(np.arange(24.0) * 0.7).reshape(1, 3, 2, 4))
    v = tf.constant(np.sin(np.arange(24.0) * 1.3).reshape(1, 3, 2, 4))
    y = keras.ops.dot_product_attention(q, k, v, scale=scale).numpy()[0, :, 0, :2].ravel()
    # within a few ulps (float64 sums); the scale's float32 rounding alone moves them by ~1e-9
    np.testing.assert_allclose(y, TF[name], rtol=5e-15, atol=1e-17)
