"""Hashing's dtype as Keras 3 on TF 2.21 has it (probe /work/notes/progs/layers25/fuzz2.py): output_mode='int' with a
float dtype is refused in Keras's words ('in64' sic, the dtype argument as given; tapeflow had its own sentence),
and under a mixed_float16 policy a symbolic call's encodings are float32 (compute_output_spec's self.dtype, as
the eager call returns; tapeflow declared the float16 compute dtype)."""
import numpy as np
import pytest

from framework import keras

L = keras.layers


@pytest.mark.parametrize('dtype', ['float16', 'float64', 'mixed_float16', 'bfloat16'])
def test_int_mode_refuses_float_dtypes(dtype):
    with pytest.raises(ValueError) as info:
        L.Hashing(num_bins=4, dtype=dtype)
    # TF 2.21's text
    assert str(info.value) == ('When `output_mode="int"`, `dtype` should be an integer type, \'int32\' or \'in64\'. '
                               'Received: dtype=%s' % dtype)


@pytest.mark.parametrize('mode', ['one_hot', 'multi_hot', 'count'])
def test_mixed_policy_encodings_are_float32(mode):
    width = 1 if mode == 'one_hot' else 3
    inputs = keras.Input((width,), dtype='string')
    out = L.Hashing(num_bins=4, output_mode=mode, dtype='mixed_float16')(inputs)
    # TF 2.21: ((None, 4), 'float32') symbolically and ((2, 4), float32) eagerly
    assert (tuple(out.shape), str(out.dtype)) == ((None, 4), 'float32')
    eager = L.Hashing(num_bins=4, output_mode=mode, dtype='mixed_float16')(
        np.array([['a', 'b', ''], ['c', 'a', 'b']])[:, :width])
    assert (tuple(eager.shape), eager.dtype) == ((2, 4), 'float32')


def test_int_mode_keeps_int_dtypes():
    inputs = keras.Input((3,), dtype='string')
    assert str(L.Hashing(num_bins=4, dtype='int32')(inputs).dtype) == 'int32'
    assert str(L.Hashing(num_bins=4)(inputs).dtype) == 'int64'
