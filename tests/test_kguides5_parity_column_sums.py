"""Column sums in TensorFlow's order: a lone tail column, a (n, 1) gradient, RNN biases.

Gradients the RNN guide's models take, measured against TF 2.21 (goldens: float32 bit
patterns from /work/notes/progs/kguides5/g6.py and g7.py, same seeds and data as below):
- reduce_sum over the first axis of (16, 9): Eigen's InnerMostDimPreserver sums the column past
  the last packet of 8 row after row; numpy summed that lone column pairwise
  (framework/eigen_outer_sum.py; exact-math sizes and from 4096 values);
- ``x + b`` with x (n, 1) and b (1,): TF reduces the gradient as one whole tensor (reduce_sum over
  every value); numpy summed it pairwise (framework/array_sweep.py sum_to_array);
- SimpleRNN's input bias: Keras adds it with ops.add, which TF's backend makes a tf.nn.bias_add,
  so each step's gradient is BiasAddGrad's row-after-row sum, not reduce_sum's four accumulators
  (layers/recurrent/sequence_projection.py). SimpleRNN(9) over 16 samples drifted in its bias;
- GRU's recurrent bias: Keras adds it with ``+=`` (AddV2), so its gradient is reduce_sum's, not the
  fused affine's BiasAddGrad (layers/recurrent/gru.py); LSTM's bias, added last with ops.add, is
  a bias_add: BiasAddGrad's order (layers/recurrent/lstm.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def bits(t):
    return np.asarray(t).view(np.int32).ravel().tolist()


def test_a_lone_tail_column_adds_row_after_row(exact_math):
    a = np.random.default_rng(5).standard_normal((16, 9)).astype(np.float32)
    assert bits(tf.reduce_sum(tf.constant(a), axis=0)) == [
        1069842857, -1073454116, -1062840740, -1073890884, 1072237026, -1094969348, -1074050088, 1021814240,
        -1058187916]


@pytest.mark.parametrize('n, golden', [(16, -1079314650), (32, -1049985293), (40, -1094301092),
                                       (64, -1056715142)])
def test_a_column_summed_to_one_bias_value_is_one_whole_sum(n, golden):
    rng = np.random.default_rng(7)
    for size in (16, 32, 40, 64):       # the golden program's draws, in its order
        g = rng.standard_normal((size, 1)).astype(np.float32)
        if size == n:
            break
    b = tf.Variable(np.zeros(1, np.float32))
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum((tf.constant(np.ones((n, 1), np.float32)) + b) * g)
    assert bits(tape.gradient(loss, b)) == [golden]


@pytest.mark.avx512_bits
def test_simple_rnn_input_bias_sums_as_bias_add_grad(exact_math):
    keras.utils.set_random_seed(3)
    x = np.random.random((16, 3, 5)).astype('float32')
    rnn = keras.layers.SimpleRNN(9)
    rnn(x)
    assert [bits(w)[:2] for w in rnn.weights] == [[1047044244, -1096729093], [-1097860616, 1044579870], [0, 0]]
    with tf.GradientTape() as tape:
        out = rnn(x)
        loss = tf.reduce_sum(out * out)
    assert bits(tape.gradient(loss, rnn.trainable_weights[2])) == [
        1074050862, 1077894732, -1052330719, 1042547724, 1077246390, 1097719281, 1096310041, -1062832787,
        -1060695045]


@pytest.mark.avx512_bits
def test_gru_recurrent_bias_sums_as_reduce_sum(exact_math):
    # Keras's GRU adds its recurrent bias with ``matrix_inner += recurrent_bias`` (AddV2: reduce_sum's
    # four accumulators over 16 rows), its input bias with ops.add (bias_add); /work/notes/progs/kguides5/g8.py
    keras.utils.set_random_seed(25)
    x = np.random.random((16, 2, 5)).astype('float32')
    gru = keras.layers.GRU(9)
    gru(x)
    assert [bits(w)[:2] for w in gru.weights] == [[-1093292691, 1018642640], [-1101176376, 1045739382], [0, 0]]
    with tf.GradientTape() as tape:
        out = gru(x)
        loss = tf.reduce_sum(tf.sin(out) * out)
    assert bits(tape.gradient(loss, gru.trainable_weights[2])[1]) == [
        -1106328577, -1092039320, -1086688992, -1101672662, -1105957629, -1087067066, -1100186187, -1114519768,
        -1100015308, 1023105288, 1017023361, 986327160, 1028946249, -1139791351, -1118635318, 1014220304,
        998730516, -1156328174, 1064997726, -1075420624, 1073393183, -1074606344, -1082553986, 1071702895,
        1068224012, 1040354043, -1081874741]


# TF 2.21 on an AVX2 AMD EPYC (oneDNN off: Eigen's products): [26] and [35] one ulp off the Xeon's
# (notes/progs/epyc2/lstm.py)
LSTM_BIAS_GRADIENT_AVX2 = [
    1029482394, 1036947728, 1052377906, 1017531462, 1027154543, 1046599176, 1045767606, 1021202668,
    1012785900, 1012047426, 1017632735, 1032904555, 1000536251, 992318662, 1031987806, 1029345122,
    1006941811, 984767135, -1087921310, -1089351250, -1074277819, -1105404942, 1048690925, 1069731075,
    -1076919815, 1049094423, -1116601920, 1029190392, 1037481060, 1053882775, 1014071451, 1025005408,
    1049912810, 1046768391, 1024139104, 1016962651]


def test_lstm_bias_sums_as_bias_add_grad(exact_math, cpu_kind):
    # Keras's LSTM (implementation 2) adds its bias last with ops.add: a bias_add, so BiasAddGrad's
    # row-after-row sums (tapeflow added it with a plain +: reduce_sum's order); g9.py
    keras.utils.set_random_seed(25)
    x = np.random.random((16, 2, 5)).astype('float32')
    lstm = keras.layers.LSTM(9)
    lstm(x)
    assert [bits(w)[:2] for w in lstm.weights] == [[-1094924775, 1017242944], [-1103122424, 1043869502], [0, 0]]
    with tf.GradientTape() as tape:
        out = lstm(x)
        loss = tf.reduce_sum(tf.sin(out) * out)
    if cpu_kind == 'avx2':
        assert bits(tape.gradient(loss, lstm.trainable_weights[2])) == LSTM_BIAS_GRADIENT_AVX2
        return
    assert bits(tape.gradient(loss, lstm.trainable_weights[2])) == [
        1029482394, 1036947728, 1052377906, 1017531462, 1027154543, 1046599176, 1045767606, 1021202668, 1012785900,
        1012047426, 1017632735, 1032904555, 1000536251, 992318662, 1031987806, 1029345122, 1006941811, 984767135,
        -1087921310, -1089351250, -1074277819, -1105404942, 1048690925, 1069731075, -1076919815, 1049094423,
        -1116601919, 1029190392, 1037481060, 1053882775, 1014071451, 1025005408, 1049912810, 1046768391,
        1024139104, 1016962652]
