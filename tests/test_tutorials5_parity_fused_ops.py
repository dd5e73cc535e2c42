"""tf.tanh / tf.sigmoid / tf.nn.elu called on a Dense output inside a tf.function take the fused
oneDNN kernel's values, as an Activation layer's do (framework/ops/fusable_outputs.py): TF's graph
is the same either way. Expected float32 bits (the first 8 of 32 values) printed by TensorFlow 2.21
for this program; eagerly, 12, 18 and 11 of the 32 values differ from these."""
import numpy as np
import pytest

import framework as tf
from framework import keras

EXPECTED = {
    'tanh': [1037135495, -1086033234, 1040590520, -1104313874, 1050435173, -1103539345, 1064167297, -1082727643],
    'sigmoid': [1057394652, 1049120090, 1057516470, 1055532882, 1058276931, 1055433777, 1062657808, 1039334116],
    'elu': [1037183641, -1088217160, 1040641341, -1105131644, 1050772902, -1104462224, 1070833780, -1084388872],
}
OPS = {'tanh': tf.tanh, 'sigmoid': tf.sigmoid, 'elu': tf.nn.elu}


@pytest.mark.usefixtures('onednn_on')
@pytest.mark.parametrize('name', sorted(EXPECTED))
def test_activation_op_after_a_traced_dense(name):
    keras.utils.set_random_seed(0)
    x = np.random.RandomState(0).normal(size=(8, 4)).astype('float32')
    dense = keras.layers.Dense(4)
    dense.build((None, 4))
    act = OPS[name]
    traced = tf.function(lambda v: act(dense(v)))(x).numpy()
    assert traced.ravel().view(np.int32)[:8].tolist() == EXPECTED[name]
    layer = tf.function(lambda v: keras.layers.Activation(name)(dense(v)))(x).numpy()
    np.testing.assert_array_equal(traced, layer)
