"""keras.config's debugging caps and switches, pinned to Keras 3.x under TF 2.21
(/work/notes/progs/tf_misc/limits.py and vs.py run on both)."""
import warnings

import numpy as np
import pytest

from framework import keras


@pytest.fixture
def limits():
    yield keras.config
    keras.config.set_max_epochs(None)
    keras.config.set_max_steps_per_epoch(None)


def _model_and_data():
    keras.utils.set_random_seed(1)
    x = np.random.RandomState(0).rand(100, 4).astype('float32')
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    return model, x, x.sum(1, keepdims=True)


def test_caps_limit_fit_evaluate_and_predict_with_keras_warnings(limits):
    assert (limits.max_epochs(), limits.max_steps_per_epoch()) == (None, None)
    limits.set_max_epochs(2)
    limits.set_max_steps_per_epoch(3)
    assert (limits.max_epochs(), limits.max_steps_per_epoch()) == (2, 3)
    model, x, y = _model_and_data()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        history = model.fit(x, y, epochs=5, batch_size=10, verbose=0, validation_data=(x, y))
    messages = [str(w.message) for w in caught if 'Limiting' in str(w.message)]
    assert messages == ['Limiting epochs to 2', 'Limiting steps_per_epoch to 3', 'Limiting steps_per_epoch to 3']
    assert history.params == {'verbose': 0, 'epochs': 2, 'steps': 3}
    # TF 2.21: loss [2.6677472591400146, 1.7100868225097656], val_loss [2.0933847427368164, 1.6891274452209473]
    np.testing.assert_allclose(history.history['loss'], [2.6677472591400146, 1.7100868225097656], rtol=1e-6)
    np.testing.assert_allclose(history.history['val_loss'], [2.0933847427368164, 1.6891274452209473], rtol=1e-6)
    with pytest.warns(UserWarning, match='Limiting steps_per_epoch to 3'):
        np.testing.assert_allclose(model.evaluate(x, y, verbose=0, batch_size=10), 1.6891274452209473, rtol=1e-6)
    with pytest.warns(UserWarning, match='Limiting steps_per_epoch to 3'):
        assert model.predict(x, verbose=0, batch_size=10).shape == (30, 1)
    limits.set_max_steps_per_epoch(None)
    assert model.predict(x, verbose=0, batch_size=10).shape == (100, 1)


def test_validation_steps_start_from_the_first_batch_every_epoch():
    # Keras 3 resets its evaluation iterator for each validation pass: epoch 2's val_loss is the
    # first three batches again (TF 2.21: 1.6891274452209473; read on from batch 4 it was 1.7944).
    model, x, y = _model_and_data()
    history = model.fit(x, y, epochs=2, batch_size=10, steps_per_epoch=3, validation_steps=3, verbose=0,
                        validation_data=(x, y))
    np.testing.assert_allclose(history.history['val_loss'], [2.0933847427368164, 1.6891274452209473], rtol=1e-6)


def test_a_smaller_request_than_the_cap_is_left_alone(limits):
    limits.set_max_epochs(5)
    model, x, y = _model_and_data()
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        assert model.fit(x, y, epochs=1, verbose=0).params['epochs'] == 1


def test_switches_report_their_state():
    assert keras.config.is_traceback_filtering_enabled() is True
    keras.config.disable_traceback_filtering()
    assert keras.config.is_traceback_filtering_enabled() is False
    keras.config.enable_traceback_filtering()
    assert keras.config.is_traceback_filtering_enabled() is True
    from framework.keras.global_switches import safe_mode_scope
    with safe_mode_scope(None):         # the switch is global: later tests load in safe mode again
        assert keras.config.enable_unsafe_deserialization() is None
