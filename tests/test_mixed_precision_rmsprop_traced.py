"""RMSprop (and Adagrad, Adadelta) in a traced step (Keras's fit, a tf.function) as TensorFlow runs it: grappler rewrites the
update's Div(x, Sqrt(y)) into x * Rsqrt(y) (Eigen's rsqrt), which rounds differently from the eager
division: here one of ten values (from the TF mixed precision guide's first step, unscaled by 2**15;
TensorFlow 2.21 printed both results, /work/notes/progs/mixedprec/opt2_tf.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

WEIGHTS = [-0.05283606797456741, -0.04158530756831169, -0.020514031872153282, 0.06634845584630966,
           -0.021967684850096703, 0.0034926661755889654, -0.034465987235307693, 0.10542447865009308,
           0.011343350633978844, 0.04255807772278786]
GRADIENT = [-0.034271240234375, 0.062744140625, 0.07794189453125, -0.037109375, -0.051513671875,
            -0.06072998046875, 0.034423828125, 0.058349609375, -0.047821044921875, -0.0020313262939453125]
EAGER = [-0.04967513680458069, -0.044747184962034225, -0.02367604896426201, 0.0695095881819725,
         -0.018806003034114838, 0.006654515862464905, -0.037626929581165314, 0.10226266831159592,
         0.014504937455058098, 0.045395202934741974]
TRACED = EAGER[:5] + [0.0066545153968036175] + EAGER[6:]


def _step(traced):
    variable = tf.Variable(np.array(WEIGHTS, np.float32))
    optimizer = keras.optimizers.RMSprop()
    apply = lambda: optimizer.apply_gradients([(tf.constant(np.array(GRADIENT, np.float32)), variable)])  # noqa: E731
    tf.function(apply)() if traced else apply()
    return variable.numpy().tolist()


def test_eager_rmsprop_divides():
    assert _step(traced=False) == EAGER


def test_traced_rmsprop_multiplies_by_tensorflows_rsqrt():
    assert _step(traced=True) == TRACED


# Adagrad and Adadelta divide by a root too: TF 2.21 on RandomState(seed) draws (opt4_tf.py): the
# traced step's value differs from the eager one at these indices.
@pytest.mark.parametrize('name, seed, changed', [
    ('Adagrad', 4, {4: (-0.40276655554771423, -0.4027665853500366)}),
    ('Adadelta', 7, {5: (0.0015442372532561421, 0.001544237369671464),
                     6: (-0.00022620672825723886, -0.00022620667004957795)}),
])
def test_traced_adagrad_and_adadelta_multiply_by_tensorflows_rsqrt(name, seed, changed):
    rng = np.random.RandomState(seed)
    w = rng.randn(16).astype(np.float32)
    g = (rng.randn(16) * 0.01).astype(np.float32)
    results = {}
    for traced in (False, True):
        variable = tf.Variable(w)
        optimizer = getattr(keras.optimizers, name)(learning_rate=0.5)
        apply = lambda: optimizer.apply_gradients([(tf.constant(g), variable)])  # noqa: E731
        tf.function(apply)() if traced else apply()
        results[traced] = variable.numpy().tolist()
    assert {i: (results[False][i], results[True][i]) for i in range(16) if results[False][i] != results[True][i]} \
        == changed
