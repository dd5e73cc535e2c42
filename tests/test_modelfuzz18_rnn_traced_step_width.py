"""A built LSTM / GRU / SimpleRNN given steps of another feature size in a traced call (fit's, evaluate's and
predict's steps) fails as Keras 3 on TF 2.21: TensorFlow's shape inference refuses the cell's first MatMul as
the graph is built, a ValueError naming the node and its inputs, worded as the cell's call. tapeflow raised the
eager kernel's InvalidArgumentError ('Matrix size-incompatible: In[0]: [4,2], In[1]: [3,12] [Op:MatMul]') with
the concrete batch. Texts: TF 2.21, /work/notes/progs/modelfuzz18/r3.py (r1.py, r2.py: more layers and modes)."""
import numpy as np
import pytest

from framework import keras
from framework.errors import InvalidArgumentError

L = keras.layers
X = np.arange(8 * 5 * 2, dtype='float32').reshape(8, 5, 2) / 80       # 2 features; the layers take 3
Y = np.zeros((8, 2), 'float32')
ATTRS = 'grad_a=false, grad_b=false, transpose_a=false, transpose_b=false'


def model(rnn):
    keras.utils.set_random_seed(1)
    m = keras.Sequential([keras.Input((5, 3)), rnn, L.Dense(2, name='out')], name='net')
    m.compile('sgd', 'mse')
    return m


def banner(cell, node, dtype, step, kernel, shapes, argument, batch, states, training):
    state = "'tf.Tensor(shape=(%s, 3), dtype=%s)'" % (batch, dtype)
    return ("Exception encountered when calling %s.call().\n\n\x1b[1mDimensions must be equal, but are 2 and 3 for "
            "'{{node %s}} = MatMul[T=%s, %s](%s, %s)' with input shapes: %s.\x1b[0m\n\nArguments received by "
            "%s.call():\n  \u2022 %s=tf.Tensor(shape=(%s, 2), dtype=%s)\n  \u2022 states=(%s)\n  \u2022 training=%s"
            % (cell, node, 'DT_HALF' if dtype == 'float16' else 'DT_FLOAT', ATTRS, step, kernel, shapes, cell,
               argument, batch, dtype, ', '.join([state] * states) + (',' if states == 1 else ''), training))


def refusal(call):
    with pytest.raises(ValueError) as caught:
        call()
    return str(caught.value)


def test_fit_on_a_known_batch_names_the_first_time_slice():
    m = model(L.LSTM(3, name='rec'))
    assert refusal(lambda: m.fit(X, Y, batch_size=4, epochs=1, verbose=0)) == banner(
        'LSTMCell', 'net_1/rec_1/lstm_cell_1/MatMul', 'float32', 'net_1/rec_1/strided_slice_1',
        'net_1/rec_1/lstm_cell_1/Cast/ReadVariableOp', '[4,2], [3,12]', 'inputs', 4, 2, True)


def test_evaluate_on_an_open_batch_shows_it_open():
    m = model(L.LSTM(3, name='rec'))        # one batch of 32 rows at most: the batch length is open
    assert refusal(lambda: m.evaluate(X, Y, verbose=0)) == banner(
        'LSTMCell', 'net_1/rec_1/lstm_cell_1/MatMul', 'float32', 'net_1/rec_1/strided_slice_2',
        'net_1/rec_1/lstm_cell_1/Cast/ReadVariableOp', '[?,2], [3,12]', 'inputs', None, 2, False)


def test_input_dropout_while_training_feeds_the_masked_step():
    m = model(L.GRU(3, dropout=0.5, name='rec'))
    assert refusal(lambda: m.fit(X, Y, batch_size=4, epochs=1, verbose=0)) == banner(
        'GRUCell', 'net_1/rec_1/gru_cell_1/MatMul', 'float32', 'net_1/rec_1/gru_cell_1/mul',
        'net_1/rec_1/gru_cell_1/Cast/ReadVariableOp', '[4,2], [3,9]', 'inputs', 4, 1, True)


def test_unrolled_predict_feeds_the_unstacked_step():
    m = model(L.SimpleRNN(3, unroll=True, name='rec'))
    assert refusal(lambda: m.predict(X, verbose=0)) == banner(
        'SimpleRNNCell', 'net_1/rec_1/simple_rnn_cell_1/MatMul', 'float32', 'net_1/rec_1/unstack',
        'net_1/rec_1/simple_rnn_cell_1/Cast/ReadVariableOp', '[8,2], [3,3]', 'sequence', 8, 1, False)


def test_bidirectional_names_its_forward_layer():
    m = model(L.Bidirectional(L.GRU(3, name='rec'), name='bi'))
    assert refusal(lambda: m.predict(X, verbose=0)) == banner(
        'GRUCell', 'net_1/bi_1/forward_rec_1/gru_cell_1/MatMul', 'float32', 'net_1/bi_1/forward_rec_1/strided_slice_1',
        'net_1/bi_1/forward_rec_1/gru_cell_1/Cast/ReadVariableOp', '[8,2], [3,9]', 'inputs', 8, 1, False)


def test_mixed_float16_multiplies_by_the_cast_kernel():
    keras.mixed_precision.set_global_policy('mixed_float16')
    try:
        m = model(L.LSTM(3, name='rec'))
        text = refusal(lambda: m.fit(X, Y, batch_size=4, epochs=1, verbose=0))
    finally:
        keras.mixed_precision.set_global_policy('float32')
    assert text == banner(
        'LSTMCell', 'net_1/rec_1/lstm_cell_1/MatMul', 'float16', 'net_1/rec_1/strided_slice_1',
        'net_1/rec_1/lstm_cell_1/Cast/Cast', '[4,2], [3,12]', 'inputs', 4, 2, True)


def test_an_eager_call_keeps_the_kernel_error():
    m = model(L.LSTM(3, name='rec'))
    with pytest.raises(InvalidArgumentError, match=r'Matrix size-incompatible: In\[0\]: \[8,2\], In\[1\]: \[3,12\]'):
        m(X)
