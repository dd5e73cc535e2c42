"""keras.ops calls that Keras 3 on TF 2.21 refuses for int / bool inputs instead of casting them.

Expected texts were printed by TF 2.21 / Keras 3 (/work/notes/progs/kerasops2/ints.py, ints2.py), e.g.
    import keras, numpy as np; xi = np.array([[1, 4, 2, 3]], 'int32'); keras.ops.fft((xi, xi))
"""
import re

import numpy as np
import pytest

from framework.keras import ops

XI = np.array([[1, 4, 2, 3]], 'int32')
XF = XI.astype('float32')
PAIR_WORDS = 'At least one tensor in input `x` is not of type float.Received: x='


@pytest.mark.parametrize('call, shown', [
    (lambda: ops.fft((XI, XI)), '(array([[1, 4, 2, 3]], dtype=int32), array([[1, 4, 2, 3]], dtype=int32)).'),
    (lambda: ops.fft2((XI, XI)), '(array([[1, 4, 2, 3]], dtype=int32), array([[1, 4, 2, 3]], dtype=int32)).'),
    # Keras's ifft2 hands fft2 the conjugate, so its error prints the negated imaginary part
    (lambda: ops.ifft2((XI, XI)), '(array([[1, 4, 2, 3]], dtype=int32), array([[-1, -4, -2, -3]], dtype=int32)).'),
    (lambda: ops.irfft((XI, XI)), '(array([[1, 4, 2, 3]], dtype=int32), array([[1, 4, 2, 3]], dtype=int32)).'),
    (lambda: ops.fft((XF, XI.astype('int64'))),
     '(array([[1., 4., 2., 3.]], dtype=float32), array([[1, 4, 2, 3]])).'),
    (lambda: ops.fft2((XF > 1, XF > 1)),
     '(array([[False,  True,  True,  True]]), array([[False,  True,  True,  True]])).'),
    (lambda: ops.istft((np.ones((2, 3), 'int32'), np.ones((2, 3), 'int32')), 4, 2, 4),
     '(array([[1, 1, 1],\n       [1, 1, 1]], dtype=int32), array([[1, 1, 1],\n       [1, 1, 1]], dtype=int32)).'),
])
def test_complex_pairs_of_ints_or_bools_raise_keras_value_error(call, shown):
    with pytest.raises(ValueError, match='^' + re.escape(PAIR_WORDS + shown)):
        call()


@pytest.mark.parametrize('signal, dtype_text', [
    (np.arange(16, dtype='int32'), 'int32'),
    (np.arange(16, dtype='float16'), 'float16'),
])
def test_stft_of_non_float32_64_signals_raises_keras_type_error(signal, dtype_text):
    with pytest.raises(TypeError, match=re.escape('Invalid input type. Expected `float32` or `float64`. '
                                                  'Received: input type=' + dtype_text)):
        ops.stft(signal, 4, 2, 4)


def test_float_pairs_still_transform():
    # TF 2.21: keras.ops.ifft2((xf, xf))[1] is float32 [2.5, -0.0, -1.0, ...] (hex printed there)
    imag = np.asarray(ops.ifft2((XF, XF))[1])
    assert imag.dtype == np.float32
    assert [float(v).hex() for v in imag.ravel()[:3]] == ['0x1.4000000000000p+1', '-0x0.0p+0', '-0x1.0000000000000p+0']


SCCE_KERNEL_WORDS = ("Value for attr 'T' of %s is not in the list of allowed values: half, bfloat16, float, double\n\t; "
                     'NodeDef: {{node SparseSoftmaxCrossEntropyWithLogits}}')


@pytest.mark.parametrize('dtype', ['int32', 'uint8', 'bool', 'int64'])
def test_sparse_categorical_crossentropy_of_int_or_bool_output_is_refused(dtype):
    # TF 2.21 (progs/kerasops2/scce.py): logits reach SparseSoftmaxCrossEntropyWithLogits uncast; probabilities
    # reach clip_by_value, which cannot convert 1 - 1e-7 to the output's dtype
    output = np.array([[1, 2]]).astype(dtype)
    with pytest.raises(Exception, match=re.escape(SCCE_KERNEL_WORDS % dtype)) as logits_error:
        ops.sparse_categorical_crossentropy(np.array([1]), output, from_logits=True)
    assert type(logits_error.value).__name__ == 'InvalidArgumentError'
    with pytest.raises(TypeError, match=re.escape('Cannot convert 0.9999999 to EagerTensor of dtype ' + dtype)):
        ops.sparse_categorical_crossentropy(np.array([1]), output)
