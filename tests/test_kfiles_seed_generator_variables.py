"""A keras.random.SeedGenerator's state is a non-trainable int64 Keras variable, and layers that own
generators count the states in ``variables`` / ``non_trainable_variables`` (not in ``weights``), as
Keras 3 does.

Goldens printed by TensorFlow 2.21 / Keras 3.15.1 running the same statements
(/work/notes/progs/kfiles/{sg,ckpt,sl,layers_sweep}.py)."""
import io
import zipfile

import h5py
import numpy as np

import framework as tf
from framework import keras

L = keras.layers


def _paths(variables):
    return [v.path for v in variables]


def test_dropout_lists_its_seed_state_as_a_non_trainable_variable():
    keras.backend.clear_session()
    dropout = L.Dropout(0.5, seed=3)
    dropout.build((None, 2))
    assert (len(dropout.weights), len(dropout.variables), len(dropout.non_trainable_variables)) == (0, 1, 1)
    state = dropout.variables[0]
    assert state is dropout.seed_generator.state
    assert (state.path, state.name, state.dtype, state.trainable) == \
        ('seed_generator/seed_generator_state', 'seed_generator_state', 'int64', False)
    assert state.numpy().tolist() == [3, 0]
    assert dropout.non_trainable_weights == [] and dropout.trainable_variables == []


def test_a_models_variables_add_the_seed_states_after_each_layers_weights():
    keras.backend.clear_session()
    model = keras.Sequential([keras.Input((2,)), L.Dense(2), L.Dropout(0.5, seed=3)])
    assert _paths(model.variables) == ['sequential/dense/kernel', 'sequential/dense/bias',
                                       'seed_generator/seed_generator_state']
    assert len(model.weights) == 2 and len(model.non_trainable_variables) == 1
    model.layers[1].trainable = False     # Keras: a frozen layer's variables are all non-trainable
    assert model.layers[1].non_trainable_variables == model.layers[1].variables


def test_generators_are_named_in_keras_order_in_attributes_lists_and_build():
    keras.backend.clear_session()
    L.Dropout(0.5)                                   # seed_generator
    assert keras.random.SeedGenerator(3, name='abc').state.path == 'abc/seed_generator_state'

    class Owner(L.Layer):
        def __init__(self):
            super().__init__()
            self.gens = [keras.random.SeedGenerator(1), keras.random.SeedGenerator(2)]
            self.d = L.Dropout(0.3)

        def build(self, shape):
            self.w = self.add_weight(shape=(1,))
            self.g3 = keras.random.SeedGenerator(1)   # made in build: under the layer's name

        def call(self, x):
            return self.d(x, training=True)

    owner = Owner()
    owner(np.ones((2, 2), 'float32'))
    expected = ['owner/variable', 'seed_generator_1/seed_generator_state', 'seed_generator_2/seed_generator_state',
                'owner/seed_generator_4/seed_generator_state', 'seed_generator_3/seed_generator_state']
    assert _paths(owner.variables) == expected
    assert _paths(owner.non_trainable_variables) == expected[1:] and len(owner.weights) == 1


def test_the_state_is_an_assignable_variable_that_draws_advance():
    keras.backend.clear_session()
    generator = keras.random.SeedGenerator(5)
    assert repr(generator.state) == \
        '<Variable path=seed_generator/seed_generator_state, shape=(2,), dtype=int64, value=[5 0]>'
    generator.state.assign(np.array([7, 2]))
    np.testing.assert_array_equal(keras.random.uniform((2,), seed=generator).numpy(),
                                  np.array([0.22646749, 0.09326649], np.float32))
    assert generator.state.numpy().tolist() == [7, 3]
    pair = generator.next()
    assert isinstance(pair, tf.Tensor) and pair.numpy().tolist() == [7, 3]
    assert generator.state.numpy().tolist() == [7, 4]
    assert generator.get_config() == {'seed': 5, 'name': 'seed_generator'}


def test_draws_inside_a_stateless_scope_leave_the_state_as_it_was():
    generator = keras.random.SeedGenerator(5)
    with keras.StatelessScope():
        first = keras.random.uniform((2,), seed=generator)
        second = keras.random.uniform((2,), seed=generator)
        assert generator.state.numpy().tolist() == [5, 2]
    assert generator.state.numpy().tolist() == [5, 0]
    np.testing.assert_array_equal(first.numpy(), np.array([0.06185329, 0.8316691], np.float32))
    np.testing.assert_array_equal(second.numpy(), np.array([0.6156385, 0.9509727], np.float32))


