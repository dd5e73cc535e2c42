"""Three compiled losses add in a traced step as TF 2.21's grappler adds Keras's ``sum(loss_values)``: one AddN
whose inputs are sorted by node name, a weighted loss being its 'compile_loss/Mul_<2i+1>' product and a loss of
weight 1 or None its own op ('compile_loss/mse/div_no_nan'), layers/training/compile_loss.py's _graph_sum.
Expected totals printed by TF 2.21's evaluate for the same programs (/work/notes/progs/histories3/t2.py; d12.py
evaluates a tf.data batch, a trace on a None batch, where the order holds too and the total is the batch's own).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')

SIZES = [5, 17, 35, 41]
CASES = [
    ([2.0, 1.0, 0.5], ['0x1.0178d60000000p+2', '0x1.0457880000000p+2', '0x1.20b49c0000000p+2',
                       '0x1.20ad520000000p+2']),
    ([0.3, 1.0, 1.0], ['0x1.ef0f000000000p+0', '0x1.f963ae0000000p+0', '0x1.4528d00000000p+1',
                       '0x1.4560e40000000p+1']),
    (None, ['0x1.7b78b40000000p+1', '0x1.7f65b80000000p+1', '0x1.c2f9280000000p+1', '0x1.c3ec040000000p+1']),
]


DATASET_SIZES = [9, 13, 17]
DATASET_CASES = [
    ([2.0, 1.0, 0.5], ['0x1.ff8dca0000000p+1', '0x1.d5a6a00000000p+1', '0x1.0457880000000p+2']),
    ([0.3, 1.0, 1.0], ['0x1.a815280000000p+0', '0x1.9a00e40000000p+0', '0x1.f963ae0000000p+0']),
    (None, ['0x1.61d5440000000p+1', '0x1.4c0f2c0000000p+1', '0x1.7f65b80000000p+1']),
]


def _data():
    rs = np.random.RandomState(8)
    x = rs.normal(size=(64, 13)).astype('float32')
    ys = [rs.randint(0, 3, size=64), (x[:, :1] * 0.5).astype('float32'), (x[:, 2:3] > 0).astype('float32')]
    return x, ys


def _model(loss_weights):
    keras.utils.set_random_seed(17)
    i = keras.Input((13,))
    h = keras.layers.Dense(8, activation='relu')(i)
    outs = [keras.layers.Dense(3, activation='softmax', name='cls')(h), keras.layers.Dense(1, name='reg')(h),
            keras.layers.Dense(1, activation='sigmoid', name='bin')(h)]
    model = keras.Model(i, outs)
    model.compile(loss=['sparse_categorical_crossentropy', 'mse', 'binary_crossentropy'], loss_weights=loss_weights)
    return model


# TF 2.21's bits on the AVX-512 Xeon, which numpy's and OpenBLAS's rounding there decides too
@pytest.mark.avx512_bits
@pytest.mark.parametrize('loss_weights, expected', CASES)
def test_evaluate_total_adds_the_losses_in_node_name_order(loss_weights, expected):
    x, ys = _data()
    model = _model(loss_weights)
    totals = []
    for n in SIZES:
        logs = model.evaluate(x[:n], [y[:n] for y in ys], batch_size=n, verbose=0, return_dict=True)
        totals.append(float(np.float32(logs['loss'])).hex())
    assert totals == expected


# TF 2.21's bits on the AVX-512 Xeon, which numpy's and OpenBLAS's rounding there decides too
@pytest.mark.avx512_bits
@pytest.mark.parametrize('loss_weights, expected', DATASET_CASES)
def test_none_batch_trace_adds_the_losses_in_node_name_order(loss_weights, expected):
    x, ys = _data()
    model = _model(loss_weights)
    totals = []
    for n in DATASET_SIZES:
        ds = tf.data.Dataset.from_tensor_slices((x[:n], tuple(y[:n].astype('int64') if y.dtype.kind == 'i' else y[:n]
                                                              for y in ys))).batch(n)
        logs = model.evaluate(ds, verbose=0, return_dict=True)
        totals.append(float(np.float32(logs['loss'])).hex())
    assert totals == expected
