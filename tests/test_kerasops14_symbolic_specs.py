"""keras.ops diag, glu, unstack, unique, ndim, ptp, i0 and the Fourier ops on KerasTensors answer Keras 3's
compute_output_spec, and a call its signature refuses is Python's own TypeError, as on TF 2.21: unique's length is
unknown (None; tapeflow's stand-in of ones gave 1), unstack takes ``num`` as given and refuses a None axis without
it, glu / ptp / i0 / fft keep dtypes their kernels refuse (bool, int8, bfloat16), ndim is a float32 KerasTensor of
shape (rank,), fft of a bare KerasTensor is Keras's "A symbolic KerasTensor cannot be used as a boolean.", and
expand_dims without an axis is "expand_dims() missing 1 required positional argument: 'axis'".

Goldens: TF 2.21 / Keras 3.15's outputs of /work/notes/progs/kerasops14/s4.py (216 lines, 216 equal after the fix,
111 differed before), s3.py (Fourier ops, 150 of 150, 120 differed) and kerasops13/s2.py (1420 of 1420, 182
differed).
"""
import numpy as np
import pytest

from framework import keras

ops = keras.ops


def _spec(out):
    if isinstance(out, (list, tuple)):
        return type(out).__name__, [_spec(t) for t in out]
    return tuple(out.shape), out.dtype


def _input(shape, dtype='float32'):
    return keras.Input(batch_shape=shape, dtype=dtype)


CASES = [
    (lambda x: ops.diag(x, k=1.5), (4,), 'float32', ((5, 5), 'float32')),
    (ops.diag, (None,), 'float32', ((None, None), 'float32')),
    (lambda x: ops.diag(x, k=-2), (3, 5), 'float32', ((1,), 'float32')),
    (lambda x: ops.diag(x, k=7), (None, 5), 'float32', ((None,), 'float32')),
    (ops.diag, (3, 3), 'bool', ((3,), 'bool')),
    (ops.glu, (None, 4), 'bool', ((None, 2), 'bool')),
    (lambda x: ops.glu(x, axis=0), (None, None), 'float32', ((None, None), 'float32')),
    (lambda x: ops.glu(x, axis=0), (4, 6, 2), 'float32', ((2, 6, 2), 'float32')),
    (lambda x: ops.unstack(x, num=3), (None, 3), 'float32', ('list', [((3,), 'float32')] * 3)),
    (lambda x: ops.unstack(x, num=0), (3, None), 'float32', ('list', [])),
    (lambda x: ops.unstack(x, num=2, axis=-1), (2, 3, 4), 'int8', ('list', [((2, 3), 'int8')] * 2)),
    (ops.unique, (2, 3, 4), 'float32', ((None,), 'float32')),
    (ops.unique, (None, 3), 'bool', ((None,), 'bool')),
    (lambda x: ops.unique(x, return_index=True, return_inverse=True, return_counts=True), (2, 3, 4), 'float32',
     ('tuple', [((None,), 'float32'), ((None,), 'int32'), ((2, 3, 4), 'int32'), ((None,), 'int32')])),
    (lambda x: ops.unique(x, axis=1), (2, 3, 4), 'float32', ((2, None, 4), 'float32')),
    (lambda x: ops.unique(x, axis=0, return_inverse=True), (2, 3, 4), 'float32',
     ('tuple', [((None, 3, 4), 'float32'), ((2,), 'int32')])),
    (lambda x: ops.unique(x, size=5, return_counts=True), (2, 3, 4), 'float32',
     ('tuple', [((5,), 'float32'), ((5,), 'int32')])),
    (lambda x: ops.unique(x, axis=-1, size=2, return_inverse=True), (2, 3, 4), 'float32',
     ('tuple', [((2, 3, 2), 'float32'), ((4,), 'int32')])),
    (ops.ndim, (None, 3), 'int8', ((2,), 'float32')),
    (ops.numpy.ndim, (), 'float32', ((0,), 'float32')),
    (ops.ptp, (None, 3, 3), 'bool', ((), 'bool')),
    (lambda x: ops.ptp(x, axis=1, keepdims=True), (None, 3, 3), 'int8', ((None, 1, 3), 'int8')),
    (lambda x: ops.ptp(x, axis=(0, 2)), (None, 3, 3), 'float32', ((3,), 'float32')),
    (ops.i0, (None, 3), 'bfloat16', ((None, 3), 'bfloat16')),
    (ops.i0, (None, 3), 'int64', ((None, 3), 'float64')),
    (ops.i0, (None, 3), 'int8', ((None, 3), 'float32')),
    (ops.i0, (None, 3), 'bool', ((None, 3), 'float32')),
]


