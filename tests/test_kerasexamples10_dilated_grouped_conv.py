"""float32 dilated (tf.nn.conv2d / conv1d with dilations) and grouped convolutions on an AVX2 CPU without oneDNN
(an AMD EPYC), summed as TF 2.21 sums them there: its own Conv2D kernel contracts the dilated windows' patches (each
group's) with the kernel in Eigen's contraction, as an undilated Conv2D's (framework/ops/eigen_avx2_conv.py,
groups_wanted). tapeflow's BLAS product of the same patches differed in the last bits.

Goldens: TF 2.21 (tensorflow-cpu, oneDNN off by its default rule) on an AMD EPYC without AVX-512; digests are
sha1(output bytes)[:12]. Bit for bit on such a CPU (CPU_KIND 'avx2'), within float32 rounding on others, whose TF
kernels sum otherwise. Probe: notes/progs/kerasexamples10/gold.py (sweep: dl_tf.py, dl_model.py, dl_tp.py).
"""
import hashlib

import numpy as np
import pytest

import framework as tf
from framework import keras


def _digest(y):
    return hashlib.sha1(np.ascontiguousarray(np.asarray(y, np.float32)).tobytes()).hexdigest()[:12]


def _check(y, shape, digest, last, cpu_kind):
    y = np.asarray(y)
    assert y.shape == shape
    if cpu_kind == 'avx2':
        assert _digest(y) == digest
        assert [float.hex(float(v)) for v in y.reshape(-1)[-3:]] == [float.hex(float.fromhex(h)) for h in last]
    else:
        assert y.reshape(-1)[-3:] == pytest.approx([float.fromhex(h) for h in last], rel=1e-5, abs=1e-6)


def _operands():
    rng = np.random.RandomState(10)
    x = rng.randn(1, 4, 5, 4).astype('float32')
    return x, rng.randn(2, 3, 4, 6).astype('float32'), rng.randn(2, 3, 2, 6).astype('float32')


# name: the op on (x, 2x3x4x6 filters f, 2x3x2x6 grouped filters g); TF 2.21's shape, digest and last three outputs
# (tapeflow's digest before in the comment)
CASES = {
    # TF's Conv2D takes the dilations itself (tapeflow before: 36f788253561)
    'conv2d_dilated_same': (lambda x, f, g: tf.nn.conv2d(x, f, 1, 'SAME', dilations=2), (1, 4, 5, 6),
                            '5626cc5d06e2', ['0x1.008908p+0', '0x1.4a25ccp-1', '-0x1.9cc77ep+1']),
    # strides with dilations (4135de819bdf)
    'conv2d_dilated_strided': (lambda x, f, g: tf.nn.conv2d(x, f, 2, 'SAME', dilations=[1, 2]), (1, 2, 3, 6),
                               'd6ae987852b5', ['0x1.45bdaap+1', '0x1.8c47e8p+1', '-0x1.250852p+1']),
    # dilations in TF's [1, dh, dw, 1] form (9baf13bca387)
    'conv2d_dilated_valid': (lambda x, f, g: tf.nn.conv2d(x, f, [1, 1, 1, 1], 'VALID', dilations=[1, 1, 2, 1]),
                             (1, 3, 1, 6), '0bb86981901a', ['-0x1.5aba38p+2', '0x1.4edf06p+2', '0x1.284fdap+1']),
    # Conv2D on a height-1 image, dilations (1, 2) (da62f99b2a01)
    'conv1d_dilated': (lambda x, f, g: tf.nn.conv1d(x[:, 0], f[0], 1, 'SAME', dilations=2), (1, 5, 6),
                       '93a0220325a6', ['-0x1.58fe58p+2', '-0x1.140d90p+2', '-0x1.7b346cp-1']),
    # filters of half the input's channels: two groups (dbdcdfd35099)
    'conv2d_grouped': (lambda x, f, g: tf.nn.conv2d(x, g, 1, 'VALID'), (1, 3, 3, 6),
                       'be1a3ef039b6', ['0x1.96f254p-1', '-0x1.e1eee4p-1', '0x1.89afb4p+1']),
    'conv1d_grouped': (lambda x, f, g: tf.nn.conv1d(x[:, 0], g[0], 1, 'SAME'), (1, 5, 6),      # (c2017f82f1ed)
                       '0e64cc8809c7', ['0x1.f2ab48p+0', '-0x1.d22780p+1', '0x1.69eedep+1']),
    'convolution_grouped': (lambda x, f, g: tf.nn.convolution(x, g, padding='SAME'), (1, 4, 5, 6),  # (29c9792aadd1)
                            '2cd0116907aa', ['-0x1.cb3338p-2', '0x1.e64140p+0', '0x1.e2f178p+0']),
    # Keras runs a grouped conv through XLA's kernel: the same bits (29c9792aadd1)
    'keras_ops_conv_grouped': (lambda x, f, g: keras.ops.conv(x, g, padding='same'), (1, 4, 5, 6),
                               '2cd0116907aa', ['-0x1.cb3338p-2', '0x1.e64140p+0', '0x1.e2f178p+0']),
}


@pytest.mark.parametrize('name', sorted(CASES))
def test_dilated_and_grouped_convolutions_sum_as_tf_on_this_cpu(name, cpu_kind):
    op, shape, digest, last = CASES[name]
    _check(op(*_operands()), shape, digest, last, cpu_kind)


def test_grouped_keras_layers_sum_as_tf_on_this_cpu(cpu_kind):
    x = _operands()[0]
    keras.utils.set_random_seed(1)
    conv2d = keras.layers.Conv2D(4, 2, groups=2, bias_initializer='glorot_uniform')
    # TF 2.21 + Keras 3 here: tapeflow before 4f196f59eb7e
    _check(conv2d(x), (1, 3, 4, 4), '518795752b73', ['-0x1.3776d4p+0', '0x1.47eb44p+0', '0x1.146408p+0'], cpu_kind)
    conv1d = keras.layers.Conv1D(8, 3, groups=4, padding='same')
    # (189e4bf95a3d)
    _check(conv1d(x[:, 0]), (1, 5, 8), '49915127539a', ['-0x1.19627cp-1', '-0x1.24d30ep-2', '-0x1.682422p-2'],
           cpu_kind)


def test_two_images_dilated_sum_as_tf(cpu_kind):
    # two images, 32 rows of 12 (a last block of 2 rows: the unfused kernel); TF 2.21 here, tapeflow before 904896fd36a0
    rng = np.random.RandomState(5)
    x = rng.randn(2, 6, 6, 3).astype('float32')
    y = tf.nn.conv2d(x, rng.randn(2, 2, 3, 4).astype('float32'), 1, 'VALID', dilations=2)
    _check(y, (2, 4, 4, 4), 'f79f1cad9cd1', ['-0x1.05fd90p+1', '0x1.7b0174p+1', '0x1.0d3400p+3'], cpu_kind)

