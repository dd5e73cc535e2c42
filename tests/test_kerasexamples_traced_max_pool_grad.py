"""A traced step's max-pool gradient, where windows overlap, adds in the order of TF's oneDNN kernel
(_MklMaxPoolGrad), which differs from eager TF's (framework/ops/onednn_max_pool_grad.py).

keras.io's knowledge-distillation teacher (MaxPooling2D(2, strides=1, padding="same")) and its image
classifier from scratch (MaxPooling2D(3, strides=2, padding="same")) pool with overlapping windows: their
fit steps took the eager order, so trained weights drifted from TF 2.21's in the last bits.

Goldens: TensorFlow 2.21 (oneDNN on, AVX-512, 2 intra-op threads); x and the output gradient from
np.random.default_rng(5) in that order (notes progs/kerasexamples/goldens_maxpool.py and
goldens_maxpool_fit.py). Each case's traced and eager gradients differ in TF.
"""
import hashlib

import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.keras import layers

pytestmark = pytest.mark.usefixtures('xeon_cpu')

# (x shape, pool, strides, padding): (traced sha256 prefix, eager sha256 prefix)
GRADIENTS = {
    ((2, 5, 9, 3), (2, 2), (1, 1), 'SAME'): ('d3c8a30428eed0f1', '8bec5d316b4c9bf4'),
    # 20 and 33 channels: oneDNN takes 2 channel blocks at once, so blocks of 3 output columns
    ((2, 6, 19, 20), (3, 3), (1, 2), 'VALID'): ('3592596fd966e196', '781c55f3f5db260a'),
    ((3, 6, 35, 33), (3, 2), (2, 1), 'VALID'): ('62c86119ce713609', 'c1a709146ade808c'),
    ((4, 14, 28, 8), (3, 3), (2, 2), 'SAME'): ('2c75510b23893dfb', '6fc0b62bc985bf7d'),
    ((1, 8, 30, 1), (2, 3), (1, 1), 'SAME'): ('458e96a2f3dab6d2', '3f9ef3c8ab8067d7'),
}


@pytest.fixture
def two_threads():
    before = tf.config.threading.get_intra_op_parallelism_threads()
    tf.config.threading.set_intra_op_parallelism_threads(2)
    yield
    tf.config.threading.set_intra_op_parallelism_threads(before)


def _pool_gradient(shape, pool, strides, padding, traced):
    rng = np.random.default_rng(5)
    x = tf.constant(rng.standard_normal(shape).astype(np.float32))
    gy = tf.constant(rng.standard_normal(tf.nn.max_pool2d(x, pool, strides, padding).shape).astype(np.float32))

    def grad(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            loss = tf.reduce_sum(tf.nn.max_pool2d(x, pool, strides, padding) * gy)
        return tape.gradient(loss, x)
    return np.asarray((tf.function(grad) if traced else grad)(x))


def _digest(a):
    return hashlib.sha256(a.tobytes()).hexdigest()[:16]


@pytest.mark.usefixtures('two_threads')
@pytest.mark.parametrize('case', list(GRADIENTS))
def test_traced_gradient_takes_onednn_order(case):
    assert _digest(_pool_gradient(*case, traced=True)) == GRADIENTS[case][0]


@pytest.mark.parametrize('case', list(GRADIENTS))
def test_eager_gradient_keeps_eigen_order(case):
    assert _digest(_pool_gradient(*case, traced=False)) == GRADIENTS[case][1]


def _hex(a):
    return [hex(v) for v in np.asarray(a, np.float32).ravel()[:4].view(np.uint32)]


# The Xeon's bits: on an AVX2 AMD EPYC TF 2.21 gives bias steps ['0xb84481ef', '0x3a957785', '0x3b59094a',
# '0xbb97dd99'], tapeflow ['0xb844833c', '0x3a957785', '0x3b590940', '0xbb97dd9b'] (epyc1's report, progs/epyc1/pool.py)
@pytest.mark.avx512_bits
@pytest.mark.usefixtures('two_threads', 'exact_math')
def test_fit_step_through_overlapping_pool():
    keras.utils.set_random_seed(1)
    rng = np.random.default_rng(5)
    x = rng.standard_normal((16, 8, 8, 1)).astype(np.float32)
    y = rng.integers(0, 3, 16)
    model = keras.Sequential([keras.Input((8, 8, 1)), layers.Conv2D(4, 3, padding='same'), layers.LeakyReLU(0.2),
                              layers.MaxPooling2D(2, strides=1, padding='same'), layers.Flatten(), layers.Dense(3)])
    model.compile(keras.optimizers.SGD(0.1), keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    kernel, bias = (np.asarray(w).copy() for w in model.weights[:2])
    model.fit(x, y, batch_size=16, epochs=1, verbose=0, shuffle=False)
    assert _hex(np.asarray(model.weights[0]) - kernel) == ['0x3b1ea440', '0xbc2b3ac0', '0xbc5cbb40', '0xbbd86900']
    assert _hex(np.asarray(model.weights[1]) - bias) == ['0xb8448300', '0x3a957783', '0x3b59094f', '0xbb97dd9d']
    # eager, the same step's bias gradient keeps TF's eager order
    with tf.GradientTape() as tape:
        loss = model.compute_loss(x=x, y=y, y_pred=model(x))
    assert _hex(tape.gradient(loss, model.weights[1])) == ['0xbb2ab6ad', '0xbc92dedb', '0x3bfc3e1b', '0x3d53b8a4']
