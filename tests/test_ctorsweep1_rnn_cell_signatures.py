"""GRUCell and LSTMCell take Keras 3's parameters in its order (TF 2.21): the regularizers, constraints,
dropout, recurrent_dropout and seed between the initializers and **kwargs (GRUCell's reset_after after the
dropouts). tapeflow's signatures ended at reset_after / unit_forget_bias, so a positional regularizer
landed in reset_after (GRUCell) or was a TypeError (LSTMCell)."""
import inspect

import numpy as np
import pytest

from framework import keras

L = keras.layers
SHARED = ['kernel_regularizer', 'recurrent_regularizer', 'bias_regularizer', 'kernel_constraint',
          'recurrent_constraint', 'bias_constraint', 'dropout', 'recurrent_dropout']
X = np.linspace(-1, 1, 24).reshape(2, 3, 4).astype('float32')


def _gru():
    return L.GRUCell(2, 'tanh', 'sigmoid', True, 'ones', 'ones', 'ones', keras.regularizers.L2(0.5), 'l1', None,
                     keras.constraints.NonNeg(), None, None, 0.25, 0.0, False, 7)


def _lstm():
    return L.LSTMCell(2, 'tanh', 'sigmoid', True, 'ones', 'ones', 'ones', True, keras.regularizers.L2(0.5), 'l1',
                      None, keras.constraints.NonNeg(), None, None, 0.25, 0.0, 7)


def test_signatures():
    gru = list(inspect.signature(L.GRUCell.__init__).parameters)[1:]
    lstm = list(inspect.signature(L.LSTMCell.__init__).parameters)[1:]
    head = ['units', 'activation', 'recurrent_activation', 'use_bias', 'kernel_initializer', 'recurrent_initializer',
            'bias_initializer']
    assert gru == head + SHARED + ['reset_after', 'seed', 'kwargs']
    assert lstm == head + ['unit_forget_bias'] + SHARED + ['seed', 'kwargs']


@pytest.mark.parametrize('make,outputs,losses', [
    # TF 2.21: outputs and the RNN's regularization losses (kernel L2(0.5) of ones, recurrent L1(0.01))
    (_gru, [[-0.19828, -0.19828], [0.17968, 0.17968]], [12.0, 0.12]),
    (_lstm, [[-0.00754, -0.00754], [0.99024, 0.99024]], [16.0, 0.16]),
])
def test_positional_arguments_reach_the_cell(make, outputs, losses):
    cell = make()
    config = cell.get_config()
    assert (config['dropout'], config['recurrent_dropout'], config['seed']) == (0.25, 0.0, 7)
    assert config['kernel_regularizer']['class_name'] == 'L2' and config['recurrent_regularizer']['class_name'] == 'L1'
    assert config['kernel_constraint']['class_name'] == 'NonNeg' and config['bias_regularizer'] is None
    assert config.get('reset_after', False) is False
    rnn = L.RNN(cell)
    np.testing.assert_allclose(np.asarray(rnn(X)), outputs, atol=2e-5)
    np.testing.assert_allclose([float(v) for v in rnn.losses], losses, rtol=1e-5)
