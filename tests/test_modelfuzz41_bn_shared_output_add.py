"""An Add / Average of a BatchNormalization output that another layer also reads keeps Keras's order in fit.

Grappler's AddOpsRewrite absorbs an AddV2 into the Add tree above it only where that AddV2 has one consumer.
A BatchNormalization output ``x * inv + shift`` that a Dense reads besides the Add (``h + Dense(h)``, a
residual block on a normalized tensor) stays one leaf, so TF 2.21 sums ``bn + Dense(bn)`` as written;
tapeflow regrouped it as ``shift + (Dense(bn) + x * inv)`` (normalized_sums.py), the first step's loss an
ulp off and the Dense's and beta's updates with it (notes progs/modelfuzz3 p6020, p6035, t_bn_step1.py).
Values: TensorFlow 2.21.
"""
import numpy as np
import pytest

from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')

LOSS = ['0x1.fc898e0000000p+1']
BETA = ['0x1.47ac800000000p-7', '-0x1.47ad380000000p-7', '0x1.47ac800000000p-7', '-0x1.47ad240000000p-7', '-0x1.47ad140000000p-7', '0x1.47ad3a0000000p-7']
DENSE_BIAS = ['0x1.47ac7a0000000p-7', '-0x1.47ad160000000p-7', '-0x1.47ac340000000p-7', '-0x1.47aca40000000p-7', '-0x1.47acb60000000p-7', '0x1.47acfc0000000p-7']


def _hex(values):
    return [float(v).hex() for v in np.ravel(values)]


def test_add_of_a_batch_normalization_output_a_dense_also_reads_keeps_kerass_order_in_fit():
    keras.backend.clear_session()
    keras.utils.set_random_seed(6035)
    rng = np.random.RandomState(6035)
    x = rng.normal(size=(16, 6)).astype('float32')
    y = (x.sum(1, keepdims=True) > 0).astype('float32')
    inp = keras.Input(shape=(6,))
    h = keras.layers.BatchNormalization()(keras.layers.Dense(6, use_bias=False)(inp))
    h = keras.layers.Add()([h, keras.layers.Dense(6)(h)])
    model = keras.Model(inp, keras.layers.Dense(1)(h))
    model.compile(optimizer=keras.optimizers.Adam(learning_rate=0.01), loss='mse')
    hist = model.fit(x, y, epochs=1, batch_size=16, verbose=0, shuffle=False)
    assert _hex(hist.history['loss']) == LOSS
    assert _hex(model.layers[2].beta.numpy()) == BETA
    assert _hex(model.layers[3].bias.numpy()) == DENSE_BIAS
