"""save / load_model: architecture, weights, compile arguments and optimizer state.

Both containers (.keras archive, .h5 file) are checked for an exact resume of
training, custom classes through the registry or custom_objects, and the
refusal of anything that would run code from the file.
"""
import json
import zipfile

import h5py
import numpy as np
import pytest

import layers
import optim
from framework import keras
from framework import losses
from layers.model import Model
from layers.saving import SavedFileError, load_model, register_serializable

FORMATS = ['keras', 'h5']


def _data():
    i = np.arange(32, dtype='float32')
    x = np.stack([np.sin(i), np.cos(0.5 * i), (i % 5) / 5.0 - 0.5], axis=1).astype('float32')
    y = np.stack([x @ np.array([1.5, -2.0, 0.7], 'float32') + 0.3, x[:, 0] * x[:, 1]], axis=1)
    return x, y.astype('float32')


def _model(optimizer, loss='mse'):
    model = layers.Sequential([layers.Input((3,)), layers.Dense(8, activation='tanh'), layers.BatchNormalization(),
                               layers.Dense(2)])
    rng = np.random.RandomState(0)
    for v in model.weights:
        v.assign(rng.uniform(-0.5, 0.5, size=v.shape).astype('float32') + (1.0 if 'variance' in v.path else 0.0))
    model.compile(optimizer=optimizer, loss=loss, metrics=['mae'])
    return model


OPTIMIZERS = {
    'adam': lambda: optim.Adam(0.01),
    'sgd_momentum_nesterov': lambda: optim.SGD(0.05, momentum=0.9, nesterov=True),
    'rmsprop_schedule': lambda: optim.RMSprop(optim.schedules.ExponentialDecay(0.01, 3, 0.5)),
    'nadam': lambda: optim.Nadam(0.01),
}


# .keras only: a model loaded from .h5 cannot resume in Keras 3.15 (its optimizer is built for no
# variable; fit raises 'Unknown variable', test_savefiles26_h5_optimizer_state)
@pytest.mark.parametrize('fmt', ['keras'])
@pytest.mark.parametrize('name', sorted(OPTIMIZERS))
def test_training_resumed_from_a_saved_model_matches_uninterrupted_training(tmp_path, fmt, name):
    x, y = _data()
    straight = _model(OPTIMIZERS[name]())
    full = straight.fit(x, y, batch_size=8, epochs=4, shuffle=False, verbose=0).history

    first = _model(OPTIMIZERS[name]())
    head = first.fit(x, y, batch_size=8, epochs=2, shuffle=False, verbose=0).history
    first.save(tmp_path / ('model.' + fmt))
    resumed = load_model(tmp_path / ('model.' + fmt))
    tail = resumed.fit(x, y, batch_size=8, epochs=2, shuffle=False, verbose=0).history

    assert int(resumed.optimizer.iterations.numpy()) == int(straight.optimizer.iterations.numpy()) == 16
    # Keras 3's .h5 loader turns the metric name 'mae' into MeanAbsoluteError, logged under its own name.
    resumed_key = {'mae': 'mean_absolute_error'} if fmt == 'h5' else {}
    for key in full:                                      # bit for bit: loss and mae of every epoch
        assert head[key] + tail[resumed_key.get(key, key)] == full[key], key
    for a, b in zip(straight.weights, resumed.weights):
        np.testing.assert_array_equal(a.numpy(), b.numpy())
    for a, b in zip(straight.optimizer.variables, resumed.optimizer.variables):
        np.testing.assert_array_equal(a.numpy(), b.numpy())


