"""A GRU of Keras's implementation 1 (asked for, or switched to by recurrent_dropout) in a traced step on static
shapes sums each gate as TF 2.21's grappler regroups it: the (batch, units) products first, the biases apart
(layers/recurrent/gru_regrouped_step.py).

Printed by TF 2.21 (notes/progs/layers14/tr6.py):
    x = np.random.RandomState(0).randn(3, 5, 4).astype('float32')
    l = keras.layers.GRU(2, return_sequences=True, kernel_initializer=GlorotUniform(1), recurrent_initializer=Orthogonal(seed=2),
                         bias_initializer=RandomNormal(seed=3), **kw)
    tf.function(lambda v: l(v))(x) for kw = {'implementation': 1} and {'recurrent_dropout': 0.3, 'reset_after': False}:
    the values below; l(x) eagerly differs from them at the flat indices listed.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

TF_IMPLEMENTATION_1 = [
    '-0x1.09ecdap-1', '-0x1.504346p-2', '-0x1.0432cap-1', '-0x1.9249fap-2', '-0x1.051c3cp-3',
    '-0x1.797dd0p-2', '-0x1.251bbep-2', '-0x1.66edecp-2', '-0x1.5d57c0p-2', '-0x1.44d760p-2',
    '-0x1.aa1b88p-4', '0x1.6e37b6p-6', '-0x1.ccbf5ap-5', '-0x1.a06a2ap-5', '-0x1.bd8e68p-2',
    '-0x1.ed4676p-4', '0x1.1891aap-2', '0x1.0b6558p-4', '-0x1.099f56p-3', '0x1.24d568p-4',
    '0x1.acb498p-1', '0x1.e1a1f8p-3', '0x1.c702f4p-1', '0x1.6ffab8p-2', '0x1.cade56p-1',
    '0x1.d10b68p-2', '0x1.bd3574p-1', '0x1.4ffdd6p-2', '0x1.e8c354p-2', '0x1.7bce0cp-2',
]
TF_RECURRENT_DROPOUT_RESET_BEFORE = [
    '-0x1.0c04bcp-1', '-0x1.504166p-2', '-0x1.0678bap-1', '-0x1.a524d0p-2', '-0x1.0136b2p-3',
    '-0x1.76bf14p-2', '-0x1.26d80cp-2', '-0x1.578564p-2', '-0x1.60287cp-2', '-0x1.2fe3f4p-2',
    '-0x1.ae2f7cp-4', '0x1.4121b6p-5', '-0x1.ce0ac8p-5', '-0x1.5472b8p-5', '-0x1.c23e38p-2',
    '-0x1.a7a7a0p-4', '0x1.1c9d28p-2', '0x1.277724p-4', '-0x1.10e664p-3', '0x1.530164p-4',
    '0x1.ae36e6p-1', '0x1.020decp-2', '0x1.c75d3cp-1', '0x1.7c4938p-2', '0x1.ca89dcp-1',
    '0x1.d60022p-2', '0x1.bd566ep-1', '0x1.703e26p-2', '0x1.e2cbc4p-2', '0x1.8e1030p-2',
]


# The Xeon's bits: on an AVX2 AMD EPYC TF 2.21 gives other last bits, and tapeflow there (its cells' products
# in TF's Eigen order since eigen_avx2_product.py) others again: epyc2's report (notes/progs/epyc2/cmpv.sh)
@pytest.mark.avx512_bits
@pytest.mark.parametrize('kwargs, expected, eager_differs', [
    ({'implementation': 1}, TF_IMPLEMENTATION_1, [4, 10, 12, 13, 21, 23, 25, 27, 28, 29]),
    ({'recurrent_dropout': 0.3, 'reset_after': False}, TF_RECURRENT_DROPOUT_RESET_BEFORE, [14, 16, 17, 18, 19, 29]),
])
def test_traced_gru_implementation_1_sums_as_grappler(kwargs, expected, eager_differs):
    x = np.random.RandomState(0).randn(3, 5, 4).astype('float32')
    layer = keras.layers.GRU(2, return_sequences=True, kernel_initializer=keras.initializers.GlorotUniform(1),
                             recurrent_initializer=keras.initializers.Orthogonal(seed=2),
                             bias_initializer=keras.initializers.RandomNormal(seed=3), **kwargs)
    eager = layer(x).numpy().ravel()
    traced = tf.function(lambda v: layer(v))(x).numpy().ravel()
    assert [float(v).hex() for v in traced] == [float.fromhex(v).hex() for v in expected]
    assert np.nonzero(eager != traced)[0].tolist() == eager_differs
