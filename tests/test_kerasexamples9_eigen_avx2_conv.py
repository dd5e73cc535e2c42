"""float32 Conv2D / Conv1D forward sums on an AVX2 CPU without oneDNN (an AMD EPYC), as TF 2.21 sums them there:
its own Conv2D kernel contracts the image patches with the kernel in Eigen's contraction, the MatMul's order
(framework/ops/eigen_avx2_conv.py). keras.io's StandardizedConv2D recipe on 8x8 digits differed in the last bits.

Goldens: TF 2.21 (tensorflow-cpu, oneDNN off by its default rule) on an AMD EPYC without AVX-512; digests are
sha1(output bytes)[:12]. Bit for bit on such a CPU (CPU_KIND 'avx2'), within float32 rounding on others, whose
TF kernels sum otherwise. Probes: notes/progs/kerasexamples9/gold.py, gold2.py (sweeps: cv_tf2.py, cv_tp3.py).
"""
import hashlib

import numpy as np
import pytest

import framework as tf
from framework import keras, onednn_policy
from framework.ops import eigen_avx2_conv


def _digest(y):
    return hashlib.sha1(np.ascontiguousarray(np.asarray(y, np.float32)).tobytes()).hexdigest()[:12]


def _check(y, digest, last, cpu_kind):
    y = np.asarray(y)
    if cpu_kind == 'avx2':
        assert _digest(y) == digest
        assert [float.hex(float(v)) for v in y.reshape(-1)[-3:]] == [float.hex(float.fromhex(h)) for h in last]
    else:
        assert y.reshape(-1)[-3:] == pytest.approx([float.fromhex(h) for h in last], rel=1e-5, abs=1e-6)


def _conv(xs, fs, strides, padding):
    rng = np.random.RandomState(sum(xs) * 10 + sum(fs))
    x = rng.randn(*xs).astype(np.float32)
    f = rng.randn(*fs).astype(np.float32)
    return tf.nn.conv2d(x, f, strides=strides, padding=padding).numpy()


# (input, kernel, strides, padding): TF 2.21's digest and last three outputs; tapeflow's digest before in the comment
SMALL = [
    # one grayscale image, 3x3 VALID: 36 rows of 9 (tapeflow before: 6269904e956e)
    (((1, 8, 8, 1), (3, 3, 1, 8), 1, 'VALID'), '866ca8d3610b',
     ['0x1.472382p-3', '0x1.49974ap-2', '0x1.20decep+0']),
    # 27 rows (a last block of 3), a full panel of 16 filters (98a35954a93b)
    (((3, 4, 4, 2), (2, 2, 2, 16), 1, 'VALID'), 'e3ef679136f5',
     ['0x1.7c0f58p+0', '-0x1.76c280p-1', '0x1.3d1d40p-1']),
    # strides 2, SAME (0f9527d61aa1)
    (((2, 8, 8, 1), (3, 3, 1, 8), 2, 'SAME'), 'd3b361c29381',
     ['0x1.fd15b4p+1', '0x1.31275cp+0', '-0x1.8db878p-1']),
    # 9 rows, depth 72 (af45588484ed)
    (((1, 5, 5, 8), (3, 3, 8, 5), 1, 'VALID'), 'f339eb310b5e',
     ['0x1.828b3ap+1', '0x1.a64cd2p+3', '0x1.2a62a4p+3']),
    # strides (1, 2), a 2x3 kernel (2485461e0f23)
    (((4, 3, 6, 2), (2, 3, 2, 3), (1, 2), 'SAME'), 'fa90118fd838',
     ['0x1.5f561ap-2', '0x1.4310ccp+1', '0x1.b7c72cp+2']),
]


@pytest.mark.parametrize('case, digest, last', SMALL)
def test_small_convolutions_sum_as_tf_on_this_cpu(case, digest, last, cpu_kind):
    _check(_conv(*case), digest, last, cpu_kind)


# past the default mode's size (eigen_avx2_product.SMALL_PRODUCT multiply-adds): under set_tf_exact_math(True)
LARGE = [
    (((2, 5, 6, 3), (3, 3, 3, 4), 1, 'SAME'), '239a5eee0b5b'),       # 60 rows (tapeflow before: a61e52ae76e8)
    (((1, 9, 8, 1), (2, 2, 1, 20), 1, 'VALID'), '14cffd5b7e4f'),     # 56 rows, 16 + 4 filters (9fbc99aa5c42)
]


