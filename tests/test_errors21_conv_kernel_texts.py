"""tf.nn's conv and pool ops given a padding word their kernels refuse ('same', 'FULL'), or filters that do not
fit the input, raise TF 2.21's full kernel texts: the attr error with the op definition of the kernel that ran
(oneDNN's _MklNative* for float32 where TF runs it, TF_ENABLE_ONEDNN_OPTS=0 the plain one), and Conv2D's checks
in its order (filter dtype, filter rank, depth). Printed by TF 2.21 on this Xeon: /work/notes/progs/errors21/
d11.py, d12.py (d12_tf.json with oneDNN, d12_tf0.json without)."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

_ATTR = 'Value for attr \'padding\' of "%s" is not in the list of allowed values: %s\n\t; NodeDef: {{node %s}}; Op<name=%s; %s> [Op:%s] name: '
_THREE = '"SAME", "VALID", "EXPLICIT"'
_CONV_MKL = ('signature=input:T, filter:T -> output:T; attr=T:type,allowed=[DT_BFLOAT16, DT_FLOAT, DT_HALF]; '
             'attr=strides:list(int); attr=use_cudnn_on_gpu:bool,default=true; attr=is_filter_const:bool,'
             'default=false; attr=padding:string,allowed=["SAME", "VALID", "EXPLICIT"]; attr=explicit_paddings:'
             'list(int),default=[]; attr=data_format:string,default="NHWC",allowed=["NHWC", "NCHW"]; '
             'attr=dilations:list(int),default=[1, 1, 1, 1]')
_CONV = ('signature=input:T, filter:T -> output:T; attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE, '
         'DT_INT32]; attr=strides:list(int); attr=use_cudnn_on_gpu:bool,default=true; attr=padding:string,'
         'allowed=["SAME", "VALID", "EXPLICIT"]; attr=explicit_paddings:list(int),default=[]; attr=data_format:'
         'string,default="NHWC",allowed=["NHWC", "NCHW"]; attr=dilations:list(int),default=[1, 1, 1, 1]')
_DEPTHWISE_MKL = ('signature=input:T, filter:T -> output:T; attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, '
                  'DT_DOUBLE]; attr=strides:list(int); attr=is_filter_const:bool,default=false; attr=padding:string,'
                  'allowed=["SAME", "VALID", "EXPLICIT"]; attr=data_format:string,default="NHWC",allowed=["NHWC", '
                  '"NCHW"]; attr=explicit_paddings:list(int),default=[]; attr=dilations:list(int),default=[1, 1, 1, 1]')
_MAX_POOL = ('signature=input:T -> output:T; attr=T:type,default=DT_FLOAT,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, '
             'DT_DOUBLE, DT_INT32, DT_INT64, DT_UINT8, DT_INT16, DT_INT8, DT_UINT16, DT_QINT8]; attr=ksize:list(int),'
             'min=4; attr=strides:list(int),min=4; attr=padding:string,allowed=["SAME", "VALID", "EXPLICIT"]; '
             'attr=explicit_paddings:list(int),default=[]; attr=data_format:string,default="NHWC",allowed=["NHWC", '
             '"NCHW", "NCHW_VECT_C"]')
_AVG_POOL_MKL = ('signature=value:T -> output:T; attr=ksize:list(int),min=4; attr=strides:list(int),min=4; '
                 'attr=padding:string,allowed=["SAME", "VALID"]; attr=data_format:string,default="NHWC",allowed='
                 '["NHWC", "NCHW"]; attr=T:type,allowed=[DT_FLOAT, DT_HALF, DT_DOUBLE, DT_BFLOAT16]')
_AVG_POOL = ('signature=value:T -> output:T; attr=ksize:list(int),min=4; attr=strides:list(int),min=4; '
             'attr=padding:string,allowed=["SAME", "VALID"]; attr=data_format:string,default="NHWC",allowed=["NHWC", '
             '"NCHW"]; attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]')


def _x(dtype):
    return tf.ones((1, 5, 5, 3), dtype)


@pytest.mark.parametrize('call, text', [
    (lambda: tf.nn.conv2d(_x('float32'), tf.ones((3, 3, 3, 2)), 1, 'same'),
     _ATTR % ('same', _THREE, '_MklNativeConv2D', '_MklNativeConv2D', _CONV_MKL, 'Conv2D')),
    (lambda: tf.nn.conv2d(_x('float64'), tf.ones((3, 3, 3, 2), 'float64'), 1, 'FULL'),
     _ATTR % ('FULL', _THREE, 'Conv2D', 'Conv2D', _CONV, 'Conv2D')),
    (lambda: tf.nn.conv1d(tf.ones((1, 5, 3)), tf.ones((3, 3, 2)), 1, 'same'),
     _ATTR % ('same', _THREE, '_MklNativeConv2D', '_MklNativeConv2D', _CONV_MKL, 'Conv2D')),
    (lambda: tf.nn.convolution(_x('float32'), tf.ones((3, 3, 3, 2)), 1, 'valid'),
     _ATTR % ('valid', _THREE, '_MklNativeConv2D', '_MklNativeConv2D', _CONV_MKL, 'Conv2D')),
    (lambda: tf.nn.depthwise_conv2d(_x('float32'), tf.ones((3, 3, 3, 1)), [1, 1, 1, 1], 'same'),
     _ATTR % ('same', _THREE, '_MklNativeDepthwiseConv2dNative', '_MklNativeDepthwiseConv2dNative', _DEPTHWISE_MKL,
              'DepthwiseConv2dNative')),
    (lambda: tf.nn.max_pool2d(_x('float32'), 2, 1, 'same'),
     _ATTR % ('same', _THREE, 'MaxPool', 'MaxPool', _MAX_POOL, 'MaxPool')),
    (lambda: tf.nn.max_pool1d(tf.ones((1, 5, 3), 'float64'), 2, 1, 'same'),
     _ATTR % ('same', _THREE, 'MaxPool', 'MaxPool', _MAX_POOL, 'MaxPool')),
    (lambda: tf.nn.max_pool(_x('float32'), 2, 1, 'FULL'),
     _ATTR % ('FULL', _THREE, 'MaxPool', 'MaxPool', _MAX_POOL, 'MaxPool')),
    (lambda: tf.nn.avg_pool2d(_x('float32'), 2, 1, 'FULL'),
     _ATTR % ('FULL', '"SAME", "VALID"', '_MklNativeAvgPool', '_MklNativeAvgPool', _AVG_POOL_MKL, 'AvgPool')),
    (lambda: tf.nn.avg_pool1d(tf.ones((1, 5, 3), 'float64'), 2, 1, 'same'),
     _ATTR % ('same', '"SAME", "VALID"', 'AvgPool', 'AvgPool', _AVG_POOL, 'AvgPool')),
])
def test_padding_attr_error_with_onednn(call, text, monkeypatch):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '1')
    with pytest.raises(InvalidArgumentError) as info:
        call()
    assert str(info.value) == text


@pytest.mark.parametrize('call, text', [
    (lambda: tf.nn.conv2d(_x('float32'), tf.ones((3, 3, 3, 2)), 1, 'same'),
     _ATTR % ('same', _THREE, 'Conv2D', 'Conv2D', _CONV, 'Conv2D')),
    (lambda: tf.nn.avg_pool1d(tf.ones((1, 5, 3)), 2, 1, 'same'),
     _ATTR % ('same', '"SAME", "VALID"', 'AvgPool', 'AvgPool', _AVG_POOL, 'AvgPool')),
])
def test_padding_attr_error_without_onednn(call, text, monkeypatch):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '0')
    with pytest.raises(InvalidArgumentError) as info:
        call()
    assert str(info.value) == text


_KERNEL = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s [Op:Conv2D] name: '


@pytest.mark.parametrize('call, text', [
    (lambda: tf.nn.conv2d(_x('float32'), tf.ones((3, 3, 4, 2)), 1, 'SAME'),
     _KERNEL % ('__MklNativeConv2D', 'input depth must be evenly divisible by filter depth: 3 vs 4')),
    (lambda: tf.nn.conv2d(_x('float16'), tf.ones((3, 3, 4, 2), 'float16'), 1, 'SAME'),
     _KERNEL % ('__MklNativeConv2D', 'input depth must be evenly divisible by filter depth: 3 vs 4')),
    (lambda: tf.nn.conv2d(_x('float64'), tf.ones((3, 3, 4, 2), 'float64'), 1, 'SAME'),
     _KERNEL % ('Conv2D', 'input depth must be evenly divisible by filter depth: 3 vs 4')),
    (lambda: tf.nn.conv2d(np.ones((1, 5, 5, 4), 'float32'), np.ones((3, 3, 3, 2), 'float32'), 1, 'SAME'),
     _KERNEL % ('__MklNativeConv2D', 'input depth must be evenly divisible by filter depth: 4 vs 3')),
    (lambda: tf.nn.conv1d(tf.ones((1, 5, 3)), tf.ones((3, 4, 2)), 1, 'SAME'),
     _KERNEL % ('__MklNativeConv2D', 'input depth must be evenly divisible by filter depth: 3 vs 4')),
    (lambda: tf.nn.conv2d(_x('float32'), tf.ones((3, 3, 3)), 1, 'SAME'),
     _KERNEL % ('__MklNativeConv2D', 'filter must be 4-dimensional: [3,3,3]')),
    (lambda: tf.nn.conv2d(_x('float32'), tf.ones((3, 3, 3, 2), 'float64'), 1, 'SAME'),
     'cannot compute _MklNativeConv2D as input #1(zero-based) was expected to be a float tensor but is a double '
     'tensor [Op:Conv2D] name: '),
])
def test_filters_that_do_not_fit_raise_the_kernel_text(call, text, monkeypatch, xeon_cpu):
    # (measured on the AVX-512 Xeon: oneDNN takes float16 there; on an AMD EPYC TF 2.21 runs Eigen's Conv2D)
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '1')
    with pytest.raises(InvalidArgumentError) as info:
        call()
    assert str(info.value) == text


_BIAS = '{{function_node __wrapped__BiasAdd_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s [Op:BiasAdd]%s'


@pytest.mark.parametrize('call, text', [
    (lambda: tf.nn.bias_add(tf.ones((2, 3)), tf.ones(4)),
     _BIAS % ('Must provide as many biases as the last dimension of the input tensor: [4] vs. [2,3]', ' name: ')),
    (lambda: tf.nn.bias_add(tf.ones((1, 2, 2, 3), 'float64'), tf.ones(4, 'float64')),
     _BIAS % ('Must provide as many biases as the last dimension of the input tensor: [4] vs. [1,2,2,3]', ' name: ')),
    (lambda: tf.nn.bias_add(tf.ones((2, 3)), tf.ones((1, 3))), _BIAS % ('Biases must be 1D: [1,3]', ' name: ')),
    (lambda: tf.nn.bias_add(tf.ones(3), tf.ones(3)), _BIAS % ('Input tensor must be at least 2D: [3]', ' name: ')),
    # Python lists take TF's slow path: no ' name: ' tail
    (lambda: tf.nn.bias_add([[1.0, 2.0]], [1.0]),
     _BIAS % ('Must provide as many biases as the last dimension of the input tensor: [1] vs. [1,2]', '')),
])
def test_bias_add_kernel_texts(call, text):
    with pytest.raises(InvalidArgumentError) as info:
        call()
    assert str(info.value) == text


class _Custom:
    pass


@pytest.mark.parametrize('element, name', [(np.ones(3), 'numpy.ndarray'), (1.5, 'float'),
                                           (np.float64(1.0), 'numpy.float64'), (_Custom(), '_Custom'),
                                           ({'a': 1}, 'dict'), (None, 'NoneType')])
def test_object_array_names_the_element_type_as_cpython(element, name):
    array = np.empty(2, dtype=object)
    array[0], array[1] = element, 'a'
    with pytest.raises(ValueError) as info:
        tf.convert_to_tensor(array)
    assert str(info.value) == 'Failed to convert a NumPy array to a Tensor (Unsupported object type %s).' % name
