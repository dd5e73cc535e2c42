"""BatchNormalization under a float16 / bfloat16 policy normalizes in float32, as Keras 3 (result_type(x, float32)):
its float16 weights are widened, the moving statistics are updated in float32 and assigned back, the output cast
to float16. tapeflow normalized in float16: outputs and moving statistics ulps off TF 2.21.

Golden values printed by TF 2.21 with /work/notes/progs/layers8/gold_bn16.py: the first 8 training outputs, the first 8
inference outputs after the update, moving_mean and moving_variance, the first 4 input gradients, gamma's and beta's.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

GOLDEN = {
    'float16': [[-0.486572265625, -0.454345703125, -1.3017578125, 2.505859375, -2.361328125, -0.76220703125, -0.0080413818359375, -0.479248046875], [-0.343994140625, 0.1287841796875, -2.958984375, 4.56640625, -3.947265625, -0.8203125, 0.94287109375, -1.4140625], [[0.1351318359375, 0.4111328125, -0.2032470703125, 0.1131591796875, 0.1998291015625], [1.7890625, 2.38671875, 2.9921875, 2.734375, 2.61328125]], [0.4609375, 0.07293701171875, 0.125, -0.2391357421875], [-3.58984375, 3.333984375, 0.370849609375, -6.859375, 3.8046875], [-6.171875, 3.63671875, -3.216796875, -2.724609375, -5.28515625]],
    'bfloat16': [[-0.486328125, -0.455078125, -1.296875, 2.5, -2.359375, -0.76171875, -0.005859375, -0.478515625], [-0.34375, 0.1298828125, -2.953125, 4.5625, -3.953125, -0.8203125, 0.9453125, -1.4140625], [[0.1357421875, 0.41015625, -0.203125, 0.11279296875, 0.2001953125], [1.7890625, 2.390625, 3.0, 2.734375, 2.609375]], [0.4609375, 0.07275390625, 0.125, -0.2412109375], [-3.59375, 3.328125, 0.3671875, -6.875, 3.796875], [-6.1875, 3.640625, -3.21875, -2.734375, -5.28125]],
}


@pytest.mark.parametrize('policy', sorted(GOLDEN))
def test_batch_normalization_under_a_half_precision_policy(policy):
    x = np.random.RandomState(2).randn(4, 3, 5).astype('float32') * 3 + 1
    layer = keras.layers.BatchNormalization(momentum=0.8, dtype=policy)
    layer.build(x.shape)
    layer.set_weights([np.linspace(0.5, 1.5, 5).astype('float32'), np.linspace(-0.2, 0.3, 5).astype('float32'),
                       np.linspace(-0.1, 0.1, 5).astype('float32'), np.linspace(0.9, 1.3, 5).astype('float32')])
    with tf.GradientTape() as tape:
        xt = tf.constant(x)
        tape.watch(xt)
        y = layer(xt, training=True)
        loss = tf.reduce_sum(tf.cast(y, 'float32') * np.random.RandomState(3).randn(4, 3, 5).astype('float32'))
    grads = tape.gradient(loss, [xt] + layer.trainable_weights)
    z = layer(x, training=False)

    def values(t):
        return np.asarray(tf.cast(t, 'float32')).ravel().tolist()

    trained, inferred, moving, grad_x, grad_gamma, grad_beta = GOLDEN[policy]
    assert y.dtype == policy and z.dtype == policy
    assert all(w.dtype == policy for w in layer.weights)
    assert values(y)[:8] == trained
    assert values(z)[:8] == inferred
    assert [values(w) for w in layer.weights[2:]] == moving
    assert values(grads[0])[:4] == grad_x
    assert values(grads[1]) == grad_gamma
    assert values(grads[2]) == grad_beta
