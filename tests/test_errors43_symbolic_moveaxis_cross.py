"""keras.ops.moveaxis / cross on KerasTensors refuse axes as Keras 3's Moveaxis and Cross operations do (errors42's
left item): the Moveaxis constructor takes len() of each argument that is not an int ("object of type 'float' has
no len()"), Cross.compute_output_spec indexes the shape with the axis ("list indices must be integers or slices,
not float") and checks the vector sizes in messages that print '{axisa}' / '{axisb}' literally; tapeflow gave the
eager path's "`value` must be an integer, tuple or list." and the stand-in run's kernel texts. Texts printed by
TF 2.21 (/work/notes/progs/errors43/sym.py)."""
import pytest

from framework import keras


@pytest.mark.parametrize('call, kind, text', [
    (lambda: keras.ops.moveaxis(keras.Input((2, 3)), 1.0, 0), TypeError, "object of type 'float' has no len()"),
    (lambda: keras.ops.moveaxis(keras.Input((2, 3)), [0, 1], [0]), ValueError,
     '`source` and `destination` arguments must have the same number of elements, but received `source=[0, 1]` '
     'and `destination=[0]`.'),
    (lambda: keras.ops.cross(keras.Input((3,)), keras.Input((3,)), axis=1.0), TypeError,
     'list indices must be integers or slices, not float'),
    (lambda: keras.ops.cross(keras.Input((4,)), keras.Input((3,))), ValueError,
     "`x1`'s dim on `axis={axisa}` must be either 2 or 3, but received: 4"),
    (lambda: keras.ops.cross(keras.Input((3,)), keras.Input((4,))), ValueError,
     "`x2`'s dim on `axis={axisb}` must be either 2 or 3, but received: 4"),
])
def test_keras_operation_texts(call, kind, text):
    with pytest.raises(kind) as caught:
        call()
    assert type(caught.value) is kind and str(caught.value) == text


def test_good_axes_still_give_shapes():
    assert tuple(keras.ops.moveaxis(keras.Input((2, 3)), [0, 1], [2, 0]).shape) == (2, 3, None)
    assert tuple(keras.ops.cross(keras.Input((3,)), keras.Input((3,))).shape) == (None, 3)
