"""Layer.add_weight checks in Keras 3's order: the dtype and the initializer first (add_weight's own look-ups), then
its Variable takes its automatic name and checks the name, the aggregation and the shape. So a refused shape uses
up an automatic name, as in TF 2.21: after add_weight(shape=(-1,)) fails, the next weight is 'variable_1' (tapeflow
gave 'variable'), and the None-shape error names the unique path. Printed by TF 2.21
(/work/notes/progs/errors44/c38.txt)."""
import pytest

from framework import keras


def _after_refusal(**arguments):
    keras.backend.clear_session()
    layer = keras.layers.Layer(name='lx')
    with pytest.raises(ValueError) as info:
        layer.add_weight(**arguments)
    return str(info.value), layer.add_weight(shape=(2,)).path


@pytest.mark.parametrize('arguments, text, path', [
    (dict(shape=(-1,)), "Cannot convert '(-1,)' to a shape. Negative dimensions are not allowed.", 'lx/variable_1'),
    (dict(shape=(None,)), "Shapes used to initialize variables must be fully-defined (no `None` dimensions). Received: "
                          "shape=(None,) for variable path='lx/variable'", 'lx/variable_1'),
    (dict(shape='ab'), "Cannot convert 'ab' to a shape. Found invalid dimension 'a' of type '<class 'str'>'. ",
     'lx/variable_1'),
    # the look-ups before the Variable use up no name
    (dict(shape=(2,), initializer='bogus'), None, 'lx/variable'),
    (dict(shape=(2,), dtype='bogus'), 'Invalid dtype: bogus', 'lx/variable'),
])
def test_a_refused_weight_uses_up_a_name_where_keras_names_it_first(arguments, text, path):
    error, next_path = _after_refusal(**arguments)
    if text is not None:
        assert error == text
    assert next_path == path


def test_the_dtype_is_refused_before_the_shape():
    keras.backend.clear_session()
    with pytest.raises(ValueError) as info:
        keras.layers.Layer().add_weight(shape=(-1,), dtype='bogus')
    assert str(info.value) == 'Invalid dtype: bogus'
