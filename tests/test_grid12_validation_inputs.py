"""validation_data given as inputs alone, as Keras 3 takes it (unpack_x_y_sample_weight at fit's start).

TF 2.21 + Keras 3 (grid12 errs2.py, addloss_val.py): an array, a dict or (x,) are validation inputs without
targets: a compiled loss then fails at the first epoch's end ('None values not supported.'), a model whose
loss comes from add_loss validates; a tuple of 4 is Keras's format ValueError before training. tapeflow
refused all of them before training with its own text.
"""
import numpy as np
import pytest

from framework import keras

L = keras.layers
X = np.ones((8, 5), 'float32')
Y = np.ones((8, 1), 'float32')


def _one():
    a = keras.Input((5,), name='a')
    return keras.Model(a, L.Dense(1, kernel_initializer='ones', name='reg')(a))


@pytest.mark.parametrize('validation_data', [lambda: (X,), lambda: X])
def test_validation_inputs_alone_train_an_epoch_then_need_targets(validation_data):
    model = _one()
    model.compile('sgd', 'mse')
    seen = []
    record = keras.callbacks.LambdaCallback(on_epoch_begin=lambda epoch, logs: seen.append(epoch))
    with pytest.raises(ValueError, match=r'^None values not supported\.'):
        model.fit(X, Y, epochs=2, verbose=0, validation_data=validation_data(), callbacks=[record])
    assert seen == [0]      # Keras reads validation_data at the first epoch's end


def test_validation_inputs_alone_serve_a_model_without_compiled_loss():
    class Penalized(L.Layer):
        def call(self, x):
            self.add_loss(keras.ops.mean(keras.ops.square(x)))
            return x
    a = keras.Input((5,))
    model = keras.Model(a, Penalized()(L.Dense(1)(a)))
    model.compile('sgd')
    assert sorted(model.fit(X, epochs=1, verbose=0, validation_data=(X,)).history) == ['loss', 'val_loss']


def test_validation_data_of_four_parts_is_keras_format_error():
    model = _one()
    model.compile('sgd', 'mse')
    with pytest.raises(ValueError, match=r'^Data is expected to be in format `x`, `\(x,\)`, `\(x, y\)`, or '
                                         r'`\(x, y, sample_weight\)`, found: '):
        model.fit(X, Y, verbose=0, validation_data=(X, Y, None, None))


@pytest.mark.parametrize('freq, error, text', [
    (0, ZeroDivisionError, 'integer modulo by zero'),
    ((1, 2), ValueError, "Expected `validation_freq` to be a list or int. Received: validation_freq=(1, 2) of the "
                         "type <class 'tuple'>."),
    ('a', ValueError, "Expected `validation_freq` to be a list or int. Received: validation_freq=a of the type "
                      "<class 'str'>."),
    (2.0, ValueError, "Expected `validation_freq` to be a list or int. Received: validation_freq=2.0 of the type "
                      "<class 'float'>.")])
def test_a_bad_validation_freq_fails_at_the_first_epochs_end(freq, error, text):
    # TF 2.21 (grid12 vfreq.py): Keras's _should_eval, read after epoch 1 and only with validation data
    model = _one()
    model.compile('sgd', 'mse')
    seen = []
    record = keras.callbacks.LambdaCallback(on_epoch_begin=lambda epoch, logs: seen.append(epoch))
    with pytest.raises(error) as caught:
        model.fit(X, Y, epochs=2, verbose=0, validation_data=(X, Y), validation_freq=freq, callbacks=[record])
    assert str(caught.value) == text and seen == [0]
    assert sorted(model.fit(X, Y, epochs=2, verbose=0, validation_freq=freq).history) == ['loss']


@pytest.mark.parametrize('freq, keys', [(True, ['loss', 'val_loss']), (-1, ['loss', 'val_loss'])])
def test_any_int_validation_freq_is_a_modulus(freq, keys):
    model = _one()
    model.compile('sgd', 'mse')
    assert sorted(model.fit(X, Y, epochs=2, verbose=0, validation_data=(X, Y), validation_freq=freq).history) == keys
