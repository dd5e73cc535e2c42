"""tf.Variable(value, shape=...) reads the declared shape as TF 2.21's as_shape does before comparing it with the
value: shape=(-1,) is "ValueError: Dimension -1 must be >= 0" (tapeflow said the shapes were not compatible), a
NumPy array of dimensions is a shape (tapeflow: 'only 0-dimensional arrays can be converted to Python scalars').
The mismatch message names the shape as given. Texts printed by TF 2.21 (/work/notes/progs/errors43/var2.py and
vshape_standalone.py, run by both interpreters)."""
import numpy as np
import pytest

import framework as tf


def _mismatch(shape_text):
    return ("In this `tf.Variable` creation, the initial value's shape ((2,)) is not compatible with the explicitly "
            "supplied `shape` argument (%s)." % shape_text)


def test_a_negative_dimension_is_refused_by_the_shape_itself():
    with pytest.raises(ValueError) as caught:
        tf.Variable([1.0, 2.0], shape=(-1,))
    assert str(caught.value) == 'Dimension -1 must be >= 0'


@pytest.mark.parametrize('shape, text', [
    (np.array([3]), '[3]'), ([3], '[3]'), (3, '3'), ((None, 3), '(None, 3)'), ((True,), '(True,)'), ((), '()'),
])
def test_a_mismatch_names_the_shape_as_given(shape, text):
    with pytest.raises(ValueError) as caught:
        tf.Variable([1.0, 2.0], shape=shape)
    assert str(caught.value) == _mismatch(text)


def test_fitting_shapes_still_build_the_variable():
    assert tf.Variable([1.0, 2.0], shape=np.array([2])).shape == (2,)
    assert tf.Variable([1.0, 2.0], shape=[None]).shape.as_list() == [None]
    with pytest.raises(TypeError, match="^Dimension value must be integer or None or have an __index__ method, got "
                                        "value '2.0'"):
        tf.Variable([1.0, 2.0], shape=(2.0,))
