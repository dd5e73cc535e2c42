"""load_model of a ``.keras`` file revives a custom object marked with one 'shared_object_id' once.

Keras 3.15's ObjectSharingScope (saving_lib._model_from_config) hands the object made for an id to
every later config with that id, so a registered regularizer (or a constraint / initializer given in
custom_objects) shared by several layers is one object again after loading. A built-in class's config
is rebuilt without its id (serialize_with_public_class): one object per layer. model_from_json has no
such scope. Printed by TF 2.21 with /work/notes/progs/kerasio41/p2.py, p2b.py, p2c.py, p2d.py, e.g.::

    reg = Reg(0.1)     # @register_keras_serializable(package='K41')
    ... Dense(3, kernel_regularizer=reg, bias_regularizer=reg) ... Dense(2, kernel_regularizer=reg) ...
    r = keras.models.load_model('c.keras')
    r.layers[1].kernel_regularizer is r.layers[2].kernel_regularizer     # True (L2(0.1): False)
"""
import numpy as np

from framework import keras

L = keras.layers


@keras.saving.register_keras_serializable(package='K41test')
class SharedReg(keras.regularizers.Regularizer):
    def __init__(self, k=0.01):
        self.k = k

    def __call__(self, x):
        return self.k * keras.ops.sum(keras.ops.abs(x))

    def get_config(self):
        return {'k': self.k}


class Clip(keras.constraints.Constraint):
    def __call__(self, w):
        return keras.ops.clip(w, -1, 1)


def _model(reg, clip=None, init='glorot_uniform'):
    inputs = keras.Input((3,))
    x = L.Dense(3, kernel_regularizer=reg, bias_regularizer=reg, kernel_constraint=clip,
                kernel_initializer=init)(inputs)
    x = L.Dense(2, kernel_regularizer=reg, kernel_constraint=clip, kernel_initializer=init)(x)
    x = L.Dense(2, kernel_constraint=clip)(x)
    return keras.Model(inputs, x)


def test_a_registered_regularizer_shared_by_layers_is_one_object_after_load(tmp_path):
    model = _model(SharedReg(0.1), Clip())
    model.save(tmp_path / 'c.keras')
    loaded = keras.models.load_model(tmp_path / 'c.keras', custom_objects={'Clip': Clip})
    first, second, third = loaded.layers[1:4]
    assert first.kernel_regularizer is second.kernel_regularizer
    assert first.bias_regularizer is first.kernel_regularizer
    # the first layer's config is copied before the constraint's second use marks it: not shared (TF 2.21)
    assert first.kernel_constraint is not second.kernel_constraint
    assert second.kernel_constraint is third.kernel_constraint
    assert isinstance(second.kernel_constraint, Clip)
    assert isinstance(first.kernel_regularizer, SharedReg) and first.kernel_regularizer.k == 0.1
    x = np.arange(6, dtype='float32').reshape(2, 3)
    np.testing.assert_array_equal(loaded.predict(x, verbose=0), model.predict(x, verbose=0))
    # a second load makes its own objects
    again = keras.models.load_model(tmp_path / 'c.keras', custom_objects={'Clip': Clip})
    assert again.layers[1].kernel_regularizer is not first.kernel_regularizer


def test_built_in_objects_are_made_per_layer(tmp_path):
    model = _model(keras.regularizers.L2(0.1), keras.constraints.NonNeg(),
                   keras.initializers.GlorotUniform(seed=3))
    model.save(tmp_path / 'b.keras')
    loaded = keras.models.load_model(tmp_path / 'b.keras')
    first, second = loaded.layers[1], loaded.layers[2]
    assert first.kernel_regularizer is not second.kernel_regularizer
    assert first.bias_regularizer is not first.kernel_regularizer
    assert first.kernel_constraint is not second.kernel_constraint
    assert first.kernel_initializer is not second.kernel_initializer


def test_model_from_json_shares_nothing():
    model = _model(SharedReg(0.1))
    rebuilt = keras.models.model_from_json(model.to_json())
    assert rebuilt.layers[1].kernel_regularizer is not rebuilt.layers[2].kernel_regularizer
    assert rebuilt.layers[1].bias_regularizer is not rebuilt.layers[1].kernel_regularizer
