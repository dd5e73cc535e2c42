"""A dict of sample weights keyed otherwise than a dict model's outputs, given in a dataset's third element or to
train_on_batch: Keras 3's CompileLoss looks each output's weight up by its path, so a missing key raises
KeyError 'o2' (after the outputs before it) and extra keys are never read. Arrays given to fit meet Keras's
structure check first (ValueError 'You should provide one `sample_weight` array per output in `y`', kept).
tapeflow raised that ValueError for datasets and train_on_batch too, and refused extra keys.
Golden outcomes: TF 2.21, /work/notes/progs/modelfuzz11/p25.py."""
import numpy as np
import pytest

import framework as tf
from framework import keras

RNG = np.random.RandomState(0)
XA, XB = RNG.rand(12, 3).astype('float32'), RNG.rand(12, 2).astype('float32')
Y1, Y2, SW = RNG.rand(12, 1).astype('float32'), RNG.rand(12, 2).astype('float32'), RNG.rand(12).astype('float32')


def _model():
    keras.utils.set_random_seed(1)
    a, b = keras.Input((3,), name='a'), keras.Input((2,), name='b')
    joined = keras.layers.concatenate([a, b])
    model = keras.Model({'a': a, 'b': b}, {'o1': keras.layers.Dense(1, name='o1')(joined),
                                           'o2': keras.layers.Dense(2, name='o2')(joined)})
    model.compile(optimizer='sgd', loss={'o1': 'mse', 'o2': 'mae'})
    return model


def _dataset(weights):
    return tf.data.Dataset.from_tensor_slices(({'a': XA, 'b': XB}, {'o1': Y1, 'o2': Y2}, weights)).batch(4)


@pytest.mark.parametrize('weights, missing', [({'o1': SW}, 'o2'), ({'o2': SW}, 'o1'), ({'o1': SW, 'zz': SW}, 'o2')])
def test_a_missing_key_is_keras_key_error(weights, missing):
    # TF 2.21: KeyError 'o2' / 'o1' / 'o2' from fit, evaluate and train_on_batch alike
    with pytest.raises(KeyError) as fit_error:
        _model().fit(_dataset(weights), epochs=1, verbose=0)
    assert fit_error.value.args == (missing,)
    with pytest.raises(KeyError) as evaluate_error:
        _model().evaluate(_dataset(weights), verbose=0)
    assert evaluate_error.value.args == (missing,)
    with pytest.raises(KeyError) as on_batch_error:
        _model().train_on_batch({'a': XA, 'b': XB}, {'o1': Y1, 'o2': Y2}, sample_weight=weights)
    assert on_batch_error.value.args == (missing,)


def test_extra_keys_are_not_read():
    weights = {'o1': SW, 'o2': SW, 'o3': SW}
    full = {'o1': SW, 'o2': SW}
    # TF 2.21: fit, evaluate and train_on_batch run ('ok'); the extra key changes nothing
    assert _model().evaluate(_dataset(weights), verbose=0) == _model().evaluate(_dataset(full), verbose=0)
    history = _model().fit(_dataset(weights), epochs=1, verbose=0).history
    assert history == _model().fit(_dataset(full), epochs=1, verbose=0).history
    _model().train_on_batch({'a': XA, 'b': XB}, {'o1': Y1, 'o2': Y2}, sample_weight=weights)


def test_arrays_still_meet_the_structure_check():
    with pytest.raises(ValueError, match='You should provide one `sample_weight` array per output in `y`'):
        _model().fit({'a': XA, 'b': XB}, {'o1': Y1, 'o2': Y2}, sample_weight={'o1': SW}, verbose=0)
