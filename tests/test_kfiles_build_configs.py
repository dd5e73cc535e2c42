"""A layer built by hand records its build config, and Bidirectional builds its copies of a built
layer where it is made, as Keras 3 does (its build wrapper; its serialize/deserialize copy).

Goldens printed by TensorFlow 2.21 / Keras 3.15.1 running the same statements
(/work/notes/progs/kfiles/{bc,bi}.py)."""
import numpy as np
import pytest

from framework import keras

L = keras.layers


@pytest.mark.parametrize('make, shape', [
    (lambda: L.Dense(3), (None, 4)), (lambda: L.LSTM(2), (None, 3, 4)), (lambda: L.BatchNormalization(), (None, 4)),
    (lambda: L.Embedding(5, 2), (None, 3)), (lambda: L.Conv2D(2, 3), (None, 5, 5, 1)),
    (lambda: L.LayerNormalization(), (None, 4)), (lambda: L.Bidirectional(L.GRU(2)), (None, 3, 4))])
def test_a_layer_built_by_hand_records_its_build_config(make, shape):
    layer = make()
    layer.build(shape)
    assert layer.built
    assert layer.get_build_config() == {'input_shape': shape}
    assert keras.layers.serialize(layer)['build_config'] == {'input_shape': shape}


def _paths(layer):
    return [v.path for v in layer.variables]


def test_bidirectional_copies_a_built_layer_built():
    keras.backend.clear_session()
    lstm = L.LSTM(2)
    lstm.build((None, 3, 4))
    wrapper = L.Bidirectional(lstm)
    assert wrapper.forward_layer.built and wrapper.backward_layer.built
    expected = ['forward_lstm/lstm_cell/kernel', 'forward_lstm/lstm_cell/recurrent_kernel',
                'forward_lstm/lstm_cell/bias', 'seed_generator_1/seed_generator_state',
                'backward_lstm/lstm_cell/kernel', 'backward_lstm/lstm_cell/recurrent_kernel',
                'backward_lstm/lstm_cell/bias', 'seed_generator_2/seed_generator_state']
    assert _paths(wrapper) == expected
    wrapper(np.ones((1, 3, 4), 'float32'))
    assert _paths(wrapper) == expected


def test_a_reloaded_bidirectional_names_its_weights_as_keras(tmp_path):
    keras.backend.clear_session()
    model = keras.Sequential([keras.Input((6,), dtype='int32'), L.Embedding(20, 5),
                              L.Bidirectional(L.GRU(3, return_sequences=True)), L.GlobalAveragePooling1D(), L.Dense(1)])
    assert _paths(model)[1:4] == ['sequential/bidirectional/forward_gru/gru_cell/kernel',
                                  'sequential/bidirectional/forward_gru/gru_cell/recurrent_kernel',
                                  'sequential/bidirectional/forward_gru/gru_cell/bias']
    model.save(str(tmp_path / 'bi.keras'))
    reloaded = keras.models.load_model(str(tmp_path / 'bi.keras'))
    assert _paths(reloaded) == [
        'embedding/embeddings', 'forward_gru/gru_cell/kernel', 'forward_gru/gru_cell/recurrent_kernel',
        'forward_gru/gru_cell/bias', 'seed_generator_5/seed_generator_state', 'backward_gru/gru_cell/kernel',
        'backward_gru/gru_cell/recurrent_kernel', 'backward_gru/gru_cell/bias',
        'seed_generator_4/seed_generator_state', 'dense/kernel', 'dense/bias']
    x = np.arange(12, dtype='int32').reshape(2, 6) % 20
    np.testing.assert_array_equal(reloaded.predict(x, verbose=0), model.predict(x, verbose=0))


@keras.saving.register_keras_serializable(package='kfiles_test')
class Noisy(L.Layer):
    """Builds its sublayer by hand in build, as the Keras guides do."""
    def __init__(self, units=3, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.gen = keras.random.SeedGenerator(7)
        self.inner = L.Dense(units)

    def build(self, shape):
        self.count = self.add_weight(shape=(), initializer='zeros', trainable=False, name='count')
        self.scale = self.add_weight(shape=(self.units,), initializer='ones', name='scale')
        self.inner.build(shape)

    def call(self, x):
        return self.inner(x) * self.scale

    def get_config(self):
        return dict(super().get_config(), units=self.units)


def test_sublayers_built_in_build_sit_under_the_layer_also_when_reloaded(tmp_path):
    keras.backend.clear_session()
    model = keras.Sequential([keras.Input((4,)), Noisy(3), L.Dense(1)])
    assert _paths(model) == ['sequential/noisy/scale', 'sequential/noisy/count', 'seed_generator/seed_generator_state',
                             'sequential/noisy/dense/kernel', 'sequential/noisy/dense/bias',
                             'sequential/dense_1/kernel', 'sequential/dense_1/bias']
    model.save(str(tmp_path / 'noisy.keras'))
    reloaded = keras.models.load_model(str(tmp_path / 'noisy.keras'))
    # Keras builds the reloaded Noisy from its build config, outside the model: 'noisy/...', 'dense_1/...'
    assert _paths(reloaded) == ['noisy/scale', 'noisy/count', 'seed_generator_1/seed_generator_state',
                                'noisy/dense_2/kernel', 'noisy/dense_2/bias', 'dense_1/kernel', 'dense_1/bias']
    x = np.arange(8, dtype='float32').reshape(2, 4)
    np.testing.assert_array_equal(reloaded.predict(x, verbose=0), model.predict(x, verbose=0))


def test_layers_have_kerass_build_from_config():
    dense = L.Dense(3)
    dense.build_from_config({'input_shape': [None, 4]})
    assert dense.built and tuple(dense.kernel.shape) == (4, 3)
    empty = L.Dense(3)
    empty.build_from_config({})
    assert not empty.built


@keras.saving.register_keras_serializable(package='kfiles_test')
class Scaled(L.Layer):
    """Overrides get_build_config / build_from_config and calls the base ones, as Keras allows."""
    calls = []

    def __init__(self, units=2, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.dense = L.Dense(units)

    def build(self, shape):
        self.dense.build(shape)
        self.scale = self.add_weight(shape=(), initializer='ones', name='scale')

    def call(self, x):
        return self.dense(x) * self.scale

    def get_config(self):
        return dict(super().get_config(), units=self.units)

    def get_build_config(self):
        return dict(super().get_build_config(), units=self.units)

    def build_from_config(self, config):
        Scaled.calls.append(sorted(config))
        super().build_from_config(config)


def test_a_layers_own_build_from_config_is_called_on_load(tmp_path):
    keras.backend.clear_session()
    inp = keras.Input((3,))
    model = keras.Model(inp, Scaled(2)(inp))
    model.save(str(tmp_path / 'scaled.keras'))
    Scaled.calls.clear()
    reloaded = keras.models.load_model(str(tmp_path / 'scaled.keras'))
    assert Scaled.calls == [['input_shape', 'units']]
    # TF 2.21 for the same program (kfiles/bfc.py)
    assert _paths(reloaded) == ['scaled/scale', 'scaled/dense_1/kernel', 'scaled/dense_1/bias']
    x = np.ones((1, 3), 'float32')
    np.testing.assert_array_equal(reloaded.predict(x, verbose=0), model.predict(x, verbose=0))
