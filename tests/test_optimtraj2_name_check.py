"""An optimizer's name check says what Keras 3.15's name scope says (no type after the name)."""
import pytest

from framework import keras


@pytest.mark.parametrize('name, shown', [('a/b', 'a/b'), (3, '3')])
def test_bad_optimizer_name_text(name, shown):
    with pytest.raises(ValueError) as err:
        keras.optimizers.Adam(learning_rate=0.1, name=name)
    assert str(err.value) == ('Argument `name` must be a string and cannot contain character `/`. '
                              'Received: name=%s' % shown)
