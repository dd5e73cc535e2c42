"""Recurrent layers (Keras 3): SimpleRNN, LSTM, GRU, ConvLSTM1D/2D/3D, their cells,
the generic RNN wrapper and Bidirectional."""
from .bidirectional import Bidirectional
from .conv_lstm import ConvLSTM1D, ConvLSTM2D, ConvLSTM3D
from .gru import GRU, GRUCell
from .lstm import LSTM, LSTMCell
from .rnn import RNN
from .simple_rnn import SimpleRNN, SimpleRNNCell

__all__ = ['Bidirectional', 'ConvLSTM1D', 'ConvLSTM2D', 'ConvLSTM3D', 'GRU', 'GRUCell', 'LSTM', 'LSTMCell', 'RNN', 'SimpleRNN', 'SimpleRNNCell']
