"""A stateful RNN's batch-size errors in Keras 3.15's own words (the RNN guide's stateful=True).

tapeflow's texts began with the layer ("LSTM 'lstm': if an RNN is stateful, ...", "... Found dynamic
batch size; give it with ...") where TF 2.21 raises Keras's sentences; the layer and the advice are now
notes. Expected texts: TF 2.21 / Keras 3.15 (progs/kerasguides27/n12_stateful_err.py).
"""
import numpy as np
import pytest

from framework import keras
from framework.keras import layers

_MISMATCH = ('If an RNN is stateful, the batch size of the input sequences must be the same as the batch size '
             'of the initial state. \n- Expected batch size: 4\n- Received batch size: %d')


def test_a_dynamic_batch_size_in_a_sequential_and_a_functional_call():
    keras.backend.clear_session()
    text = 'When using `stateful=True` in a RNN, the batch size must be static. Found dynamic batch size: ' \
           'sequence.shape=(None, 5, 3)'
    with pytest.raises(ValueError) as error:
        keras.Sequential([keras.Input((5, 3)), layers.LSTM(4, stateful=True)])
    assert str(error.value) == text
    with pytest.raises(ValueError) as error:
        layers.GRU(4, stateful=True)(keras.Input((5, 3)))
    assert str(error.value) == text


def _wrapped(layer_class, batch):
    return ('Exception encountered when calling %s.call().\n\n\x1b[1m%s\x1b[0m\n\nArguments received by %s.call():\n'
            '  • sequences=tf.Tensor(shape=(%d, 5, 3), dtype=float32)\n  • initial_state=None\n  • mask=None\n'
            '  • training=False' % (layer_class, _MISMATCH % batch, layer_class, batch))


def test_another_batch_size_than_the_states_were_made_for():
    keras.backend.clear_session()
    x = np.random.rand(8, 5, 3).astype('float32')
    rnn = layers.SimpleRNN(4, stateful=True)
    rnn(x[:4])
    with pytest.raises(ValueError) as error:
        rnn(x[:3])
    assert str(error.value) == _wrapped('SimpleRNN', 3)
    model = keras.Sequential([keras.Input(batch_shape=(4, 5, 3)), layers.LSTM(4, stateful=True), layers.Dense(1)])
    with pytest.raises(ValueError) as error:
        model.predict(x[:3], batch_size=3, verbose=0)
    assert str(error.value) == _wrapped('LSTM', 3)
