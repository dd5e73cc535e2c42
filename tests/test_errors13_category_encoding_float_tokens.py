"""CategoryEncoding(num_tokens=<Python float>): Keras 3.15 keeps it (get_config, compute_output_shape) and its
encodings refuse it in the call with TF's conversion TypeError (the depth, or a sparse encoding's dense shape, to an
integer tensor); a symbolic call is Keras's 'Cannot convert ... to a shape' ValueError.

Golden texts: /work/notes/progs/errors13/ce1.py under TF 2.21 + Keras 3.15; the sed port prints the same."""
import numpy as np
import pytest

from framework import keras

IDS = {(2, 3): np.array([[0, 1, 2], [1, 1, 0]]), (3,): np.array([0, 1, 2]), (2, 1): np.array([[0], [1]])}


@pytest.mark.parametrize('mode, sparse, shape, shown', [
    ('multi_hot', False, (2, 3), '2.5 to EagerTensor of dtype int64'),
    ('multi_hot', True, (3,), '(2.5,) to EagerTensor of dtype int64'),
    ('multi_hot', True, (2, 3), '2.5 to EagerTensor of dtype int64'),
    ('one_hot', False, (2, 1), '2.5 to EagerTensor of dtype int32'),
    ('one_hot', True, (2, 3), '[2, 3, 2.5] to EagerTensor of dtype int64'),
    ('one_hot', True, (3,), '[3, 2.5] to EagerTensor of dtype int64'),
    ('one_hot', True, (2, 1), '[2, 2.5] to EagerTensor of dtype int64'),
    ('count', False, (3,), '2.5 to EagerTensor of dtype int64'),
    ('count', True, (3,), '(2.5,) to EagerTensor of dtype int64'),
])
def test_float_num_tokens_is_refused_by_the_encoding(mode, sparse, shape, shown):
    layer = keras.layers.CategoryEncoding(num_tokens=2.5, output_mode=mode, sparse=sparse)
    with pytest.raises(TypeError) as info:
        layer(IDS[shape])
    assert '\x1b[1mCannot convert %s\x1b[0m' % shown in str(info.value)


def test_float_num_tokens_is_kept_and_symbolic_call_is_a_shape_error():
    layer = keras.layers.CategoryEncoding(num_tokens=4.0)
    assert layer.get_config()['num_tokens'] == 4.0
    assert layer.compute_output_shape((None, 3)) == (None, 4.0)
    with pytest.raises(ValueError, match=r"Cannot convert '\(None, 4.0\)' to a shape. Found invalid dimension '4.0' "
                                         r"of type '<class 'float'>'."):
        layer(keras.Input((3,), dtype='int32'))
