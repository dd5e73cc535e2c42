"""``register_keras_serializable`` files objects as Keras 3.15 files them.

Keras 3 keys an object ``f'{package}>{name}'`` whatever the two are, replaces whatever a taken
key held (a notebook cell run again, a function renamed but kept under its ``name``), and refuses
only a class without ``get_config``. tapeflow refused a taken key ("is already registered"),
a package with '>' and a non-string package, and filed a class without ``get_config``.

Values: TF 2.21 / Keras 3.15 (/work/notes/progs/kerasio28/s10_registry.py, s10b_register.py).
"""
import pytest

from framework import keras


class Plain(keras.layers.Layer):
    pass


class Other(keras.layers.Layer):
    pass


class NoConfig:
    pass


def test_a_taken_key_is_replaced():
    @keras.saving.register_keras_serializable(package='K28', name='bee')
    def first(x):
        return x

    @keras.saving.register_keras_serializable(package='K28', name='bee')
    def second(x):
        return x

    assert keras.saving.get_registered_object('K28>bee') is second
    config = keras.saving.serialize_keras_object(first)
    assert config == {'module': 'builtins', 'class_name': 'function', 'config': 'K28>bee',
                      'registered_name': 'function'}
    assert keras.saving.deserialize_keras_object(config) is second      # TF: False for `is first`


def test_a_class_takes_a_key_another_class_held():
    keras.saving.register_keras_serializable('K28', 'L')(Plain)
    keras.saving.register_keras_serializable('K28', 'L')(Other)
    assert keras.saving.get_registered_object('K28>L') is Other
    assert keras.saving.get_registered_name(Plain) == 'K28>L'


@pytest.mark.parametrize('package, name', [('a>b', None), (None, None), (3, None), ('', '')])
def test_any_package_makes_a_key(package, name):
    keras.saving.register_keras_serializable(package, name)(Plain)
    expected = {'a>b': 'a>b>Plain', None: 'None>Plain', 3: '3>Plain', '': '>'}[package]
    assert keras.saving.get_registered_name(Plain) == expected
    assert keras.saving.get_registered_object(expected) is Plain


def test_a_class_without_get_config_is_refused():
    with pytest.raises(ValueError, match=r'^Cannot register a class that does not have a get_config\(\) method\.$'):
        keras.saving.register_keras_serializable()(NoConfig)
    assert keras.saving.get_registered_object('Custom>NoConfig') is None
