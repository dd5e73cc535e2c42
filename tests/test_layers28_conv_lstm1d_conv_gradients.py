"""ConvLSTM1D convolves as TF's 1-D conv does, on a height-1 image through Conv2D, so its kernel gradients take
Conv2DBackpropFilter's (and its input gradients Conv2DBackpropInput's) order of sums: tapeflow's N-d convolution
summed them with a BLAS product, which differed in the last bits (the forward outputs were already TF's).
Goldens: /work/notes/progs/layers28/clg.py under TF 2.21 on the AMD EPYC (AVX2): ConvLSTM1D(2, 2,
return_sequences=True) on a sine sequence of 1 or 2 steps, the gradient of sum(output ** 2). Before the change 23
of the 32 one-step kernel gradients and 14 of the 32 two-step recurrent ones equalled TF's; clg5.py shows
keras.ops.conv's and the N-d op's gradients differ on the same operands.
"""
import numpy as np
import pytest

import framework as tf
from conftest import hexes_as_tf
from framework import keras


@pytest.fixture(autouse=True)
def _measured_on_the_epyc(epyc_cpu):
    """TF 2.21's values here were measured on the AMD EPYC (AVX2, oneDNN off): tapeflow sums as TF's Eigen
    kernels do there, whatever this CPU is."""


ONE_STEP_KERNEL = [
    '-0x1.bedc360000000p-8', '0x1.d6ae4c0000000p-6', '0x0.0p+0', '0x0.0p+0', '0x1.9191d40000000p-4',
    '0x1.6139de0000000p-3', '-0x1.1166ba0000000p-8', '0x1.a37f400000000p-6', '-0x1.b53fbc0000000p-7',
    '0x1.3db6b80000000p-6', '0x0.0p+0', '0x0.0p+0', '0x1.44124c0000000p-3', '0x1.013d240000000p-5',
    '-0x1.7170180000000p-7', '0x1.35c8360000000p-6', '-0x1.f220540000000p-8', '-0x1.fd6e800000000p-8', '0x0.0p+0',
    '0x0.0p+0', '0x1.2ad10c0000000p-4', '-0x1.1bbb920000000p-3', '-0x1.0683fe0000000p-7', '-0x1.52fafc0000000p-8',
    '0x1.50386a0000000p-8', '-0x1.c756580000000p-6', '0x0.0p+0', '0x0.0p+0', '-0x1.453d880000000p-4',
    '-0x1.72e99c0000000p-3', '0x1.570c920000000p-9', '-0x1.915ba80000000p-6']
