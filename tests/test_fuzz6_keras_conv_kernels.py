"""keras.ops.conv / conv_transpose / separable_conv with a kernel of another dtype than the input raise
TensorFlow 2.21's kernel pairing errors, as Keras 3 on TF casts neither operand (tapeflow cast int, bool and
float16 kernels to the input's dtype and computed). Texts from /work/notes/progs/fuzz6/p/k4.py, k5.py, k6.py;
oneDNN's _MklNative names appear where TF runs oneDNN (framework/onednn_policy.py)."""
import re

import numpy as np
import pytest

import framework as tf
from framework.keras import ops

IAE = tf.errors.InvalidArgumentError
IMG = np.linspace(0, 1, 32, dtype=np.float32).reshape(1, 4, 4, 2)
SEQ = np.linspace(0, 1, 8, dtype=np.float32).reshape(1, 4, 2)
VOL = np.linspace(0, 1, 54, dtype=np.float32).reshape(1, 3, 3, 3, 2)
NAMES = {'int32': 'int32', 'int64': 'int64', 'bool': 'bool', 'uint8': 'uint8', 'float64': 'double', 'float16': 'half'}


def _pairing(kernel, index, expected, got, tail):
    return re.compile(r'cannot compute (_MklNative)?%s as input #%d\(zero-based\) was expected to be a %s tensor but '
                      r'is a %s tensor \[Op:%s\]%s$' % (kernel, index, expected, got, kernel, tail))


@pytest.mark.parametrize('dtype', sorted(NAMES))
def test_conv_kernel_of_another_dtype(dtype):
    for x, shape, kernel in [(IMG, (2, 2, 2, 1), 'Conv2D'), (SEQ, (2, 2, 1), 'Conv2D'),
                             (VOL, (2, 2, 2, 2, 1), 'Conv3D')]:
        with pytest.raises(IAE) as err:
            ops.conv(x, np.ones(shape, dtype))
        assert _pairing(kernel, 1, 'float', NAMES[dtype], ' name: ').search(str(err.value)), str(err.value)
    with pytest.raises(IAE) as err:          # dilated: no ' name: ' tail
        ops.conv(IMG, np.ones((2, 2, 2, 1), dtype), dilation_rate=2)
    assert _pairing('Conv2D', 1, 'float', NAMES[dtype], '').search(str(err.value))


def test_conv_input_of_another_dtype_than_its_kernel():
    with pytest.raises(IAE) as err:
        ops.conv(VOL.astype(np.float64), np.ones((2, 2, 2, 2, 1), np.float32))
    assert str(err.value) == ('cannot compute Conv3D as input #1(zero-based) was expected to be a double tensor but '
                              'is a float tensor [Op:Conv3D] name: ')
    with pytest.raises(IAE, match='expected to be a half tensor but is a float tensor'):
        ops.conv(IMG.astype(np.float16), np.ones((2, 2, 2, 1), np.float32))


@pytest.mark.parametrize('dtype', ['int32', 'float64', 'float16'])
def test_conv_transpose_pairs_the_input_with_the_filter(dtype):
    with pytest.raises(IAE) as err:
        ops.conv_transpose(IMG, np.ones((2, 2, 1, 2), dtype), 1)
    assert _pairing('Conv2DBackpropInput', 2, NAMES[dtype], 'float', '').search(str(err.value)), str(err.value)
    with pytest.raises(IAE) as err:          # the 1-D transpose keeps the ' name: ' tail
        ops.conv_transpose(SEQ, np.ones((2, 1, 2), dtype), 1)
    assert _pairing('Conv2DBackpropInput', 2, NAMES[dtype], 'float', ' name: ').search(str(err.value))
    with pytest.raises(IAE) as err:
        ops.conv_transpose(IMG.astype(dtype), np.ones((2, 2, 1, 2), np.float32), 1)
    assert _pairing('Conv2DBackpropInput', 2, 'float', NAMES[dtype], '').search(str(err.value))


@pytest.mark.parametrize('dtype', ['int64', 'bool', 'uint8'])
def test_conv_transpose_filter_outside_the_kernel_list(dtype):
    with pytest.raises(IAE) as err:
        ops.conv_transpose(IMG, np.ones((2, 2, 1, 2), dtype), 1)
    assert str(err.value).startswith("Value for attr 'T' of %s is not in the list of allowed values: half, bfloat16, "
                                     "float, double, int32\n\t; NodeDef: {{node Conv2DBackpropInput}}; "
                                     "Op<name=Conv2DBackpropInput; signature=input_sizes:int32, filter:T, "
                                     "out_backprop:T -> output:T; attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, "
                                     "DT_DOUBLE, DT_INT32]; attr=strides:list(int);" % dtype)
    assert str(err.value).endswith('[Op:Conv2DBackpropInput]')
    with pytest.raises(IAE) as err:          # Conv3DBackpropInputV2 has no int32 either
        ops.conv_transpose(VOL, np.ones((2, 2, 2, 1, 2), np.int32), 1)
    assert str(err.value).startswith("Value for attr 'T' of int32 is not in the list of allowed values: half, bfloat16, "
                                     "float, double\n\t; NodeDef: {{node Conv3DBackpropInputV2}}")
    assert str(err.value).endswith('attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> '
                                   '[Op:Conv3DBackpropInputV2]')


def test_separable_conv_pointwise_kernel_pairs_with_the_depthwise_output():
    with pytest.raises(IAE) as err:
        ops.separable_conv(IMG, np.ones((2, 2, 2, 1), np.float32), np.ones((1, 1, 2, 3), np.int32))
    assert _pairing('Conv2D', 1, 'float', 'int32', ' name: ').search(str(err.value))


def test_same_dtypes_still_compute():
    assert ops.conv(IMG, np.ones((2, 2, 2, 1), np.float32)).shape == (1, 3, 3, 1)
    assert ops.conv(VOL.astype(np.float64), np.ones((2, 2, 2, 2, 1))).dtype == tf.float64
    assert ops.conv_transpose(IMG, np.ones((2, 2, 1, 2), np.float32), 1).shape == (1, 5, 5, 1)
    assert ops.separable_conv(IMG, np.ones((2, 2, 2, 1), np.float32), np.ones((1, 1, 2, 3), np.float32)).shape \
        == (1, 3, 3, 3)
