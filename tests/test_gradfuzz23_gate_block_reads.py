"""Keras's implementation 1 reads its weights per gate: a GRU slices its kernel (and a reset_after=False bias) per
gate at every step, and TF 2.21's tape adds those 3T gradients with one AddN in its visiting order (steps from the
last, within a step h, z, r: layers/recurrent/sliced_gate_reads.py); each gate adds its bias block with ``+=``
(AddV2: each block's reduce_sum, not BiasAddGrad); float64 products are one per gate block. Goldens printed by
TF 2.21 (/opt/tfref) with progs/gradfuzz23/gold3.py: weights RandomState(seed).randn(*w.shape) * 0.6 in
layer.weights order, loss reduce_sum(y * cos(arange(y.size) * 0.7 + 0.3)), gradient of [x] + trainable_weights."""
import numpy as np
import pytest

import framework as tf
from framework import keras

_GOLDEN = {
    'gru_kernel_T12': [
        '0x1.9edf8e0000000p-4', '-0x1.e6eefa0000000p-2', '0x1.89b06e0000000p-3', '-0x1.c732e60000000p-5',
        '0x1.af06aa0000000p-4', '-0x1.f3bcfe0000000p-5', '-0x1.5013c00000000p+0', '-0x1.2f5d380000000p-1',
        '-0x1.1578660000000p-2', '0x1.e769c80000000p-2', '0x1.0250ac0000000p-2', '0x1.2aa7220000000p-2',
        '0x1.f2874e0000000p-6', '-0x1.7f65b00000000p-5', '0x1.1d0a4a0000000p-4', '0x1.12f5cc0000000p-1',
        '0x1.7bf6340000000p-2', '0x1.213d9e0000000p-2', '-0x1.7ddbb00000000p-2', '-0x1.7cbccc0000000p-2',
        '0x1.8eb2dc0000000p-6', '-0x1.ee2f4a0000000p-6', '0x1.c9940a0000000p-5', '-0x1.4b459e0000000p-6',
        '-0x1.0401cc0000000p+0', '-0x1.02fd460000000p-1', '-0x1.43d1de0000000p-7',
    ],
    'gru_v1_bias_T12': [
        '0x1.44d17a0000000p-2', '-0x1.d7505a0000000p-2', '0x1.36e44e0000000p-2', '-0x1.cedada0000000p-7',
        '0x1.53ba520000000p-7', '-0x1.ab66360000000p-6', '0x1.d21c9a0000000p-2', '-0x1.3609f00000000p-1',
        '-0x1.b77ac40000000p-2',
    ],
    'gru_v1_bias_b16': [
        '-0x1.f5f9ae0000000p-3', '0x1.37f9e60000000p-3', '-0x1.1fbb2a0000000p-1', '-0x1.f290940000000p-5',
        '0x1.d90d080000000p-1', '0x1.4758100000000p-2', '0x1.ee90a40000000p-9', '-0x1.e0fe5c0000000p-5',
        '0x1.7d271c0000000p-5', '0x1.c005000000000p-5', '0x1.39fed40000000p-3', '0x1.d031260000000p-4',
        '0x1.26deb40000000p-2', '0x1.9b718a0000000p-3', '-0x1.7d22360000000p+0', '-0x1.839b940000000p-1',
        '-0x1.84a0980000000p-1', '0x1.1020060000000p-2',
    ],
    'lstm_values64_b20': [
        '0x1.94333389cc682p-2', '0x1.7fc4e18b8d3bbp-9', '0x1.2878e3e861979p-2', '0x1.fcf1e6933ec91p-8',
        '-0x1.5243d86a0da4fp-4', '0x1.154675b689795p-1', '-0x1.f67fb507afa6fp-7', '0x1.2381cbec02481p-1',
        '0x1.40978aba9bfb4p-4', '-0x1.b77b425884fdep-4', '0x1.2ea07ed3354dfp-3', '-0x1.807bbcfdaaa06p-4',
        '0x1.a582f36edb767p-2', '-0x1.9ad54623e901cp-4', '-0x1.1b6cda81d41ecp-5', '0x1.2c4e56873c873p-2',
        '-0x1.7edb395bf841ep-3', '0x1.3fe4939b1f852p-3', '-0x1.a0c9fb7f71028p-4', '0x1.ae930c5d9c020p-12',
        '0x1.0afde6fe82ac8p-2', '-0x1.6d71687c3ea9cp-3', '0x1.80730da5c7c3ap-4', '-0x1.05a6c3d9d4d84p-4',
        '-0x1.805048bcfa073p-6', '0x1.33324d0453ec5p-2', '-0x1.e805106d8f799p-4', '0x1.6b1df43c85cd3p-1',
        '0x1.38a13e7b18b76p-4', '-0x1.430571672ad2cp-3', '0x1.9c4667a26ca80p-7', '0x1.f1c0b095cd3d6p-2',
        '0x1.e16dd22074737p-6', '-0x1.c0e46fa9528bep-5', '-0x1.ec810ddc60bbap-4', '0x1.b751e1906efe9p-3',
        '0x1.a0b0bbb16a4efp-4', '0x1.a18716fe17558p-2', '-0x1.552a3728e79d9p-4', '0x1.0d7b385f8a07fp-7',
        '0x1.40868ebf8b43ep-3', '0x1.739dc8b59168ap-1', '0x1.404de8d7f222fp-2', '0x1.591d41f269fc7p-10',
        '-0x1.bf7c63488fef4p-5', '0x1.9c675ab441b9dp-2', '0x1.6319520378323p-3', '0x1.e85a1a7a2640cp-3',
        '0x1.b17575e3b20e6p-6', '-0x1.5e5f6b46e803ep-7', '0x1.738eaf711e2fdp-3', '-0x1.4596b3879166ep-7',
        '0x1.fcc1d5b3e4330p-2', '0x1.6dfc05260344ap-4', '-0x1.26f12ab9032bfp-3', '-0x1.0096cdcfa5c22p-2',
        '0x1.07624ec9759c8p-4', '0x1.076af6a82ba7fp-4', '-0x1.325124554a558p-4', '0x1.7c157c0b8aaf8p-4',
        '0x1.8917cae52cea4p-3', '-0x1.0e7e88ac6c7cfp-3', '0x1.18e90c8e97a48p-1', '-0x1.73f866dc9dc35p-5',
        '0x1.09681bca62b5dp-2', '0x1.50a263df90398p-2', '-0x1.82ae70e9c85c6p-4', '0x1.e9b488d68c61ap-2',
        '-0x1.023213f46f761p-5', '-0x1.1c78d767f7a31p-4', '-0x1.bb3ebb596f450p-4', '-0x1.f98875aa0a11bp-7',
        '0x1.bf1749b53dad1p-2', '-0x1.1e46973f3ea67p-3', '0x1.6335775ff9456p-3', '0x1.3f17fe55c750bp-4',
        '-0x1.239122741a882p-3', '0x1.114cd5c8ef398p-1', '-0x1.d691cc2efb480p-5', '0x1.7da37ffafca99p-4',
        '0x1.78834725632fap-3', '-0x1.28ed463c95c0dp-7', '0x1.d95b078b123afp-2', '-0x1.067ec7353bab7p-4',
        '-0x1.010bb8675e7b6p-4', '0x1.b6a805e76c7e1p-2', '-0x1.bf16dd563f229p-5', '0x1.d9bac9c1500bcp-2',
        '-0x1.751ec2957c3b5p-6', '-0x1.e9404380263c8p-5', '0x1.77edba8336fe9p-2', '-0x1.97e1d30ae485dp-5',
        '0x1.a842f2a5e9fb5p-2', '-0x1.3c4de3d409f22p-5', '-0x1.9f0d4d8828902p-4', '0x1.ba4eb7b252ef5p-2',
        '-0x1.66d2680d34300p-8', '0x1.39b5941784dc4p-1', '0x1.0e4e5ec8e5ac6p-3', '-0x1.9247df88f0a66p-5',
    ],
}

