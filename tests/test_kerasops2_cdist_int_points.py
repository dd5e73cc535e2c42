"""keras.ops.cdist of int / bool points: Keras 3 on TF 2.21 computes in their dtype and TF's kernels refuse
(printed by TF 2.21, /work/notes/progs/kerasops2/img.py):
    keras.ops.cdist(np.array([[1, 2]], 'int32'), np.array([[0, 0]], 'int32'))   -> Sqrt's InvalidArgumentError
"""
import re

import numpy as np
import pytest

from framework.errors import InvalidArgumentError
from framework.keras import ops


@pytest.mark.parametrize('dtype', ['int32', 'int64', 'uint8'])
def test_int_points_reach_sqrt_in_their_dtype(dtype):
    text = ("Value for attr 'T' of %s is not in the list of allowed values: bfloat16, half, float, double, complex64, "
            "complex128\n\t; NodeDef: {{node Sqrt}}; Op<name=Sqrt; signature=x:T -> y:T; attr=T:type,allowed=["
            "DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128]> [Op:Sqrt] name: " % dtype)
    with pytest.raises(InvalidArgumentError, match='^' + re.escape(text)):
        ops.cdist(np.array([[1, 2]], dtype), np.array([[0, 0]], dtype))


def test_bool_points_reach_sub():
    with pytest.raises(InvalidArgumentError, match=re.escape("Value for attr 'T' of bool is not in the list of allowed "
                                                             "values: bfloat16, half, float, double, uint8, int8")):
        ops.cdist(np.array([[1, 0]], bool), np.array([[0, 0]], bool))
    # float points unchanged: TF 2.21 cdist([[1., 2.]], [[0., 0.]]) is float32 sqrt(5) = 0x1.1e377ap+1
    out = np.asarray(ops.cdist(np.array([[1., 2.]], 'float32'), np.array([[0., 0.]], 'float32')))
    assert out.dtype == np.float32 and float(out[0, 0]).hex() == '0x1.1e377a0000000p+1'


@pytest.mark.parametrize('dtype', ['int32', 'int64'])
def test_gaussian_blur_of_int_images_is_subs_dtype_error(dtype):
    # TF 2.21: keras.ops.image.gaussian_blur(np.arange(16).reshape(1, 4, 4, 1).astype('int32')) builds its kernel in
    # int32: tf.range(size) - (size - 1) / 2 meets a double
    text = ('cannot compute Sub as input #1(zero-based) was expected to be a %s tensor but is a double tensor '
            '[Op:Sub] name: ' % dtype)
    with pytest.raises(InvalidArgumentError, match='^' + re.escape(text)):
        ops.image.gaussian_blur(np.arange(16).reshape(1, 4, 4, 1).astype(dtype))


@pytest.mark.parametrize('dtype, error_name, start', [
    ('uint8', 'InvalidArgumentError', "Value for attr 'Tidx' of uint8 is not in the list of allowed values"),
    ('int16', 'NotFoundError', 'Could not find device for node: {{node Range}} = Range[Tidx=DT_INT16]'),
    ('bool', 'TypeError', 'Cannot convert 0 to EagerTensor of dtype bool'),
])
def test_gaussian_blur_of_narrow_int_or_bool_images_fails_at_range(dtype, error_name, start):
    # TF 2.21 (progs/kerasops2/gb.py): the kernel's tf.range(size, dtype=images.dtype) is refused
    with pytest.raises(Exception, match='^' + re.escape(start)) as caught:
        ops.image.gaussian_blur(np.arange(16).reshape(1, 4, 4, 1).astype(dtype))
    assert type(caught.value).__name__ == error_name