def test_fit_advances_the_dropout_state_once_per_step():
    keras.utils.set_random_seed(1)
    keras.backend.clear_session()
    model = keras.Sequential([keras.Input((3,)), L.Dense(2), L.Dropout(0.5)])
    state = model.layers[1].seed_generator.state
    assert state.numpy().tolist() == [611178003, 0]
    model.compile('sgd', 'mse')
    model.fit(np.ones((4, 3)), np.ones((4, 2)), verbose=0, epochs=2, batch_size=2)
    assert state.numpy().tolist() == [611178003, 4]
    assert (len(model.variables), len(model.non_trainable_variables)) == (3, 1)


def test_recurrent_and_attention_layers_list_the_state_where_keras_does():
    keras.backend.clear_session()
    lstm = L.LSTM(2, dropout=0.1)
    lstm(np.ones((2, 3, 4), 'float32'))
    assert _paths(lstm.variables) == ['lstm/lstm_cell/kernel', 'lstm/lstm_cell/recurrent_kernel', 'lstm/lstm_cell/bias',
                                      'seed_generator/seed_generator_state']
    keras.backend.clear_session()
    attention = L.MultiHeadAttention(2, 2, dropout=0.1)
    x = np.ones((2, 3, 4), 'float32')
    attention(x, x)
    # the Dropout sublayer comes before the output projection, as Keras 3 builds them
    assert _paths(attention.variables)[6:] == ['multi_head_attention/seed_generator/seed_generator_state',
                                               'multi_head_attention/attention_output/kernel',
                                               'multi_head_attention/attention_output/bias']


def test_layers_without_a_random_stream_own_no_generator():
    keras.backend.clear_session()
    for layer in (L.Dropout(0.0), L.GaussianNoise(0.0), L.Attention()):
        assert layer.variables == []
    # TF 2.21's AlphaDropout is Keras's legacy layer, which always owns one
    assert _paths(L.AlphaDropout(0.0).variables) == ['seed_generator/seed_generator_state']


def test_augmentation_owners_count_their_operations_generators():
    keras.backend.clear_session()
    layer = L.RandAugment()
    layer(np.ones((2, 4, 4, 3), 'float32'))
    assert _paths(layer.variables) == ['seed_generator/seed_generator_state'] + [
        'seed_generator_%d/seed_generator_state' % i for i in range(1, 10)]
    keras.backend.clear_session()
    jitter = L.RandomColorJitter(brightness_factor=0.1, contrast_factor=0.1, saturation_factor=0.1, hue_factor=0.1)
    assert len(jitter.variables) == 5


def test_random_crop_makes_one_generator_and_reports_the_drawn_seed():
    keras.backend.clear_session()
    crop = L.RandomCrop(2, 2)
    assert _paths(crop.variables) == ['seed_generator/seed_generator_state']
    assert isinstance(crop.get_config()['seed'], int)
    assert L.RandomCrop(2, 2, seed=4).get_config()['seed'] == 4


def test_saved_files_hold_no_seed_state(tmp_path):
    keras.backend.clear_session()
    model = keras.Sequential([keras.Input((2,)), L.Dense(2), L.Dropout(0.5, seed=3), L.GaussianNoise(0.1)])
    model.save(str(tmp_path / 'm.keras'))
    with zipfile.ZipFile(str(tmp_path / 'm.keras')) as archive:
        with h5py.File(io.BytesIO(archive.read('model.weights.h5')), 'r') as f:
            assert list(f['layers/dropout/vars']) == [] and list(f['layers/gaussian_noise/vars']) == []
            assert dict(f['layers/dropout/vars'].attrs) == {'name': 'dropout'}
    reloaded = keras.models.load_model(str(tmp_path / 'm.keras'))
    assert len(reloaded.variables) == 4 and len(reloaded.weights) == 2


def test_clear_session_drops_the_global_seed_generator():
    keras.utils.set_random_seed(1)
    np.testing.assert_array_equal(keras.random.normal((2,)).numpy(), np.array([-1.2502598, 1.0671018], np.float32))
    keras.backend.clear_session()       # Keras's global state goes, and its global generator with it
    np.testing.assert_array_equal(keras.random.normal((2,)).numpy(), np.array([0.5903972, -0.8381091], np.float32))
