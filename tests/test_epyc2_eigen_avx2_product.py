"""float32 tf.matmul / Dense products on an AVX2 CPU without oneDNN (an AMD EPYC), as TF 2.21 sums them there:
Eigen's contraction on oneDNN's AVX2 kernel (framework/ops/eigen_avx2_product.py).

Goldens: TF 2.21 (tensorflow-cpu, oneDNN off by its default rule) on an AMD EPYC 7002 without AVX-512; the
digests are sha1(output bytes)[:12]. Bit for bit on such a CPU (CPU_KIND 'avx2'), within float32 rounding on
others, whose TF kernels sum otherwise. Probes: notes/progs/epyc2/goldens.py, goldens2.py (sweeps: gen.py,
gen2.py, modcheck.py, tfl_check.py).
"""
import hashlib

import numpy as np
import pytest

import framework as tf
from framework import config, keras, onednn_policy
from framework.ops import eigen_avx2_product
from framework.ops.sixteen_column_product import rows_matmul


def _digest(y):
    return hashlib.sha1(np.ascontiguousarray(np.asarray(y, np.float32)).tobytes()).hexdigest()[:12]


def _operands(seed, *shapes):
    rng = np.random.RandomState(seed)
    return [rng.randn(*shape).astype(np.float32) for shape in shapes]


def _three_forms(a, b):
    """tf.matmul's forward, transpose_a and transpose_b forms of the same product."""
    return (tf.matmul(a, b).numpy(), tf.matmul(np.ascontiguousarray(a.T), b, transpose_a=True).numpy(),
            tf.matmul(a, np.ascontiguousarray(b.T), transpose_b=True).numpy())


# (M, K, N): TF 2.21's digest (the same for the three forms) and the last row's last three outputs.
# Each was another digest in tapeflow before (numpy's OpenBLAS order here), e.g. (8, 5, 30) d1dc1978ad21.
SMALL = [
    # a last block of 2 rows (8 = 6 + 2): those rows unfused, even and odd k apart
    ((8, 5, 30), '073f91f8fb6d', ['0x1.1f2b0cp+0', '-0x1.eb8fb6p-1', '0x1.56ec52p-6']),
    # 4 columns: the narrow panel's two fused chains (even k, odd k)
    ((8, 6, 4), 'ef85b6600e54', ['0x1.9d317ap+2', '0x1.4c0114p+2', '0x1.d90d28p+1']),
    # a last block of 3 rows (9 = 6 + 3), 16 + 4 columns, odd K
    ((9, 7, 20), 'e099ed0b2b01', ['-0x1.4c14b2p+1', '-0x1.d5e530p+2', '0x1.bb4a3ap-1']),
    # a last block of 1 row, 16 + 1 columns
    ((13, 9, 17), 'e8ab7525adb9', ['-0x1.5e71dep+0', '-0x1.aa82e0p-2', '0x1.199a4ep+0']),
    # a batch of 32 rows (the last two unfused), 16 + 14 columns (whole-panel chains), odd K
    ((32, 3, 30), 'aed92e3c687f', ['-0x1.558124p-3', '-0x1.051beap+0', '0x1.855508p-3']),
    ((14, 16, 12), 'afe1661452a4', ['-0x1.394758p+1', '-0x1.bbd0b2p+1', '-0x1.dbfcb0p+1']),
    ((4, 33, 2), 'fbbf54bddb65', ['0x1.b6ac86p-1', '-0x1.05370ap+2']),
    # three rows: all in the two-chain order
    ((3, 10, 24), 'cfee4b9bef58', ['0x1.dca6bep-3', '-0x1.24507ep+2', '-0x1.32a5eap+1']),
    ((2, 31, 18), '2a3ae5f9eb80', ['0x1.a3b3dep+0', '-0x1.fff60cp+1', '0x1.0424eep-2']),
    ((20, 8, 24), '243d79597ccf', ['0x1.f699a0p+1', '0x1.67675cp+1', '0x1.0700a8p+2']),
]


@pytest.mark.parametrize('shape, digest, last', SMALL)
def test_small_products_sum_as_tf_on_this_cpu(shape, digest, last, cpu_kind):
    M, K, N = shape
    a, b = _operands(M * 1000 + K * 10 + N, (M, K), (K, N))
    outputs = _three_forms(a, b)
    for y in outputs:
        if cpu_kind == 'avx2':
            assert _digest(y) == digest
            assert [float.hex(float(v)) for v in y[-1, -len(last):]] == \
                [float.hex(float.fromhex(h)) for h in last]
        else:
            assert y[-1, -len(last):] == pytest.approx([float.fromhex(h) for h in last], rel=1e-5)


