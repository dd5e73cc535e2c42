"""keras.saving.deserialize_keras_object hands a user class's from_config its config as saved, inside the
custom objects' scope, as Keras 3's serialization_lib on TF 2.21: a nested object's entry stays a dict
(the class deserializes it if it wants), and a TypeError there is Keras's 'could not be deserialized
properly' text. tapeflow deserialized the nested entries first, so an initializer holding another got
an Ones object where TF gives its dict, and a from_config that deserializes its own entries (written for
Keras) was handed objects (probes /work/notes/progs/kerasio47/p14.py, p15.py)."""
import re

import pytest

from framework import keras


class Kio47Init(keras.initializers.Initializer):
    def __init__(self, scale=1.0, inner=None):
        self.scale, self.inner = scale, inner

    def __call__(self, shape, dtype=None):
        return self.scale * self.inner(shape, dtype)

    def get_config(self):
        return {'scale': self.scale, 'inner': self.inner}


class Kio47Helper:
    pass


class Kio47Seeing(Kio47Init):
    seen = []

    @classmethod
    def from_config(cls, config):
        cls.seen.append(keras.saving.get_registered_object('Kio47Helper') is Kio47Helper)
        config = dict(config)
        config['inner'] = keras.saving.deserialize_keras_object(config['inner'])
        return cls(**config)


class Kio47Refusing(Kio47Init):
    @classmethod
    def from_config(cls, config):
        raise TypeError('no way')


ONES = {'module': 'keras.initializers', 'class_name': 'Ones', 'config': {}, 'registered_name': None}


def test_a_nested_entry_reaches_from_config_as_a_dict():
    saved = keras.saving.serialize_keras_object(Kio47Init(3.0, keras.initializers.Ones()))
    assert saved == {'module': __name__, 'class_name': 'Kio47Init', 'config': {'scale': 3.0, 'inner': ONES},
                     'registered_name': 'Kio47Init'}
    made = keras.saving.deserialize_keras_object(saved, custom_objects={'Kio47Init': Kio47Init})
    # TF 2.21: MyInit {'module': 'keras.initializers', 'class_name': 'Ones', 'config': {}, 'registered_name': None}
    assert type(made) is Kio47Init and made.inner == ONES


def test_from_config_runs_in_the_custom_objects_scope():
    saved = keras.saving.serialize_keras_object(Kio47Seeing(3.0, keras.initializers.Ones()))
    made = keras.saving.deserialize_keras_object(saved, custom_objects={'Kio47Seeing': Kio47Seeing,
                                                                        'Kio47Helper': Kio47Helper})
    # TF 2.21: 'scope sees True', and its own deserialization gives the Ones object
    assert Kio47Seeing.seen[-1] is True and isinstance(made.inner, keras.initializers.Ones)


def test_a_type_error_in_from_config_is_wrapped():
    saved = keras.saving.serialize_keras_object(Kio47Refusing(3.0, keras.initializers.Ones()))
    expected = ("<class '%s.Kio47Refusing'> could not be deserialized properly. Please ensure that components that "
                'are Python object instances (layers, models, etc.) returned by `get_config()` are explicitly '
                "deserialized in the model's `from_config()` method.\n\nconfig=%s.\n\nException encountered: no way"
                % (__name__, saved))
    with pytest.raises(TypeError, match='^%s$' % re.escape(expected)):
        keras.saving.deserialize_keras_object(saved, custom_objects={'Kio47Refusing': Kio47Refusing})
