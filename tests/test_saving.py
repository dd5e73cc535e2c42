"""save_weights / load_weights: Keras 3's .weights.h5 layout, Keras 2's .h5 layouts, errors.

Layouts checked here were read from files Keras 3.15 and tf.keras 2.21 wrote
(see tests/data/make_keras_reference_files.py); the interop with real Keras
files is in test_saving_keras_interop.py.
"""
import re
import warnings

import h5py
import numpy as np
import pytest

import layers
from layers.saving import SavedFileError, WeightsMismatchError


def _fill(model, seed):
    """Give every weight distinct, seed-dependent values (no framework RNG involved)."""
    rng = np.random.RandomState(seed)
    for v in model.weights:
        v.assign(rng.uniform(0.5, 1.5, size=v.shape).astype(v.dtype))
    return model


def _mlp(width=3, hidden=4, out=2, built=True):
    stack = [layers.Dense(hidden, activation='relu'), layers.BatchNormalization(), layers.Dense(out)]
    return layers.Sequential(([layers.Input((width,))] if built else []) + stack)


def _values(model):
    return [v.numpy().copy() for v in model.weights]


def _layout(path):
    found = {}
    with h5py.File(path, 'r') as f:
        f.visititems(lambda name, obj: found.__setitem__(
            name, obj.shape if isinstance(obj, h5py.Dataset) else dict(obj.attrs)))
    return found


def test_save_weights_writes_keras3_layout(tmp_path):
    model = _fill(_mlp(), 0)
    path = tmp_path / 'mlp.weights.h5'
    model.save_weights(path)
    layout = _layout(path)
    # Keras 3: groups by snake-case class name (not layer name), own variables
    # trainable first (gamma, beta) then non-trainable (moving mean, variance).
    assert layout['vars'] == {'name': model.name}
    assert layout['layers/dense/vars'] == {'name': model.layers[0].name}
    assert layout['layers/dense/vars/0'] == (3, 4) and layout['layers/dense/vars/1'] == (4,)
    assert [layout['layers/batch_normalization/vars/%d' % i] for i in range(4)] == [(4,)] * 4
    assert layout['layers/dense_1/vars/0'] == (4, 2)
    with h5py.File(path, 'r') as f:
        bn = model.layers[1]
        np.testing.assert_array_equal(f['layers/batch_normalization/vars/2'][()], bn.moving_mean.numpy())
        np.testing.assert_array_equal(f['layers/dense_1/vars/1'][()], model.layers[2].bias.numpy())
    assert not any(name.startswith('optimizer') for name in layout)      # not compiled: no optimizer state


def test_round_trip_restores_every_weight(tmp_path):
    source, target = _fill(_mlp(), 0), _fill(_mlp(), 1)
    source.save_weights(tmp_path / 'a.weights.h5')
    target.load_weights(tmp_path / 'a.weights.h5')
    for a, b in zip(_values(source), _values(target)):
        np.testing.assert_array_equal(a, b)
    x = np.linspace(-1, 1, 12, dtype='float32').reshape(4, 3)
    np.testing.assert_array_equal(source(x).numpy(), target(x).numpy())


def test_unbuilt_sequential_is_refused_as_keras_refuses_it(tmp_path):
    # Keras 3 (TF 2.21) raises before it reads the file; the model stays unbuilt (test_files9_load_errors)
    source = _fill(_mlp(width=5), 0)
    source.save_weights(tmp_path / 'a.weights.h5')
    target = _mlp(built=False)
    assert not target.built
    with pytest.raises(ValueError, match='^You are loading weights into a model that has not yet been built'):
        target.load_weights(tmp_path / 'a.weights.h5')
    assert not target.built


def test_unbuilt_model_refused_points_at_build(tmp_path):
    source = layers.Sequential([layers.Input((3,)), layers.BatchNormalization(), layers.Dense(2)])
    source.save_weights(tmp_path / 'a.weights.h5')
    target = layers.Sequential([layers.BatchNormalization(), layers.Dense(2)])
    with pytest.raises(ValueError, match='not yet been built') as info:
        target.load_weights(tmp_path / 'a.weights.h5')
    assert 'model.build(input_shape)' in info.value.__notes__[0]


def test_save_weights_requires_the_keras3_suffix(tmp_path):
    with pytest.raises(ValueError, match=r'must end in `\.weights\.h5`.*model\.h5'):
        _mlp().save_weights(tmp_path / 'model.h5')


