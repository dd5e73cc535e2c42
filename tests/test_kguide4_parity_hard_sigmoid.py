"""hard_sigmoid / hard_silu carry TF 2.21's bits, eager and in traced steps.

Keras 3's TF backend writes hard_sigmoid as relu6(x + 3) / 6 (tapeflow had clip(x * (1/6) + 0.5),
which rounds differently in about a third of the values); in a traced function TF's graph optimizer
turns the division into a multiplication by 1/6, and for hard_silu also pushes it onto x:
(x * (1/6)) * relu6(x + 3) when x is made by an op of the graph (a Dense layer's output).
Goldens: float32 bit patterns printed by /work/notes/progs/kguides4/g1.py under TF 2.21 / Keras 3.
"""
import numpy as np

import framework as tf
from framework import keras

X = np.array([1084840282, 1067034894, 1077668590, 1087840304, 1085491483, -1069833430, 1077308095,
              -1092060141], np.int32).view(np.float32)
EAGER_HARD_SIGMOID = [1065353216, 1060321371, 1065174857, 1065353216, 1065353216, 1010443179, 1064934528,
                      1054425256]
TRACED_HARD_SIGMOID = [1065353216, 1060321371, 1065174858, 1065353216, 1065353216, 1010443179, 1064934528,
                       1054425256]
EAGER_HARD_SILU_OF_X_PLUS_HALF = [1085888858, 1068139659, 1079765742, 1088888880, 1086540059, -1100230969,
                                  1079405247, 1019150515]
TRACED_HARD_SILU_OF_X_PLUS_HALF = [1085888858, 1068139659, 1079765742, 1088888881, 1086540060, -1100230969,
                                   1079405248, 1019150516]


def bits(t):
    return np.asarray(t).ravel().view(np.int32).tolist()


def test_eager_hard_sigmoid_divides_by_six_as_keras_tf_backend():
    x = tf.constant(X)
    assert bits(keras.activations.hard_sigmoid(x)) == EAGER_HARD_SIGMOID
    assert bits(keras.ops.hard_sigmoid(x)) == EAGER_HARD_SIGMOID


def test_traced_hard_sigmoid_multiplies_by_the_reciprocal():
    assert bits(tf.function(keras.activations.hard_sigmoid)(tf.constant(X))) == TRACED_HARD_SIGMOID


def test_hard_silu_eager_and_traced():
    x = tf.constant(X)
    assert bits(keras.activations.hard_silu(x + 0.5)) == EAGER_HARD_SILU_OF_X_PLUS_HALF
    traced = tf.function(lambda x: keras.activations.hard_silu(x + 0.5))
    assert bits(traced(x)) == TRACED_HARD_SILU_OF_X_PLUS_HALF
    traced_ops = tf.function(lambda x: keras.ops.hard_swish(x + 0.5))
    assert bits(traced_ops(x)) == TRACED_HARD_SILU_OF_X_PLUS_HALF


def test_dense_layers_with_hard_activations_predict_and_call_as_tf(cpu_kind):
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((8,)), keras.layers.Dense(4, activation='hard_silu'),
                              keras.layers.Dense(4, activation='hard_sigmoid')])
    xs = np.random.RandomState(1).normal(size=(2, 8)).astype('float32')
    # predict runs Keras's traced step (grappler's forms); a direct call is eager
    predicted = [1057938366, 1057187681, 1055366747, 1057376679, 1056163378, 1056926059, 1058264670, 1054038747]
    if cpu_kind == 'avx2':      # TF 2.21 on an AVX2 AMD EPYC (oneDNN off: Eigen's product order)
        predicted[4] = 1056163376
    assert bits(model.predict(xs, verbose=0)) == predicted
    called = [1057938365, 1057187681, 1055366747, 1057376679, 1056163377, 1056926059, 1058264669, 1054038748]
    if cpu_kind == 'avx2':
        called[4], called[7] = 1056163376, 1054038747
    assert bits(model(xs)) == called
