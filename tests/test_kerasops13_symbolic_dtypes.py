"""keras.ops elementwise activations and math functions on KerasTensors give Keras 3's spec, x's shape and
dtype, whatever the dtype: on TF 2.21 sigmoid of an int8 keras.Input is an int8 KerasTensor and negative of a
bool Input a bool one, where tapeflow's stand-in runs met the kernels' refusals ("cannot be applied to
KerasTensors ...").

Goldens: TF 2.21's outputs for /work/notes/progs/kerasops13/s2.py (142 ops x 10 dtypes on a (None, 3, 3)
Input; these 31 ops and bitwise_not (s3.py) give the input's shape and dtype for all ten; logsumexp, normalize
and reciprocal float32 (s4.py, 50 of 50 lines equal); s2.py 1238 of 1420 lines equal after the fix, 1054 before).
"""
import pytest

from framework import keras

ops = keras.ops
NAMES = ('celu', 'conj', 'elu', 'erf', 'erfinv', 'gelu', 'hard_shrink', 'hard_sigmoid', 'hard_tanh', 'leaky_relu',
         'log_sigmoid', 'log_softmax', 'negative', 'real', 'relu', 'relu6', 'round', 'rsqrt', 'selu', 'sigmoid', 'sign',
         'silu', 'soft_shrink', 'softmax', 'softplus', 'softsign', 'sparse_plus', 'sparsemax', 'squareplus', 'swish',
         'tanh_shrink')


@pytest.mark.parametrize('name', NAMES)
@pytest.mark.parametrize('dtype', ['bool', 'uint8', 'int64', 'float16'])
def test_spec_is_the_inputs_shape_and_dtype(name, dtype):
    out = getattr(ops, name)(keras.Input(batch_shape=(None, 3, 3), dtype=dtype))
    assert (tuple(out.shape), out.dtype) == ((None, 3, 3), dtype)


@pytest.mark.parametrize('dtype', ['bool', 'int8', 'uint8', 'int32'])
def test_bitwise_not_spec_keeps_the_dtype(dtype):
    out = ops.bitwise_not(keras.Input(batch_shape=(None, 3), dtype=dtype))
    assert (tuple(out.shape), out.dtype) == ((None, 3), dtype)


def test_axis_checks_still_run_first():
    # TF 2.21 (s3.py): Keras's softmax checks the axis before its spec
    with pytest.raises(ValueError) as caught:
        ops.softmax(keras.Input(batch_shape=(None, 3), dtype='int8'), axis=4)
    assert str(caught.value) == 'axis 4 is out of bounds for an array with dimension 2.'


# TF 2.21 (s4.py): Keras's Logsumexp, Normalize and Reciprocal specs are float32 KerasTensors whatever the dtype
# (float64 too), logsumexp's shape by Keras's reduce_shape (an axis given twice deletes two axes)
@pytest.mark.parametrize('kwargs, shape', [
    ({}, ()), ({'axis': 1}, (None, 4)), ({'axis': -1, 'keepdims': True}, (None, 3, 1)), ({'axis': (0, 2)}, (3,)),
    ({'keepdims': True}, (1, 1, 1)), ({'axis': (1, 1)}, (None,)),
])
@pytest.mark.parametrize('dtype', ['int8', 'float64', 'bool'])
def test_logsumexp_spec(kwargs, shape, dtype):
    out = ops.logsumexp(keras.Input(batch_shape=(None, 3, 4), dtype=dtype), **kwargs)
    assert (tuple(out.shape), out.dtype) == (shape, 'float32')


@pytest.mark.parametrize('dtype', ['int8', 'float64', 'float16'])
def test_normalize_and_reciprocal_specs_are_float32(dtype):
    x = keras.Input(batch_shape=(None, 3, 4), dtype=dtype)
    for out in (ops.normalize(x), ops.normalize(x, axis=1, order=1), ops.reciprocal(x)):
        assert (tuple(out.shape), out.dtype) == ((None, 3, 4), 'float32')
    with pytest.raises(ValueError) as caught:
        ops.logsumexp(x, axis=3)
    assert str(caught.value) == 'axis 3 is out of bounds for an array with dimension 3.'
    with pytest.raises(ValueError) as caught:
        ops.normalize(x, axis=5)
    assert str(caught.value) == 'axis 5 is out of bounds for an array with dimension 3.'
