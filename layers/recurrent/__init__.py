"""Recurrent layers (Keras 3): SimpleRNN, LSTM, GRU, their cells, the generic
RNN wrapper and Bidirectional."""
from .bidirectional import Bidirectional
from .gru import GRU, GRUCell
from .lstm import LSTM, LSTMCell
from .rnn import RNN
from .simple_rnn import SimpleRNN, SimpleRNNCell

__all__ = ['Bidirectional', 'GRU', 'GRUCell', 'LSTM', 'LSTMCell', 'RNN', 'SimpleRNN', 'SimpleRNNCell']
