"""float64 variables: hyper-parameters Keras 3 casts reach them through float32, as in Keras.

Keras 3 on TensorFlow writes ``ops.cast(self.momentum, variable.dtype)`` (SGD),
``ops.cast(self.beta_1, ...)`` (the Adam family's bias corrections, Nadam, Lion),
``ops.cast(self.weight_decay, ...)`` and fills accumulators through
``initializers.Constant`` (Adagrad, Ftrl); ``tf.cast`` makes a float32 tensor of a
Python float before widening it, so a float64 run sees float32(0.7) there and
0.7 itself where Keras does Python arithmetic (``1 - self.beta_1`` in Adam).
tapeflow used the exact doubles everywhere, 1e-8 to 5e-6 away after 10 steps.

Golden values: keras 3.15 on TensorFlow 2.21 (/opt/tfref) running ``run`` below
(10 ``apply_gradients`` steps on two float64 variables), the final values
printed with repr.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

O = keras.optimizers
SHAPES = [(3, 2), (2,)]
MAKERS = {
    'SGD/base': lambda: O.SGD(0.1, momentum=0.7, nesterov=True),
    'Adam/base': lambda: O.Adam(0.05, amsgrad=True),
    'Nadam/base': lambda: O.Nadam(0.05),
    'Adamax/base': lambda: O.Adamax(0.05),
    'Adagrad/base': lambda: O.Adagrad(0.2),
    'Ftrl/base': lambda: O.Ftrl(0.1, l1_regularization_strength=0.01, beta=0.1),
    'SGD/weight_decay_clipvalue': lambda: O.SGD(0.1, momentum=0.7, nesterov=True, weight_decay=0.05, clipvalue=0.2),
}
GOLDEN = {
    'SGD/base': [-1.3015290575719747, -0.6265184476720043, 0.0034952308947013844, 0.5378019226709354, 0.9132350919143861, 1.1413489029971782, -0.9226811313282206, 1.2779682598422248],
    'Adam/base': [-1.208513810496067, -0.636192221777773, -0.1257196583942958, 0.39436456763647026, 0.7583129551050711, 1.0850557207197737, -0.9847803090019515, 1.193090689749567],
    'Nadam/base': [-1.1214001292201534, -0.6099714302902092, -0.14780192651112792, 0.3456849061700866, 0.707641227896695, 1.0467526482385314, -0.9744553999603508, 1.1577227387248925],
    'Adamax/base': [-1.1639816149463167, -0.6395140195404317, -0.1676943662767349, 0.35687031241757006, 0.7463733364218216, 1.0764495562461036, -1.0022661293207906, 1.1526026536345984],
    'Adagrad/base': [-1.2845376000862128, -0.5939970044125563, 0.03741140811983239, 0.5572716430145082, 0.8723256893475287, 1.0991466515007564, -0.8922739939676998, 1.3194122565354176],
    'Ftrl/base': [-0.5205929416343676, -0.17478390204984662, 0.09862240645381709, 0.18747778425838674, 0.344319213673768, 0.4151540922225102, -0.1419275014189765, 0.15092186657202641],
    'SGD/weight_decay_clipvalue': [-1.0794734085556628, -0.5650608455822156, -0.15821922480652612, 0.3157250753819846, 0.7020929331129673, 1.0298463548067418, -0.896659846986395, 1.0934656399717277],
}
LION_MOMENTUM = [0.009859909925440797, -0.0005462336798444083, -0.010629508008696541, -0.015713558630414494, -0.013407277097122009, -0.004795343650569543]


def gradients(k):
    out = []
    for j, shape in enumerate(SHAPES):
        n = int(np.prod(shape))
        g = (0.5 * np.cos(np.arange(n) * 0.7 + k * 0.9 + j) * (1 + 0.1 * k)).reshape(shape)
        if k in (3, 7) and j == 0:
            g.reshape(-1)[0] = 0.2 if k == 3 else 0.1
        out.append(g)
    return out


def run(optimizer):
    variables = [tf.Variable(np.linspace(-1, 1, int(np.prod(s))).reshape(s)) for s in SHAPES]
    for k in range(10):
        optimizer.apply_gradients(zip([tf.constant(g) for g in gradients(k)], variables))
    return variables


@pytest.mark.parametrize('case', sorted(MAKERS))
def test_float64_trajectory_matches_keras(case):
    got = np.concatenate([v.numpy().ravel() for v in run(MAKERS[case]())])
    np.testing.assert_allclose(got, GOLDEN[case], rtol=1e-14)


def test_lion_momentum_slot_in_float64_matches_keras():
    optimizer = O.Lion(0.02)
    run(optimizer)
    np.testing.assert_allclose(optimizer.variables[2].numpy().ravel(), LION_MOMENTUM, rtol=1e-14)


def test_float32_runs_are_unchanged_by_the_cast():
    from optim.keras_cast import keras_cast
    assert keras_cast(0.7, np.float32) == np.float32(0.7)
    assert keras_cast(0.7, np.float64) == np.float64(np.float32(0.7)) != 0.7
    assert keras_cast(np.float64(0.7), np.float64) == 0.7
    assert keras_cast(0.5, np.int32) == 0
