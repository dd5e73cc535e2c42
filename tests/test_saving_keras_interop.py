"""Files move between tapeflow and Keras in both directions.

Keras -> tapeflow runs everywhere: tests/data holds files written by Keras 3.15
and tf.keras 2.21 (tests/data/make_keras_reference_files.py, run by hand with
the reference environment), and the literals below are what that script
printed for the model in them: Sequential([Input((3,)), Dense(4, relu,
name='hidden'), Dense(2, name='out')]), Adam(0.01), 'mse', metrics ['mae'],
after 2 training steps.

tapeflow -> Keras needs Keras itself: where the reference environment
(/opt/tfref) exists, a subprocess loads our files with Keras 3 and compares its
predictions and optimizer state with ours; elsewhere (CI) those tests skip.
"""
import json
import os
import subprocess
import warnings

import h5py
import numpy as np
import pytest

import layers
import optim
from framework import losses
from framework.keras.backend import clear_session
from layers.saving import load_model

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'data')
KERAS_PYTHON = '/opt/tfref/bin/python'

KERAS3_WEIGHTS = [
    [[0.20458748936653137, 0.6509877443313599, 0.08632215112447739, -0.6442502737045288],
     [0.11219548434019089, 0.7310522198677063, 0.7151687741279602, 0.8702280521392822],
     [0.8354220390319824, 0.8441500067710876, 0.6738547086715698, 0.8411022424697876]],
    [0.018795963376760483, -0.004811696708202362, 0.01975206285715103, 0.019357938319444656],
    [[0.8619253039360046, 0.48896512389183044], [0.3739226758480072, 0.8776252865791321],
     [-0.20139755308628082, -1.006762146949768], [0.43972116708755493, -0.7947226762771606]],
    [0.019051367416977882, -0.01980302855372429]]
PROBE = [[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]]
KERAS3_PREDICTIONS = [[2.028554677963257, 0.8182373642921448], [0.2139849215745926, 0.43772101402282715]]
# Adam's state in Keras 3's order: iteration, learning_rate, then (momentum, velocity) per variable.
KERAS3_OUT_BIAS_MOMENTUM = [-0.22453740239143372, 0.0740380510687828]
KERAS3_HIDDEN_KERNEL_VELOCITY_ROW0 = [0.004811507649719715, 0.00014186023327056319, 4.3877680582227185e-05,
                                      0.003937482833862305]


def _dense_model():
    return layers.Sequential([layers.Input((3,)), layers.Dense(4, activation='relu'), layers.Dense(2)])


def _assert_keras_weights(model):
    for variable, expected in zip(model.weights, KERAS3_WEIGHTS):
        np.testing.assert_array_equal(variable.numpy(), np.array(expected, 'float32'))
    np.testing.assert_allclose(model(np.array(PROBE, 'float32')).numpy(), KERAS3_PREDICTIONS, rtol=1e-6)


@pytest.mark.parametrize('name', ['keras3_dense.weights.h5', 'keras3_dense.keras', 'keras3_dense.h5',
                                  'tf_keras2_dense_weights.h5', 'tf_keras2_dense_model.h5'])
def test_load_weights_from_keras_files(name):
    model = _dense_model()             # its layer names differ from the file's ('hidden', 'out')
    model.load_weights(os.path.join(DATA, name))
    _assert_keras_weights(model)


def test_load_weights_from_keras3_restores_adam_state():
    model = _dense_model()
    model.compile(optim.Adam(0.01), 'mse')
    model.optimizer.build(model.trainable_variables)    # Keras 3 restores the state into a built optimizer only
    model.load_weights(os.path.join(DATA, 'keras3_dense.weights.h5'))
    state = model.optimizer.variables
    assert int(state[0].numpy()) == 2 and np.float32(state[1].numpy()) == np.float32(0.01)
    np.testing.assert_array_equal(state[3].numpy()[0], np.array(KERAS3_HIDDEN_KERNEL_VELOCITY_ROW0, 'float32'))
    np.testing.assert_array_equal(state[8].numpy(), np.array(KERAS3_OUT_BIAS_MOMENTUM, 'float32'))


def test_load_model_from_keras3_file():
    model = load_model(os.path.join(DATA, 'keras3_dense.keras'))
    assert [l.name for l in model.layers] == ['hidden', 'out']
    _assert_keras_weights(model)
    assert isinstance(model.optimizer, optim.Adam) and int(model.optimizer.iterations.numpy()) == 2
    np.testing.assert_array_equal(model.optimizer.variables[8].numpy(),
                                  np.array(KERAS3_OUT_BIAS_MOMENTUM, 'float32'))
    assert model.loss == 'mse' and model.get_compile_config()['metrics'] == ['mae']


def test_load_model_from_keras3_h5_file_refuses_its_short_loss_name_as_keras_does():
    # keras3_dense.h5 was compiled with loss 'mse': TF 2.21's own load_model of it raises this
    # ValueError; compile=False loads the model and its weights.
    with pytest.raises(ValueError) as caught:
        load_model(os.path.join(DATA, 'keras3_dense.h5'))
    assert str(caught.value) == "Could not deserialize 'keras.metrics.mse' because it is not a KerasSaveable subclass"
    model = load_model(os.path.join(DATA, 'keras3_dense.h5'), compile=False)
    assert [l.name for l in model.layers] == ['hidden', 'out'] and not hasattr(model, 'optimizer')
    _assert_keras_weights(model)


