"""keras.optimizers.deserialize of something that is not serialize()'s dict raises what Keras 3 raises.

Keras 3.15 reads ``config['class_name']`` first, so a name, None, a number or a list is Python's
TypeError and a dict without 'class_name' a KeyError (also through keras.optimizers.get); tapeflow
raised ValueError("deserialize: expected a dict ...") for all of them. A schedule dict without
'class_name' is Keras's ValueError 'Unknown `config` as a `dict`, config=...'.

Golden texts: /work/notes/progs/optimtraj5/deser.py under /opt/tfref/bin/python (TF 2.21, Keras 3.15).
"""
import pytest

from framework import keras


@pytest.mark.parametrize('config, error, text', [
    ('adam', TypeError, "string indices must be integers, not 'str'"),
    (None, TypeError, "'NoneType' object is not subscriptable"),
    (1, TypeError, "'int' object is not subscriptable"),
    (['adam'], TypeError, 'list indices must be integers or slices, not str'),
    ({}, KeyError, "'class_name'"),
    ({'config': {}}, KeyError, "'class_name'"),
])
def test_deserialize_of_no_serialized_dict_raises_keras_error(config, error, text):
    with pytest.raises(error) as info:
        keras.optimizers.deserialize(config)
    assert type(info.value) is error
    assert str(info.value) == text
    # the note says what deserialize takes
    assert any("serialize()'s dict" in note for note in getattr(info.value, '__notes__', []))


def test_get_of_a_dict_without_class_name_is_keras_key_error():
    with pytest.raises(KeyError) as info:
        keras.optimizers.get({'config': {'learning_rate': 0.1}})
    assert str(info.value) == "'class_name'"


def test_get_and_deserialize_of_good_identifiers_still_work():
    assert type(keras.optimizers.get('adam')).__name__ == 'Adam'
    sgd = keras.optimizers.deserialize({'class_name': 'SGD', 'config': {'learning_rate': 0.5}})
    assert type(sgd).__name__ == 'SGD' and float(sgd.learning_rate.numpy()) == 0.5


@pytest.mark.parametrize('config', [{}, {'config': {}}])
def test_schedule_deserialize_of_a_dict_without_class_name_is_keras_value_error(config):
    with pytest.raises(ValueError) as info:
        keras.optimizers.schedules.deserialize(config)
    assert str(info.value) == 'Unknown `config` as a `dict`, config=%s' % (config,)
