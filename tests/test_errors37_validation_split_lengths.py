"""fit(validation_split=...) with arrays of different lengths, as Keras 3 on TF 2.21 handles them: it
counts the samples of the first array and cuts every array at the same index, so the training or the
validation part then fails Keras's cardinality check (after the first epoch, for the validation part),
and longer arrays are cut short without complaint. tapeflow refused up front with its own sentence
('validation_split: the arrays hold different numbers of samples: [5, 6]').
Golden texts printed by TF 2.21 (/work/notes/progs/errors37/multi.py)."""
import numpy as np
import pytest

from framework import keras

X = np.ones((6, 4), 'float32')
Y = np.ones((6, 2), 'float32')


def _two_inputs():
    keras.utils.set_random_seed(0)
    first, second = keras.Input((4,), name='x1'), keras.Input((2,), name='x2')
    model = keras.Model([first, second], keras.layers.Dense(2)(keras.layers.Concatenate()([first, second])))
    model.compile('sgd', 'mse')
    return model


@pytest.mark.parametrize('second_rows, trained', [(5, 1), (2, 0)])
def test_arrays_are_cut_where_the_first_one_splits(second_rows, trained):
    model = _two_inputs()
    with pytest.raises(ValueError) as info:
        model.fit([X, np.ones((second_rows, 2))], Y, validation_split=0.5, verbose=0)
    assert str(info.value) == ("Data cardinality is ambiguous. Make sure all arrays contain the same number of "
                               "samples.'x' sizes: 3, 2\n'y' sizes: 3\n")
    # 5 rows: the training half holds 3 of each and trains an epoch (TF: iterations 1); 2 rows: it fails there
    assert int(model.optimizer.iterations) == trained


def test_longer_arrays_are_cut_short():
    history = _two_inputs().fit([X, np.ones((8, 2))], np.ones((8, 2)), validation_split=0.5, verbose=0)
    assert sorted(history.history) == ['loss', 'val_loss']
