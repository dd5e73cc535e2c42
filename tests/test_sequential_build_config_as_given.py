"""Sequential.build records its shape as given, as Keras 3: get_build_config shows a TensorShape or a list
as such (a tuple stays a tuple), and serialization writes a TensorShape as its list. Printed by TF 2.21
with `import keras` (progs/me38/sbc.py)."""
import json

import framework as tf
from framework import keras


def test_build_config_keeps_what_build_was_given():
    for given, shown, serialized in [(tf.TensorShape([None, 3]), "TensorShape([None, 3])", [None, 3]),
                                     ([None, 3], "[None, 3]", [None, 3]), ((None, 3), "(None, 3)", (None, 3))]:
        model = keras.Sequential([keras.layers.Dense(2)])
        model.build(given)
        assert repr(model.get_build_config()) == "{'input_shape': %s}" % shown
        assert keras.saving.serialize_keras_object(model)['build_config'] == {'input_shape': serialized}
        assert json.loads(model.to_json())['build_config'] == {'input_shape': [None, 3]}
        assert model.output_shape == (None, 2)
    model = keras.Sequential([keras.layers.Dense(2)])
    model(tf.ones([2, 3]))
    assert model.get_build_config() == {'input_shape': (2, 3)}
