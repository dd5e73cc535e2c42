"""load_weights(..., skip_mismatch=True) of a Keras 3 layout loads an optimizer's state as far as it
fits, as Keras 3.15 on TF 2.21: its load_own_variables assigns iterations, learning rate and the slots
in order up to the first of another shape, and skip_mismatch only turns that error into a warning.
TF 2.21 (notes progs/kerasio46/p5.py): loading a [Dense(3) d1, Dense(3) dm, Dense(2) d2] Adam file into
one with dm of 4 units changes d1's kernel and bias and d1's four Adam slots, nothing else; with d2 of
1 unit, d1, dm and their eight slots. tapeflow left the optimizer as it was."""
import warnings

import numpy as np
import pytest

from framework import keras


def _model(mid=3, out=2, seed=0):
    keras.utils.set_random_seed(seed)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, activation='relu', name='d1'),
                              keras.layers.Dense(mid, name='dm'), keras.layers.Dense(out, name='d2')], name='sm')
    model.compile(keras.optimizers.Adam(0.01), 'mean_squared_error')
    x = np.random.RandomState(seed).rand(16, 4).astype('float32')
    model.fit(x, np.ones((16, out), 'float32'), batch_size=8, verbose=0)
    return model


def _state(model):
    return [np.array(v) for v in model.weights + model.optimizer.variables]


@pytest.mark.parametrize('name', ['w.keras', 'w.weights.h5'])
@pytest.mark.parametrize('shape, loaded', [(dict(mid=4), ['d1']), (dict(out=1), ['d1', 'dm'])])
def test_skip_mismatch_loads_the_fitting_optimizer_slots(tmp_path, name, shape, loaded):
    path = str(tmp_path / name)
    source = _model()
    (source.save if name.endswith('.keras') else source.save_weights)(path)
    target = _model(seed=1, **shape)
    before = _state(target)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        target.load_weights(path, skip_mismatch=True)
    assert any(str(w.message).startswith('A total of') for w in caught)
    # which layers' weights and slots moved (slot paths end in sm_<layer>_<weight>_<slot>)
    layer_of = {v.path: v.path.split('/')[-2] for v in target.weights}
    moved_weights = sorted({layer_of[v.path] for v, old in zip(target.weights, before)
                            if not np.array_equal(old, np.array(v))})
    moved_slots = sorted({v.path.split('/')[-1] for v, old in zip(target.optimizer.variables,
                                                                   before[len(target.weights):])
                          if not np.array_equal(old, np.array(v))})
    assert moved_weights == loaded
    assert moved_slots == sorted('sm_%s_%s_%s' % (layer, weight, slot) for layer in loaded
                                 for weight in ('kernel', 'bias') for slot in ('momentum', 'velocity'))
    source_slots = {v.path.split('/')[-1]: np.array(v) for v in source.optimizer.variables}
    for v in target.optimizer.variables:
        if v.path.split('/')[-1] in moved_slots:
            np.testing.assert_array_equal(np.array(v), source_slots[v.path.split('/')[-1]])
    assert int(target.optimizer.iterations) == int(source.optimizer.iterations)
