"""keras.Variable refuses a name that is not a string as Keras 3 does (its one check covers both).

Printed by TF 2.21 / Keras 3:
    keras.Variable(1.0, name=3)
    -> ValueError: Argument `name` must be a string and cannot contain character `/`. Received: name=3
"""
import pytest

from framework import keras


@pytest.mark.parametrize('name, shown', [(3, '3'), (b'w', "b'w'"), ('a/b', 'a/b')])
def test_name_must_be_a_string_without_slash(name, shown):
    with pytest.raises(ValueError) as info:
        keras.Variable(1.0, name=name)
    assert str(info.value) == ('Argument `name` must be a string and cannot contain character `/`. '
                               'Received: name=' + shown)


def test_string_names_still_accepted():
    assert keras.Variable(1.0, name='w').name == 'w'