def test_overwrite_false_asks_before_replacing_an_existing_file(tmp_path, monkeypatch):
    # Keras 3 asks on stdin (its prompt); 'n' leaves the file as it was
    path = tmp_path / 'a.weights.h5'
    _mlp().save_weights(path)
    before = path.read_bytes()
    asked = []
    monkeypatch.setattr('builtins.input', lambda prompt='': asked.append(prompt) or 'n')
    _mlp().save_weights(path, overwrite=False)
    assert asked == ['[WARNING] %s already exists - overwrite? [y/n]' % path] and path.read_bytes() == before


def test_mismatched_architecture_lists_every_problem_and_changes_nothing(tmp_path):
    _fill(_mlp(width=3, hidden=4, out=2), 0).save_weights(tmp_path / 'a.weights.h5')
    # Input width 5 (kernel shape), output 3 (kernel and bias shapes), an extra Dense (missing); the
    # file's BatchNormalization, which the model lacks, is left unread (TF 2.21 loads such a file).
    other = _fill(layers.Sequential([layers.Input((5,)), layers.Dense(4, activation='relu'), layers.Dense(3),
                                     layers.Dense(1)]), 7)
    before = _values(other)
    with pytest.raises(WeightsMismatchError) as info:
        other.load_weights(tmp_path / 'a.weights.h5')
    assert len(info.value.problems) == 4, info.value.problems
    # TF 2.21's message names the first failing layer ('A total of 3 objects could not be loaded ...');
    # the listing of every problem rides as a note
    assert str(info.value).startswith('A total of 3 objects could not be loaded. Example error message for object '
                                      '<Dense name=%s, built=True>' % other.layers[0].name)
    text = '\n'.join([str(info.value)] + info.value.__notes__)
    first, second, third = other.layers
    assert "(layers/dense): weight 0 '%s' has shape (5, 4) in the model but (3, 4)" % first.kernel.path in text
    assert "(layers/dense_1): weight 0 '%s' has shape (4, 3) in the model but (4, 2)" % second.kernel.path in text
    assert "(layers/dense_1): weight 1 '%s' has shape (3,) in the model but (2,)" % second.bias.path in text
    assert "layer '%s' (layers/dense_2): missing from the file" % third.name in text
    assert 'batch_normalization' not in text
    assert 'no weight was changed' in text and str(tmp_path / 'a.weights.h5') in text
    for a, b in zip(before, _values(other)):
        np.testing.assert_array_equal(a, b)


def test_skip_mismatch_loads_what_fits_and_warns(tmp_path):
    source = _fill(_mlp(width=3, hidden=4, out=2), 0)
    source.save_weights(tmp_path / 'a.weights.h5')
    other = layers.Sequential([layers.Input((3,)), layers.Dense(4, activation='relu'), layers.BatchNormalization(),
                               layers.Dense(5)])
    # TF 2.21 warns its error's words for the one layer it skips (the last Dense)
    with pytest.warns(UserWarning, match=r'A total of 1 objects could not be loaded\. Example error message for object '
                                         r'<Dense name=dense_\d+, built=True>:\n\nThe shape of the target variable'):
        other.load_weights(tmp_path / 'a.weights.h5', skip_mismatch=True)
    np.testing.assert_array_equal(other.layers[0].kernel.numpy(), source.layers[0].kernel.numpy())
    np.testing.assert_array_equal(other.layers[1].moving_variance.numpy(), source.layers[1].moving_variance.numpy())


def test_missing_file_is_reported_with_its_path(tmp_path):
    with pytest.raises(FileNotFoundError, match='nothing.weights.h5'):
        _mlp().load_weights(tmp_path / 'nothing.weights.h5')


def test_non_hdf5_file_is_reported_with_its_path(tmp_path):
    path = tmp_path / 'notes.weights.h5'
    path.write_text('these are not weights')
    with pytest.raises(SavedFileError, match='notes.weights.h5 is not a readable HDF5 file'):
        _mlp().load_weights(path)


