"""keras.ops.moments(synchronized=True) and BatchNormalization(synchronized=True) as on Keras 3.15 / TF 2.21.

TF has a replica context outside any strategy too, so Keras takes its synchronized path: the sums of x and
x**2 all-reduced over the one replica and var = max(E(x**2) - E(x)**2, 0), which cancels where x is nearly
constant: moments(1000 + [0, 1e-4, 2e-4], synchronized=True) has variance 0.0625 in TF (tapeflow, which
ignored the flag: 2 ** -27). BatchNormalization(synchronized=True) normalizes with those statistics.

Goldens: /work/notes/progs/kerasops/g_mom.py and g_bn.py run with TF 2.21.
"""
import numpy as np
import pytest

import framework as tf

pytestmark = pytest.mark.usefixtures('xeon_cpu')     # TF 2.21's values on the AVX-512 Xeon

keras = tf.keras
ops = keras.ops


def _hex(t):
    return [float(v).hex() for v in np.asarray(t).ravel()]


def test_synchronized_moments_cancel_as_tf():
    x = np.full((3,), 1e3, 'float32') + np.array([0., 1e-4, 2e-4], 'float32')
    mean, variance = ops.moments(x, axes=[0], synchronized=True)
    assert _hex(mean) == ['0x1.f400020000000p+9'] and _hex(variance) == ['0x1.0000000000000p-4']


def test_synchronized_moments_values():
    x = np.array([[1., 2, 4], [0.5, -3, 7]], 'float32')
    mean, variance = ops.moments(x, axes=[1], synchronized=True)
    assert _hex(mean) == ['0x1.2aaaaa0000000p+1', '0x1.8000000000000p+0']
    assert _hex(variance) == ['0x1.8e38e80000000p+0', '0x1.12aaaa0000000p+4']
    mean, variance = ops.moments(x, axes=[0, 1], keepdims=True, synchronized=True)
    assert mean.shape == (1, 1) and _hex(mean) == ['0x1.eaaaaa0000000p+0'] and _hex(variance) == ['0x1.311c720000000p+3']
    mean, variance = ops.moments(x.astype('float16'), axes=[1], synchronized=True)
    assert mean.dtype == tf.float16
    assert _hex(variance) == ['0x1.8e40000000000p+0', '0x1.12c0000000000p+4']


def _batch():
    return (np.arange(24, dtype='float32').reshape(6, 4) % 5) * 0.3 + 1000.


def test_synchronized_batch_normalization_statistics():
    bn = keras.layers.BatchNormalization(synchronized=True)
    y = bn(_batch(), training=True)
    assert _hex(y)[:8] == ['-0x1.ff00000000000p-1', '-0x1.ff00000000000p-2', '-0x1.0000000000000p-12',
                           '0x1.2700000000000p-1', '0x1.65b0000000000p+0', '-0x1.1908000000000p+0',
                           '-0x1.b0e0000000000p-1', '-0x1.d700000000000p-4']
    assert _hex(bn.moving_variance) == ['0x1.fc28f60000000p-1', '0x1.fc28f60000000p-1', '0x1.fb85200000000p-1',
                                        '0x1.fbd70a0000000p-1']


# TF 2.21's bits on the AVX-512 Xeon, which numpy's and OpenBLAS's rounding there decides too
@pytest.mark.avx512_bits
def test_synchronized_batch_normalization_gradient_and_fit():
    v = tf.Variable(_batch())
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(keras.layers.BatchNormalization(synchronized=True)(v, training=True) ** 3)
    assert _hex(tape.gradient(loss, v))[:4] == ['0x1.30d0000000000p+1', '-0x1.e918000000000p+0',
                                                '-0x1.41f8f80000000p+3', '-0x1.58b0000000000p+1']
    model = keras.Sequential([keras.Input((4,)), keras.layers.BatchNormalization(synchronized=True),
                              keras.layers.Dense(1, kernel_initializer='ones')])
    model.compile('sgd', 'mse')
    history = model.fit(_batch(), np.ones((6, 1), 'float32'), epochs=2, verbose=0, batch_size=3, shuffle=False)
    assert history.history['loss'] == [162.64442443847656, 709.2254028320312]


def test_integer_moments_stay_integers():
    # Keras 3.15 hands integer tensors to tf.nn.moments: TF's integer Mean (truncating), in their dtype
    mean, variance = ops.moments(np.array([1, 2, 4], 'int32'), axes=[0])
    assert mean.dtype == tf.int32 and int(mean) == 2 and int(variance) == 1
    mean, variance = ops.moments(np.array([[1, 2], [4, 8]], 'int64'), axes=[0, 1], keepdims=True)
    assert mean.dtype == tf.int64 and mean.shape == (1, 1)
    assert mean.numpy().tolist() == [[3]] and variance.numpy().tolist() == [[7]]
    mean, variance = ops.moments(np.array([[-1, -2], [-4, 7]], 'int32'), axes=[0])
    assert mean.numpy().tolist() == [-2, 2] and variance.numpy().tolist() == [2, 20]
