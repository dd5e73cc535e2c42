"""An LSTM with recurrent_dropout (Keras's implementation 1) in a traced step on static shapes adds each gate's
bias last: grappler's AddOpsRewrite regroups Keras 3's ``(x_t @ k_g + b_g) + h @ r_g`` to
``(x_t @ k_g + h @ r_g) + b_g`` on TF 2.21, as SimpleRNN's sum (layers/recurrent/regrouped_step_sum.py).

Printed by TF 2.21 (notes/progs/layers14/tr3.py):
    x = np.random.RandomState(0).randn(3, 5, 4).astype('float32')
    l = keras.layers.LSTM(3, recurrent_dropout=0.3, return_sequences=True, kernel_initializer=GlorotUniform(1),
                          recurrent_initializer=Orthogonal(seed=2), bias_initializer=RandomNormal(seed=3))
    tf.function(lambda v: l(v))(x) -> the 45 values below; l(x) eagerly differs at flat indices 5, 6, 9, 20, 26, 33,
    36, 39-44. (A predict on Input((5, 4)) with 3 samples is traced on a static batch too.)
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

TF_TRACED = [
    '0x1.9e0be6p-5', '0x1.356374p-4', '-0x1.b86ed8p-2', '-0x1.4997c8p-12', '0x1.c8b480p-4',
    '-0x1.8c159ap-2', '0x1.b86576p-6', '0x1.2acc64p-2', '-0x1.d5d468p-2', '-0x1.21fa66p-4',
    '0x1.5c2e70p-3', '-0x1.c169fap-2', '-0x1.ad0c62p-3', '0x1.a6a3d4p-4', '-0x1.73ccb6p-2',
    '-0x1.86b94ap-8', '-0x1.116bf4p-2', '0x1.befd12p-3', '0x1.5aac78p-3', '0x1.bbf7c6p-5',
    '0x1.74a7a2p-7', '-0x1.ad2f3cp-3', '0x1.c0ac06p-4', '-0x1.05c836p-2', '0x1.65a52ap-5',
    '0x1.70e164p-4', '-0x1.9a4868p-3', '-0x1.024c26p-2', '0x1.89daecp-5', '-0x1.0d0c86p-2',
    '0x1.58ed56p-3', '-0x1.0fe89ep-3', '-0x1.79ed94p-4', '0x1.be3aeep-3', '-0x1.55309ep-3',
    '-0x1.caf582p-4', '0x1.68dcb2p-3', '-0x1.5652acp-2', '0x1.279bd2p-6', '0x1.244496p-2',
    '-0x1.64d67ep-3', '0x1.afea1ep-4', '0x1.7557b4p-4', '-0x1.04772ep-4', '0x1.615678p-5',
]


# The Xeon's bits: on an AVX2 AMD EPYC TF 2.21 gives other last bits, and tapeflow there (its cells' products
# in TF's Eigen order since eigen_avx2_product.py) others again: epyc2's report (notes/progs/epyc2/cmpv.sh)
@pytest.mark.avx512_bits
def test_traced_lstm_with_recurrent_dropout_adds_the_bias_last():
    x = np.random.RandomState(0).randn(3, 5, 4).astype('float32')
    layer = keras.layers.LSTM(3, recurrent_dropout=0.3, return_sequences=True,
                              kernel_initializer=keras.initializers.GlorotUniform(1),
                              recurrent_initializer=keras.initializers.Orthogonal(seed=2),
                              bias_initializer=keras.initializers.RandomNormal(seed=3))
    eager = layer(x).numpy().ravel()
    traced = tf.function(lambda v: layer(v))(x).numpy().ravel()
    assert [float(v).hex() for v in traced] == [float.fromhex(v).hex() for v in TF_TRACED]
    assert np.nonzero(eager != traced)[0].tolist() == [5, 6, 9, 20, 26, 33, 36, 39, 40, 41, 42, 43, 44]
