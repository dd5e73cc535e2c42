"""Stateful RNNs as the "Working with RNNs" guide uses them, pinned to Keras 3.

Golden values were printed by TensorFlow 2.21 / Keras 3 running the same code
(/work/notes/progs/kguides_rnn_callbacks/gold_stateful.py): seeded with
``keras.utils.set_random_seed(7)``, so the initial weights and the numpy inputs
are the same here. tapeflow used to refuse ``stateful=True``.
"""
import numpy as np
import pytest

from framework import keras
from framework.keras import layers

LSTM_STATES = [[[0.16635534167289734, 0.00569920614361763, 0.06702633202075958],
                [0.18468384444713593, 0.04138614237308502, 0.06966103613376617]],
               [[0.3168954849243164, 0.009639658033847809, 0.16652503609657288],
                [0.3535415530204773, 0.06838724762201309, 0.15392395853996277]]]
TWO_CALLS = [[[-0.6230790019035339, -0.8136805891990662], [-0.6673402786254883, -0.7452751994132996]],
             [[-0.8177757859230042, -0.9277654886245728], [-0.7906650900840759, -0.8795924782752991]]]
AFTER_GRU_RESET = [[-0.7879440188407898, -0.8877924084663391], [-0.7625201344490051, -0.8327280282974243]]
FIT_LOSSES = [3.4429657459259033, 3.4212138652801514, 3.370647430419922]
PREDICT_AFTER_FIT = [[-0.7816639542579651, -0.9084166288375854], [-0.737122118473053, -0.8354712724685669]]
BIDIRECTIONAL_TWO_CALLS = [
    [[-0.22002528607845306, -0.08600568771362305, 0.17597685754299164, 0.010533127933740616],
     [-0.19155873358249664, 0.05000216141343117, 0.18848469853401184, 0.031954094767570496]],
    [[-0.2753753960132599, -0.07498829066753387, 0.2215699702501297, 0.02615247666835785],
     [-0.24024248123168945, 0.07161291688680649, 0.23293985426425934, 0.0614299476146698]]]


def _seeded_lstm_and_input():
    keras.utils.set_random_seed(7)
    lstm = layers.LSTM(3, stateful=True)
    return lstm, np.random.random((2, 4, 5)).astype('float32')


def test_states_are_unsaved_variables_made_at_build_and_written_by_each_call():
    lstm, x = _seeded_lstm_and_input()
    assert lstm.states is None                      # Keras: None until built
    lstm(x)
    np.testing.assert_allclose([s.numpy() for s in lstm.states], LSTM_STATES, rtol=2e-6)
    assert [s.path for s in lstm.states] == [lstm.name + '/rnn_state'] * 2
    assert not any(s.trainable for s in lstm.states)
    assert len(lstm.weights) == 3 and lstm.non_trainable_weights == []    # not weights in Keras 3 either
    assert lstm.get_config()['stateful'] is True


def test_sequential_continues_across_calls_and_fit_until_reset():
    lstm, x = _seeded_lstm_and_input()
    lstm(x)                                         # as the golden program: the LSTM drew its seeds first
    model = keras.Sequential([keras.Input((4, 5), batch_size=2), layers.GRU(3, stateful=True, return_sequences=True),
                              layers.SimpleRNN(2, stateful=True)])
    np.testing.assert_allclose([model(x).numpy() for _ in range(2)], TWO_CALLS, rtol=2e-6)
    model.layers[0].reset_states()                 # the SimpleRNN keeps its states
    np.testing.assert_allclose(model(x).numpy(), AFTER_GRU_RESET, rtol=2e-6)
    model.compile('sgd', 'mse')
    history = model.fit(x, np.ones((2, 2)), batch_size=2, epochs=3, verbose=0, shuffle=False)
    np.testing.assert_allclose(history.history['loss'], FIT_LOSSES, rtol=2e-6)
    np.testing.assert_allclose(model.predict(x, verbose=0, batch_size=2), PREDICT_AFTER_FIT, rtol=2e-6)


def test_guide_passes_one_layers_states_to_another_as_initial_state():
    lstm, x = _seeded_lstm_and_input()
    lstm(x)
    other = layers.LSTM(3)
    expected = other(x, initial_state=[np.array(s.numpy()) for s in lstm.states])
    np.testing.assert_array_equal(other(x, initial_state=lstm.states).numpy(), expected.numpy())
    lstm.reset_state()
    assert all(not s.numpy().any() for s in lstm.states)


def test_bidirectional_keeps_both_directions_states():
    lstm, x = _seeded_lstm_and_input()
    lstm(x)
    keras.Sequential([keras.Input((4, 5), batch_size=2), layers.GRU(3, stateful=True, return_sequences=True),
                      layers.SimpleRNN(2, stateful=True)])        # the golden program made these first
    wrapper = layers.Bidirectional(layers.LSTM(2, stateful=True))
    np.testing.assert_allclose([wrapper(x).numpy() for _ in range(2)], BIDIRECTIONAL_TWO_CALLS, rtol=2e-6)
    assert len(wrapper.states) == 4
    wrapper.reset_states()
    np.testing.assert_allclose(wrapper(x).numpy(), BIDIRECTIONAL_TWO_CALLS[0], rtol=2e-6)
    with pytest.raises(AttributeError, match='must be stateful'):
        layers.Bidirectional(layers.LSTM(2)).reset_states()


def test_a_functional_call_leaves_the_states_as_they_were():
    # Keras traces a call on KerasTensors without running it; here a masked input makes the
    # layer run on zeros to find its masks, which must not overwrite the kept states.
    lstm, x = _seeded_lstm_and_input()
    lstm(x)
    inputs = keras.Input(batch_shape=(2, 4, 5))
    lstm(layers.Masking()(inputs))
    np.testing.assert_allclose([s.numpy() for s in lstm.states], LSTM_STATES, rtol=2e-6)


def test_batch_size_must_be_static_and_unchanged():
    with pytest.raises(ValueError, match='batch size must be static'):
        keras.Sequential([keras.Input((4, 5)), layers.LSTM(3, stateful=True)])
    lstm, x = _seeded_lstm_and_input()
    lstm(x)
    with pytest.raises(ValueError, match='Expected batch size: 2\n- Received batch size: 3'):
        lstm(np.zeros((3, 4, 5), 'float32'))