def test_dense_forward_and_gradients(cpu_kind):
    # batch 8 (a last block of 2 rows), 5 features, 4 units: TF 2.21 here gives these outputs and kernel gradient
    x, = _operands(7, (8, 5))
    layer = keras.layers.Dense(4, kernel_initializer=keras.initializers.GlorotUniform(seed=1),
                               bias_initializer='zeros')
    with tf.GradientTape() as tape:
        y = layer(x)
        loss = tf.reduce_sum(y * y)
    kernel_grad, _ = tape.gradient(loss, layer.trainable_variables)
    y_last = ['-0x1.9ee35ap-1', '0x1.b323b0p-3', '0x1.e04a84p-2', '-0x1.755d46p-1']
    grad_last = ['-0x1.fc1986p+2', '0x1.0d0240p-3', '-0x1.105cfcp+4', '-0x1.790fdcp+2']
    if cpu_kind == 'avx2':
        # (tapeflow before: '80232d7944cc' / '6b7be08910b7')
        assert (_digest(y), _digest(kernel_grad)) == ('97fbbb7673e9', 'd4d705ab4e78')
        assert [float(v).hex() for v in y.numpy()[-1]] == [float.fromhex(h).hex() for h in y_last]
        assert [float(v).hex() for v in kernel_grad.numpy()[-1]] == [float.fromhex(h).hex() for h in grad_last]
    else:
        assert y.numpy()[-1] == pytest.approx([float.fromhex(h) for h in y_last], rel=1e-5)
        assert kernel_grad.numpy()[-1] == pytest.approx([float.fromhex(h) for h in grad_last], rel=1e-5)


# Larger products (the seed loop's Dense(30) on 32 rows: 7680 multiply-adds) under set_tf_exact_math(True)
LARGE = [((32, 8, 30), 'df3b609141d2'), ((64, 30, 64), '89efe257abc1'), ((100, 20, 10), '9b12bc18a63a'),
         ((127, 256, 3), '4dccaccec975')]


@pytest.mark.parametrize('shape, digest', LARGE)
def test_exact_math_sums_larger_products_as_tf(shape, digest, cpu_kind):
    if cpu_kind != 'avx2':
        pytest.skip("TF 2.21's bits measured on an AVX2 CPU without oneDNN")
    M, K, N = shape
    rng = np.random.RandomState(M + K + N)
    a = rng.randn(M, K).astype(np.float32)
    b = rng.randn(K, N).astype(np.float32)
    config.set_tf_exact_math(True)
    try:
        assert [_digest(y) for y in _three_forms(a, b)] == [digest] * 3
    finally:
        config.set_tf_exact_math('small')


def test_default_mode_leaves_training_sized_products_to_blas():
    # a training step's products are past SMALL_PRODUCT: one BLAS product each, as before (speed)
    a, b = _operands(3, (32, 8), (8, 30))
    assert 32 * 8 * 30 > eigen_avx2_product.SMALL_PRODUCT
    assert np.array_equal(rows_matmul(a, b), a @ b)


def test_the_kernel_is_this_cpus_only(monkeypatch):
    a, b = _operands(4, (8, 5), (5, 30))
    monkeypatch.setattr(onednn_policy, '_ANSWERS', {})
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '1')        # TF's oneDNN kernels: another order
    assert not onednn_policy.eigen_avx2() and not eigen_avx2_product.wanted(a, b)
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '0')
    flags = onednn_policy._cpu_flags() | {'avx512f', 'avx512bw'}
    monkeypatch.setattr(onednn_policy, '_cpu_flags', lambda: flags)     # 16-lane kernels: not measured
    monkeypatch.setattr(onednn_policy, '_ANSWERS', {})
    assert not onednn_policy.eigen_avx2() and not eigen_avx2_product.wanted(a, b)
    eight_lanes = flags - {'avx512f', 'avx512bw', 'avx512_vnni', 'avx512_bf16', 'avx_vnni', 'amx_tile'}
    monkeypatch.setattr(onednn_policy, '_cpu_flags', lambda: eight_lanes)
    monkeypatch.setattr(onednn_policy, '_ANSWERS', {})
    assert onednn_policy.eigen_avx2() and eigen_avx2_product.wanted(a, b)


def test_shapes_outside_the_measured_ones_are_not_taken(monkeypatch):
    monkeypatch.setattr(onednn_policy, 'eigen_avx2', lambda: True)
    wanted = eigen_avx2_product.wanted
    assert wanted(*_operands(0, (8, 5), (5, 3)))
    assert not wanted(*_operands(0, (8, 5), (5, 1)))        # one column: Eigen's matrix-vector kernel
    assert not wanted(*_operands(0, (1, 5), (5, 3)))        # one row: the same
    assert not wanted(*_operands(0, (8, 1), (1, 3)))        # a depth of 1: one rounded product
    assert not wanted(*_operands(0, (2, 257), (257, 2)))    # deeper than 256: depth slices (not modelled)
    a, b = _operands(0, (8, 5), (5, 3))
    assert not wanted(a.astype(np.float64), b.astype(np.float64))     # doubles: eigen_double_product.py
