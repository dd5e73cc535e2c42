"""SpectralNormalization under a mixed policy runs as Keras 3 on TF 2.21 does.

Keras reads the kernel and vector_u in the compute dtype inside call (its autocast scope), runs the power
iteration in float16 / bfloat16 and assigns the results to the float32 weights. tapeflow crashed:
"'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'assign'" (vector_u was its float16 cast
during call). Golden values printed by TF 2.21 with /work/notes/progs/layers8/gold_sn16.py.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

GOLDEN = {
    'mixed_float16': (
        [-0.00146484375, -0.065185546875, -0.128662109375, -2.517578125, -1.125, -1.0078125],
        [-0.73583984375, -0.475830078125, -0.2164306640625, 0.04327392578125, 0.302978515625, 0.5625, 0.822265625,
         -0.73583984375, -0.475830078125, -0.2164306640625, 0.04327392578125, 0.302978515625],
        [-0.91796875, -0.325927734375, -0.225341796875]),
    'mixed_bfloat16': (
        [0.0, -0.06640625, -0.1298828125, -2.515625, -1.125, -1.0],
        [-0.73828125, -0.4765625, -0.2158203125, 0.043212890625, 0.302734375, 0.5625, 0.8203125, -0.73828125,
         -0.4765625, -0.2158203125, 0.043212890625, 0.302734375],
        [-0.91796875, -0.33203125, -0.2275390625]),
}


@pytest.mark.parametrize('policy', sorted(GOLDEN))
def test_spectral_normalization_training_call_under_a_mixed_policy(policy, xeon_cpu):
    # (goldens of the Xeon, whose bfloat16 MatMul rounds to nearest; the AMD EPYC's truncates:
    # tests/test_lead50_half_matmul_and_wider_dense.py)
    layer = keras.layers.SpectralNormalization(keras.layers.Dense(3, dtype=policy), power_iterations=2, dtype=policy)
    x = (np.arange(8).reshape(2, 4) % 5 - 2).astype('float32') * 0.7
    layer.build(x.shape)
    layer.set_weights([(np.arange(np.prod(w.shape)).reshape(w.shape) % 7 - 3).astype('float32') * 0.3 + 0.05
                       for w in layer.weights])
    y = layer(x, training=True)
    outputs, kernel, vector_u = GOLDEN[policy]
    assert y.dtype == policy.split('_')[1]
    assert np.asarray(tf.cast(y, 'float32')).ravel().tolist() == outputs
    assert [w.name for w in layer.weights] == ['kernel', 'vector_u', 'bias']
    assert all(w.dtype == 'float32' for w in layer.weights)
    assert np.asarray(layer.weights[0]).ravel().tolist() == kernel
    assert np.asarray(layer.weights[1]).ravel().tolist() == vector_u
