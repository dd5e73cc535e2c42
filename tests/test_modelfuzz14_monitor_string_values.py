"""A monitored log holding a string (a custom step's), as Keras 3 in TF 2.21 meets it: EarlyStopping and
ReduceLROnPlateau subtract min_delta first (Python's TypeError), ModelCheckpoint formats it with an f-string
(format's ValueError). tapeflow raised Keras's type-promotion ValueError for the first two and the % operator's
TypeError "must be real number, not str" for the last.

Printed by TF 2.21 (/work/notes/progs/modelfuzz14/p36.py; epochs ending with logs {'loss': 1.0, 'mon': 'a'}, 'b'):
    EarlyStopping('mon', patience=1, mode='min')      TypeError: unsupported operand type(s) for -: 'str' and 'int'
    ReduceLROnPlateau('mon', patience=0, mode='min')  TypeError: unsupported operand type(s) for -: 'str' and 'float'
    ModelCheckpoint(path, 'mon', save_best_only=True, save_weights_only=True, mode='min', verbose=1)
                                                      ValueError: Unknown format code 'f' for object of type 'str'
"""
import os

import pytest

from framework import keras


def _run_epochs(callback, values):
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile(keras.optimizers.SGD(0.1), 'mse')
    callback.set_model(model)
    callback.set_params({'epochs': 5, 'steps': 2, 'verbose': 1})
    callback.on_train_begin({})
    for epoch, value in enumerate(values):
        callback.on_epoch_begin(epoch, {})
        callback.on_epoch_end(epoch, {'loss': 1.0, 'mon': value})


@pytest.mark.parametrize('make, operand', [
    (lambda: keras.callbacks.EarlyStopping('mon', patience=1, mode='min'), 'int'),
    (lambda: keras.callbacks.ReduceLROnPlateau('mon', patience=0, mode='min'), 'float')])
def test_plateau_callbacks_subtract_min_delta_first(make, operand):
    with pytest.raises(TypeError, match=r"^unsupported operand type\(s\) for -: 'str' and '%s'$" % operand):
        _run_epochs(make(), ['a', 'b'])


def test_model_checkpoint_formats_the_value_as_an_f_string(tmp_path):
    callback = keras.callbacks.ModelCheckpoint(os.path.join(tmp_path, 'm.weights.h5'), 'mon', save_best_only=True,
                                               save_weights_only=True, mode='min', verbose=1)
    with pytest.raises(ValueError, match=r"^Unknown format code 'f' for object of type 'str'$"):
        _run_epochs(callback, ['a', 'b'])


def test_numeric_values_still_print_five_decimals(tmp_path, capsys):
    callback = keras.callbacks.ModelCheckpoint(os.path.join(tmp_path, 'm.weights.h5'), 'mon', save_best_only=True,
                                               save_weights_only=True, mode='min', verbose=1)
    _run_epochs(callback, [0.25, 0.5])
    assert 'mon improved from None to 0.25000, saving model to' in capsys.readouterr().out