@pytest.mark.parametrize('fmt', FORMATS)
def test_saved_model_keeps_architecture_and_compile_arguments(tmp_path, fmt):
    # (an .h5 file compiled with 'mse' does not load in Keras 3.15: test_kfiles_legacy_h5)
    model = _model(optim.Adam(0.02, beta_1=0.8), loss='mse' if fmt == 'keras' else 'mean_squared_error')
    model.save(tmp_path / ('model.' + fmt))
    loaded = keras.models.load_model(tmp_path / ('model.' + fmt))
    assert type(loaded) is layers.Sequential and loaded.name == model.name
    assert [type(l) for l in loaded.layers] == [layers.Dense, layers.BatchNormalization, layers.Dense]
    assert [l.name for l in loaded.layers] == [l.name for l in model.layers]
    assert loaded.layers[0].get_config() == model.layers[0].get_config()
    assert isinstance(loaded.optimizer, optim.Adam) and loaded.optimizer.beta_1 == 0.8
    assert np.float32(loaded.optimizer.learning_rate.numpy()) == np.float32(0.02)
    # .h5 spells losses out in full, as Keras 3's .h5 loader needs.
    # and, as Keras 3's .h5 loader, loading looks the names up (the function; MeanAbsoluteError).
    if fmt == 'keras':
        assert loaded.loss == 'mse' and loaded.get_compile_config()['metrics'] == ['mae']
    else:
        assert loaded.loss is losses.mean_squared_error
        assert [m['config']['name'] for m in loaded.get_compile_config()['metrics']] == ['mean_absolute_error']
    uncompiled = load_model(tmp_path / ('model.' + fmt), compile=False)
    assert not uncompiled.compiled
    x, _ = _data()
    np.testing.assert_array_equal(uncompiled.predict(x, verbose=0), model.predict(x, verbose=0))


def test_keras_archive_members(tmp_path):
    model = _model('adam')
    model.save(tmp_path / 'model.keras')
    with zipfile.ZipFile(tmp_path / 'model.keras') as archive:
        assert sorted(archive.namelist()) == ['config.json', 'metadata.json', 'model.weights.h5']
        config = json.loads(archive.read('config.json'))
    assert config['class_name'] == 'Sequential' and config['module'] == 'keras'
    assert config['build_config'] == {'input_shape': [None, 3]}
    assert [entry['class_name'] for entry in config['config']['layers']] == ['InputLayer', 'Dense',
                                                                          'BatchNormalization', 'Dense']
    assert config['compile_config']['optimizer']['class_name'] == 'Adam'


def test_h5_model_file_layout(tmp_path):
    model = _model('adam')
    model.save(tmp_path / 'model.h5')
    with h5py.File(tmp_path / 'model.h5', 'r') as f:
        assert json.loads(f.attrs['model_config'])['class_name'] == 'Sequential'
        assert json.loads(f.attrs['training_config'])['optimizer_config']['class_name'] == 'Adam'
        # Variable-length strings, as Keras stores them: h5py reads them back as str
        names = list(f['model_weights'].attrs['layer_names'])
        assert names == [l.name for l in model.layers]
        weight_names = list(f['model_weights'][names[0]].attrs['weight_names'])
        assert weight_names == [model.layers[0].kernel.path, model.layers[0].bias.path]
        optimizer_names = list(f['optimizer_weights'].attrs['weight_names'])
        assert optimizer_names[:2] == ['%s/iteration' % model.optimizer.name,
                                       '%s/learning_rate' % model.optimizer.name]


def test_save_refuses_other_suffixes(tmp_path):
    with pytest.raises(ValueError, match=r'Invalid filepath extension.*\.keras.*\.h5'):
        _model('adam').save(tmp_path / 'model.tf')


class Scale(layers.Layer):
    """A custom layer with a weight and a config entry."""

    def __init__(self, factor=2.0, **kwargs):
        super().__init__(**kwargs)
        self.factor = factor

    def build(self, input_shape):
        self.gain = self.add_weight(shape=(input_shape[-1],), initializer='ones', name='gain')

    def call(self, inputs):
        return inputs * self.gain * self.factor

    def get_config(self):
        return dict(super().get_config(), factor=self.factor)


RegisteredScale = register_serializable(package='TestSaving')(type('RegisteredScale', (Scale,), {}))


def _custom_model(cls):
    model = layers.Sequential([layers.Input((3,)), cls(factor=3.0), layers.Dense(1)])
    model.layers[0].gain.assign(np.array([1.0, 2.0, 3.0], 'float32'))
    return model


@pytest.mark.parametrize('fmt', FORMATS)
def test_registered_custom_layer_round_trips(tmp_path, fmt):
    model = _custom_model(RegisteredScale)
    model.save(tmp_path / ('model.' + fmt))
    loaded = load_model(tmp_path / ('model.' + fmt))
    assert type(loaded.layers[0]) is RegisteredScale and loaded.layers[0].factor == 3.0
    np.testing.assert_array_equal(loaded.layers[0].gain.numpy(), [1.0, 2.0, 3.0])


