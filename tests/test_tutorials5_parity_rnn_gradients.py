"""Recurrent layers' weight gradients summed as TF's step loop sums them (layers/recurrent/
sequence_projection.py: the input kernel and input bias per step, last loop step first; rnn.py: the
recurrent weights read once for the loop, also in a traced step). Expected float32 bits (the first 8
values of each gradient) printed by TensorFlow 2.21 for this program, eagerly and in a tf.function
alike; before, the kernels' last bits differed (the time-series tutorial's LSTM weights drifted).
GRU is checked eagerly only: TF's graph of it differs from its eager run (not emulated)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

LSTM = [[1015968640, -1111715570, -1101417614, 1016536916, 1023841900, -1114600228, -1114985696, 1015293696],
        [982722468, -1137479574, -1126969294, -1169345212, -1143467880, -1124049797, 986925108, -1174128814],
        [1045009128, 1058614254, 1056974948, 1047451658, 1038810328, 1052354613, 1044203316, 1035900467]]
GRU = [[1059778782, 1064281350, 1056294647, -1120802918, 1007342896, 1026246598, -1118966426, -1122784613],
       [-1090122902, -1095627406, -1103737519, -1131772456, 1012819322, -1127290877, 1008415841, -1144828778],
       [-1078206224, -1077897867, -1078630048, -1100373436, -1124194979, 1047608234, -1118666504, 1023269266]]
SIMPLE = [[1070021832, -1067979033, 1090674884, -1084941107, -1055829851, -1062046089, 1082662686, 1083189854],
          [-1066934694, -1137858688, -1082029892, -1106073325, -1098077922, 1073588484, -1085456827, -1084419250],
          [1082466675, -1054134648, 1079107496, -1095573860]]
LSTM_BACKWARDS = [[1026200592, 1034506830, -1148815688, 1035797577, 1020694404, 1025199398, 1021319230, -1143384161],
                  [989962484, 1013137854, 997528817, 984461736, 989383921, -1151617672, -1151249296, 993693481],
                  [1024495885, 1040085029, 1025166831, 1023165004, 1021648364, 1036847805, 1035141859, 1002265292]]


def _layers():
    keras.utils.set_random_seed(0)
    return [keras.layers.LSTM(4, return_sequences=True), keras.layers.GRU(4, return_sequences=True),
            keras.layers.SimpleRNN(4, return_sequences=True), keras.layers.LSTM(4, go_backwards=True)]


@pytest.mark.usefixtures('onednn_on')
@pytest.mark.parametrize('index, expected, traced', [
    (0, LSTM, False), (0, LSTM, True), (1, GRU, False), (2, SIMPLE, False), (2, SIMPLE, True),
    (3, LSTM_BACKWARDS, False), (3, LSTM_BACKWARDS, True)])
def test_weight_gradients(index, expected, traced):
    layers = _layers()                 # built in TF's order, so the initial weights are TF's
    x = np.random.RandomState(0).normal(size=(4, 6, 3)).astype('float32')
    for layer in layers:
        layer.build((None, 6, 3))
    layer = layers[index]

    def grads(v):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(layer(v) ** 2)
        return tape.gradient(loss, layer.trainable_variables)
    result = (tf.function(grads) if traced else grads)(x)
    assert [g.numpy().ravel().view(np.int32)[:8].tolist() for g in result] == expected


@pytest.mark.usefixtures('onednn_on')
def test_rules_on_tensors_give_the_array_rules_bits():
    # under an outer tape the sweep runs the tensor forms of the rules
    layer = _layers()[0]
    x = tf.constant(np.random.RandomState(0).normal(size=(4, 6, 3)).astype('float32'))
    layer.build((None, 6, 3))
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(layer(x) ** 2)
        nested = tape.gradient(loss, layer.trainable_variables)
    assert [g.numpy().ravel().view(np.int32)[:8].tolist() for g in nested] == LSTM
