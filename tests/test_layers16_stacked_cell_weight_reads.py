"""Cells called a step at a time (StackedRNNCells) read their weights once a step, as Keras's cells do.

Keras's LSTMCell / GRUCell read each weight (a ReadVariableOp) at every call, so TF 2.21's eager tape adds a
variable's gradient as T terms (an AddN from ten: layers/recurrent/step_term_sums.py). tapeflow's fused LSTM step
(lstm_gates.py) took the bias variable in both of its ops, and GRUCell(reset_after=True) sliced the bias variable
twice a step (input half, recurrent half): 2T terms, whose AddN chunks rounded otherwise from five steps
(keras.layers.RNN(StackedRNNCells([LSTMCell(2)])) on 5 steps: the bias gradient 1-2 ulps off in 2 of 8 values;
RNN(LSTMCell(2)) was right). Now RecurrentCell.call reads the weights once a step.

Golden values printed by TF 2.21 with /work/notes/progs/layers16/gold_sb.py (float32 bits as hex):
    x = RandomState(7).randn(4, 7, 3); RNN(StackedRNNCells([Cell(2, seeded), Cell(3, seeded)])); loss sum(y * y)
The first GRUCell's eager gradients still differ (its state's three readers add otherwise; see the layers16 report).

In a traced step (a tf.function) Keras's while_loop body reads each weight once and the backward loop adds the
steps' terms to it one at a time: sequence_weight_reads.py holds one read per sequence there. TF 2.21's traced
gradients (equal to its eager ones) printed by /work/notes/progs/layers16/gold_sb2.py; tapeflow's differed in every
cell weight.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

LSTM_GRADIENTS = {
    'lstm_cell/kernel': [
        'b751b2d7', '386e33c1', '3868923d', '375969af', 'ba65e5c0', '392ef136', '37f3c2f8', '37df856e', '397597bb',
        'b77d330d', 'b8057780', 'b7264245', 'baeba6b5', '39a721a4', '38a9327a', 'b50d082c', '395d8fbd', '3742372c',
        'b82d15f9', 'b7a02c78', '3ae9851f', 'b9a1cf7d', '3716b2f2', 'b72f3b6d',
    ],
    'lstm_cell/recurrent_kernel': [
        '34b4eb10', '35cb53aa', '369c22d4', '35b4683f', 'b90f187c', '37f3d365', '3683898b', '35f78b55', 'b6346707',
        'b630c19e', 'b6e12789', 'b66ff32c', '39996bdb', 'b8810563', 'b7041bc8', 'b699c2b6',
    ],
    'lstm_cell/bias': [
        'b909fa24', 'b88328e3', 'b8e7bd4b', 'b8472252', '3be7b565', 'bad0ed7e', 'b91002f0', 'b88d32db',
    ],
    'lstm_cell_1/kernel': [
        'b869e5c4', 'b7815176', 'ba1dc6b9', 'b8801f65', 'b7901bc9', 'ba1a7cb5', '3b76bcff', '3b0357de', '3c41f6b3',
        'b8947178', 'b7aa0c1e', 'ba3d04e1', '390a879a', '381af353', '3ab79c73', '391928c6', '382bfc72', '3ab8fe89',
        'bc104741', 'bb9a0916', 'bce17387', '39220088', '3838fd53', '3ad0eae2',
    ],
    'lstm_cell_1/recurrent_kernel': [
        'b82685a2', 'b73b668e', 'b9dad071', 'b83a8d45', 'b7529037', 'b9dfc03b', '3b2cccc7', '3ab8b462', '3c063735',
        'b85294f9', 'b7716f0f', 'ba0652f2', 'b7af7f4e', 'b6c58731', 'b9668ee5', 'b7c4c30f', 'b6de2883', 'b96be417',
        '3ab61f03', '3a42ae3e', '3b8d6a88', 'b7deaf54', 'b6ff631d', 'b98df56a', 'b8f951c5', 'b80c3b78', 'baa3b016',
        'b90c3b2a', 'b81e3221', 'baa82940', '3c016e1d', '3b8a4cc4', '3cc8c6c2', 'b9214dde', 'b838d123', 'bacd781d',
    ],
    'lstm_cell_1/bias': [
        '3b0c6ede', '3a1e2fb9', '3cba65cc', '3b0f023b', '3a217b41', '3cac6d84', 'be105157', 'bd9a88d9', 'bee555b3',
        '3b0f5a60', '3a247234', '3cb9c78a',
    ],
}

SECOND_GRU_CELL_GRADIENTS = {
    'gru_cell_1/kernel': [
        'b7cf5f8b', 'b80e7793', 'b5995bd8', 'b98af05d', '3a024225', 'b859c22e', 'bc9b0b18', 'bc94a08e', 'bb36ea95',
        '37d6b5c5', '38a114ee', '36f23a43', 'b9962c50', '3a04c2d6', 'b81b9562', 'bca78d98', 'bc977b36', 'bb02b2a7',
    ],
    'gru_cell_1/recurrent_kernel': [
        '36843686', '3656685e', '32c45ce4', '39007812', 'b97244a5', '37ce0d9d', '3b874cd0', '3b84dabf', '3a2ad833',
        '3631efdd', '35837beb', 'b4348df0', '38ece9a9', 'b95fde16', '37c11fed', '3b7984e5', '3b75806b', '3a201edb',
        '33deb3e7', 'b5661942', 'b42237d6', '37de1fb8', 'b853ddea', '36bad6fd', '3a69f69c', '3a68495d', '391ae5ff',
    ],
    'gru_cell_1/bias': [
        'b9536d49', 'b97942f4', 'b6aff460', 'bb73f8ed', '3be8f8bc', 'ba38e11d', 'be881f72', 'be84efd3', 'bd1b4c70',
        'b9536d49', 'b97942f4', 'b6aff460', 'bb73f8ed', '3be8f8bc', 'ba38e11d', 'be007789', 'bdff98d4', 'bc9949ec',
    ],
}


TRACED_GRADIENTS = {
    'lstm': {
        'lstm_cell/kernel': [
            'b751b2d7', '386e33c1', '3868923d', '375969af', 'ba65e5c0', '392ef136', '37f3c2f8', '37df856e',
            '397597bb', 'b77d330d', 'b8057780', 'b7264245', 'baeba6b5', '39a721a4', '38a9327a', 'b50d082c',
            '395d8fbd', '3742372c', 'b82d15f9', 'b7a02c78', '3ae9851f', 'b9a1cf7d', '3716b2f2', 'b72f3b6d',
        ],
        'lstm_cell/recurrent_kernel': [
            '34b4eb10', '35cb53aa', '369c22d4', '35b4683f', 'b90f187c', '37f3d365', '3683898b', '35f78b55',
            'b6346707', 'b630c19e', 'b6e12789', 'b66ff32c', '39996bdb', 'b8810563', 'b7041bc8', 'b699c2b6',
        ],
        'lstm_cell/bias': [
            'b909fa24', 'b88328e3', 'b8e7bd4b', 'b8472252', '3be7b565', 'bad0ed7e', 'b91002f0', 'b88d32db',
        ],
        'lstm_cell_1/kernel': [
            'b869e5c4', 'b7815176', 'ba1dc6b9', 'b8801f65', 'b7901bc9', 'ba1a7cb5', '3b76bcff', '3b0357de',
            '3c41f6b3', 'b8947178', 'b7aa0c1e', 'ba3d04e1', '390a879a', '381af353', '3ab79c73', '391928c6',
            '382bfc72', '3ab8fe89', 'bc104741', 'bb9a0916', 'bce17387', '39220088', '3838fd53', '3ad0eae2',
        ],
        'lstm_cell_1/recurrent_kernel': [
            'b82685a2', 'b73b668e', 'b9dad071', 'b83a8d45', 'b7529037', 'b9dfc03b', '3b2cccc7', '3ab8b462',
            '3c063735', 'b85294f9', 'b7716f0f', 'ba0652f2', 'b7af7f4e', 'b6c58731', 'b9668ee5', 'b7c4c30f',
            'b6de2883', 'b96be417', '3ab61f03', '3a42ae3e', '3b8d6a88', 'b7deaf54', 'b6ff631d', 'b98df56a',
            'b8f951c5', 'b80c3b78', 'baa3b016', 'b90c3b2a', 'b81e3221', 'baa82940', '3c016e1d', '3b8a4cc4',
            '3cc8c6c2', 'b9214dde', 'b838d123', 'bacd781d',
        ],
        'lstm_cell_1/bias': [
            '3b0c6ede', '3a1e2fb9', '3cba65cc', '3b0f023b', '3a217b41', '3cac6d84', 'be105157', 'bd9a88d9',
            'bee555b3', '3b0f5a60', '3a247234', '3cb9c78a',
        ],
    },
    'gru': {
        'gru_cell/kernel': [
            '391ed581', '3a3f97b8', 'b6445d60', 'b84e9a32', 'bb74bbdb', '3b9c3074', 'b9e1893f', 'bb97536c',
            '370cc87f', 'b8a60ed3', 'bb54dffb', '3b8629fc', 'baa541cf', 'ba6bd2dd', '3668b832', '38a930c6',
            '3b90959e', 'bbda37a2',
        ],
        'gru_cell/recurrent_kernel': [
            '3832e941', '38cc1951', 'b5d905a9', '37d1e2bf', '3a2c3503', 'ba6b1dff', 'b8610a7d', 'b9779e34',
            '35921e36', '37a19633', '3a2e0458', 'ba829e11',
        ],
        'gru_cell/bias': [
            'b92d8749', '393bef5f', 'b6dc0dfa', '39cae9a3', '3cb8e648', 'bcf82a5d', 'b92d8749', '393bef5f',
            'b6dc0dfa', '39cae9a3', '3c306dab', 'bc7cb740',
        ],
        'gru_cell_1/kernel': [
            'b7cf5f8b', 'b80e7793', 'b5995bd8', 'b98af05d', '3a024225', 'b859c22e', 'bc9b0b18', 'bc94a08e',
            'bb36ea95', '37d6b5c5', '38a114ee', '36f23a43', 'b9962c50', '3a04c2d6', 'b81b9562', 'bca78d98',
            'bc977b36', 'bb02b2a7',
        ],
        'gru_cell_1/recurrent_kernel': [
            '36843686', '3656685e', '32c45ce4', '39007812', 'b97244a5', '37ce0d9d', '3b874cd0', '3b84dabf',
            '3a2ad833', '3631efdd', '35837beb', 'b4348df0', '38ece9a9', 'b95fde16', '37c11fed', '3b7984e5',
            '3b75806b', '3a201edb', '33deb3e7', 'b5661942', 'b42237d6', '37de1fb8', 'b853ddea', '36bad6fd',
            '3a69f69c', '3a68495d', '391ae5ff',
        ],
        'gru_cell_1/bias': [
            'b9536d49', 'b97942f4', 'b6aff460', 'bb73f8ed', '3be8f8bc', 'ba38e11d', 'be881f72', 'be84efd3',
            'bd1b4c70', 'b9536d49', 'b97942f4', 'b6aff460', 'bb73f8ed', '3be8f8bc', 'ba38e11d', 'be007789',
            'bdff98d4', 'bc9949ec',
        ],
    },
    'simple': {
        'simple_rnn_cell/kernel': [
            '39e0e7f2', '3b82b9dc', 'bb146934', 'bc4ee8d7', '3ae93ceb', 'b8dfd988',
        ],
        'simple_rnn_cell/recurrent_kernel': [
            'b931b6c4', 'b937a433', '39b86f4d', '39865f4e',
        ],
        'simple_rnn_cell/bias': [
            '3c35612a', '3cb4626c',
        ],
        'simple_rnn_cell_1/kernel': [
            '3c2d3255', '3bb7ea30', '3d175661', 'bcadb018', 'bc2a6ff5', 'bd953752',
        ],
        'simple_rnn_cell_1/recurrent_kernel': [
            '3c057d1a', '3b8a8a58', '3cc4a1f5', '3b816f14', '3b0620e3', '3c402c09', '3ccd0f43', '3c58c0ef',
            '3d940ad9',
        ],
        'simple_rnn_cell_1/bias': [
            'be86320d', 'be0d2a55', 'bf42f682',
        ],
    },
}


def bits(a):
    return [format(int(v), '08x') for v in np.asarray(a, np.float32).ravel().view(np.uint32)]


def seeded(seed):
    return dict(kernel_initializer=keras.initializers.RandomNormal(seed=seed),
                recurrent_initializer=keras.initializers.RandomNormal(seed=seed + 1),
                bias_initializer=keras.initializers.RandomNormal(seed=seed + 2))


def stacked_gradients(cell_class):
    x = np.random.RandomState(7).randn(4, 7, 3).astype('float32')
    layer = keras.layers.RNN(keras.layers.StackedRNNCells([cell_class(2, **seeded(1)), cell_class(3, **seeded(5))]))
    with tf.GradientTape() as tape:
        y = layer(x)
        loss = tf.reduce_sum(y * y)
    grads = tape.gradient(loss, layer.trainable_variables)
    return {'/'.join(v.path.split('/')[-2:]): bits(g) for v, g in zip(layer.trainable_variables, grads)}


@pytest.fixture
def exact_math():
    before = tf.config.tf_exact_math()
    tf.config.set_tf_exact_math(True)
    yield
    tf.config.set_tf_exact_math(before)


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_stacked_lstm_cells_gradients(exact_math):
    keras.backend.clear_session()       # (the weights' paths: lstm_cell, lstm_cell_1)
    got = stacked_gradients(keras.layers.LSTMCell)
    for path, expected in LSTM_GRADIENTS.items():
        assert got[path] == expected, path


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_stacked_gru_cells_last_cell_gradients(exact_math):
    keras.backend.clear_session()
    got = stacked_gradients(keras.layers.GRUCell)
    for path, expected in SECOND_GRU_CELL_GRADIENTS.items():
        assert got[path] == expected, path


def test_a_cell_called_by_hand_still_trains_its_variables():
    cell = keras.layers.LSTMCell(2, **seeded(3))
    x, h, c = (np.ones((1, 3), 'float32'), np.zeros((1, 2), 'float32'), np.zeros((1, 2), 'float32'))
    with tf.GradientTape() as tape:
        out, _ = cell(x, [h, c])
        loss = tf.reduce_sum(out)
    grads = tape.gradient(loss, cell.trainable_variables)
    assert [g is not None for g in grads] == [True, True, True]
    assert float(tf.reduce_sum(tf.abs(grads[2]))) > 0


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
@pytest.mark.parametrize('kind', ['lstm', 'gru', 'simple'])
def test_stacked_cells_traced_gradients(kind, exact_math):
    keras.backend.clear_session()
    cell_class = {'lstm': keras.layers.LSTMCell, 'gru': keras.layers.GRUCell, 'simple': keras.layers.SimpleRNNCell}[kind]
    x = tf.constant(np.random.RandomState(7).randn(4, 7, 3).astype('float32'))
    layer = keras.layers.RNN(keras.layers.StackedRNNCells([cell_class(2, **seeded(1)), cell_class(3, **seeded(5))]))

    @tf.function
    def step():
        with tf.GradientTape() as tape:
            y = layer(x)
            loss = tf.reduce_sum(y * y)
        return tape.gradient(loss, layer.trainable_variables)
    grads = step()      # (builds the layer: its variables exist after)
    got = {'/'.join(v.path.split('/')[-2:]): bits(g) for v, g in zip(layer.trainable_variables, grads)}
    for path, expected in TRACED_GRADIENTS[kind].items():
        assert got[path] == expected, path
    assert all(type(w).__name__ != 'Tensor' for w in (layer.cell.cells[0].kernel, layer.cell.cells[0].bias))
