"""A functional model that starts at intermediate KerasTensors (``keras.Model(inputs=encoded, ...)``,
as the keras.io FeatureSpace example's training model does), against TF 2.21 / Keras 3.15.1.

The pinned values were printed by the same program run under /opt/tfref/bin/python with `import keras`.
"""
import json
import zipfile

import numpy as np
import pytest

from framework import keras


def _graph():
    keras.utils.set_random_seed(5)
    a, b = keras.Input((4,), name='a'), keras.Input((2,), name='b')
    h = keras.layers.Dense(3, name='h')(a)
    c = keras.layers.Concatenate(name='cat')([h, b])
    return a, b, h, keras.layers.Dense(1, name='o')(c)


def test_a_model_from_an_intermediate_tensor_gets_a_clone_input(tmp_path):
    keras.utils.clear_session()
    a, b, h, o = _graph()
    model = keras.Model([h, b], o)
    assert [layer.name for layer in model.layers] == ['keras_tensorCLONE', 'b', 'cat', 'o']
    assert [t.name for t in model.inputs] == ['keras_tensorCLONE', 'b']
    assert model.outputs[0].name == 'keras_tensor_2_clone'
    lines = []
    model.summary(print_fn=lines.append)
    text = '\n'.join(lines)
    # Keras records the given Input 'b' and the calls after it again, so they read [1][0]
    assert 'keras_tensorCLONE' in text and '│ b[1][0]' in text and '│ cat[1][0]' in text
    x = [np.ones((2, 3), 'float32'), np.ones((2, 2), 'float32')]
    expected = [2.2274162769317627, 2.2274162769317627]
    assert np.asarray(model(x)).ravel().tolist() == pytest.approx(expected, rel=1e-6)

    # the original graph is untouched: a model over it still runs from its own Inputs
    full = keras.Model([a, b], o)
    assert [layer.name for layer in full.layers] == ['a', 'h', 'b', 'cat', 'o']
    assert len(full.get_layer('o')._inbound_nodes) == 2

    path = str(tmp_path / 'm.keras')
    model.save(path)
    with zipfile.ZipFile(path) as z:
        config = json.loads(z.read('config.json'))['config']
    assert config['layers'][0]['config']['name'] == 'keras_tensorCLONE'
    assert config['input_layers'] == [['keras_tensorCLONE', 0, 0], ['b', 0, 0]]
    cat_args = config['layers'][2]['inbound_nodes'][0]['args'][0]
    assert [arg['config']['keras_history'] for arg in cat_args] == [['keras_tensorCLONE', 0, 0], ['b', 0, 0]]
    reloaded = keras.models.load_model(path)
    assert np.asarray(reloaded(x)).ravel().tolist() == pytest.approx(expected, rel=1e-6)


def test_an_output_needing_an_input_not_given_is_refused():
    _, _, h, o = _graph()
    with pytest.raises(ValueError, match=r"^Output with path `` is not connected to `inputs`") as caught:
        keras.Model(h, o)       # TF 2.21's words; the note names the Input missing
    assert "it depends on Input 'b'" in caught.value.__notes__[0]
