"""A mixed-precision model reloaded as Keras 3 reloads it: Keras's Sequential.from_config makes the
model from its name alone, so loaded under the float32 policy it compiles to the plain optimizer its
compile config names and skips the saved loss-scale state with Keras's warning; and an unbuilt
LossScaleOptimizer saves only the iterations and learning rates, as Keras's (its step counter and
dynamic scale come with build).

Goldens printed by TensorFlow 2.21 / Keras 3.15.1 running the same program
(/work/notes/progs/kfiles/mixed.py, seqcfg.py)."""
import io
import zipfile

import h5py
import numpy as np
import pytest

from framework import keras

L = keras.layers


@pytest.fixture
def mixed_model():
    keras.backend.clear_session()
    keras.utils.set_random_seed(1)
    keras.mixed_precision.set_global_policy('mixed_float16')
    try:
        model = keras.Sequential([keras.Input((4,)), L.Dense(3), L.Dense(1, dtype='float32')])
    finally:
        keras.mixed_precision.set_global_policy('float32')
    yield model
    keras.mixed_precision.set_global_policy('float32')


def test_a_sequential_loaded_under_float32_compiles_its_plain_optimizer(mixed_model, tmp_path):
    model = mixed_model
    model.compile('adam', 'mse')
    assert type(model.optimizer).__name__ == 'LossScaleOptimizer'
    x = np.ones((4, 4), 'float32')
    model.fit(x, np.ones((4, 1)), verbose=0)
    model.save(str(tmp_path / 'm.keras'))
    with pytest.warns(UserWarning, match="Skipping variable loading for optimizer 'adam', because it has 10 "
                                         "variables whereas the saved optimizer has 14 variables"):
        loaded = keras.models.load_model(str(tmp_path / 'm.keras'))
    assert loaded.dtype_policy.name == 'float32'
    assert [layer.dtype_policy.name for layer in loaded.layers] == ['mixed_float16', 'float32']
    assert type(loaded.optimizer).__name__ == 'Adam'
    history = loaded.fit(x, np.ones((4, 1)), verbose=0)
    np.testing.assert_allclose(history.history['loss'], [1.15622878074646], rtol=1e-6)


def test_an_unbuilt_loss_scale_optimizer_saves_iterations_and_learning_rates_only(tmp_path):
    keras.backend.clear_session()
    keras.mixed_precision.set_global_policy('mixed_float16')
    try:
        model = keras.Sequential([keras.Input((4,)), L.Dense(3), L.Dense(1, dtype='float32')])
        model.compile('adam', 'mse')
        model.save(str(tmp_path / 'unbuilt.keras'))
    finally:
        keras.mixed_precision.set_global_policy('float32')
    with zipfile.ZipFile(str(tmp_path / 'unbuilt.keras')) as archive:
        with h5py.File(io.BytesIO(archive.read('model.weights.h5')), 'r') as f:
            saved = [(str(f['optimizer/vars'][k].dtype), f['optimizer/vars'][k][()].item())
                     for k in sorted(f['optimizer/vars'], key=int)]
            assert saved == [('int64', 0), ('float32', 0.0), ('int64', 0), ('float32', pytest.approx(0.001))]
            assert len(f['optimizer/inner_optimizer/vars']) == 2
    assert not hasattr(model.optimizer, "dynamic_scale")      # Keras makes it in build()
    assert float(model.optimizer.scale_loss(1.0)) == 32768.0


def test_a_reloaded_sequential_is_trainable_whatever_its_config_says(tmp_path):
    model = keras.Sequential([keras.Input((4,)), L.Dense(3)], name='s')
    model.trainable = False
    model.save(str(tmp_path / 's.keras'))
    loaded = keras.models.load_model(str(tmp_path / 's.keras'))
    assert (loaded.name, loaded.trainable, loaded.layers[0].trainable, len(loaded.trainable_weights)) == \
        ('s', True, False, 0)


def test_sequential_takes_kerass_arguments_only():
    # TF 2.21: "Sequential.__init__() got an unexpected keyword argument 'dtype'" (kfiles/seqcfg.py)
    with pytest.raises(TypeError, match=r"Sequential.__init__\(\) got an unexpected keyword argument 'dtype'"):
        keras.Sequential([keras.Input((4,)), L.Dense(3)], dtype='float64')
