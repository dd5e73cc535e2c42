"""Cells run one step at a time (a stack of cells) sum as the same cells in their own layers in a traced step on
static shapes: grappler regroups SimpleRNNCell's (x_t @ kernel + bias) + h @ recurrent_kernel there too
(layers/recurrent/regrouped_step_sum.py), on TF 2.21.

Printed by TF 2.21 (notes/progs/layers14/tr11.py):
    x = np.random.RandomState(0).randn(3, 5, 4).astype('float32'); init = GlorotUniform(1) / Orthogonal(seed=2) / RandomNormal(seed=3)
    l = keras.layers.RNN([SimpleRNNCell(3, **init), SimpleRNNCell(2, **init)], return_sequences=True)
    tf.function(lambda v: l(v))(x) -> the 30 values below; l(x) eagerly differs at the flat indices listed.
"""
import numpy as np

import framework as tf
from framework import keras

TF_TRACED = [
    '0x1.6a2b04p-1', '0x1.23677ep-2', '0x1.e6bf8ap-2', '-0x1.de2366p-2', '0x1.008a4cp-1',
    '-0x1.0986c2p-2', '0x1.905212p-1', '-0x1.220ceap-1', '0x1.047528p-1', '-0x1.77f4e0p-1',
    '-0x1.af7658p-3', '0x1.627612p-4', '0x1.5c9a24p-1', '0x1.04edc8p-2', '-0x1.404770p-2',
    '-0x1.5ab900p-3', '0x1.0f8c04p-1', '0x1.503fb8p-6', '-0x1.56d648p-2', '-0x1.2ee324p-3',
    '-0x1.914e22p-6', '0x1.0d032ep-3', '-0x1.784e0ap-1', '0x1.bfbfdap-4', '-0x1.6714d4p-1',
    '0x1.613a90p-1', '-0x1.1b8210p-2', '0x1.5f48cap-1', '-0x1.cc3ae4p-1', '0x1.52c376p-1',
]
EAGER_DIFFERS = [4, 6, 7, 8, 9, 15, 17, 18, 19, 23, 25, 26, 27, 29]
# TF 2.21 on an AVX2 AMD EPYC (oneDNN off) does not regroup a MatMul's sum: its traced stack gives its eager
# values (Eigen's product order; notes/progs/epyc3/stack.py, regroup2.py)
TF_TRACED_AVX2 = [
    '0x1.6a2b04p-1', '0x1.23677ep-2', '0x1.e6bf8ap-2', '-0x1.de2366p-2', '0x1.008a4ap-1',
    '-0x1.0986bcp-2', '0x1.905212p-1', '-0x1.220ce8p-1', '0x1.047528p-1', '-0x1.77f4dep-1',
    '-0x1.af7650p-3', '0x1.627610p-4', '0x1.5c9a24p-1', '0x1.04edc2p-2', '-0x1.404770p-2',
    '-0x1.5ab906p-3', '0x1.0f8c06p-1', '0x1.503f88p-6', '-0x1.56d652p-2', '-0x1.2ee332p-3',
    '-0x1.914e82p-6', '0x1.0d0330p-3', '-0x1.784e0ap-1', '0x1.bfbff2p-4', '-0x1.6714d4p-1',
    '0x1.613a92p-1', '-0x1.1b8210p-2', '0x1.5f48ccp-1', '-0x1.cc3ae4p-1', '0x1.52c378p-1',
]


def test_traced_stack_of_simple_rnn_cells_adds_the_bias_last(cpu_kind):
    x = np.random.RandomState(0).randn(3, 5, 4).astype('float32')
    init = dict(kernel_initializer=keras.initializers.GlorotUniform(1),
                recurrent_initializer=keras.initializers.Orthogonal(seed=2),
                bias_initializer=keras.initializers.RandomNormal(seed=3))
    layer = keras.layers.RNN([keras.layers.SimpleRNNCell(3, **init), keras.layers.SimpleRNNCell(2, **init)],
                             return_sequences=True)
    eager = layer(x).numpy().ravel()
    traced = tf.function(lambda v: layer(v))(x).numpy().ravel()
    avx2 = cpu_kind == 'avx2'
    assert [float(v).hex() for v in traced] == [float.fromhex(v).hex() for v in (TF_TRACED_AVX2 if avx2 else TF_TRACED)]
    assert np.nonzero(eager != traced)[0].tolist() == ([] if avx2 else EAGER_DIFFERS)