@pytest.mark.parametrize('case', range(len(CASES)))
def test_spec(case):
    op, shape, dtype, expected = CASES[case]
    assert _spec(op(_input(shape, dtype))) == expected


ERRORS = [
    (ops.diag, (2, 3, 3), ValueError, '`x` must be 1-D or 2-D, but received shape (2, 3, 3).'),
    (lambda x: ops.glu(x, axis=2), (None, 4), IndexError, 'list index out of range'),
    (lambda x: ops.glu(x, axis=1), (None, 3), ValueError,
     'axis size must be divisible by 2. Received: x.shape=(None, 3) with axis=1'),
    (ops.unstack, (None, 3), ValueError, 'Cannot infer argument `num` from shape (None, 3). Either provide a tensor '
     'with a concrete shape in the `axis` dimension or explicitly pass the `num` argument.'),
    (ops.unstack, (), ValueError, 'axis 0 is out of bounds for an array with dimension 0.'),
    (lambda x: ops.unique(x, axis=5), (2, 3, 4), ValueError, 'axis 5 is out of bounds for an array with dimension 3.'),
    (ops.expand_dims, (None, 3), TypeError, "expand_dims() missing 1 required positional argument: 'axis'"),
    (lambda x: ops.expand_dims(x, 1, 2), (None, 3), TypeError,
     'expand_dims() takes 2 positional arguments but 3 were given'),
    (lambda x: ops.expand_dims(x, axes=1), (None, 3), TypeError,
     "expand_dims() got an unexpected keyword argument 'axes'"),
    (lambda x: ops.expand_dims(x, 1, axis=1), (None, 3), TypeError,
     "expand_dims() got multiple values for argument 'axis'"),
    (lambda x: ops.squeeze(x, 1, 2), (None, 3), TypeError,
     'squeeze() takes from 1 to 2 positional arguments but 3 were given'),
    (lambda x: ops.mean(x, axes=1), (None, 3), TypeError, "mean() got an unexpected keyword argument 'axes'"),
    (ops.reshape, (None, 3), TypeError, "reshape() missing 1 required positional argument: 'newshape'"),
    (ops.add, (None, 3), TypeError, "add() missing 1 required positional argument: 'x2'"),
]


@pytest.mark.parametrize('case', range(len(ERRORS)))
def test_spec_errors(case):
    op, shape, kind, text = ERRORS[case]
    with pytest.raises(kind) as caught:
        op(_input(shape))
    assert type(caught.value) is kind and str(caught.value) == text


