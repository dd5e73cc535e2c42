"""float32 depthwise convolutions where TF 2.21 runs its own DepthwiseConv2dNative kernel (oneDNN off: its default on
CPUs without AVX-512 VNNI / AMX, such as an AMD EPYC): each output channel summed over the kernel's taps row-major from
+0, each product rounded, then added (framework/ops/depthwise_own_kernel.py). tapeflow's BLAS product differed in the
last bits, and tf.image.ssim (its Gaussian blurs are depthwise convolutions) by some 1e-4 where it cancels.

Goldens: TF 2.21 (tensorflow-cpu, oneDNN off by its default rule) on an AMD EPYC; digests are sha1(output bytes)[:12].
The tests run with oneDNN off (the `onednn_off` fixture below: TF's default on the EPYC): bit for bit, but a separable
convolution's pointwise Conv2D (TF's Eigen contraction: eigen_avx2_conv.py), exact on an AVX2 CPU (CPU_KIND 'avx2')
only, within float32 rounding elsewhere.
Probe: notes/progs/kerasexamples10/gold_dw.py (sweep: dw_tf.py, dw_model.py).
"""
import hashlib

import numpy as np
import pytest

import framework as tf
from framework import keras, onednn_policy


@pytest.fixture
def onednn_off(monkeypatch):
    """TF_ENABLE_ONEDNN_OPTS=0 for one test: TF's own kernels, whatever this CPU is."""
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '0')


def _digest(y):
    return hashlib.sha1(np.ascontiguousarray(np.asarray(y, np.float32)).tobytes()).hexdigest()[:12]


def _check(y, shape, digest, last, exact=None):
    """Bits where TF's own depthwise kernel runs (``exact``: where the rest of the op's kernels are modelled too)."""
    y = np.asarray(y)
    assert y.shape == shape
    if (not onednn_policy.enabled()) if exact is None else exact:
        assert _digest(y) == digest
        assert [float.hex(float(v)) for v in y.reshape(-1)[-3:]] == [float.hex(float.fromhex(h)) for h in last]
    else:
        assert y.reshape(-1)[-3:] == pytest.approx([float.fromhex(h) for h in last], rel=1e-5, abs=1e-6)


def test_depthwise_ops_sum_as_tfs_own_kernel(onednn_off, cpu_kind):
    rng = np.random.RandomState(5)
    x = rng.randn(2, 6, 6, 3).astype('float32')
    # TF 2.21 here; tapeflow before: b897cd50c1cb (kerasexamples9's dw.py 'dw' line, TF 2b15fae78e)
    _check(tf.nn.depthwise_conv2d(x, rng.randn(3, 3, 3, 2).astype('float32'), [1, 1, 1, 1], 'SAME'),
           (2, 6, 6, 6), '2b15fae78ead', ['-0x1.5f8cbep+0', '0x1.42460ap+0', '0x1.e68992p+0'])
    # the depthwise step, then the pointwise Conv2D (before: d2ee01a79db6; dw.py 'sep', TF 56ebfc5853)
    _check(tf.nn.separable_conv2d(x, rng.randn(3, 3, 3, 2).astype('float32'), rng.randn(1, 1, 6, 4).astype('float32'),
                                  [1, 1, 1, 1], 'VALID'),
           (2, 4, 4, 4), '56ebfc5853d9', ['-0x1.85adbap+2', '0x1.14c3acp+0', '-0x1.1e3d98p+0'], cpu_kind == 'avx2')
    _check(tf.nn.depthwise_conv2d(x, rng.randn(2, 3, 3, 1).astype('float32'), [1, 2, 2, 1], 'VALID'),
           (2, 3, 2, 3), 'ac50a75d0dfc', ['-0x1.f1089cp+0', '0x1.28154ap-1', '-0x1.566702p+1'])
    # dilated: TF's space_to_batch around the same kernel
    _check(tf.nn.depthwise_conv2d(x, rng.randn(2, 2, 3, 1).astype('float32'), [1, 1, 1, 1], 'SAME', dilations=[2, 2]),
           (2, 6, 6, 3), '3da5c6c9055e', ['-0x1.ab1880p-3', '-0x1.a63a1cp-3', '0x1.181a8ap-1'])


