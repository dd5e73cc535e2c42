"""compute_output_spec of a layer whose call returns several tensors (a dict or list of them) and that
writes no compute_output_shape gives KerasTensors in that structure, as Keras 3 traces the call on TF 2.21:
a TFSMLayer of a signature endpoint gives {'output_0': <KerasTensor shape=(None, 2)>}; tapeflow's base
class, which finds shapes by a run on zeros, raised AttributeError "'dict' object has no attribute 'shape'"
(probes: notes progs/kerasio54/p16.py, p17.py)."""
import numpy as np

import framework as tf
from framework import keras

L = keras.layers


class K54Two(L.Layer):
    def call(self, x):
        return {'a': x * 2, 'b': x[:, :1]}


class K54Pair(L.Layer):
    def call(self, x):
        return [x, tf.concat([x, x], axis=-1)]


def _shapes(spec):
    if isinstance(spec, dict):
        return {key: tuple(value.shape) for key, value in spec.items()}
    return [tuple(value.shape) for value in spec]


def test_dict_and_list_outputs():
    # TF 2.21: {'a': (None, 3), 'b': (None, 1)} and [(None, 3), (None, 6)]; float32
    spec = K54Two().compute_output_spec(keras.KerasTensor((None, 3)))
    assert _shapes(spec) == {'a': (None, 3), 'b': (None, 1)}
    assert {value.dtype for value in spec.values()} == {'float32'}
    assert _shapes(K54Pair().compute_output_spec(keras.KerasTensor((None, 3)))) == [(None, 3), (None, 6)]
    # an open inner axis stays open where the outputs follow it
    assert _shapes(K54Pair().compute_output_spec(keras.KerasTensor((None, None, 3)))) == \
        [(None, None, 3), (None, None, 6)]


def test_tfsm_layer_signature_endpoint(tmp_path):
    model = keras.Sequential([keras.Input((3,)), L.Dense(2, name='d')])
    model.export(str(tmp_path / 'ex'), verbose=False)
    layer = L.TFSMLayer(str(tmp_path / 'ex'), call_endpoint='serving_default')
    spec = layer.compute_output_spec(keras.KerasTensor((None, 3)))
    assert list(spec) == ['output_0'] and tuple(spec['output_0'].shape) == (None, 2)
    out = layer(keras.Input((3,)))
    assert tuple(out['output_0'].shape) == (None, 2)
    np.testing.assert_allclose(layer(np.ones((1, 3), 'float32'))['output_0'].numpy(),
                               model(np.ones((1, 3), 'float32')).numpy(), rtol=1e-6)
