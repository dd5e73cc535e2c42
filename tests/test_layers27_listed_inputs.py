"""A list, tuple or dict given to UpSampling1D/2D/3D, Flatten, Rescaling and Resizing, as Keras 3 on TF 2.21 takes
it: their calls hand the input to keras.ops, which stack a list of tensors into one (a new leading axis) and refuse a
dict with TF's conversion ValueError. tapeflow read ``inputs.shape`` (or ``.dtype``) of the list: AttributeError.
Goldens: /work/notes/progs/layers27/listin.py (shapes, float.hex of each output's sum), run under TF 2.21.
"""
import re

import numpy as np
import pytest

from framework import keras

L = keras.layers

X3 = np.arange(24, dtype='float32').reshape(2, 3, 4) / 10
X4 = np.arange(48, dtype='float32').reshape(2, 2, 3, 4) / 10
X5 = np.arange(96, dtype='float32').reshape(2, 2, 2, 3, 4) / 10

def _repeated(x, axes):
    for axis in axes:
        x = np.repeat(x, 2, axis=axis)
    return x


# (layer, input, TF's output shape and sum, the stacked input's expected output)
CASES = [
    (lambda: L.UpSampling1D(), X3, (1, 4, 3, 4), '0x1.b999980000000p+5', lambda s: _repeated(s, (1,))),
    (lambda: L.UpSampling2D(), X4, (1, 4, 4, 3, 4), '0x1.c333320000000p+8', lambda s: _repeated(s, (1, 2))),
    (lambda: L.UpSampling3D(), X5, (1, 4, 4, 4, 3, 4), '0x1.c7fffe0000000p+11', lambda s: _repeated(s, (1, 2, 3))),
    (lambda: L.Flatten(), X3, (1, 24), '0x1.b9999c0000000p+4', lambda s: s.reshape(1, -1)),
    (lambda: L.Rescaling(2.0), X3, (1, 2, 3, 4), '0x1.b9999c0000000p+5', lambda s: s * np.float32(2)),
    (lambda: L.Resizing(3, 3), X4[0], (1, 3, 3, 4), '0x1.4b33320000000p+5',
     lambda s: np.asarray(L.Resizing(3, 3)(s))),
]


@pytest.mark.parametrize('wrap', [list, tuple])
@pytest.mark.parametrize('make, x, shape, total, expected', CASES)
def test_a_list_of_tensors_is_stacked(make, x, shape, total, expected, wrap):
    out = make()(wrap([x]))
    assert tuple(out.shape) == shape
    assert float(np.sum(np.asarray(out))).hex() == total
    np.testing.assert_array_equal(np.asarray(out), expected(x[None]))


@pytest.mark.parametrize('make, x, shape, total, expected', CASES[:5])
def test_a_dict_is_tfs_conversion_error(make, x, shape, total, expected):
    layer = make()
    with pytest.raises(ValueError) as info:
        layer({'a': x})
    message = re.search('\x1b\\[1m(.*)\x1b\\[0m', str(info.value), re.S).group(1)
    assert message.startswith("Attempt to convert a value ({'a': <tf.Tensor: shape=%s, dtype=float32, numpy=\narray("
                              % (x.shape,))
    assert message.endswith(") with an unsupported type (<class 'dict'>) to a Tensor.")
    assert str(info.value).startswith('Exception encountered when calling %s.call().' % type(layer).__name__)


def test_resizing_dict_without_images_is_keras_key_error():
    with pytest.raises(KeyError, match='images'):
        L.Resizing(3, 3)({'a': X4[0]})
