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
    # TF 2.21's bits: SigmoidGrad's y * (1 - y) of its float64 Eigen sigmoid (s * (1 - s) from numpy's
    # exp differs by an ulp of the cancelled 1 - s, relatively 1e-3 at z = 20)
    np.testing.assert_array_equal(outer.gradient(g, z).numpy(), TF_SECOND_DERIVATIVE)


TF_SECOND_DERIVATIVE = [
    9.357622968838424e-14, 4.193795658376027e-13, 1.879528816532018e-12, 8.423463754326737e-12,
    3.775134543994064e-11, 1.6918979220426268e-10, 7.582560416412862e-10, 3.398267796398623e-09,
    1.5229979280808073e-08, 6.825602444557737e-08, 3.059021333494523e-07, 1.3709553273341813e-06,
    6.1441368513331755e-06, 2.7534932900298313e-05, 0.0001233793497648489, 0.0005524730727021604,
    0.0024665092913600485, 0.010866229722225236, 0.045176659730912144, 0.14914645207033284, 0.25,
    0.14914645207033286, 0.0451766597309121, 0.010866229722225243, 0.0024665092913600415, 0.0005524730727021618,
    0.00012337934976481925, 2.7534932900292275e-05, 6.144136851325744e-06, 1.3709553273461975e-06,
    3.059021333063649e-07, 6.825602439214262e-08, 1.522997926781229e-08, 3.39826776673911e-09,
    7.582560129583462e-10, 1.6918977327386645e-10, 3.775135759411388e-11, 8.423484132365033e-12,
    1.879496558384395e-12, 4.193312364007458e-13, 9.359180097589194e-14]


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