def test_depthwise_layers_sum_as_tfs_own_kernel(onednn_off, cpu_kind):
    rng = np.random.RandomState(5)
    x = rng.randn(2, 6, 6, 3).astype('float32')
    keras.utils.set_random_seed(4)
    # TF 2.21 + Keras 3 here (before: a30d8bad2734)
    _check(keras.layers.DepthwiseConv2D(3, depth_multiplier=2, padding='same')(x),
           (2, 6, 6, 6), 'ebcfaa2c657f', ['-0x1.54e038p-2', '-0x1.19f138p-6', '0x1.3bd000p-3'])
    _check(keras.layers.DepthwiseConv1D(3, padding='valid')(x[:, 0]),
           (2, 4, 3), '11ce6b42996a', ['0x1.9ad8cep-1', '-0x1.82c830p-3', '-0x1.45f8cap-1'])
    _check(keras.layers.SeparableConv2D(4, 2)(x),
           (2, 5, 5, 4), 'fcf82f30ab7e', ['0x1.9625f4p-3', '-0x1.0e17a0p-1', '-0x1.83a660p-2'], cpu_kind == 'avx2')


def test_ssim_blurs_as_tfs_own_kernel(onednn_off):
    # keras.io's monocular depth estimation loss: tf.image.ssim of unrelated images cancels in its numerator
    rng = np.random.RandomState(7)
    a = rng.rand(2, 12, 12, 1).astype('float32')
    b = rng.rand(2, 12, 12, 1).astype('float32')
    # TF 2.21 here; tapeflow before: -0x1.aaca58p-5, 0x1.2be022p-5 (a relative 1e-5 and 5e-5 off)
    _check(tf.image.ssim(a, b, max_val=1.0), (2,), '3ed8ec9cb8e6', ['-0x1.aaca1ap-5', '0x1.2be198p-5'])
    # (before: -0x1.245b86p-4, 0x1.3b18a0p-5)
    _check(tf.image.ssim(a, b, max_val=12, filter_size=7, k1=0.01 ** 2, k2=0.03 ** 2),
           (2,), 'c53397aaf4e8', ['-0x1.245b6ep-4', '0x1.3b18cep-5'])


def test_depthwise_gradients_sum_as_tfs_own_kernels(onednn_off):
    # DepthwiseConv2dNativeBackpropInput / Filter with SAME / VALID padding: depthwise_explicit_padding's orders
    # (notes progs/kerasexamples10/gold_dwg.py; sweep dwg_tf.py, dwg_model.py). TF 2.21 here; tapeflow before in ()
    rng = np.random.RandomState(9)
    goldens = [  # (input gradient, kernel gradient): digest and last three values
        (('f3236bd8baa0', ['-0x1.578d68p+4', '-0x1.0a3f98p+3', '0x1.72f780p+0']),      # (6956842296f2)
         ('087750e0309c', ['-0x1.259700p+6', '0x1.0b8da0p+7', '0x1.19980ep+5'])),     # (19dfafe7c512)
        (('00afe7b47714', ['0x0p+0', '0x0p+0', '0x0p+0']),          # (VALID, strides 2: the last row is not read)
         ('1e65a5be9ab6', ['0x1.00203ep+6', '-0x1.bd3ee8p+3', '-0x1.184d38p+4'])),    # (7e311604d03e)
    ]
    cases = [((2, 5, 6, 3), 3, 2, 1, 'SAME'), ((3, 7, 7, 2), 2, 1, 2, 'VALID')]
    for (shape, k, m, s, p), golden in zip(cases, goldens):
        x = tf.constant(rng.randn(*shape).astype('float32'))
        f = tf.constant(rng.randn(k, k, shape[-1], m).astype('float32'))
        with tf.GradientTape() as tape:
            tape.watch([x, f])
            y = tf.nn.depthwise_conv2d(x, f, [1, s, s, 1], p)
            loss = tf.reduce_sum(y * y)
        for grad, variable, (digest, last) in zip(tape.gradient(loss, [x, f]), (x, f), golden):
            _check(grad, tuple(variable.shape), digest, last)
