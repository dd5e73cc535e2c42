"""CategoryEncoding(output_mode='count') with count_weights sums each row's weights one by one in the layer's
dtype, as TF 2.21's DenseBincount kernel does after Keras 3 casts the weights to it. tapeflow summed them in
float64 (numpy's bincount) and rounded once: float32 counts an ulp off TF's (probe
/work/notes/progs/layers25/ce.py, ce2.py). Sequential float additions: the same bits on every CPU."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _hexes(t):
    return [float(v).hex() for v in np.asarray(t).ravel()]


def _data():
    rng = np.random.RandomState(7)
    rng.randint(0, 3, [40])
    rng.uniform(0, 2, [40])
    return rng.randint(0, 4, [3, 30]), rng.uniform(0, 2, [3, 30])


# TF 2.21: the (3, 4) counts, float32 whether the weights are float32 or float64
TF_COUNTS = ['0x1.38f188p+3', '0x1.2c6514p+3', '0x1.d9e1f4p+2', '0x1.78ef7cp+2', '0x1.eb9edcp+2', '0x1.d7e44cp+2',
             '0x1.be6b4ep+2', '0x1.9c9e74p+2', '0x1.95a988p+2', '0x1.0e582ep+3', '0x1.db215p+1', '0x1.5bce74p+3']


@pytest.mark.parametrize('weights_dtype', ['float32', 'float64'])
@pytest.mark.parametrize('sparse', [False, True])
def test_counts_add_in_order_in_float32(weights_dtype, sparse):
    ids, weights = _data()
    out = keras.layers.CategoryEncoding(num_tokens=4, output_mode='count', sparse=sparse)(
        ids, count_weights=weights.astype(weights_dtype))
    if sparse:
        assert isinstance(out, tf.SparseTensor)
        out = tf.sparse.to_dense(out)
    assert out.dtype == 'float32'
    assert _hexes(out) == [float.fromhex(h).hex() for h in TF_COUNTS]


def test_three_weights_of_one_row():
    # TF 2.21: row 1's id 1 has weights 0x1.1d2bc6p-1, 0x1.5a3e16p+0, 0x1.88eb4ep-5: (a + b) + c = 0x1.f51b52p+0
    # (summed in float64 and rounded once: 0x1.f51b54p+0)
    rng = np.random.RandomState(3)
    rng.choice(['one_hot', 'multi_hot', 'count'])
    n = int(rng.randint(3, 8))
    ids = rng.randint(0, n, [3, 4])
    weights = rng.uniform(0, 2, [3, 4]).astype('float32')
    out = keras.layers.CategoryEncoding(num_tokens=n, output_mode='count')(ids, count_weights=weights)
    assert _hexes(out) == [float.fromhex(h).hex() for h in (
        '0x1.22c74cp+1', '0x1.c363a8p-1', '0x0p+0', '0x0p+0', '0x1.f51b52p+0', '0x1.2e8592p+0', '0x0p+0',
        '0x1.f2aa44p+0', '0x1.15e6fp+0')]


def test_float64_layer_sums_in_float64():
    ids, weights = _data()
    out = keras.layers.CategoryEncoding(num_tokens=4, output_mode='count', dtype='float64')(ids, count_weights=weights)
    # TF 2.21: 0x1.38f186ad9be40p+3 0x1.2c65125cc3079p+3 (float64 weights, float64 sums)
    assert out.dtype == 'float64'
    assert _hexes(out)[:2] == ['0x1.38f186ad9be40p+3', '0x1.2c65125cc3079p+3']
