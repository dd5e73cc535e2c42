"""softplus's gradient is TF 2.21's _SoftplusGrad (nn_grad.py): grad * sigmoid(x).

TensorFlow registers that Python rule for Softplus, not the SoftplusGrad kernel's
g / (exp(-x) + 1); the two differ by an ulp or two in about half the elements, enough
to move a Keras fit with a softplus head (mean_squared_logarithmic_error / poisson
regression under RMSprop) off TF's weights in its first batch.

Goldens: TF 2.21 (tensorflow-cpu), z = RandomState(1).randn(16, 1), y = rand(16, 1),
tape.gradient(tf.math.softplus(z), z, output_gradients=y) and the gradient of
keras.losses.MeanSquaredLogarithmicError()(y, softplus(z)), printed as uint32 bits.
"""
import numpy as np
import pytest
import framework as tf
from framework import keras

# goldens measured on the Xeon: TF's reciprocals there refine Intel's VRCPPS estimate
pytestmark = pytest.mark.usefixtures('intel_reciprocal')

SOFTPLUS_GRAD_BITS = [1060859100, 1050743489, 1023489791, 1008930961, 1039452528, 1034135126, 1034647205,
                      1040796342, 1057882394, 1047469705, 1057999826, 1024594856, 1049864151, 1051533757,
                      1013100322, 1044372047]
MSLE_SOFTPLUS_GRAD_BITS = [1014308874, 3154915450, 1008423809, 1001460765, 1020251294, 3149362094, 1024585463,
                           3125505338, 3136704440, 981214240, 1015945009, 3137671639, 3141755578, 3150831221,
                           1024097649, 3153332984]


def _data():
    rng = np.random.RandomState(1)
    return rng.randn(16, 1).astype('float32'), rng.rand(16, 1).astype('float32')


def _bits(t):
    return np.asarray(t).ravel().view(np.uint32).tolist()


def test_softplus_gradient_is_tf_bits():
    z, y = _data()
    z = tf.constant(z)
    with tf.GradientTape() as tape:
        tape.watch(z)
        p = tf.math.softplus(z)
    assert _bits(tape.gradient(p, z, output_gradients=tf.constant(y))) == SOFTPLUS_GRAD_BITS


def test_msle_through_softplus_head_is_tf_bits():
    z, y = _data()
    z = tf.constant(z)
    with tf.GradientTape() as tape:
        tape.watch(z)
        loss = keras.losses.MeanSquaredLogarithmicError()(tf.constant(y), tf.math.softplus(z))
    assert _bits(tape.gradient(loss, z)) == MSLE_SOFTPLUS_GRAD_BITS


def test_softplus_gradient_equals_sigmoid_and_keeps_second_derivative():
    z = tf.constant(np.linspace(-30, 30, 41).astype('float64'))
    with tf.GradientTape() as outer:
        outer.watch(z)
        with tf.GradientTape() as inner:
            inner.watch(z)
            p = tf.math.softplus(z)
        g = inner.gradient(p, z)
    np.testing.assert_array_equal(g.numpy(), tf.sigmoid(z).numpy())
    s = 1 / (1 + np.exp(-z.numpy()))
    np.testing.assert_allclose(outer.gradient(g, z).numpy(), s * (1 - s), rtol=1e-12, atol=1e-300)


@pytest.mark.avx512_bits
def test_softplus_after_a_traced_dense_takes_eigens_sigmoid_in_its_gradient():
    # TF fuses MatMul + BiasAdd + Sigmoid only where the bias-added output has one consumer; the
    # gradient's Sigmoid shares it with the Softplus, so it stays Eigen's (oneDNN's logistic moved the
    # kernel's gradient by an ulp in 2 of 3 values). Goldens: TF 2.21, the same program in a tf.function.
    rng = np.random.RandomState(3)
    x, y = rng.randn(16, 3).astype('float32'), rng.rand(16, 1).astype('float32')
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1), keras.layers.Activation('softplus')])
    model.set_weights([rng.randn(3, 1).astype('float32'), np.array([0.1], 'float32')])
    loss_fn = keras.losses.MeanSquaredLogarithmicError()

    @tf.function
    def step(x, y):
        with tf.GradientTape() as tape:
            loss = loss_fn(y, model(x, training=True))
        return tape.gradient(loss, model.trainable_variables)

    kernel_grad, bias_grad = step(x, y)
    assert _bits(kernel_grad) == [1039177404, 1043847611, 3167175472]
    assert _bits(bias_grad) == [1033931444]
