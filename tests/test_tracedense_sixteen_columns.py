"""A Dense layer's product of several rows and columns sums as TF's oneDNN sgemm (sixteen_column_product.py).

Goldens: TF 2.21 + Keras 3.15 on the project's AVX-512 Xeon (oneDNN on), a Dense(N) layer given
the kernel and bias below by set_weights; model.predict, the eager call and a tf.function calling
the layer all returned these bytes (probe: /work/notes/progs/tracedense/golden_tf.py). numpy's
``x @ w + b`` equals them on 25%, 11%, 89% and 36% of the elements.
"""
import numpy as np
import pytest

import framework as tf
from framework import config, keras, onednn_policy
from framework.blas_threads import product
from framework.ops.sixteen_column_product import rows_matmul
from helpers_fma_chain import fma_chain

onednn = pytest.mark.skipif(not onednn_policy.enabled(), reason='TensorFlow would not run oneDNN on this CPU')

GOLDEN = {
    (4, 40, 2, 0): '83949bbf001ad7bf4c1027c020fc82bf6ea0e73f78c47d3dd26c6bc045fdb4be',
    (3, 64, 3, 1): 'ed3b18bfa02b6640fc178fc0fcb329c0b1719c3f9ff239c0957a883e1b17fbbfb0b1ae3e',
    (2, 50, 18, 2): '5d583d40fac45540df2d1040c4067f3f4a27c0bf297b67bfd27bf63f772d4c3fa9b31ac04b4ac1c0fa15e13f24b295be'
                    'c8d9544067ec05c0ffd26b403a44d23e4a53313fb55b523f48dead3f071dbf3f535d4ec06a400d40dc7c4dc0d9af4040'
                    'd1461fc0696f84bf419443bf6c64a23f79a300bf18a1713f1e21f1bf64af4e40c9b45ec0eaca36c0b95795be0ca40e40',
    (5, 33, 5, 3): '983ffbbd3a30f7bf22384ebf85dd2940d6826c3f6aecd7be8daf8dc0b8e10f3fe0fbef3d55fb18c0da1d8bbe0ef7c83f'
                   'b4ab873f0aae4b4014cabb3ec28e99be7c808ec0bab0d03f265c903f13a019c0b8cb2fc0576107c00355413fe2f30b40'
                   '8f75943f',
}


def _case(rows, depth, units, seed):
    rng = np.random.RandomState(seed)
    x = rng.randn(rows, depth).astype(np.float32)
    w = (rng.randn(depth, units) * 0.3).astype(np.float32)
    b = rng.randn(units).astype(np.float32)
    layer = keras.layers.Dense(units)
    inputs = keras.Input((depth,))
    model = keras.Model(inputs, layer(inputs))
    layer.set_weights([w, b])
    return x, layer, model


@onednn
@pytest.mark.parametrize('shape', sorted(GOLDEN))
def test_predict_eager_and_function_give_tf_bytes(shape):
    x, layer, model = _case(*shape)
    predicted = model.predict(x, batch_size=shape[0], verbose=0)
    assert predicted.tobytes().hex() == GOLDEN[shape]
    assert layer(x).numpy().tobytes().hex() == GOLDEN[shape]
    assert tf.function(lambda t: layer(t))(x).numpy().tobytes().hex() == GOLDEN[shape]


@onednn
def test_three_dimensional_inputs_take_the_same_sums():
    x, layer, _ = _case(4, 40, 2, 0)
    stacked = np.stack([x, x[::-1]])
    out = layer(stacked).numpy()
    assert out[0].tobytes().hex() == GOLDEN[(4, 40, 2, 0)]
    assert np.array_equal(out[1], out[0][::-1])


@onednn
@pytest.mark.parametrize('rows,depth,width', [(2, 64, 2), (7, 100, 17), (33, 384, 24), (5, 3, 40), (9, 17, 8)])
def test_rows_matmul_is_anfma_chain(rows, depth, width):
    rng = np.random.RandomState(rows + depth + width)
    a = rng.randn(rows, depth).astype(np.float32)
    b = rng.randn(depth, width).astype(np.float32)
    assert np.array_equal(rows_matmul(a, b), fma_chain(a, b))


def test_other_products_are_numpy_s():
    rng = np.random.RandomState(0)
    # deeper than 500 with 101+ rows and a kernel of 1024 columns: oneDNN's copy-based sgemm (not decoded)
    a = rng.randn(101, 501).astype(np.float32)
    b = rng.randn(501, 1024).astype(np.float32)
    assert np.array_equal(rows_matmul(a, b), product(a, b))     # (tapeflow's one-thread BLAS call)
    a, b = a[:6, :500], b[:500, :3]
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    assert np.array_equal(rows_matmul(a64, b64), a64 @ b64)


@onednn
def test_exact_math_off_leaves_numpy_s_product():
    rng = np.random.RandomState(0)
    a = rng.randn(4, 64).astype(np.float32)
    b = rng.randn(64, 2).astype(np.float32)
    assert not np.array_equal(rows_matmul(a, b), a @ b)     # numpy differs here: the test can fail
    config.set_tf_exact_math(False)
    try:
        assert np.array_equal(rows_matmul(a, b), a @ b)
    finally:
        config.set_tf_exact_math('small')


def test_without_onednn_the_product_is_blas(monkeypatch):
    # (on a CPU with AVX-512: on an 8-lane AVX2 CPU TF's product without oneDNN is Eigen's contraction in its
    # own order, eigen_avx2_product.py, pinned in tests/test_epyc2_eigen_avx2_product.py)
    from framework import onednn_policy
    flags = onednn_policy._cpu_flags() | {'avx512f', 'avx512bw'}
    monkeypatch.setattr(onednn_policy, '_cpu_flags', lambda: flags)
    monkeypatch.setattr(onednn_policy, '_ANSWERS', {})
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '0')
    rng = np.random.RandomState(0)
    a = rng.randn(4, 64).astype(np.float32)
    b = rng.randn(64, 2).astype(np.float32)
    assert np.array_equal(rows_matmul(a, b), a @ b)


def test_gradients_keep_their_rule():
    x, layer, _ = _case(4, 40, 2, 0)
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(layer(x))
    dk, db = tape.gradient(loss, layer.trainable_variables)
    assert np.allclose(dk.numpy(), np.tile(x.sum(0)[:, None], (1, 2)), rtol=1e-5)
    assert np.array_equal(db.numpy(), np.full(2, 4, np.float32))
