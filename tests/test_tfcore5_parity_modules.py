"""tf.Module names as TensorFlow 2.21 checks them (progs/tfcore5/c01_modules.py under /opt/tfref)."""
import pytest

import framework as tf


@pytest.mark.parametrize('name', ['bad name', '', '1st', 'a/b', 'dense-1'])
def test_a_module_name_must_be_a_python_identifier(name):
    with pytest.raises(ValueError) as err:
        tf.Module(name=name)
    assert str(err.value) == ('%r is not a valid module name. Module names must be valid Python identifiers '
                              '(e.g. a valid class name).' % (name,))


@pytest.mark.parametrize('name, expected', [(None, 'module'), ('_x9', '_x9'), ('Model', 'Model')])
def test_identifiers_and_the_default_name_are_taken(name, expected):
    assert tf.Module(name=name).name == expected