FOURIER = [
    (lambda x, y: ops.fft((x, y)), (None, 8), 'int32', ('tuple', [((None, 8), 'int32')] * 2)),
    (lambda x, y: ops.fft([x, y]), (None, 8), 'bfloat16', ('tuple', [((None, 8), 'bfloat16')] * 2)),
    (lambda x, y: ops.rfft(x), (None, 8), 'int32', ('tuple', [((None, 5), 'int32')] * 2)),
    (lambda x, y: ops.rfft(x, 5), (None, 8), 'bfloat16', ('tuple', [((None, 3), 'bfloat16')] * 2)),
    (lambda x, y: ops.rfft(x, 6), (None, None), 'float32', ('tuple', [((None, 4), 'float32')] * 2)),
    (lambda x, y: ops.irfft((x, y)), (None, 8), 'int32', ((None, 14), 'int32')),
    (lambda x, y: ops.irfft((x, y), 6), (None, 8), 'bfloat16', ((None, 6), 'bfloat16')),
    (lambda x, y: ops.irfft((x, y)), (None, None), 'float32', ((None, None), 'float32')),
    (lambda x, y: ops.stft(x, 4, 2, 4), (None, 8), 'int32', ('tuple', [((None, 5, 3), 'int32')] * 2)),
    (lambda x, y: ops.stft(x, 4, 2, 8, center=False), (None, 8), 'bfloat16',
     ('tuple', [((None, 1, 5), 'bfloat16')] * 2)),
    (lambda x, y: ops.istft((x, y), 4, 2, 4), (None, 8), 'int32', ((None,), 'int32')),
    (lambda x, y: ops.istft((x, y), 4, 2, 4), (4, 6), 'float32', ((6,), 'float32')),
]


@pytest.mark.parametrize('case', range(len(FOURIER)))
def test_fourier_spec(case):
    op, shape, dtype, expected = FOURIER[case]
    assert _spec(op(_input(shape, dtype), _input(shape, dtype))) == expected


def test_fourier_parts_keep_their_dtypes():
    real = _input((None, 8))
    assert _spec(ops.fft((real, _input((None, 8), 'float64')))) == ('tuple', [((None, 8), 'float32'),
                                                                             ((None, 8), 'float64')])
    assert _spec(ops.irfft((real, _input((None, 8), 'float64')))) == ((None, 14), 'float32')


FOURIER_ERRORS = [
    (ops.fft, (None, 8), TypeError, 'A symbolic KerasTensor cannot be used as a boolean.'),
    (ops.fft2, (None, 8), TypeError, 'A symbolic KerasTensor cannot be used as a boolean.'),
    (ops.irfft, (None, 8), TypeError, 'A symbolic KerasTensor cannot be used as a boolean.'),
    (lambda x: ops.istft(x, 4, 2, 4), (None, 8), TypeError, 'A symbolic KerasTensor cannot be used as a boolean.'),
    (lambda x: ops.fft2((x, x)), (None, 8), ValueError,
     'Input should have its (-2, -1) axes fully-defined. Received: input.shape = (None, 8)'),
    (lambda x: ops.ifft2((x, x)), (5,), ValueError, 'Input should have rank >= 2. Received: input.shape = (5,)'),
    (lambda x: ops.fft((x, x)), (None, None), ValueError,
     'Input should have its last dimension fully-defined. Received: input.shape = (None, None)'),
    (lambda x: ops.stft(x, 4, 2, 8, center=False), (5,), ValueError,
     "Cannot convert '(-1, 5)' to a shape. Negative dimensions are not allowed."),
    (lambda x: ops.stft(x, 4, 2, 4), (), IndexError, 'tuple index out of range'),
    (lambda x: ops.fft((x, _input((None, 4)))), (None, 8), ValueError,
     'Input `x` should be a tuple of two tensors - real and imaginary. Both the real and imaginary parts should '
     'have the same shape. Received: x[0].shape = (None, 8), x[1].shape = (None, 4)'),
]


@pytest.mark.parametrize('case', range(len(FOURIER_ERRORS)))
def test_fourier_spec_errors(case):
    op, shape, kind, text = FOURIER_ERRORS[case]
    with pytest.raises(kind) as caught:
        op(_input(shape))
    assert type(caught.value) is kind and str(caught.value) == text


def test_models_of_the_specs_still_run():
    x = keras.Input((4,))
    model = keras.Model(x, ops.unstack(x, num=2))
    first, second = model(np.arange(8, dtype='float32').reshape(2, 4))
    assert np.asarray(first).tolist() == [0., 1., 2., 3.] and np.asarray(second).tolist() == [4., 5., 6., 7.]
    model = keras.Model(x, ops.glu(x))
    assert tuple(model(np.zeros((3, 4), 'float32')).shape) == (3, 2)