@pytest.mark.parametrize('fmt', FORMATS)
def test_unknown_class_is_refused_with_how_to_register_it(tmp_path, fmt):
    _custom_model(Scale).save(tmp_path / ('model.' + fmt))
    with pytest.raises(SavedFileError, match=r"unknown layer class\(es\) \['Scale'\].*register_serializable.*"
                                             r"custom_objects=\{'Scale': Scale\}"):
        load_model(tmp_path / ('model.' + fmt))
    loaded = load_model(tmp_path / ('model.' + fmt), custom_objects={'Scale': Scale})
    np.testing.assert_array_equal(loaded.layers[0].gain.numpy(), [1.0, 2.0, 3.0])


@register_serializable(package='TestSaving')
class TwoDense(Model):
    """A subclassed model: its sublayers are attributes, built by running call."""

    def __init__(self, width=4, **kwargs):
        super().__init__(**kwargs)
        self.width = width
        self.encoder = layers.Dense(width, activation='relu')
        self.head = layers.Dense(2)

    def call(self, inputs):
        return self.head(self.encoder(inputs))

    def get_config(self):
        return dict(super().get_config(), width=self.width)


@pytest.mark.parametrize('fmt', FORMATS)
def test_registered_subclassed_model_round_trips_with_its_optimizer(tmp_path, fmt):
    x, y = _data()
    model = TwoDense(width=5)
    model.compile(optim.Adam(0.01), 'mean_squared_error')
    model.fit(x, y, batch_size=8, epochs=1, shuffle=False, verbose=0)
    model.save(tmp_path / ('model.' + fmt))
    if fmt == 'h5':
        # Keras 3's .h5 names the model by its Python class alone, which its legacy loader does not find
        # among registered names: TF 2.21 raises "Unknown layer: 'TwoDense'. ..." (kerasio54)
        with pytest.raises(ValueError, match="^Unknown layer: 'TwoDense'"):
            load_model(tmp_path / 'model.h5')
        return
    loaded = load_model(tmp_path / ('model.' + fmt))
    assert type(loaded) is TwoDense and loaded.width == 5 and loaded.built
    np.testing.assert_array_equal(loaded.predict(x, verbose=0), model.predict(x, verbose=0))
    assert int(loaded.optimizer.iterations.numpy()) == 4
    for a, b in zip(model.optimizer.variables, loaded.optimizer.variables):
        np.testing.assert_array_equal(a.numpy(), b.numpy())




def test_lambda_layer_saves_its_bytecode_and_loading_it_needs_safe_mode_off(tmp_path):
    # Keras 3 files a Python lambda as bytecode and refuses to run it unless safe_mode=False
    model = layers.Sequential([layers.Input((3,)), layers.Lambda(lambda t: t * 2.0), layers.Dense(1)])
    model.save(tmp_path / 'model.keras')
    with pytest.raises(ValueError, match='Requested the deserialization of a `Lambda` layer'):
        load_model(tmp_path / 'model.keras')
    loaded = load_model(tmp_path / 'model.keras', safe_mode=False)
    x = np.ones((2, 3), 'float32')
    np.testing.assert_array_equal(loaded.predict(x, verbose=0), model.predict(x, verbose=0))
    # A file with a Lambda's bytecode is refused in safe mode before anything is built.
    good = layers.Sequential([layers.Input((3,)), layers.Dense(1)])
    good.save(tmp_path / 'model.h5')
    with h5py.File(tmp_path / 'model.h5', 'a') as f:
        config = json.loads(f.attrs['model_config'])
        config['config']['layers'].insert(1, {'class_name': 'Lambda', 'config': {
            'name': 'lambda', 'function': {'class_name': '__lambda__', 'config': {'code': '4wEAAAAA'}}}})
        f.attrs['model_config'] = json.dumps(config)
    with pytest.raises(ValueError, match='Requested the deserialization of a `Lambda` layer') as info:
        load_model(tmp_path / 'model.h5')
    assert "Lambda layer(s) ['lambda']" in info.value.__notes__[0]