@pytest.mark.parametrize('case, digest', LARGE)
def test_exact_math_sums_larger_convolutions_as_tf(case, digest, cpu_kind, exact_math):
    if cpu_kind != 'avx2':
        pytest.skip("TF 2.21's bits measured on an AVX2 CPU without oneDNN")
    assert _digest(_conv(*case)) == digest


class StandardizedConv2DWithOverride(keras.layers.Conv2D):
    """keras.io's keras_recipes/subclassing_conv_layers: a weight-standardized kernel in convolution_op."""

    def convolution_op(self, inputs, kernel):
        mean, var = tf.nn.moments(kernel, axes=[0, 1, 2], keepdims=True)
        return tf.nn.conv2d(inputs, (kernel - mean) / tf.sqrt(var + 1e-10), padding="VALID",
                            strides=list(self.strides), name=self.__class__.__name__)


def test_standardized_conv2d_recipe_and_conv1d_layer(cpu_kind):
    rng = np.random.RandomState(0)
    x = rng.rand(1, 8, 8, 1).astype(np.float32)
    layer = StandardizedConv2DWithOverride(8, 3, activation='relu',
                                           kernel_initializer=keras.initializers.GlorotUniform(seed=1))
    y = layer(x)
    assert y.shape == (1, 6, 6, 8)
    # tapeflow before: 3ca0082ac939
    _check(y, 'f183166548c8', ['0x0.0p+0', '0x0.0p+0', '0x1.76bae0p-1'], cpu_kind)
    seq = rng.randn(2, 20, 3).astype(np.float32)
    conv1d = keras.layers.Conv1D(8, 3, padding='same', kernel_initializer=keras.initializers.GlorotUniform(seed=2))
    # tapeflow before: 98fcfbb9481d
    _check(conv1d(seq), 'c27df96528fa', ['-0x1.65cc72p-2', '0x1.e15ee0p-3', '-0x1.c0e97ep-2'], cpu_kind)


def test_rows_from_73_and_other_cpus_keep_the_blas_product(monkeypatch):
    # from 73 rows TF splits the patches' rows into blocks (not modelled); 16-lane or oneDNN CPUs sum otherwise
    monkeypatch.setattr(onednn_policy, 'eigen_avx2', lambda: True)
    kernel = np.ones((9, 4), np.float32)
    assert eigen_avx2_conv.wanted(np.ones((72, 9), np.float32), kernel)
    assert not eigen_avx2_conv.wanted(np.ones((73, 9), np.float32), kernel)
    monkeypatch.setattr(onednn_policy, 'eigen_avx2', lambda: False)
    assert not eigen_avx2_conv.wanted(np.ones((72, 9), np.float32), kernel)


def _short_digest(y):
    return hashlib.sha1(np.asarray(y, np.float32).tobytes()).hexdigest()[:10]


# Conv2DBackpropInput / Filter run the same contraction on this CPU (a column buffer per image, then col2im; the
# patches transposed times the output gradient). TF 2.21 here: (output, input gradient, filter gradient) digests of
# loss = sum(conv2d(x, f) ** 2) (notes progs/kerasexamples9/cvg.py); tapeflow before: the outputs only.
GRADIENTS = [
    (SMALL[0][0], ('866ca8d361', 'dcf92ac1bb', '59d3e4856b')),
    (SMALL[1][0], ('e3ef679136', '49906fb7e1', '02f5ed7cab')),
    (SMALL[2][0], ('d3b361c293', '67abd25680', '512109d50a')),
    (SMALL[3][0], ('f339eb310b', '837f40f8ac', 'c91db2687e')),
    (SMALL[4][0], ('fa90118fd8', '69db25bc88', '8c7d578099')),
]


@pytest.mark.parametrize('case, digests', GRADIENTS)
def test_conv2d_gradients_sum_as_tf_on_this_cpu(case, digests, cpu_kind):
    if cpu_kind != 'avx2':
        pytest.skip("TF 2.21's bits measured on an AVX2 CPU without oneDNN")
    xs, fs, strides, padding = case
    rng = np.random.RandomState(sum(xs) * 10 + sum(fs))
    x = tf.constant(rng.randn(*xs).astype(np.float32))
    f = tf.constant(rng.randn(*fs).astype(np.float32))
    with tf.GradientTape() as tape:
        tape.watch([x, f])
        y = tf.nn.conv2d(x, f, strides=strides, padding=padding)
        loss = tf.reduce_sum(y * y)
    gx, gf = tape.gradient(loss, [x, f])
    assert (_short_digest(y), _short_digest(gx), _short_digest(gf)) == digests


