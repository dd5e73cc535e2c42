"""LayerNormalization in a traced step adds as TensorFlow's graph optimizer regroups Keras 3's formula.

Keras computes x * inv + (-mean * inv + beta); in a tf.function or a Keras predict / train step grappler's
arithmetic optimizer (AddOpsRewrite) adds the two full-shape terms first and the broadcast beta last,
(x * inv + (-mean) * inv) + beta, so 9 of these 48 outputs differ from eager ones (TF 2.21).
Goldens: TF 2.21 (tensorflow-cpu), x = RandomState(4).randn(6, 8), then gamma = randn(8), beta = randn(8);
LayerNormalization() in a tf.function, eagerly, and in Sequential.predict; outputs as uint32 bits.
"""
import numpy as np

import framework as tf
from framework import keras

GRAPH_BITS = [3217246902, 1068208692, 3196844152, 3220269020, 1075701520, 1049892712, 1056709129, 3205139610, 3217582624, 3209980300, 1067768466, 1054558645, 1075850877, 1052685351, 1068444808, 3206574451, 3215541186, 1074231446, 1067135616, 1040348234, 1075564267, 1052135207, 3185697556, 3212521161, 3218988722, 1057620282, 1067814453, 1075885238, 1075890670, 1050328110, 1060673664, 3208057280, 3216568345, 3213264148, 3195190500, 3208264086, 1075981434, 1052755237, 1050446122, 3206760821, 3214499130, 1066361671, 3207992886, 1045567394, 1075726005, 1053245148, 1050295794, 3203188250]
EAGER_BITS = [3217246901, 1068208692, 3196844152, 3220269020, 1075701520, 1049892712, 1056709129, 3205139611, 3217582624, 3209980299, 1067768466, 1054558646, 1075850877, 1052685351, 1068444808, 3206574451, 3215541186, 1074231447, 1067135616, 1040348234, 1075564266, 1052135207, 3185697557, 3212521161, 3218988722, 1057620282, 1067814453, 1075885238, 1075890670, 1050328111, 1060673664, 3208057280, 3216568345, 3213264148, 3195190498, 3208264086, 1075981434, 1052755237, 1050446122, 3206760821, 3214499130, 1066361671, 3207992886, 1045567394, 1075726005, 1053245148, 1050295794, 3203188250]


def _layer_and_input():
    rng = np.random.RandomState(4)
    x = tf.constant(rng.randn(6, 8).astype('float32'))
    layer = keras.layers.LayerNormalization()
    layer.build((6, 8))
    layer.set_weights([rng.randn(8).astype('float32'), rng.randn(8).astype('float32')])
    return layer, x


def _bits(t):
    return np.asarray(t).ravel().view(np.uint32).tolist()


def test_traced_layer_normalization_is_tf_graph_bits():
    layer, x = _layer_and_input()
    assert _bits(tf.function(lambda x: layer(x))(x)) == GRAPH_BITS


def test_eager_layer_normalization_keeps_keras_order():
    layer, x = _layer_and_input()
    assert _bits(layer(x)) == EAGER_BITS
    assert GRAPH_BITS != EAGER_BITS         # the data tells the two orders apart


def test_predict_takes_the_graph_order():
    layer, x = _layer_and_input()
    model = keras.Sequential([keras.Input((8,)), layer])
    assert _bits(model.predict(x.numpy(), verbose=0)) == GRAPH_BITS