def test_truncated_file_is_reported_and_leaves_the_model_unchanged(tmp_path):
    model = _fill(_mlp(), 0)
    path = tmp_path / 'a.weights.h5'
    model.save_weights(path)
    data = path.read_bytes()
    path.write_bytes(data[:len(data) // 2])
    target = _fill(_mlp(), 3)
    before = _values(target)
    with pytest.raises(SavedFileError, match='a.weights.h5 is not a readable HDF5 file'):
        target.load_weights(path)
    for a, b in zip(before, _values(target)):
        np.testing.assert_array_equal(a, b)


def test_hdf5_file_without_weights_is_refused(tmp_path):
    path = tmp_path / 'other.h5'
    with h5py.File(path, 'w') as f:
        f['data'] = np.zeros(3)
    # Keras 3 reads any '.h5' with its legacy reader, which finds no layers there (TF 2.21's words)
    with pytest.raises(ValueError) as caught:
        _mlp().load_weights(path)
    assert str(caught.value) == ('Layer count mismatch when loading weights from file. Model expected 3 layers, '
                                 'found 0 saved layers.')
    assert re.search(r"other.h5 is an HDF5 file but holds no model weights.*\['data'\]", '\n'.join(caught.value.__notes__))


# ---- Keras 2's legacy layout, written by hand as documented in Keras's legacy_h5_format ----
def _write_legacy(path, named_arrays, under_model_weights=False):
    """layer_names at the root (or under model_weights), weight_names per layer, arrays at those names."""
    with h5py.File(path, 'w') as f:
        root = f.create_group('model_weights') if under_model_weights else f
        root.attrs['layer_names'] = np.array([name.encode() for name, _ in named_arrays])
        root.attrs['keras_version'] = b'2.15.0'
        for name, arrays in named_arrays:
            group = root.create_group(name)
            names = ['%s/w%d:0' % (name, i) for i in range(len(arrays))]
            group.attrs['weight_names'] = np.array([n.encode() for n in names])
            for n, a in zip(names, arrays):
                group[n] = a


def _dense_arrays(rows, cols, fill):
    return [np.full((rows, cols), fill, 'float32'), np.full((cols,), -fill, 'float32')]


@pytest.mark.parametrize('under_model_weights', [False, True], ids=['weights_file', 'full_model_file'])
def test_legacy_layout_loads_in_topological_order(tmp_path, under_model_weights):
    path = tmp_path / 'legacy.h5'
    # Saved names differ from the model's: order decides. A layer without weights is skipped.
    _write_legacy(path, [('first', _dense_arrays(3, 4, 1.0)), ('dropout', []), ('second', _dense_arrays(4, 2, 2.0))],
                  under_model_weights)
    model = layers.Sequential([layers.Input((3,)), layers.Dense(4), layers.Dropout(0.5), layers.Dense(2)])
    model.load_weights(path)
    np.testing.assert_array_equal(model.layers[0].kernel.numpy(), np.ones((3, 4)))
    np.testing.assert_array_equal(model.layers[2].bias.numpy(), np.full((2,), -2.0))


def test_legacy_layout_by_name_skips_absent_layers(tmp_path):
    path = tmp_path / 'legacy.h5'
    _write_legacy(path, [('head', _dense_arrays(4, 2, 2.0)), ('elsewhere', _dense_arrays(9, 9, 3.0)),
                         ('body', _dense_arrays(3, 4, 1.0))])
    model = layers.Sequential([layers.Input((3,)), layers.Dense(4, name='body'), layers.Dense(2, name='head'),
                               layers.Dense(1, name='new')])
    new_kernel = model.layers[2].kernel.numpy().copy()
    model.load_weights(path, by_name=True)
    np.testing.assert_array_equal(model.layers[0].kernel.numpy(), np.ones((3, 4)))
    np.testing.assert_array_equal(model.layers[1].kernel.numpy(), np.full((4, 2), 2.0))
    np.testing.assert_array_equal(model.layers[2].kernel.numpy(), new_kernel)


def test_legacy_layout_mismatch_lists_every_layer(tmp_path):
    path = tmp_path / 'legacy.h5'
    _write_legacy(path, [('a', _dense_arrays(3, 4, 1.0)), ('b', _dense_arrays(4, 3, 1.0))])
    model = layers.Sequential([layers.Input((3,)), layers.Dense(5), layers.Dense(2)])
    with pytest.raises(WeightsMismatchError) as info:
        model.load_weights(path)
    # Keras 3's text for the first mismatch; every one listed in tapeflow's note
    assert str(info.value) == ('Shape mismatch in layer #0 (named %s)for weight %s. Weight expects shape (3, 5). '
                               'Received saved weight with shape (3, 4)' % (model.layers[0].name,
                                                                             model.layers[0].kernel.path))
    text = info.value.__notes__[0]
    assert "layer #1 '%s' ('b' in the file): weight 0" % model.layers[1].name in text
    assert '(5, 2) in the model but (4, 3)' in text and '(2,) in the model but (3,)' in text
    assert len(info.value.problems) == 4
    _write_legacy(path, [('a', _dense_arrays(3, 4, 1.0)), ('b', _dense_arrays(4, 3, 1.0)), ('c', [np.ones(2)])])
    with pytest.raises(ValueError) as info:
        model.load_weights(path)
    assert str(info.value) == ('Layer count mismatch when loading weights from file. Model expected 2 layers, found '
                               '3 saved layers.')


def test_by_name_is_refused_for_the_keras3_layout(tmp_path):
    model = _mlp()
    model.save_weights(tmp_path / 'a.weights.h5')
    with pytest.raises(ValueError, match='by_name'):
        model.load_weights(tmp_path / 'a.weights.h5', by_name=True)


def test_compiled_model_saves_and_restores_optimizer_state(tmp_path):
    x = np.linspace(-1, 1, 24, dtype='float32').reshape(8, 3)
    y = np.stack([x.sum(axis=1), x[:, 0]], axis=1)
    model = _fill(_mlp(), 0)
    model.compile(optimizer='adam', loss='mse')
    model.fit(x, y, batch_size=4, epochs=1, shuffle=False, verbose=0)
    model.save_weights(tmp_path / 'a.weights.h5')
    layout = _layout(tmp_path / 'a.weights.h5')
    assert layout['optimizer/vars'] == {'name': model.optimizer.name}
    assert layout['optimizer/vars/0'] == () and layout['optimizer/vars/1'] == ()   # iteration, learning_rate
    unbuilt = _fill(_mlp(), 5)
    unbuilt.compile(optimizer='adam', loss='mse')
    # As Keras 3: an optimizer not built yet has 2 variables, so the state is skipped with a warning.
    with pytest.warns(UserWarning, match='has 2 variables whereas the saved optimizer has 14 variables'):
        unbuilt.load_weights(tmp_path / 'a.weights.h5')
    assert int(unbuilt.optimizer.iterations.numpy()) == 0
    target = _fill(_mlp(), 5)
    target.compile(optimizer='adam', loss='mse')
    target.optimizer.build(target.trainable_variables)     # built: it receives the state
    target.load_weights(tmp_path / 'a.weights.h5')
    assert int(target.optimizer.iterations.numpy()) == 2
    for a, b in zip(model.optimizer.variables, target.optimizer.variables):
        np.testing.assert_array_equal(a.numpy(), b.numpy())


def test_weights_of_sublayers_held_in_attributes_and_lists(tmp_path):
    class Block(layers.Layer):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.zeta = layers.Dense(2)
            self.alpha = [layers.Dense(3), layers.Dense(3)]
            self._hidden = layers.Dense(4)

        def build(self, input_shape):
            self.scale = self.add_weight(shape=(1,), name='scale')
            self.count = self.add_weight(shape=(), name='count', trainable=False)
            self.offset = self.add_weight(shape=(1,), name='offset')

        def call(self, x):
            return self.zeta(self.alpha[1](self.alpha[0](self._hidden(x)))) * self.scale

    def make():
        return layers.Sequential([layers.Input((3,)), Block(), layers.Dense(1)])

    model = _fill(make(), 0)
    model.save_weights(tmp_path / 'a.weights.h5')
    # The paths and shapes Keras 3.15 writes for the same Block (attributes
    # sorted, private ones last; list items by class name; own variables
    # trainable first: scale, offset, then count).
    expected = {'layers/block/_hidden/vars/0': (3, 4), 'layers/block/alpha/dense/vars/0': (4, 3),
                'layers/block/alpha/dense_1/vars/0': (3, 3), 'layers/block/vars/0': (1,),
                'layers/block/vars/1': (1,), 'layers/block/vars/2': (), 'layers/block/zeta/vars/0': (3, 2),
                'layers/dense/vars/0': (2, 1)}
    layout = _layout(tmp_path / 'a.weights.h5')
    assert {k: layout[k] for k in expected} == expected
    target = _fill(make(), 1)
    target.load_weights(tmp_path / 'a.weights.h5')
    for a, b in zip(_values(model), _values(target)):
        np.testing.assert_array_equal(a, b)


def test_weights_on_each_backend_round_trip_onto_the_same_device(tmp_path, backend):
    model = _fill(_mlp(), 0)
    assert all(backend.holds(v) for v in model.weights)
    model.save_weights(tmp_path / 'a.weights.h5')
    with h5py.File(tmp_path / 'a.weights.h5', 'r') as f:          # host copies in the file
        np.testing.assert_array_equal(f['layers/dense/vars/0'][()], model.layers[0].kernel.numpy())
    target = _fill(_mlp(), 1)
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        target.load_weights(tmp_path / 'a.weights.h5')
    assert all(backend.holds(v) for v in target.weights)
    for a, b in zip(_values(model), _values(target)):
        np.testing.assert_array_equal(a, b)
