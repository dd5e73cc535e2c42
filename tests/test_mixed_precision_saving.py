"""A mixed_float16 model in a .keras file, laid out as Keras 3.15 lays it out: the policies in
config.json, the compile config naming the optimizer given (Adam), and the LossScaleOptimizer's
variables under optimizer/vars (its own two and the inner optimizer's) and the inner optimizer's
again under optimizer/inner_optimizer/vars (TensorFlow 2.21 wrote the same names and shapes for this
program: /work/notes/progs/mixedprec/save_tf.py)."""
import json
import zipfile

import h5py
import numpy as np
import pytest

from framework import keras

layers = keras.layers


@pytest.fixture
def trained():
    keras.backend.clear_session()
    keras.utils.set_random_seed(0)
    keras.mixed_precision.set_global_policy('mixed_float16')
    model = keras.Sequential([keras.Input((3,)), layers.Dense(4, activation='relu'), layers.Dense(2),
                              layers.Activation('linear', dtype='float32')])
    model.compile(optimizer=keras.optimizers.Adam(0.01), loss='mse')
    x = np.random.RandomState(0).rand(8, 3).astype('float32')
    model.fit(x, np.random.RandomState(1).rand(8, 2).astype('float32'), epochs=1, batch_size=4, verbose=0)
    yield model, x
    keras.mixed_precision._state['policy'] = None      # unset again: the global policy follows floatx


def test_keras_file_holds_policies_and_both_optimizers_variables(trained, tmp_path):
    model, _ = trained
    path = str(tmp_path / 'mixed.keras')
    model.save(path)
    with zipfile.ZipFile(path) as archive:
        config = json.loads(archive.read('config.json'))
        archive.extract('model.weights.h5', str(tmp_path))
    assert config['compile_config']['optimizer']['class_name'] == 'Adam'
    policies = [layer['config']['dtype']['config']['name'] for layer in config['config']['layers'][1:]]
    assert policies == ['mixed_float16', 'mixed_float16', 'float32']
    with h5py.File(str(tmp_path / 'model.weights.h5')) as weights:
        outer = weights['optimizer/vars']
        inner = weights['optimizer/inner_optimizer/vars']
        assert len(outer) == 14 and len(inner) == 10
        shapes = [(), (), (3, 4), (3, 4), (4,), (4,), (4, 2), (4, 2), (2,), (2,)]      # Adam's, as TF wrote them
        assert [outer[str(i)].shape for i in range(14)] == [(), (), (), ()] + shapes
        assert [inner[str(i)].shape for i in range(10)] == shapes
        assert [str(outer[str(i)].dtype) for i in range(4)] == ['int64', 'float32', 'int64', 'float32']
        # optimizer/vars: iterations, learning rate, step counter, dynamic scale, then the inner Adam's
        assert float(outer['3'][()]) == float(model.optimizer.dynamic_scale.numpy())


def test_keras_file_loads_back_mixed_with_its_loss_scale(trained, tmp_path):
    model, x = trained
    path = str(tmp_path / 'mixed.keras')
    model.save(path)
    # loaded under the mixed policy, as TF's run loads it (a Sequential loaded under float32 takes
    # that policy and its plain optimizer: test_kfiles_mixed_reload.py)
    loaded = keras.models.load_model(path)
    assert type(loaded.optimizer).__name__ == 'LossScaleOptimizer'
    assert repr(loaded.layers[0].dtype_policy) == '<DTypePolicy "mixed_float16">'
    for name in ('iterations', 'dynamic_scale'):
        assert getattr(loaded.optimizer, name).numpy() == getattr(model.optimizer, name).numpy()
    assert [v.numpy().tolist() for v in loaded.optimizer.variables] == \
        [v.numpy().tolist() for v in model.optimizer.variables]
    np.testing.assert_array_equal(loaded.predict(x, verbose=0), model.predict(x, verbose=0))