def test_load_model_from_tf_keras2_file():
    # Its loss 'mse' stops Keras 3's .h5 loader (TF 2.21 raises the same ValueError) unless custom_objects
    # names it. tf.keras 2 names its optimizer 'Custom>SGD' and keeps only its iteration count: Keras 3's
    # set_weights pairs it with 'iteration' and says nothing of it (TF 2.21: iteration 0, no optimizer warning).
    clear_session()     # the auto-names below count from a fresh session, whatever other tests built before
    with pytest.raises(ValueError) as caught:
        load_model(os.path.join(DATA, 'tf_keras2_dense_model.h5'))
    assert str(caught.value) == "Could not deserialize 'keras.metrics.mse' because it is not a KerasSaveable subclass"
    with warnings.catch_warnings(record=True) as shown:
        warnings.simplefilter('always')
        model = load_model(os.path.join(DATA, 'tf_keras2_dense_model.h5'),
                           custom_objects={'mse': losses.mean_squared_error})
    # the first Dense's batch_input_shape reaches it as input_shape: Keras's warning for that, and no other
    assert [str(w.message)[:44] for w in shown] == ['Do not pass an `input_shape`/`input_dim` arg']
    assert isinstance(model.optimizer, optim.SGD) and model.input_shape == (None, 3)
    # a default SGD (Keras 3 falls back on optimizers.get('SGD')), auto-named: 'sgd_1' after the failed load
    assert [v.path for v in model.optimizer.variables] == ['sgd_1/iteration', 'sgd_1/learning_rate']
    assert int(model.optimizer.iterations.numpy()) == 0
    _assert_keras_weights(model)


def _layout(path):
    found = {}
    with h5py.File(path, 'r') as f:
        f.visititems(lambda name, obj: found.__setitem__(
            name, (obj.shape, obj.dtype.str) if isinstance(obj, h5py.Dataset) else None))
    return found


def _trained_model(seed=0):
    x = np.arange(24, dtype='float32').reshape(8, 3) / 10.0
    y = np.stack([x.sum(axis=1), x[:, 0] - x[:, 2]], axis=1)
    model = _dense_model()
    rng = np.random.RandomState(seed)
    for v in model.weights:
        v.assign(rng.uniform(-1, 1, size=v.shape).astype('float32'))
    # 'mean_squared_error', not 'mse': .h5 files keep the loss as given, as Keras writes it, and
    # Keras 3.15's .h5 loader cannot resolve 'mse' (it fails on its own such files too)
    model.compile(optim.Adam(0.01), 'mean_squared_error', metrics=['mae'])
    model.fit(x, y, batch_size=4, epochs=1, shuffle=False, verbose=0)
    return model


def test_save_weights_layout_equals_keras3s_for_the_same_model(tmp_path):
    _trained_model().save_weights(tmp_path / 'ours.weights.h5')
    assert _layout(tmp_path / 'ours.weights.h5') == _layout(os.path.join(DATA, 'keras3_dense.weights.h5'))


# ---- tapeflow -> Keras 3, in the reference environment ------------------------------
needs_keras = pytest.mark.skipif(not os.path.exists(KERAS_PYTHON),
                                 reason='Keras 3 reference environment (%s) not installed; tapeflow-written files '
                                        'are checked against the committed Keras layout instead' % KERAS_PYTHON)

_KERAS_SIDE = '''
import json, sys
import numpy as np
import keras
probe = np.array(%r, 'float32')
out = {}
model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation='relu'), keras.layers.Dense(2)])
model.compile(keras.optimizers.Adam(0.01), 'mse')
model.optimizer.build(model.trainable_variables)
model.load_weights(sys.argv[1])
out['weights'] = model.predict(probe, verbose=0).tolist()
out['weights_optimizer'] = [np.asarray(v).tolist() for v in model.optimizer.variables]
for path in sys.argv[2:]:
    loaded = keras.models.load_model(path)
    out[path] = {'predictions': loaded.predict(probe, verbose=0).tolist(),
                 'optimizer': [np.asarray(v).tolist() for v in loaded.optimizer.variables],
                 'loss': str(loaded.loss), 'names': [l.name for l in loaded.layers]}
print(json.dumps(out))
''' % (PROBE,)


@needs_keras
def test_keras3_loads_tapeflow_files(tmp_path):
    model = _trained_model(seed=3)
    paths = [str(tmp_path / 'ours.weights.h5'), str(tmp_path / 'ours.keras'), str(tmp_path / 'ours.h5')]
    model.save_weights(paths[0])
    model.save(paths[1])
    model.save(paths[2])
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL='3', CUDA_VISIBLE_DEVICES='')
    done = subprocess.run([KERAS_PYTHON, '-c', _KERAS_SIDE] + paths, capture_output=True, text=True, env=env,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    keras_says = json.loads(done.stdout.strip().splitlines()[-1])
    ours = model.predict(np.array(PROBE, 'float32'), verbose=0)
    state = [v.numpy() for v in model.optimizer.variables]
    np.testing.assert_allclose(keras_says['weights'], ours, rtol=1e-6, atol=1e-7)
    for keras_value, value in zip(keras_says['weights_optimizer'], state):
        np.testing.assert_array_equal(np.array(keras_value, value.dtype), value)
    for path in paths[1:]:
        loaded = keras_says[path]
        np.testing.assert_allclose(loaded['predictions'], ours, rtol=1e-6, atol=1e-7)
        assert loaded['names'] == [l.name for l in model.layers]
    # The .keras archive carries the optimizer state into Keras 3. (Keras 3.15's
    # .h5 loader builds the optimizer on the model's own variables, none for a
    # Sequential, so it drops any .h5 file's optimizer state, its own included.)
    from_archive = keras_says[paths[1]]['optimizer']
    assert len(from_archive) == len(state) and int(from_archive[0]) == 2
    for keras_value, value in zip(from_archive, state):
        np.testing.assert_array_equal(np.array(keras_value, value.dtype), value)
