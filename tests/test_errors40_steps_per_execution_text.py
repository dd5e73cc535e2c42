"""compile(steps_per_execution='2' / 2.5): TF 2.21's message is range()'s TypeError alone ("'str' object cannot
be interpreted as an integer", printed by TF 2.21 running /tmp/e40_spe.py, at fit); tapeflow added its own words
in the message. They are a note now (tapeflow still refuses at compile, where TF compiles and fails at fit)."""
import pytest

from framework import keras


@pytest.mark.parametrize('value, kind', [('2', 'str'), (2.5, 'float')])
def test_a_non_integer_steps_per_execution_has_pythons_words(value, kind):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    with pytest.raises(TypeError) as info:
        model.compile('sgd', 'mse', steps_per_execution=value)
    assert str(info.value) == "'%s' object cannot be interpreted as an integer" % kind
    assert any('steps_per_execution' in note for note in info.value.__notes__)
