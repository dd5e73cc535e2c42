"""A registered Model subclass that builds itself from inputs and outputs (the Keras guides'
``super().__init__(inputs, outputs)``) keeps its registered name: Keras 3 rebases the class itself
onto Functional, so TF 2.21 writes 'registered_name': 's>FuncSub' in the .keras config (tapeflow's
Functional variant of the class wrote 'FuncSub', which TF cannot load: it is registered as
's>FuncSub' only). Expected values printed by TF (progs/kerasio33/r30_sublayer_args.py)."""
import json
import zipfile

import numpy as np

import framework as tf  # noqa: F401
from framework import keras


@keras.saving.register_keras_serializable(package='s')
class FuncSub(keras.Model):
    def __init__(self, units=2, **kwargs):
        inputs = keras.Input((3,))
        super().__init__(inputs, keras.layers.Dense(units)(inputs), **kwargs)
        self.units = units

    def get_config(self):
        return {'units': self.units, 'name': self.name}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class Unregistered(FuncSub):
    pass


def test_registered_name_of_the_instance_class():
    model = FuncSub(4)
    assert keras.saving.get_registered_name(type(model)) == 's>FuncSub'
    assert keras.saving.get_registered_name(type(Unregistered(2))) == 'Unregistered'
    assert keras.saving.serialize_keras_object(model)['registered_name'] == 's>FuncSub'


def test_keras_file_names_it_and_loads_it(tmp_path):
    model = FuncSub(4, name='func_sub')
    model.save(tmp_path / 'f.keras')
    config = json.loads(zipfile.ZipFile(tmp_path / 'f.keras').read('config.json'))
    assert (config['module'], config['class_name'], config['config'], config['registered_name']) == (
        None if FuncSub.__module__ == '__main__' else FuncSub.__module__, 'FuncSub', {'units': 4, 'name': 'func_sub'},
        's>FuncSub')
    loaded = keras.models.load_model(tmp_path / 'f.keras')
    assert isinstance(loaded, FuncSub) and loaded.units == 4
    x = np.linspace(0, 1, 6, dtype='float32').reshape(2, 3)
    np.testing.assert_array_equal(loaded.predict(x, verbose=0), model.predict(x, verbose=0))
