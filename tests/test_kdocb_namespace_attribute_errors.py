"""A missing name in a keras namespace raises Python's module text, as TF 2.21's Keras prints it
("module 'keras.losses' has no attribute 'concordance_correlation'", a correlation_metrics docstring line);
tapeflow's list of the names it has moves to a note."""
import pytest

from framework import keras


@pytest.mark.parametrize('module, public', [(keras, 'keras'), (keras.losses, 'keras.losses'),
                                            (keras.layers, 'keras.layers'), (keras.metrics, 'keras.metrics'),
                                            (keras.mixed_precision, 'keras.mixed_precision'),
                                            (keras.optimizers.schedules, 'keras.optimizers.schedules')])
def test_missing_name_text(module, public):
    with pytest.raises(AttributeError) as err:
        module.no_such_name
    assert str(err.value) == "module '%s' has no attribute 'no_such_name'" % public
    assert not hasattr(module, 'no_such_name')


def test_docstring_line():
    with pytest.raises(AttributeError) as err:
        keras.losses.concordance_correlation
    assert str(err.value) == "module 'keras.losses' has no attribute 'concordance_correlation'"


def test_names_listed_in_a_note():
    with pytest.raises(AttributeError) as err:
        keras.losses.NoSuch
    assert 'Huber' in err.value.__notes__[0]
