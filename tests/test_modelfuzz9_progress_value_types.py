"""fit's progress line formats each log value as Keras 3's Progbar does: np.mean of what is no float, then
a division by its count. A callback that writes a str, bytes, None or a dict into the logs makes fit raise
there, a complex prints as '1.0000+2.0000j'. Printed by TF 2.21 (/work/notes/progs/modelfuzz9/t10.py,
p19.py): a callback setting logs[k] = value in on_train_batch_end, fit(verbose=1) ->
    'abc'       TypeError the resolved dtypes are not compatible with add.reduce. Resolved (dtype('<U3'), dtype('<U3'), dtype('<U6'))
    b'ab'       TypeError the resolved dtypes are not compatible with add.reduce. Resolved (dtype('S2'), dtype('S2'), dtype('S4'))
    None        TypeError unsupported operand type(s) for /: 'NoneType' and 'int'
    {'a': 1.0}  TypeError unsupported operand type(s) for /: 'dict' and 'int'
    1+2j        ' - cplx: 1.0000+2.0000j'; True ' - bool: 1.0000'; [1.0, 3.0] ' - list: 2.0000'
(the same in on_epoch_end with verbose=2; tapeflow printed 'str: abc', 'none: None', ...).
"""
import re

import numpy as np
import pytest

from framework import keras


def _fit(capsys, hook, key, value, verbose):
    keras.utils.set_random_seed(3)
    m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    m.compile('sgd', 'mse')

    class Write(keras.callbacks.Callback):
        pass
    setattr(Write, hook, lambda self, i, logs=None: logs.__setitem__(key, value))
    x = np.ones((16, 3), 'float32')
    m.fit(x, x[:, :1], batch_size=8, epochs=1, verbose=verbose, callbacks=[Write()], shuffle=False)
    return capsys.readouterr().out


@pytest.mark.parametrize('hook, verbose', [('on_train_batch_end', 1), ('on_epoch_end', 2)])
@pytest.mark.parametrize('value, text', [
    ('abc', "the resolved dtypes are not compatible with add.reduce. Resolved (dtype('<U3'), dtype('<U3'), "
            "dtype('<U6'))"),
    (b'ab', "the resolved dtypes are not compatible with add.reduce. Resolved (dtype('S2'), dtype('S2'), "
            "dtype('S4'))"),
    (None, "unsupported operand type(s) for /: 'NoneType' and 'int'"),
    ({'a': 1.0}, "unsupported operand type(s) for /: 'dict' and 'int'"),
])
def test_values_that_are_no_numbers_fail(capsys, hook, verbose, value, text):
    with pytest.raises(TypeError, match='^' + re.escape(text) + '$'):
        _fit(capsys, hook, 'k', value, verbose)


@pytest.mark.parametrize('hook, verbose', [('on_train_batch_end', 1), ('on_epoch_end', 2)])
@pytest.mark.parametrize('value, text', [(1 + 2j, ' - k: 1.0000+2.0000j'), (True, ' - k: 1.0000'),
                                         ([1.0, 3.0], ' - k: 2.0000'), (7, ' - k: 7.0000')])
def test_numbers_print_as_keras_does(capsys, hook, verbose, value, text):
    assert text in _fit(capsys, hook, 'k', value, verbose)


# keras.utils.Progbar in a hand-written loop (TF 2.21, /work/notes/progs/modelfuzz9/t11.py): Keras sums an
# averaged value with Python's operators, so None / a dict fail at the update, a list is joined (the second
# of three updates of [1.0, 3.0] shows 1.0000: np.mean([1, 3, 1, 3]) / 2), a str fails when drawn.
@pytest.mark.parametrize('stateful, value, error', [
    (None, None, "unsupported operand type(s) for *: 'NoneType' and 'int'"),
    (None, {'a': 1.0}, "unsupported operand type(s) for *: 'dict' and 'int'"),
    (['k'], None, "unsupported operand type(s) for /: 'NoneType' and 'int'"),
    (None, 'abc', "the resolved dtypes are not compatible with add.reduce. Resolved (dtype('<U3'), dtype('<U3'), "
                  "dtype('<U6'))"),
])
def test_progbar_refuses_what_keras_refuses(capsys, stateful, value, error):
    bar = keras.utils.Progbar(3, verbose=1, stateful_metrics=stateful, interval=0)
    with pytest.raises(TypeError, match='^' + re.escape(error) + '$'):
        bar.update(1, [('k', value)])
    capsys.readouterr()


def test_progbar_averages_lists_as_keras_does(capsys):
    bar = keras.utils.Progbar(3, verbose=1, interval=0)
    shown = []
    for step in (1, 2, 3):
        bar.update(step, [('k', [1.0, 3.0])])
        shown.append(capsys.readouterr().out.rsplit(' - k:', 1)[1].strip())
    cplx = keras.utils.Progbar(1, verbose=2)
    cplx.update(1, [('k', 1 + 2j)])
    assert shown == ['2.0000', '1.0000', '2.0000']
    assert capsys.readouterr().out.endswith(' - k: 1.0000+2.0000j\n')
