"""Adaptive pooling refuses a fractional (or bool) entry of output_size when made. Keras 3 refuses a float
output_size (its TypeError) but keeps a tuple's 1.5; TF 2.21 then gives an eager call ceil(1.5) = 2 rows from float
window arithmetic, compute_output_shape (2, 1.5, 2, 3) and a model 'Cannot convert ... to a shape'. tapeflow truncated
it to 1 silently (another shape than TF's eager one); a refusal in the words it uses for 0 is what a user can act on.
Whole floats (2.0, as TF's eager call) and numpy ints are taken as ints."""
import re

import numpy as np
import pytest

import framework as tf
from framework import keras

L = keras.layers
# under TF 2.21 (progs/epyc1/cmp.sh) only the shared behaviour is checked
tapeflow_only = pytest.mark.skipif(tf.__name__ == 'tensorflow', reason='TF 2.21 keeps a fractional size')
X2 = np.arange(96, dtype='float32').reshape(2, 4, 4, 3)


@pytest.mark.parametrize('cls, size', [('AdaptiveMaxPooling2D', [1.5, 2]), ('AdaptiveAveragePooling2D', (2, 1.5)),
                                       ('AdaptiveMaxPooling1D', [2.5]), ('AdaptiveAveragePooling3D', (1, 2, 0.5)),
                                       ('AdaptiveMaxPooling2D', (True, 2)), ('AdaptiveMaxPooling2D', ('2', 2))])
@tapeflow_only
def test_fractional_sizes_refused(cls, size):
    rank = int(cls[-2])
    with pytest.raises(ValueError, match=r"^%s '[a-z0-9_]+': output_size must be a positive int or %d of them, got %s$"
                       % (cls, rank, re.escape(repr(size)))):
        getattr(L, cls)(size)


def test_float_scalar_is_keras_type_error():
    # TF 2.21 gives this text exactly
    with pytest.raises(TypeError) as info:
        L.AdaptiveMaxPooling2D(1.5)
    assert str(info.value) == ("`output_size` must be an integer or (height, width) tuple. Received: 1.5 of type "
                               "<class 'float'>")


@pytest.mark.parametrize('size', [(2.0, 2), (np.int64(2), 2), [2, 2]])
def test_whole_sizes_pool_as_ints(size):
    # TF 2.21's eager call: shape (2, 2, 2, 3), the same values as output_size=2
    layer = L.AdaptiveMaxPooling2D(size)
    assert layer.output_size == (2, 2)
    np.testing.assert_array_equal(np.asarray(layer(X2)), np.asarray(L.AdaptiveMaxPooling2D(2)(X2)))
