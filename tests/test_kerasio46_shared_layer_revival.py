"""load_model of a .keras file revives a layer that two model configs list (marked with one
shared_object_id) once, as Keras 3's ObjectSharingScope on TF 2.21: a submodel built from the outer
graph's Input and Dense, used as an output of the outer model, loads with the Dense shared (TF: layers
['x', 'd1', 'o', 'enc'], 4 trainable variables, enc.layers[1] is the outer d1); tapeflow made the Dense
twice and refused its own file ('A total of 1 objects could not be loaded ... Layer 'd1' expected 2
variables, but received 0'). Notes progs/kerasio46/p22.py, p19.py (a layer shared outside the submodel's
config stays two objects, and TF's and tapeflow's loads then fail alike)."""
import numpy as np

from framework import keras


def _model():
    keras.utils.set_random_seed(1)
    inp = keras.Input((4,), name='x')
    d1 = keras.layers.Dense(3, name='d1')
    h = d1(inp)
    out = keras.layers.Dense(1, name='o')(h)
    enc = keras.Model(inp, h, name='enc')
    full = keras.Model(inp, [out, enc(inp)], name='full')
    full.compile('sgd', ['mean_squared_error', 'mean_squared_error'])
    return full


def test_layer_in_submodel_and_outer_graph_is_one_object(tmp_path):
    path = str(tmp_path / 'f.keras')
    source = _model()
    source.save(path)
    loaded = keras.models.load_model(path)
    assert [layer.name for layer in loaded.layers] == ['x', 'd1', 'o', 'enc']
    assert [v.path for v in loaded.trainable_variables] == ['d1/kernel', 'd1/bias', 'o/kernel', 'o/bias']
    assert loaded.get_layer('enc').layers[1] is loaded.get_layer('d1')
    x = np.random.RandomState(0).rand(8, 4).astype('float32')
    for a, b in zip(loaded.predict(x, verbose=0), source.predict(x, verbose=0)):
        np.testing.assert_array_equal(a, b)
    loaded.fit(x, [np.ones((8, 1)), np.ones((8, 3))], epochs=2, verbose=0)
    # TF 2.21's weights after that fit (the shared kernel's first row, rounded)
    np.testing.assert_allclose(np.asarray(loaded.trainable_variables[0]).ravel()[:3], [-0.42978, 0.67483, 0.83553],
                               atol=1e-5)
    np.testing.assert_allclose(np.asarray(loaded.trainable_variables[3]), [0.04854], atol=1e-5)
