"""Keras tutorial programs ported by changing only their imports: what they print and record.

Each test pins a behaviour in which tapeflow differed from Keras 3.15 (TensorFlow 2.21)
when the tutorial programs kept under the project's notes were run on both. Expected
literals come from running the same code on Keras 3.15; each says how.
"""
import re

import numpy as np
import pytest

import framework as tf
from framework import keras

ANSI_BAR_DONE = '\x1b[1m2/2\x1b[0m \x1b[32m' + '━' * 20 + '\x1b[0m\x1b[37m\x1b[0m \x1b[1m0s\x1b[0m '


def _tiny_model(units=1, inputs=3):
    model = keras.Sequential([keras.Input((inputs,)), keras.layers.Dense(units, kernel_initializer='ones')])
    model.compile(optimizer='sgd', loss='mse', metrics=['mae'])
    return model


def test_verbose_auto_draws_keras_progress_bar_off_a_terminal(capsys):
    # Keras 3's Progbar redraws in place ('\r', ANSI bold/green/grey) on any POSIX system, even
    # when stdout is a pipe (its _dynamic_display tests "posix" in sys.modules); 'auto' is 1.
    # Keras 3.15, same fit, stdout to a file: 'Epoch 1/2\n\r<bar 1/2>...\r<bar 2/2> ... - loss: ...\n'.
    model = _tiny_model()
    x, y = np.ones((4, 3), 'float32'), np.zeros((4, 1), 'float32')
    history = model.fit(x, y, batch_size=2, epochs=2, shuffle=False)
    out = capsys.readouterr().out
    assert out.startswith('Epoch 1/2\n\r\x1b[1m1/2\x1b[0m \x1b[32m' + '━' * 10 + '\x1b[0m\x1b[37m' + '━' * 10)
    finals = [line.split('\r')[-1] for line in out.split('\n') if ANSI_BAR_DONE in line]
    assert len(finals) == 2
    # the time per step varies; the logs are the epoch's, sorted, 4 decimals
    assert re.fullmatch(re.escape(ANSI_BAR_DONE) + r'\d+(s|ms|us)/step - loss: \d+\.\d{4} - mae: \d+\.\d{4}',
                        finals[0].replace('\b', ''))
    # History.params keeps the argument as given (Keras 3: {'verbose': 'auto', 'epochs': 2, 'steps': 2})
    assert history.params == {'verbose': 'auto', 'epochs': 2, 'steps': 2}


def test_verbose_two_line_and_predict_bar(capsys):
    model = _tiny_model()
    x, y = np.ones((4, 3), 'float32'), np.zeros((4, 1), 'float32')
    model.evaluate(x, y, batch_size=2, verbose=2)
    # Keras 3.15: '2/2 - 0s - 1ms/step - loss: 9.0000 - mae: 3.0000\n'
    assert re.fullmatch(r'2/2 - 0s - \d+(ms|us)/step - loss: 9\.0000 - mae: 3\.0000\n', capsys.readouterr().out)
    model.predict(x, batch_size=2)
    out = capsys.readouterr().out
    # Keras 3.15: first step drawn, then the final bar ending in a newline, no logs
    assert out.startswith('\r\x1b[1m1/2\x1b[0m') and out.endswith('/step\n')
    assert ANSI_BAR_DONE in out


def test_verbose_two_writes_negative_values_in_scientific_notation(capsys):
    # Keras 3.15's verbose=2 line tests `avg > 1e-3` (not abs): a loss of -2 prints '-2.0000e+00'.
    model = keras.Sequential([keras.Input((1,)), keras.layers.Dense(1, kernel_initializer='ones',
                                                                    use_bias=False)])
    model.compile(optimizer='sgd', loss=lambda y, p: -tf.reduce_mean(p))
    model.evaluate(np.full((2, 1), 2.0, 'float32'), np.zeros((2, 1), 'float32'), verbose=2)
    assert capsys.readouterr().out.endswith(' - loss: -2.0000e+00\n')


def test_normalization_mean_and_variance_attributes():
    # Keras 3.15: after adapt, layer.mean / layer.variance are tensors in the broadcast shape (1, 2)
    layer = keras.layers.Normalization(axis=-1)
    layer.adapt(np.array([[1.0, 2.0], [3.0, 6.0]], 'float32'))
    np.testing.assert_allclose(layer.mean.numpy(), [[2.0, 4.0]])
    np.testing.assert_allclose(layer.variance.numpy(), [[1.0, 4.0]])
    with pytest.raises(AttributeError, match='no mean until it is built'):
        keras.layers.Normalization().mean


def test_sequential_input_of_rank_one_less_gets_a_last_axis():
    # The regression tutorial's bmi_model.predict(x) with x of shape (10,) for input_shape=[1]:
    # Keras 3's Functional expands it to (10, 1). Here the kernel is 2, bias 0 -> 2 * x.
    model = keras.Sequential([keras.layers.Dense(1, input_shape=[1], kernel_initializer=keras.initializers.Constant(2.0))])
    out = model.predict(np.arange(3, dtype='float32'), verbose=0)
    np.testing.assert_allclose(out, [[0.0], [2.0], [4.0]])


def test_summary_shows_a_shared_layers_last_call(capsys):
    # Keras 3.15: a Normalization adapted, used in a Sequential first called on 10 samples, and then
    # listed by an unbuilt Sequential, shows (10, 3): the output of its last recorded call.
    norm = keras.layers.Normalization()
    norm.adapt(np.ones((50, 3), 'float32'))
    first = keras.Sequential([norm, keras.layers.Dense(1)])
    first.predict(np.ones((10, 3), 'float32'), verbose=0)
    keras.Sequential([norm, keras.layers.Dense(2)]).summary()
    lines = capsys.readouterr().out.splitlines()
    row = next(line for line in lines if line.startswith('│ normalization'))
    assert '│ (10, 3)    ' in row


def test_layer_weight_repr_is_keras_variable():
    # Keras 3.15: print(layer.kernel) ->
    # '<Variable path=sequential/dense/kernel, shape=(2, 1), dtype=float32, value=[[1.]\n [1.]]>'
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, kernel_initializer='ones',
                                                                    name='dense')], name='sequential')
    assert repr(model.layers[0].kernel) == ('<Variable path=sequential/dense/kernel, shape=(2, 1), dtype=float32, '
                                            'value=[[1.]\n [1.]]>')


def test_reloaded_sequential_weights_have_keras_paths(tmp_path):
    # Keras 3.15 builds each layer from its build_config as it deserializes it, outside the model:
    # ['dense/kernel', 'dense/bias', 'dense_1/kernel', 'dense_1/bias'] after load_model.
    model = keras.Sequential([keras.layers.Dense(3, name='dense'), keras.layers.Dense(2, name='dense_1')])
    model(np.zeros((2, 4), 'float32'))
    assert [w.path for w in model.weights][0] == model.name + '/dense/kernel'
    model.save(tmp_path / 'm.keras')
    loaded = keras.models.load_model(tmp_path / 'm.keras')
    assert [w.path for w in loaded.weights] == ['dense/kernel', 'dense/bias', 'dense_1/kernel', 'dense_1/bias']
