"""A registered 'Package>Name' is found before custom_objects (and, inside a model, before a scope).

TF 2.21 / Keras 3.15 (/work/notes/progs/kerasio38/p17.py): get_registered_object asks the
custom_object_scope, then the registry, then custom_objects; deserialize_keras_object merges
{**custom_objects, **scope, **registry} and opens that as the scope of every from_config. So
custom_objects={'P>MyInit': Other} does not replace a registered P>MyInit anywhere, and a
custom_object_scope with that key replaces it only for the object deserialized at the top (or in a
legacy .h5, whose loader asks the scope first). Printed by TF for P>Lay / P>MyInit / P>fn:
    deserialize_keras_object(init, custom_objects=...) -> MyInit; in the scope -> Other
    load_model('m.keras' | 'm.h5', custom_objects=...), model_from_json -> Lay MyInit fn
    in the scope: 'm.keras' / model_from_json -> Lay MyInit fn; 'm.h5' -> Lay2 Other fn2
tapeflow gave custom_objects the first word everywhere (Lay2 Other fn2).
"""
import pytest

from framework import keras

L = keras.layers


@keras.saving.register_keras_serializable(package='kerasio38')
class FullInit(keras.initializers.Initializer):
    def __init__(self, v=0.5):
        self.v = v

    def __call__(self, shape, dtype=None, **kwargs):
        return keras.ops.full(shape, self.v, dtype=dtype)

    def get_config(self):
        return {'v': self.v}


class OtherInit(FullInit):
    pass


@keras.saving.register_keras_serializable(package='kerasio38')
class PlusOne(L.Layer):
    def call(self, x):
        return x + 1


class PlusTwo(L.Layer):
    def call(self, x):
        return x + 2


@keras.saving.register_keras_serializable(package='kerasio38')
def plus_one(x):
    return x + 1


def plus_two(x):
    return x + 2


OVERRIDES = {'kerasio38>FullInit': OtherInit, 'kerasio38>PlusOne': PlusTwo, 'kerasio38>plus_one': plus_two}


def _kinds(model):
    dense = model.layers[2]
    return type(model.layers[1]).__name__, type(dense.kernel_initializer).__name__, dense.activation.__name__


@pytest.fixture
def saved(tmp_path):
    keras.backend.clear_session()
    inp = keras.Input((2,), name='i')
    out = L.Dense(1, kernel_initializer=FullInit(0.3), activation=plus_one, name='d')(PlusOne(name='p')(inp))
    model = keras.Model(inp, out)
    model.save(tmp_path / 'm.keras')
    model.save(tmp_path / 'm.h5')
    return tmp_path, model.to_json()


def test_custom_objects_do_not_replace_registered_names(saved):
    path, json_text = saved
    for loaded in (keras.models.load_model(path / 'm.keras', custom_objects=OVERRIDES),
                   keras.models.load_model(path / 'm.h5', custom_objects=OVERRIDES, compile=False),
                   keras.models.model_from_json(json_text, custom_objects=OVERRIDES)):
        assert _kinds(loaded) == ('PlusOne', 'FullInit', 'plus_one')


def test_a_scope_replaces_them_only_in_a_legacy_h5(saved):
    path, json_text = saved
    with keras.saving.custom_object_scope(OVERRIDES):
        assert _kinds(keras.models.load_model(path / 'm.keras')) == ('PlusOne', 'FullInit', 'plus_one')
        assert _kinds(keras.models.model_from_json(json_text)) == ('PlusOne', 'FullInit', 'plus_one')
        assert _kinds(keras.models.load_model(path / 'm.h5')) == ('PlusTwo', 'OtherInit', 'plus_two')


def test_deserialize_keras_object_at_the_top():
    config = keras.saving.serialize_keras_object(FullInit(0.3))
    assert type(keras.saving.deserialize_keras_object(config, custom_objects=OVERRIDES)) is FullInit
    layer_config = keras.saving.serialize_keras_object(PlusOne())
    assert type(keras.saving.deserialize_keras_object(layer_config, custom_objects=OVERRIDES)) is PlusOne
    fn_config = keras.saving.serialize_keras_object(plus_one)
    assert keras.saving.deserialize_keras_object(fn_config, custom_objects=OVERRIDES) is plus_one
    with keras.saving.custom_object_scope(OVERRIDES):
        assert type(keras.saving.deserialize_keras_object(config)) is OtherInit
        assert type(keras.saving.deserialize_keras_object(layer_config)) is PlusTwo
        assert keras.saving.deserialize_keras_object(fn_config) is plus_two
    # a bare name in custom_objects still finds nothing registered under 'Package>Name' by that key
    assert type(keras.saving.deserialize_keras_object(config, custom_objects={'FullInit': OtherInit})) is FullInit
