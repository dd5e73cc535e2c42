"""Keras 3's elu with alpha != 1 (the ELU layer of Hands-On ML ch. 11) is, on its TF backend,
where(x > 0, elu(x), alpha * elu(x)); its gradient is TF's EluGrad(alpha * g, elu(x)) =
(alpha * g) * (elu(x) + 1). tapeflow computed g * (alpha * elu(x) + alpha), one ulp off for 15 of 40
values, so a model with ELU(alpha=0.7) drifted from TF's weights. EluGrad's own gradient (a second
derivative) is where(elu(x) < 0, gg * g, 0): +0.0 where x > 0, where tapeflow gave -0.0.
Golden values: TF 2.21, notes/progs/handson/elu_alpha_test.py and zero_sign.py.
"""
import framework as tf
from framework import keras

X = [-3.726985454559326, -1.2540013790130615, -2.6277294158935547, 3.577256917953491]
G = [-1.7431410551071167, 0.029713815078139305, 1.0131834745407104, -1.6232854127883911]


def _first_and_second(fn, x, g):
    x = tf.constant(x)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = fn(x)
        gx = inner.gradient(y, x, output_gradients=tf.constant(g))
    return y, gx, outer.gradient(gx, x)


def test_elu_layer_alpha_gradient_rounds_as_tensorflow():
    y, gx, ggx = _first_and_second(keras.layers.ELU(alpha=0.7), X, G)
    assert y.numpy().tolist() == [-0.683154284954071, -0.5002474784851074, -0.6494303941726685,
                                  3.577256917953491]
    assert gx.numpy().tolist() == [-0.029364395886659622, 0.005935408174991608, 0.05123630538582802,
                                   -1.6232854127883911]
    # d/dx of (0.7 * g) * (elu(x) + 1) is the same product where x < 0
    assert [str(v) for v in ggx.numpy().tolist()] == ['-0.029364395886659622', '0.005935408174991608',
                                                      '0.05123630538582802', '0.0']


def test_keras_elu_activation_alpha_value():
    # TF 2.21: keras.activations.elu(x, alpha=0.5) on X
    assert keras.activations.elu(tf.constant(X), alpha=0.5).numpy().tolist() == [
        -0.4879673719406128, -0.3573196530342102, -0.4638788402080536, 3.577256917953491]


def test_elu_second_derivative_is_positive_zero_where_x_is_positive():
    for fn in (tf.nn.elu, keras.activations.elu, lambda t: keras.activations.elu(t, alpha=0.5)):
        _, _, ggx = _first_and_second(fn, [-1.0, 2.0, -3.0], [-1.0, -1.0, 1.0])
        assert str(ggx.numpy()[1]) == '0.0'