def test_conv2d_transpose_sums_as_tf_on_this_cpu(cpu_kind):
    # the transposed convolution is Conv2DBackpropInput: TF 2.21 here gives these digests (notes ct.py); before,
    # tapeflow's conv_backprop_input_order (the Xeon's order) gave 27a7996f8f, 8e2f63bc77, af2185e272, 6d535274ca
    if cpu_kind != 'avx2':
        pytest.skip("TF 2.21's bits measured on an AVX2 CPU without oneDNN")
    rng = np.random.RandomState(3)
    digests = []
    for xs, fs, s, p in [((1, 4, 4, 3), (3, 3, 2, 3), 2, 'SAME'), ((2, 3, 3, 4), (2, 2, 5, 4), 2, 'VALID'),
                         ((1, 5, 5, 2), (3, 3, 4, 2), 1, 'SAME')]:
        x = rng.randn(*xs).astype('float32')
        f = rng.randn(*fs).astype('float32')
        side = xs[1] * s if p == 'SAME' else (xs[1] - 1) * s + fs[0]
        digests.append(_short_digest(tf.nn.conv2d_transpose(x, f, (xs[0], side, side, fs[2]), s, p)))
    keras.utils.set_random_seed(0)
    layer = keras.layers.Conv2DTranspose(4, 3, strides=2, padding='same', activation='relu')
    digests.append(_short_digest(layer(rng.randn(2, 4, 4, 3).astype('float32'))))
    assert digests == ['fdfaf8f816', '8d226ac99d', '8c7cef0112', '9f6bb11e93']


def test_gradient_products_from_73_rows_keep_blas(monkeypatch):
    monkeypatch.setattr(onednn_policy, 'eigen_avx2', lambda: True)
    f = np.ones((3, 3, 1, 4), np.float32)
    assert eigen_avx2_conv.input_grad_wanted(np.ones((1, 8, 9, 4), np.float32), f)        # 72 positions
    assert not eigen_avx2_conv.input_grad_wanted(np.ones((1, 8, 10, 4), np.float32), f)    # 80: TF splits them
    assert eigen_avx2_conv.filter_grad_wanted(np.ones((8, 72), np.float32), np.ones((8, 4), np.float32))
    assert not eigen_avx2_conv.filter_grad_wanted(np.ones((8, 80), np.float32), np.ones((8, 4), np.float32))


def test_conv3d_sums_as_tf_on_this_cpu(cpu_kind, exact_math):
    # TF's own Conv3D here (Eigen's CuboidConvolution) contracts the patches as Conv2D does: on 139 random shapes of
    # fewer than 73 rows all equal (notes progs/kerasexamples9/c3_tf.py, c3_tp.py; tapeflow's BLAS before: 26).
    # TF 2.21 here: these digests (gold3.py); tapeflow before: 29fba6855e, 11d685736e, 098a449a3d, 413cf4d896
    if cpu_kind != 'avx2':
        pytest.skip("TF 2.21's bits measured on an AVX2 CPU without oneDNN")
    rng = np.random.RandomState(5)
    digests = []
    for xs, fs, s, p in [((1, 4, 4, 4, 2), (2, 2, 2, 2, 4), 1, 'VALID'), ((2, 3, 4, 3, 1), (2, 3, 2, 1, 6), 1, 'SAME'),
                         ((1, 5, 4, 4, 2), (3, 3, 3, 2, 3), 2, 'SAME')]:
        x = rng.randn(*xs).astype('float32')
        f = rng.randn(*fs).astype('float32')
        digests.append(_short_digest(tf.nn.conv3d(x, f, [1, s, s, s, 1], p)))
    keras.utils.set_random_seed(0)
    layer = keras.layers.Conv3D(4, 2, activation='relu')
    digests.append(_short_digest(layer(rng.randn(1, 4, 4, 3, 1).astype('float32'))))
    assert digests == ['a184848247', '12be2b2d37', '65a3fe3f10', 'e7d4b17839']
