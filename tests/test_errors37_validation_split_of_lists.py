"""fit(validation_split=...) with Python lists among x, y or sample_weight: Keras 3's
train_validation_split flattens (x, y, sample_weight) and names the type of every leaf without
``__array__``, as TensorFlow 2.21 prints. tapeflow used to slice the lists, convert the halves to
arrays and train (without the split the same lists are refused as 'Unrecognized data type')."""
import numpy as np
import pytest

from framework import keras

SPLIT = ('Argument `validation_split` is only supported for tensors or NumPy arrays.Found incompatible type in '
         'the input: [%s]')


def _model():
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    return model


# printed by TF 2.21: m.fit(x, y, sample_weight=w, validation_split=0.5, verbose=0) on each of these
# (progs/errors37/vsplit_golden.py)
@pytest.mark.parametrize('x, y, sample_weight, leaf_type', [
    (np.ones((4, 2)), [0, 1, 0, 1], None, 'int'),
    ([[1., 2.], [3., 4.]], np.ones((2, 1)), None, 'float'),
    (np.ones((4, 2)), np.ones((4, 1)), [1., 1., 1., 1.], 'float'),
    ({'a': np.ones((4, 2))}, [[True], [False], [True], [False]], None, 'bool'),
])
def test_lists_of_python_numbers_are_named_leaf_by_leaf(x, y, sample_weight, leaf_type):
    model = _model()
    before = model.get_weights()
    with pytest.raises(ValueError) as info:
        model.fit(x, y, sample_weight=sample_weight, validation_split=0.5, verbose=0)
    assert str(info.value) == SPLIT % ', '.join(["<class '%s'>" % leaf_type] * 4)
    assert any('np.array' in note for note in info.value.__notes__)
    # the failed call trained nothing
    assert int(model.optimizer.iterations) == 0
    assert all(np.array_equal(a, b) for a, b in zip(before, model.get_weights()))


def test_arrays_and_lists_of_arrays_still_split():
    keras.utils.set_random_seed(0)
    first, second = keras.Input((2,)), keras.Input((2,))
    model = keras.Model([first, second], keras.layers.Dense(1)(keras.layers.Add()([first, second])))
    model.compile('sgd', 'mse')
    history = model.fit([np.ones((4, 2)), np.ones((4, 2))], np.ones((4, 1)), validation_split=0.5, verbose=0)
    assert sorted(history.history) == ['loss', 'val_loss']