def test_weights_only_file_is_not_a_model(tmp_path):
    _model('adam').save_weights(tmp_path / 'a.weights.h5')
    with pytest.raises(SavedFileError) as info:
        load_model(tmp_path / 'a.weights.h5')
    assert str(info.value) == 'No model config found in the file at %s.' % (tmp_path / 'a.weights.h5')   # Keras's
    assert 'load_weights' in info.value.__notes__[0]


def test_truncated_archive_names_the_path(tmp_path):
    _model('adam').save(tmp_path / 'model.keras')
    data = (tmp_path / 'model.keras').read_bytes()
    (tmp_path / 'model.keras').write_bytes(data[:len(data) // 3])
    with pytest.raises(SavedFileError, match='File not found: filepath=.*model.keras. Please ensure the file is an accessible'):
        load_model(tmp_path / 'model.keras')


def test_model_checkpoint_writes_loadable_files_at_each_epoch(tmp_path):
    x, y = _data()
    model = _model('adam')
    model.fit(x, y, batch_size=8, epochs=2, shuffle=False, verbose=0, callbacks=[
        keras.callbacks.ModelCheckpoint(str(tmp_path / 'w-{epoch:02d}.weights.h5'), save_weights_only=True),
        keras.callbacks.ModelCheckpoint(str(tmp_path / 'm-{epoch}.keras')),
        keras.callbacks.ModelCheckpoint(str(tmp_path / 'm-{epoch}.h5'))])
    assert sorted(p.name for p in tmp_path.iterdir()) == ['m-1.h5', 'm-1.keras', 'm-2.h5', 'm-2.keras',
                                                         'w-01.weights.h5', 'w-02.weights.h5']
    last = load_model(tmp_path / 'm-2.keras')
    for a, b in zip(model.weights, last.weights):
        np.testing.assert_array_equal(a.numpy(), b.numpy())
    epoch_one = _model('adam')
    epoch_one.optimizer.build(epoch_one.trainable_variables)   # unbuilt, Keras 3 would skip the state
    epoch_one.load_weights(tmp_path / 'w-01.weights.h5')
    assert int(epoch_one.optimizer.iterations.numpy()) == 4
    from_model_file = load_model(tmp_path / 'm-1.h5', compile=False)    # ('mse' does not compile from .h5)
    np.testing.assert_array_equal(epoch_one.predict(x, verbose=0), from_model_file.predict(x, verbose=0))


def test_include_optimizer_false_saves_an_uncompiled_h5_model(tmp_path):
    model = _model('adam')
    x, y = _data()
    model.fit(x, y, batch_size=8, epochs=1, shuffle=False, verbose=0)
    model.save(tmp_path / 'model.h5', include_optimizer=False)
    loaded = load_model(tmp_path / 'model.h5')
    assert not loaded.compiled
    np.testing.assert_array_equal(loaded.predict(x, verbose=0), model.predict(x, verbose=0))


def test_include_optimizer_false_is_ignored_for_keras_archives(tmp_path):
    # Keras 3.15 passes include_optimizer to its legacy .h5 writer only: a .keras archive keeps the compile
    # config and the optimizer's state, and loads compiled (checked with TF 2.21)
    model = _model('adam')
    x, y = _data()
    model.fit(x, y, batch_size=8, epochs=1, shuffle=False, verbose=0)
    model.save(tmp_path / 'model.keras', include_optimizer=False)
    with zipfile.ZipFile(tmp_path / 'model.keras') as archive:
        assert json.loads(archive.read('config.json'))['compile_config']['optimizer']['class_name'] == 'Adam'
        (tmp_path / 'w.h5').write_bytes(archive.read('model.weights.h5'))
    with h5py.File(tmp_path / 'w.h5', 'r') as f:
        assert sorted(f.keys()) == ['layers', 'optimizer', 'vars']
    loaded = load_model(tmp_path / 'model.keras')
    assert loaded.compiled and int(loaded.optimizer.iterations.numpy()) == int(model.optimizer.iterations.numpy())
    np.testing.assert_array_equal(loaded.predict(x, verbose=0), model.predict(x, verbose=0))
