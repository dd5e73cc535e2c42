"""keras.saving.deserialize_keras_object of a plain name looks it up as Keras 3 does: in
{**custom_objects, **custom_object_scope, **registry}, so the registry's object, then the scope's,
wins over custom_objects under the same name (the families' deserialize with a module table uses
the same merge). Values from TF 2.21 (notes progs/kerasio46/p1.py)."""
import pytest

from framework import keras
from layers.saving import registry

S = keras.saving


@pytest.fixture
def registered_f():
    def f(x):
        return x
    S.register_keras_serializable(package='kio46', name='f')(f)
    yield f
    registry._REGISTERED.pop('kio46>f', None)


def g(x):
    return x * 2


def h(x):
    return x * 3


def test_registry_wins_over_custom_objects(registered_f):
    # TF 2.21 gives f (the registered function), not g
    assert S.deserialize_keras_object('kio46>f', custom_objects={'kio46>f': g}) is registered_f
    with S.custom_object_scope({'kio46>f': h}):
        assert S.deserialize_keras_object('kio46>f', custom_objects={'kio46>f': g}) is registered_f


def test_scope_wins_over_custom_objects():
    with S.custom_object_scope({'zz': h}):       # TF 2.21 gives h
        assert S.deserialize_keras_object('zz', custom_objects={'zz': g}) is h
        assert keras.activations.deserialize('zz', custom_objects={'zz': g}) is h
        assert keras.losses.deserialize('zz', custom_objects={'zz': g}) is h


def test_none_entry_gives_the_name_back():
    assert S.deserialize_keras_object('zz', custom_objects={'zz': None}) == 'zz'
    assert S.deserialize_keras_object('zz', custom_objects={'zz': g}) is g


def test_module_table_family_takes_registry(registered_f):
    assert keras.activations.deserialize('kio46>f', custom_objects={'kio46>f': g}) is registered_f
