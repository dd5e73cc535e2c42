"""A missing keras.ops name reads as Python prints it on TF 2.21, "Did you mean" suggestion included.

Python 3.11 adds "Did you mean: 'swish'?" to an uncaught AttributeError from the error's name and obj (the
module whose dir() it searches); TF 2.21 printed, and tapeflow prints, for keras.ops.mish / soft_max / argmaxx,
keras.ops.nn.relu7, keras.ops.numpy.arange2, keras.ops.image.resise (the same last lines, run as scripts:
/work/notes/progs/kerasops13/m1.py and the shell loop in its report). Here: the text, name and obj.
"""
import pytest

from framework import keras


@pytest.mark.parametrize('module, public, name, suggestion', [
    (keras.ops, 'keras.ops', 'mish', 'swish'),
    (keras.ops, 'keras.ops', 'soft_max', 'softmax'),
    (keras.ops.nn, 'keras.ops.nn', 'relu7', 'relu'),
    (keras.ops.numpy, 'keras.ops.numpy', 'arange2', 'arange'),
    (keras.ops.image, 'keras.ops.image', 'resise', 'resize'),
])
def test_missing_name_carries_name_and_module(module, public, name, suggestion):
    with pytest.raises(AttributeError) as caught:
        getattr(module, name)
    error = caught.value
    assert str(error) == "module '%s' has no attribute '%s'" % (public, name)
    assert error.name == name and suggestion in dir(error.obj) and name not in dir(error.obj)