TWO_STEP_RECURRENT = {
    True: ['0x1.2fa8680000000p-12', '-0x1.bf1a5a0000000p-11', '-0x1.b874480000000p-14', '0x1.2e62ba0000000p-12',
           '-0x1.c32d840000000p-9', '-0x1.fb85780000000p-8', '0x1.3c02680000000p-13', '-0x1.eaca040000000p-12',
           '-0x1.d5a4320000000p-14', '-0x1.8dd1b40000000p-11', '-0x1.0d30e00000000p-14', '0x1.6ef68a0000000p-13',
           '0x1.1442240000000p-8', '0x1.6b18000000000p-16', '-0x1.08c8640000000p-12', '-0x1.066aa00000000p-11',
           '0x1.895f400000000p-14', '0x1.9ecb520000000p-12', '-0x1.f97cf00000000p-16', '-0x1.9c7ba40000000p-13',
           '-0x1.482e8e0000000p-9', '-0x1.dde4440000000p-11', '0x1.5379f80000000p-14', '0x1.b507a80000000p-15',
           '0x1.4a51220000000p-11', '-0x1.9fdcfc0000000p-12', '-0x1.47bd000000000p-13', '0x1.8136e00000000p-16',
           '-0x1.2e02d40000000p-7', '-0x1.4e33200000000p-7', '0x1.eba05c0000000p-12', '-0x1.ba17420000000p-12'],
    False: ['0x1.cad2ec0000000p-12', '-0x1.eb775a0000000p-11', '-0x1.3fb0740000000p-13', '0x1.3caa6c0000000p-12',
            '-0x1.681e2c0000000p-8', '-0x1.33a3380000000p-7', '0x1.f55f6a0000000p-13', '-0x1.77a0c20000000p-11',
            '0x1.ac7ffa0000000p-13', '-0x1.43f6900000000p-11', '-0x1.c0f5280000000p-13', '0x1.5510bc0000000p-13',
            '0x1.4fa0f60000000p-10', '-0x1.739f780000000p-8', '-0x1.3745560000000p-13', '-0x1.34efd60000000p-11',
            '0x1.d6afe80000000p-16', '0x1.a65b0c0000000p-12', '0x1.6433580000000p-16', '-0x1.cb29f40000000p-13',
            '-0x1.bc78660000000p-10', '0x1.8139d80000000p-10', '0x1.5dae1c0000000p-14', '0x1.fc091c0000000p-13',
            '0x1.6ff4640000000p-11', '-0x1.0fc4540000000p-12', '-0x1.31ac840000000p-13', '-0x1.f251800000000p-14',
            '-0x1.56682a0000000p-7', '-0x1.0369e20000000p-7', '0x1.2a90ee0000000p-11', '-0x1.81ec860000000p-12'],
}


def _gradients(steps, use_bias):
    x = tf.Variable(np.sin(np.arange(2 * steps * 5 * 2, dtype='float64')).astype('float32').reshape(2, steps, 5, 2))
    keras.utils.set_random_seed(1)
    layer = keras.layers.ConvLSTM1D(2, 2, return_sequences=True, use_bias=use_bias)
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(layer(x) ** 2)
    return tape.gradient(loss, [x] + layer.trainable_weights)


def _hexes(t):
    return [float(v).hex() for v in np.ravel(np.asarray(t))]


@pytest.mark.parametrize('use_bias', [True, False])
def test_one_step_kernel_gradient(use_bias):
    assert hexes_as_tf(_hexes(_gradients(1, use_bias)[1]), ONE_STEP_KERNEL)


@pytest.mark.parametrize('use_bias', [True, False])
def test_two_step_recurrent_kernel_gradient(use_bias):
    assert hexes_as_tf(_hexes(_gradients(2, use_bias)[2]), TWO_STEP_RECURRENT[use_bias])


@pytest.mark.parametrize('options, expected', [
    (dict(strides=2), ['-0x1.0666c00000000p-8', '0x1.3883d40000000p-5', '-0x1.ef49a20000000p-6', '0x1.43d9e80000000p-5',
                       '-0x1.379d860000000p-8', '0x1.415aea0000000p-6', '0x1.e0d7680000000p-9', '-0x1.c868e00000000p-10']),
    (dict(padding='same', return_sequences=True),
     ['-0x1.dbfaaa0000000p-9', '-0x1.15c15c0000000p-7', '0x1.fe048c0000000p-5', '0x1.00bd400000000p-8',
      '0x1.129ffa0000000p-4', '0x1.be90880000000p-4', '-0x1.0f1d880000000p-4', '0x1.01b4c00000000p-5']),
])
def test_outputs_on_the_height_one_image(options, expected):
    """The forward values stay TF's through the 2-D op (notes/progs/layers28/clstm.py, ConvLSTM1D(3, 3))."""
    x = np.sin(np.arange(2 * 3 * 5 * 2, dtype='float64')).astype('float32').reshape(2, 3, 5, 2)
    keras.utils.set_random_seed(1)
    out = keras.layers.ConvLSTM1D(3, 3, kernel_initializer='glorot_uniform', recurrent_initializer='orthogonal',
                                  **options)(x)
    assert hexes_as_tf(_hexes(out)[:len(expected)], expected)
