"""A loss object called on Python lists converts them leaf by leaf, as Keras 3's Loss.__call__ maps
convert_to_tensor over y_pred's, then y_true's, structure: a string leaf is refused by itself. TF 2.21 gives
"Cannot convert 'a' to EagerTensor of dtype float" where tapeflow named the whole list ("Cannot convert
[['a', 'b']] ..."); the loss functions convert the whole list, as before (/work/notes/progs/errors44/c18.txt)."""
import pytest

from framework import keras


@pytest.mark.parametrize('loss, y_true, y_pred, leaf', [
    (keras.losses.MeanSquaredError(), [['a', 'b']], [[1.0, 2.0]], "'a'"),
    (keras.losses.MeanSquaredError(), [1.0], ['a'], "'a'"),                 # y_pred is converted first
    (keras.losses.MeanSquaredError(), [1.0, 'b'], [1.0, 2.0], "'b'"),
    (keras.losses.Huber(), ('a', 'b'), (1.0, 2.0), "'a'"),
    (keras.losses.MeanAbsoluteError(), [b'a'], [1.0], "b'a'"),
])
def test_the_first_leaf_that_does_not_convert_is_named(loss, y_true, y_pred, leaf):
    with pytest.raises(TypeError) as info:
        loss(y_true, y_pred)
    assert str(info.value) == 'Cannot convert %s to EagerTensor of dtype float' % leaf


def test_the_loss_function_names_the_whole_list():
    with pytest.raises(TypeError) as info:
        keras.losses.mean_squared_error(['a'], [1.0])
    assert str(info.value) == "Cannot convert ['a'] to EagerTensor of dtype float"


def test_lists_of_numbers_still_compute():
    assert float(keras.losses.MeanSquaredError()([1.0, 2.0], [1.0, 3.0])) == 0.5
