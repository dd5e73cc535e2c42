"""The config Keras 3 shows when a functional model fails to load ('could not be deserialized properly').

Keras's functional_from_config pops 'layers', 'input_layers', 'output_layers', 'name' and 'trainable'
from the very dict it is given before it builds a layer, so a failure inside shows that model's
config as {} - at every level, also inside the Sequential that holds it. tapeflow showed the whole
functional config when a custom_objects class refused the saved arguments, and the whole nested
one when a class was unknown inside a Sequential.

Values: TF 2.21 / Keras 3.15 (/work/notes/progs/kerasio30/p12c_test_texts.py, p12d_unknown_texts.py).
"""
import re

import pytest

from framework import keras

WRAP = ("{cls} could not be deserialized properly. Please ensure that components that are Python object instances "
        "(layers, models, etc.) returned by `get_config()` are explicitly deserialized in the model's `from_config()` "
        "method.\n\nconfig={config}.\n\nException encountered: {inner}")
FUNCTIONAL = "<class 'keras.src.models.functional.Functional'>"
POPPED = ("{'module': 'keras.src.models.functional', 'class_name': 'Functional', 'config': {}, 'registered_name': "
          "'Functional', 'build_config': {'input_shape': None}, 'compile_config': {}")
NOREG = ("{'module': None, 'class_name': 'NoReg', 'config': {'name': 'nr', 'trainable': True, 'dtype': {'module': "
         "'keras', 'class_name': 'DTypePolicy', 'config': {'name': 'float32'}, 'registered_name': None}, 'units': 2}, "
         "'registered_name': 'NoReg', 'build_config': {'input_shape': [None, 3]}, 'name': 'nr', 'inbound_nodes': "
         "[{'args': [{'class_name': '__keras_tensor__', 'config': {'shape': [None, 3], 'dtype': 'float32', "
         "'keras_history': ['x', 0, 0]}}], 'kwargs': {}}]}")
SEQUENTIAL = ("{'module': 'keras', 'class_name': 'Sequential', 'config': {'name': 's', 'trainable': True, 'dtype': "
              "{'module': 'keras', 'class_name': 'DTypePolicy', 'config': {'name': 'float32'}, 'registered_name': None, "
              "'shared_object_id': ID}, 'layers': [{'module': 'keras.layers', 'class_name': 'InputLayer', 'config': "
              "{'batch_shape': [None, 3], 'dtype': 'float32', 'sparse': False, 'ragged': False, 'name': 'input_layer', "
              "'optional': False}, 'registered_name': None}, " + POPPED + "}], 'build_input_shape': [None, 3]}, "
              "'registered_name': None, 'build_config': {'input_shape': [None, 3]}, 'compile_config': {}}")
IN_TOP = POPPED + (", 'name': 'f', 'inbound_nodes': [{'args': [{'class_name': '__keras_tensor__', 'config': {'shape': "
                   "[None, 3], 'dtype': 'float32', 'keras_history': ['x2', 0, 0]}}], 'kwargs': {'mask': None}}]}")


class NoReg(keras.layers.Layer):
    def __init__(self, units=2, **kwargs):
        super().__init__(**kwargs)
        self.units = units

    def call(self, x):
        return x[:, :self.units]

    def get_config(self):
        return {**super().get_config(), 'units': self.units}


class Wrong(keras.layers.Layer):
    def __init__(self, size, **kwargs):
        super().__init__(**kwargs)
        self.size = size


# defined in a script, as in the TF program: Keras writes 'module': None for __main__
NoReg.__module__ = Wrong.__module__ = '__main__'


def _leaf(kind):
    if kind == 'wrong':
        return WRAP.format(cls="<class '__main__.Wrong'>", config=NOREG, inner=(
            "Error when deserializing class 'Wrong' using config={'name': 'nr', 'trainable': True, 'dtype': 'float32', "
            "'units': 2}.\n\nException encountered: Wrong.__init__() missing 1 required positional argument: 'size'"))
    return ("Could not locate class 'NoReg'. Make sure custom classes and functions are decorated with "
            "`@keras.saving.register_keras_serializable()`. If they are already decorated, make sure they are all "
            "imported so that the decorator is run before trying to load them. Full object config: " + NOREG)


@pytest.mark.parametrize('kind', ['wrong', 'unknown'])
def test_functional_config_shown_popped(tmp_path, kind):
    keras.backend.clear_session()
    x = keras.Input((3,), name='x')
    inner = keras.Model(x, NoReg(2, name='nr')(x), name='f')
    inner.save(tmp_path / 'f.keras')
    keras.Sequential([keras.Input((3,)), inner], name='s').save(tmp_path / 's.keras')
    x2 = keras.Input((3,), name='x2')
    keras.Model(x2, inner(x2), name='top').save(tmp_path / 'top.keras')
    custom_objects = {'NoReg': Wrong} if kind == 'wrong' else {}
    leaf = _leaf(kind)
    alone = WRAP.format(cls=FUNCTIONAL, config=POPPED + '}', inner=leaf)
    expected = {
        'f.keras': alone,
        's.keras': WRAP.format(cls="<class 'keras.src.models.sequential.Sequential'>", config=SEQUENTIAL, inner=alone),
        'top.keras': WRAP.format(cls=FUNCTIONAL, config=POPPED + '}',
                                 inner=WRAP.format(cls=FUNCTIONAL, config=IN_TOP, inner=leaf)),
    }
    for name, text in expected.items():
        with pytest.raises(TypeError) as info:
            keras.models.load_model(tmp_path / name, custom_objects=custom_objects)
        assert re.sub(r"'shared_object_id': \d+", "'shared_object_id': ID", str(info.value)) == text, name
