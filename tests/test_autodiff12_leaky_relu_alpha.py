"""tf.nn.leaky_relu's alpha is a float attr of TF's LeakyRelu kernel, 32 bits wide: a float64 input is
scaled by float32(alpha) in the value and in the gradient (TF 2.21: leaky_relu(-1.0, alpha=0.2) in
float64 is -0.20000000298023224). tapeflow used the Python double. Golden values from /opt/tfref,
notes/progs/autodiff12/x_leaky.py (float.hex of y and dy/dx).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = [-1.0, -3.3, 2.0]
TF_VALUES = {
    0.2: (['-0x1.99999a0000000p-3', '-0x1.51eb857333333p-1', '0x1.0000000000000p+1'], '0x1.99999a0000000p-3'),
    0.3: (['-0x1.3333340000000p-2', '-0x1.fae1490000000p-1', '0x1.0000000000000p+1'], '0x1.3333340000000p-2'),
    0.01: (['-0x1.47ae140000000p-7', '-0x1.0e5603b333333p-5', '0x1.0000000000000p+1'], '0x1.47ae140000000p-7'),
}


@pytest.mark.parametrize('alpha', sorted(TF_VALUES))
def test_float64_leaky_relu_scales_by_float32_alpha(alpha):
    x = tf.constant(X, tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.leaky_relu(x, alpha=alpha)
    values, slope = TF_VALUES[alpha]
    assert [v.hex() for v in y.numpy()] == values
    assert [v.hex() for v in tape.gradient(y, x).numpy()] == [slope, slope, '0x1.0000000000000p+0']


def test_keras_leaky_relu_activation_on_float64_and_numpy_alpha():
    x = tf.constant(X, tf.float64)
    # TF 2.21: keras.activations.leaky_relu(x, negative_slope=0.3).numpy().tolist()
    assert keras.activations.leaky_relu(x, negative_slope=0.3).numpy().tolist() == [
        -0.30000001192092896, -0.9900000393390656, 2.0]
    got = tf.nn.leaky_relu(x, alpha=np.array(0.3)).numpy()
    assert got[0] == np.float64(np.float32(0.3)) * -1.0


def test_float16_leaky_relu_bits():
    # TF 2.21: tf.nn.leaky_relu(float16 [-1, 2], alpha=0.3).numpy().view(np.uint16)
    assert tf.nn.leaky_relu(tf.constant([-1.0, 2.0], tf.float16), alpha=0.3).numpy().view(np.uint16).tolist() == [
        46285, 16384]


@pytest.mark.parametrize('make_alpha', [lambda: tf.constant(0.3), lambda: tf.constant([0.1, 0.2]),
                                        lambda: tf.Variable(0.2)])
def test_a_tensor_alpha_is_no_float_attr(make_alpha):
    # TF 2.21: TypeError "Expected float for argument 'alpha' not <tf.Tensor: shape=(), dtype=float32,
    # numpy=0.30000001192092896>." from tf.nn.leaky_relu and from keras.ops.leaky_relu alike
    alpha = make_alpha()
    for fn in (lambda: tf.nn.leaky_relu(tf.constant([1., -2.]), alpha),
               lambda: keras.ops.leaky_relu(tf.constant([1., -2.]), alpha)):
        with pytest.raises(TypeError) as info:
            fn()
        assert str(info.value) == "Expected float for argument 'alpha' not %r." % (alpha,)


def test_alpha_none_is_the_default_slope():
    # TF 2.21: tf.nn.leaky_relu([1., -2.], None) is [1., -0.4] (the op's attr keeps its default 0.2)
    assert tf.nn.leaky_relu(tf.constant([1., -2.]), None).numpy().tolist() == [1.0, -0.4000000059604645]
    assert keras.ops.leaky_relu(tf.constant([1., -2.]), None).numpy().tolist() == [1.0, -0.4000000059604645]
