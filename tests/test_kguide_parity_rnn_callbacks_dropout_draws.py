"""Recurrent dropout draws follow Keras 3's seeds through inference calls, so a seeded fit with
validation, or one after a predict, trains as on TensorFlow.

Keras 3's RNN draws its cell's dropout masks on every call, training or not
(``RNN._maybe_config_dropout_masks``), and leaves them unused in inference;
tapeflow drew them only in training (SimpleRNN: always, also in the functional
construction's run on zeros, which Keras traces without drawing), so from the
second epoch its masks came from other seeds. Golden histories printed by Keras 3
(TensorFlow 2.21) running the same program
(/work/notes/progs/kguides_rnn_callbacks/rnnfit4.py).
"""
import numpy as np
import pytest

from framework import keras
from framework.keras import layers

KERAS_HISTORIES = {
    'gru_val': {'loss': [0.6919627785682678, 0.6890021562576294, 0.6876606345176697],
                'val_loss': [0.6904576420783997, 0.689150869846344, 0.6877819895744324]},
    'lstm_val': {'loss': [0.6930934190750122, 0.6921939253807068, 0.6912705898284912],
                 'val_loss': [0.6930639147758484, 0.6922915577888489, 0.6914770603179932]},
    'gru_pred': {'loss': [0.6887529492378235]},
    'lstm_pred': {'loss': [0.692165195941925]},
    'srnn_pred': {'loss': [0.6837191581726074]},
}


def _history(variant):
    keras.utils.set_random_seed(9)
    rng = np.random.RandomState(1)
    seqs = [list(rng.randint(1, 50, size=rng.randint(2, 9))) for _ in range(48)]
    x = keras.utils.pad_sequences(seqs, maxlen=8, padding='post')
    y = rng.randint(0, 2, size=(48, 1)).astype('float32')
    inputs = keras.Input((None,), dtype='int32')
    embedded = layers.Embedding(50, 6, mask_zero=True)(inputs)
    if variant.startswith('gru'):
        hidden = layers.GRU(5, dropout=0.1)(embedded)
    elif variant.startswith('srnn'):
        hidden = layers.SimpleRNN(5, dropout=0.1)(embedded)
    else:
        hidden = layers.LSTM(4, recurrent_dropout=0.1)(embedded)
    model = keras.Model(inputs, layers.Dense(1, activation='sigmoid')(hidden))
    model.compile('adam', 'binary_crossentropy')
    if variant.endswith('_val'):
        return model.fit(x, y, epochs=3, batch_size=16, verbose=0, shuffle=False, validation_split=0.25).history
    model.fit(x, y, epochs=1, batch_size=16, verbose=0, shuffle=False)
    model.predict(x[:4], verbose=0)             # draws masks in Keras, unused
    return model.fit(x, y, epochs=1, batch_size=16, verbose=0, shuffle=False).history


@pytest.mark.parametrize('variant', sorted(KERAS_HISTORIES))
def test_training_after_inference_calls_matches_keras(variant):
    history = _history(variant)
    assert sorted(history) == sorted(KERAS_HISTORIES[variant])
    for key, values in KERAS_HISTORIES[variant].items():
        np.testing.assert_allclose(history[key], values, rtol=2e-6)


# Keras 3 (TensorFlow 2.21), /work/notes/progs/kguides_rnn_callbacks/stackdrop.py: a stack's cells
# draw their masks once per sequence; tapeflow's cells drew new ones at every step.
KERAS_STACKED_LOSSES = [1.2281345129013062, 1.089248538017273, 1.0563441514968872]
KERAS_CELL_HISTORY = {'loss': [0.355271577835083, 0.3403874337673187, 0.40601855516433716],
                      'val_loss': [0.35239365696907043, 0.3417414426803589, 0.33225342631340027]}


def test_stacked_cells_draw_their_masks_once_per_sequence():
    keras.utils.set_random_seed(4)
    rng = np.random.RandomState(2)
    x = rng.rand(24, 5, 3).astype('float32')
    y = rng.rand(24, 1).astype('float32')
    model = keras.Sequential([keras.Input((5, 3)), layers.RNN([layers.LSTMCell(3, dropout=0.2),
                                                               layers.GRUCell(2, recurrent_dropout=0.2)]),
                              layers.Dense(1)])
    model.compile('adam', 'mse')
    history = model.fit(x, y, epochs=3, batch_size=8, verbose=0, shuffle=False).history
    np.testing.assert_allclose(history['loss'], KERAS_STACKED_LOSSES, rtol=2e-6)
    model = keras.Sequential([keras.Input((5, 3)), layers.RNN(layers.SimpleRNNCell(3, dropout=0.3,
                                                                                   recurrent_dropout=0.3)),
                              layers.Dense(1)])
    model.compile('adam', 'mse')
    history = model.fit(x, y, epochs=3, batch_size=8, verbose=0, shuffle=False, validation_split=0.25).history
    for key, values in KERAS_CELL_HISTORY.items():
        np.testing.assert_allclose(history[key], values, rtol=2e-6)
    assert model.layers[0].cell.sequence_masks is None          # let go after each call
