"""hard_silu in a traced train step matches TF 2.21's grappler-rewritten graph, forward and gradient.

Under a tape grappler keeps h = relu6(x + 3) * (1 / 6) (the gradient reads it), so the forward is x * h,
and the gradient towards relu6 is g * (x * (1 / 6)); tapeflow computed (x * (1 / 6)) * relu6(x + 3) and
(g * x) * (1 / 6): 13 of 48 outputs and 18 of 48 input gradients were an ulp off, and a
Dense(64, activation='hard_silu') regressor's fit drifted from the first step. Values: TF 2.21
(progs/histories4/d10.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')

TF_Y = [
    '-0x1.275de0p-2', '0x1.441c68p-2', '0x1.98eab6p-7', '0x1.2de4f4p-3',
    '-0x1.78e002p-2', '-0x1.4de410p-2', '0x1.1623e0p+1', '0x1.49da0ap-1',
    '0x1.847058p+1', '0x1.e0bf60p+1', '0x1.0fc342p+1', '0x1.2d3020p-1',
    '0x1.5fcf8cp-1', '-0x1.c58460p-3', '0x1.174630p+0', '-0x1.431760p-3',
    '-0x1.a7b2a6p-3', '-0x1.85b5dap-3', '-0x0.0p+0', '-0x1.9086e6p-3',
    '-0x1.438772p-2', '0x1.7697fep-1', '0x1.eb94c6p-2', '-0x1.521aeap-2',
    '0x1.797ceep+0', '0x1.e1af46p+0', '0x1.906a6cp-2', '0x1.eae2b2p-5',
    '0x1.8a8a48p-1', '0x1.2a4500p-2', '0x1.4fbe1ep-2', '-0x1.20370ap-2',
    '-0x1.7dd3fep-2', '-0x1.26e96ep-5', '-0x1.705636p-2', '-0x1.76b9e4p-2',
    '-0x1.275248p-2', '0x1.06ded8p-4', '0x1.35ff48p-2', '0x1.c7f670p-3',
    '0x1.72f046p-1', '0x1.52b69ap+1', '0x1.ffb17ep-1', '0x1.5ce2bcp-1',
    '-0x1.700c88p-2', '-0x1.74c2a2p-2', '0x1.ba80c4p+1', '-0x1.05835cp-2',
]

TF_GX = [
    '-0x1.545b68p-5', '-0x1.7a03d2p-4', '-0x1.a51b76p-4', '0x1.b32498p-7',
    '0x1.85baf0p-8', '0x1.2160c6p-4', '0x1.01a4a8p-1', '0x1.cb099ep-3',
    '0x1.c99e64p-2', '0x1.67a13ep-2', '0x1.59578ap-1', '-0x1.7dae20p-5',
    '0x1.84cc12p-3', '-0x1.4b201cp-2', '-0x1.f8f008p-1', '-0x1.11c954p-2',
    '0x1.986d7ep-7', '-0x1.507100p-7', '0x0.0p+0', '-0x1.b72a60p-10',
    '-0x1.e8cf3ap-9', '0x1.2839a8p-4', '0x1.010628p-4', '-0x1.4b883ep-7',
    '0x1.1d325cp-3', '0x1.ef20bep-4', '0x1.ad507ap-4', '-0x1.1fe212p-7',
    '0x1.c53de4p-5', '-0x1.831d2cp-3', '-0x1.8877bap-3', '0x1.93527cp-5',
    '-0x1.bbb2f0p-11', '-0x1.138424p-7', '0x1.5c6260p-9', '-0x1.dd20f0p-13',
    '-0x1.65d11cp-9', '0x1.c337b8p-6', '0x1.14a490p-5', '0x1.6de78cp-6',
    '-0x1.b97fe0p-3', '-0x1.1f925ep-2', '-0x1.20a6c2p-2', '0x1.c26cd8p-6',
    '-0x1.a877fcp-7', '0x1.8f0bf8p-5', '0x1.1fca38p-1', '0x1.c9dee4p-4',
]


def _data():
    rng = np.random.RandomState(3)
    a = rng.uniform(-2, 2, (6, 5)).astype('float32')
    k = rng.uniform(-1.5, 1.5, (5, 8)).astype('float32')
    w2 = rng.uniform(-1, 1, (8, 1)).astype('float32')
    target = rng.uniform(-1, 1, (6, 1)).astype('float32')
    return a, k, w2, target


def _hexes(t):
    return [float(v).hex() for v in np.asarray(t).ravel()]


@pytest.mark.parametrize('spelling', ['hard_silu', 'hard_swish'])
def test_taped_traced_hard_silu_matches_tf(spelling):
    a, k, w2, target = _data()
    kernel = tf.Variable(k)
    activation = keras.activations.get(spelling)

    @tf.function
    def step():
        with tf.GradientTape() as tape:
            x = tf.matmul(a, kernel) + 0.25
            y = activation(x)
            loss = tf.reduce_mean(tf.square(tf.matmul(y, w2) - target))
        return y, tape.gradient(loss, x)

    y, gx = step()
    assert _hexes(y) == [float.fromhex(v).hex() for v in TF_Y]
    assert _hexes(gx) == [float.fromhex(v).hex() for v in TF_GX]

