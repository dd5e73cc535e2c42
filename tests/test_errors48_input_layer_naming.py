"""A refused keras.Input / InputLayer still uses up its automatic name, as Keras 3's InputLayer (named first, in
Layer.__init__, before its arguments are checked) does on TF 2.21: after keras.Input(shape=5) fails, the next
InputLayer is 'input_layer_2', not 'input_layer_1'. A bad name is refused before the other arguments.
Golden names and texts printed by TF 2.21 (/work/notes/progs/errors48/p_in.py)."""
import pytest

from framework import keras


def _next_name():
    return keras.layers.InputLayer(shape=(1,)).name


@pytest.mark.parametrize('arguments, text', [
    (dict(shape=5), "Cannot convert '5' to a shape."),
    (dict(shape=(-1,)), "Cannot convert '(-1,)' to a shape. Negative dimensions are not allowed."),
    (dict(shape=(2.5,)), "Cannot convert '(2.5,)' to a shape. Found invalid dimension '2.5' of type "
                         "'<class 'float'>'. "),
    (dict(shape=(3,), batch_shape=(2, 3)), 'You cannot pass both `shape` and `batch_shape` at the same time.'),
    (dict(shape=(3,), dtype='bogus'), 'Invalid dtype: bogus'),
    (dict(shape=(3,), sparse=True, ragged=True), 'KerasTensor cannot have `sparse=True` and `ragged=True` at the '
                                                 'same time.'),
    (dict(tensor=5), "Argument `input_tensor` must be a KerasTensor. Received invalid type: input_tensor=5 (of type "
                     "<class 'int'>)"),
    (dict(shape=(None,), batch_size=-2), "Cannot convert '(-2, None)' to a shape. Negative dimensions are not "
                                         "allowed."),
])
def test_a_refused_input_uses_up_its_automatic_name(arguments, text):
    keras.backend.clear_session()
    assert _next_name() == 'input_layer'
    with pytest.raises(ValueError) as info:
        keras.Input(**arguments)
    assert str(info.value) == text
    assert _next_name() == 'input_layer_2'     # TF 2.21: the refused Input was 'input_layer_1'


def test_a_refused_input_layer_uses_up_its_automatic_name():
    keras.backend.clear_session()
    with pytest.raises(ValueError, match='^Invalid dtype: bogus$'):
        keras.layers.InputLayer(shape=(3,), dtype='bogus')
    with pytest.raises(ValueError, match="^You must pass a `shape` argument.$"):
        keras.layers.InputLayer()
    assert _next_name() == 'input_layer_2'


def test_a_bad_name_is_refused_first_and_uses_up_no_name():
    keras.backend.clear_session()
    for arguments in (dict(shape=(3,), name=5), dict(shape=5, name=5)):
        with pytest.raises(ValueError) as info:
            keras.Input(**arguments)
        assert str(info.value) == ("Argument `name` must be a string and cannot contain character `/`. Received: "
                                   "name=5 (of type <class 'int'>)")
    assert _next_name() == 'input_layer'


def test_an_unknown_input_keyword_uses_up_no_name():
    keras.backend.clear_session()
    with pytest.raises(TypeError, match="got an unexpected keyword argument 'foo'"):
        keras.Input((3,), foo=1)
    assert _next_name() == 'input_layer'