_CASES = {   # name: (layer, input seed and shape, weight seed, index of the gradient or None for the values, dtype)
    'gru_kernel_T12': (lambda: keras.layers.GRU(3, implementation=1), (3, (2, 12, 3)), 5, 1, 'float32'),
    'gru_v1_bias_T12': (lambda: keras.layers.GRU(3, implementation=1, reset_after=False), (3, (2, 12, 3)), 6, 3,
                        'float32'),
    'gru_v1_bias_b16': (lambda: keras.layers.GRU(6, implementation=1, reset_after=False), (4, (16, 12, 5)), 7, 3,
                        'float32'),
    'lstm_values64_b20': (lambda: keras.layers.LSTM(5, implementation=1, dtype='float64'), (5, (20, 3, 4)), 8, None,
                          'float64'),
}


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
@pytest.mark.parametrize('name', sorted(_CASES))
def test_implementation_one_matches_tf(name):
    make, (input_seed, shape), seed, index, dtype = _CASES[name]
    keras.backend.clear_session()
    layer = make()
    x = tf.constant(np.random.RandomState(input_seed).randn(*shape).astype(dtype))
    layer(x)
    rs = np.random.RandomState(seed)
    layer.set_weights([(rs.randn(*v.shape) * 0.6).astype(dtype) for v in layer.weights])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = layer(x)
        cosines = np.cos(np.arange(int(np.prod(y.shape))) * 0.7 + 0.3).reshape(tuple(y.shape)).astype(dtype)
        loss = tf.reduce_sum(y * tf.constant(cosines))
    result = y if index is None else tape.gradient(loss, [x] + list(layer.trainable_weights))[index]
    assert [float(v).hex() for v in result.numpy().ravel()] == _GOLDEN[name]
