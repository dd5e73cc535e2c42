"""tf.nn's convolutions given an input and filters of two dtypes, as TF 2.21 answers them eagerly on this AMD EPYC
(oneDNN off: TF's own kernels). The kernel takes T from the input (Conv2D, Conv3D, DepthwiseConv2dNative) or from
the filter (Conv2DBackpropInput, Conv3DBackpropInputV2): the other operand of another dtype is 'cannot compute Conv2D
as input #1(zero-based) was expected to be a double tensor but is a float tensor', a T outside the kernel's list the
registry's refusal, both before any shape check. tf.nn.conv2d / conv3d / conv2d_transpose / conv3d_transpose hand
numpy and Python operands to their op as given, which converts them to the other operand's dtype: they convolve.
tapeflow said 'convolution: input ... and filters ... do not match in rank or dtype' (tf.nn.conv2d refused a float64
numpy filter beside a float32 input) and convolved complex tensors.
Probes: /work/notes/progs/errors57/conv2.py - conv7.py (texts and sums printed by TF 2.21)."""
import numpy as np
import pytest

import framework as tf


@pytest.fixture(autouse=True)
def _epyc(epyc_cpu):
    """The texts are TF's own kernels' (oneDNN's would name _MklNativeConv2D)."""


def T(shape, dtype):
    return tf.constant(np.arange(np.prod(shape)).reshape(shape) % 5, dtype)


def N(shape, dtype):
    return (np.arange(np.prod(shape)).reshape(shape) % 5).astype(dtype)


def L(shape):
    return N(shape, 'int32').tolist()


def _pair(kernel, index, expected, got, tail):
    return ('cannot compute %s as input #%d(zero-based) was expected to be a %s tensor but is a %s tensor [Op:%s]%s'
            % (kernel, index, expected, got, kernel, tail))


_CONV2D_ATTRS = ('attr=strides:list(int); attr=use_cudnn_on_gpu:bool,default=true; attr=padding:string,allowed=['
                 '"SAME", "VALID", "EXPLICIT"]; attr=explicit_paddings:list(int),default=[]; attr=data_format:string,'
                 'default="NHWC",allowed=["NHWC", "NCHW"]; attr=dilations:list(int),default=[1, 1, 1, 1]')
_REGISTRY = {
    'Conv2D': ('half, bfloat16, float, double, int32', 'input:T, filter:T -> output:T',
               'DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE, DT_INT32', _CONV2D_ATTRS),
    'Conv3D': ('half, bfloat16, float, double', 'input:T, filter:T -> output:T', 'DT_HALF, DT_BFLOAT16, DT_FLOAT, '
               'DT_DOUBLE', 'attr=strides:list(int),min=5; attr=padding:string,allowed=["SAME", "VALID"]; '
               'attr=data_format:string,default="NDHWC",allowed=["NDHWC", "NCDHW"]; '
               'attr=dilations:list(int),default=[1, 1, 1, 1, 1]'),
    'DepthwiseConv2dNative': ('half, bfloat16, float, double', 'input:T, filter:T -> output:T',
                              'DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE',
                              'attr=strides:list(int); attr=padding:string,allowed=["SAME", "VALID", "EXPLICIT"]; '
                              'attr=explicit_paddings:list(int),default=[]; attr=data_format:string,default="NHWC",'
                              'allowed=["NHWC", "NCHW"]; attr=dilations:list(int),default=[1, 1, 1, 1]'),
    'Conv2DBackpropInput': ('half, bfloat16, float, double, int32',
                            'input_sizes:int32, filter:T, out_backprop:T -> output:T',
                            'DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE, DT_INT32', _CONV2D_ATTRS),
}


def _registry(kernel, dtype, tail):
    allowed, signature, listed, attrs = _REGISTRY[kernel]
    return ("Value for attr 'T' of %s is not in the list of allowed values: %s\n\t; NodeDef: {{node %s}}; "
            "Op<name=%s; signature=%s; attr=T:type,allowed=[%s]; %s> [Op:%s]%s"
            % (dtype, allowed, kernel, kernel, signature, listed, attrs, kernel, tail))


def _conv(x, f, **kw):
    return tf.nn.convolution(x, f, **kw)


def _dw(x, f):
    return tf.nn.depthwise_conv2d(x, f, [1, 1, 1, 1], 'VALID')


def _c2dt(x, f):
    return tf.nn.conv2d_transpose(x, f, [1, 6, 6, 3], 1, 'VALID')


def _c1dt(x, f):
    return tf.nn.conv1d_transpose(x, f, [1, 6, 3], 1, 'VALID')


def _c3dt(x, f):
    return tf.nn.conv3d_transpose(x, f, [1, 6, 6, 6, 3], 1, 'VALID')


X2, F2, X1, F1, X3, F3 = (1, 5, 5, 2), (2, 2, 2, 3), (1, 5, 2), (2, 2, 3), (1, 5, 5, 5, 2), (2, 2, 2, 2, 3)
CASES = [
    # (call, expected text): TF 2.21's, conv2.py / conv3.py / conv5.py
    (lambda: _conv(T(X2, 'float64'), T(F2, 'float32')), _pair('Conv2D', 1, 'double', 'float', ' name: ')),
    (lambda: _conv(T(X2, 'float32'), T(F2, 'float16')), _pair('Conv2D', 1, 'float', 'half', ' name: ')),
    # a dilated one runs inside with_space_to_batch: no name tail
    (lambda: _conv(T(X2, 'float16'), T(F2, 'float32'), dilations=2), _pair('Conv2D', 1, 'half', 'float', '')),
    (lambda: _conv(T(X1, 'float64'), T(F1, 'float32'), strides=2, padding='SAME'),
     _pair('Conv2D', 1, 'double', 'float', ' name: ')),
    (lambda: _conv(T(X1, 'int32'), T(F1, 'float32')), _pair('Conv2D', 1, 'int32', 'float', ' name: ')),
    (lambda: _conv(T(X2, 'float32'), T(F2, 'int32'), dilations=2), _pair('Conv2D', 1, 'float', 'int32', '')),
    (lambda: _conv(T(X3, 'float32'), T(F3, 'float64')), _pair('Conv3D', 1, 'float', 'double', ' name: ')),
    (lambda: _conv(T(X3, 'float64'), T(F3, 'float32'), dilations=2), _pair('Conv3D', 1, 'double', 'float', '')),
    # tf.nn.convolution converts each operand first: numpy and Python filters keep their own dtype
    (lambda: _conv(T(X2, 'float64'), N(F2, 'float32')), _pair('Conv2D', 1, 'double', 'float', ' name: ')),
    (lambda: _conv(N(X2, 'float64'), T(F2, 'float32')), _pair('Conv2D', 1, 'double', 'float', ' name: ')),
    (lambda: _conv(T(X2, 'float64'), L(F2)), _pair('Conv2D', 1, 'double', 'int32', ' name: ')),
    # the dtype comes before the channels, the rank, the window and the format
    (lambda: _conv(T(X2, 'float64'), T((2, 2, 3, 3), 'float32')), _pair('Conv2D', 1, 'double', 'float', ' name: ')),
    (lambda: _conv(T(X2, 'float64'), T((2, 2, 3), 'float32')), _pair('Conv2D', 1, 'double', 'float', ' name: ')),
    (lambda: _conv(T(X2, 'float64'), T((9, 9, 2, 3), 'float32')), _pair('Conv2D', 1, 'double', 'float', ' name: ')),
    (lambda: _conv(T(X2, 'float64'), T((2, 2, 5, 3), 'float32'), data_format='NCHW'),
     _pair('Conv2D', 1, 'double', 'float', ' name: ')),
    (lambda: _conv(T(X2, 'float32'), T(F2, 'bool')), _pair('Conv2D', 1, 'float', 'bool', ' name: ')),
    (lambda: _conv(T(X3, 'float32'), tf.fill(F3, 'a')), _pair('Conv3D', 1, 'float', 'string', ' name: ')),
    (lambda: tf.nn.conv1d(T(X1, 'float64'), T(F1, 'float32'), 1, 'VALID', dilations=2),
     _pair('Conv2D', 1, 'double', 'float', ' name: ')),
    (lambda: tf.nn.conv1d(T(X1, 'float64'), L(F1), 1, 'VALID'), _pair('Conv2D', 1, 'double', 'int32', ' name: ')),
    (lambda: tf.nn.atrous_conv2d(T(X2, 'float64'), T(F2, 'float32'), 1, 'VALID'),
     _pair('Conv2D', 1, 'double', 'float', '')),
    (lambda: tf.nn.atrous_conv2d(T(X2, 'float32'), N(F2, 'float64'), 2, 'VALID'),
     _pair('Conv2D', 1, 'float', 'double', '')),
    (lambda: tf.nn.conv2d(T(X2, 'float64'), T(F2, 'float32'), 1, 'VALID', dilations=2),
     _pair('Conv2D', 1, 'double', 'float', ' name: ')),
    (lambda: tf.nn.conv3d(T(X3, 'float32'), T(F3, 'int32'), [1] * 5, 'VALID'),
     _pair('Conv3D', 1, 'float', 'int32', ' name: ')),
    (lambda: tf.nn.conv3d(T(X3, 'float32'), T(F3, 'float64'), [1] * 5, 'VALID', dilations=[1, 2, 2, 2, 1]),
     _pair('Conv3D', 1, 'float', 'double', ' name: ')),
    (lambda: tf.nn.conv3d(T(X2, 'float64'), T(F2, 'float32'), [1] * 5, 'VALID'),
     _pair('Conv3D', 1, 'double', 'float', ' name: ')),
    (lambda: _dw(T(X2, 'float64'), T(F2, 'float32')), _pair('DepthwiseConv2dNative', 1, 'double', 'float', ' name: ')),
    (lambda: _dw(T(X2, 'float32'), N(F2, 'float64')), _pair('DepthwiseConv2dNative', 1, 'float', 'double', ' name: ')),
    (lambda: tf.nn.depthwise_conv2d(T(X2, 'float16'), T(F2, 'float32'), [1] * 4, 'VALID', dilations=[2, 2]),
     _pair('DepthwiseConv2dNative', 1, 'half', 'float', ' name: ')),
    # separable_conv2d: its depthwise step is named 'depthwise', its pointwise one has the plain tail
    (lambda: tf.nn.separable_conv2d(N(X2, 'float64'), T(F2, 'float32'), T((1, 1, 6, 4), 'float32'), [1] * 4,
                                    'VALID'), _pair('DepthwiseConv2dNative', 1, 'double', 'float', ' name: depthwise')),
    (lambda: tf.nn.separable_conv2d(T(X2, 'float32'), T(F2, 'float32'), N((1, 1, 6, 4), 'float64'), [1] * 4,
                                    'VALID'), _pair('Conv2D', 1, 'float', 'double', ' name: ')),
    (lambda: tf.nn.separable_conv2d(T(X2, 'float32'), T(F2, 'float32'), T((1, 1, 6, 4), 'int32'), [1] * 4, 'VALID',
                                    dilations=[2, 2]), _pair('Conv2D', 1, 'float', 'int32', ' name: ')),
    # transposes: T is the filter's, the input is out_backprop (#2)
    (lambda: _c2dt(T(X2, 'float64'), T((2, 2, 3, 2), 'float32')),
     _pair('Conv2DBackpropInput', 2, 'float', 'double', '')),
    (lambda: _c2dt(T(X2, 'float64'), T((2, 2, 3, 2), 'int32')), _pair('Conv2DBackpropInput', 2, 'int32', 'double', '')),
    (lambda: _c2dt(T(X2, 'int32'), T((2, 2, 3, 2), 'float32')), _pair('Conv2DBackpropInput', 2, 'float', 'int32', '')),
    (lambda: tf.nn.conv2d_transpose(T(X2, 'float64'), T((2, 2, 3, 2), 'float32'), [1, 9, 9, 3], 1, 'VALID'),
     _pair('Conv2DBackpropInput', 2, 'float', 'double', '')),
    (lambda: tf.nn.conv2d_transpose(T(X2, 'float64'), T((2, 2, 3, 2), 'float32'), [1, 7, 7, 3], 1, 'VALID',
                                    dilations=2), _pair('Conv2DBackpropInput', 2, 'float', 'double', '')),
    (lambda: _c1dt(T(X1, 'float64'), T((2, 3, 2), 'float32')),
     _pair('Conv2DBackpropInput', 2, 'float', 'double', ' name: ')),
    (lambda: _c1dt(T(X1, 'float32'), N((2, 3, 2), 'float64')),
     _pair('Conv2DBackpropInput', 2, 'double', 'float', ' name: ')),
    (lambda: _c3dt(T(X3, 'float16'), T((2, 2, 2, 3, 2), 'float32')),
     _pair('Conv3DBackpropInputV2', 2, 'float', 'half', '')),
    (lambda: tf.nn.conv_transpose(T(X1, 'float64'), T((2, 3, 2), 'float32'), [1, 6, 3], 1, 'VALID'),
     _pair('Conv2DBackpropInput', 2, 'float', 'double', ' name: ')),
    (lambda: tf.nn.conv_transpose(T(X2, 'float32'), T((2, 2, 3, 2), 'float64'), [1, 6, 6, 3], 1, 'VALID'),
     _pair('Conv2DBackpropInput', 2, 'double', 'float', '')),
    (lambda: tf.nn.conv_transpose(T(X3, 'float32'), T((2, 2, 2, 3, 2), 'float64'), [1, 6, 6, 6, 3], 1, 'VALID'),
     _pair('Conv3DBackpropInputV2', 2, 'double', 'float', '')),
    (lambda: tf.nn.atrous_conv2d_transpose(T((1, 4, 4, 2), 'float32'), N((2, 2, 3, 2), 'float64'), [1, 6, 6, 3], 2,
                                           'VALID'), _pair('Conv2DBackpropInput', 2, 'double', 'float', '')),
    # the registry's refusal of T (the list's lacking complex; int32 where the kernel has none)
    (lambda: _conv(T(X2, 'complex64'), T(F2, 'complex64')), _registry('Conv2D', 'complex64', ' name: ')),
    (lambda: _conv(T(X2, 'complex64'), T(F2, 'float32')), _registry('Conv2D', 'complex64', ' name: ')),
    (lambda: _conv(T(X1, 'int64'), T(F1, 'int64'), dilations=2), _registry('Conv2D', 'int64', '')),
    (lambda: _conv(T(X3, 'int32'), T(F3, 'float32')), _registry('Conv3D', 'int32', ' name: ')),
    (lambda: _conv(T(X3, 'int64'), T(F3, 'int64'), dilations=2), _registry('Conv3D', 'int64', '')),
    (lambda: tf.nn.conv2d(T(X2, 'complex64'), T(F2, 'complex64'), 1, 'VALID'),
     _registry('Conv2D', 'complex64', ' name: ')),
    (lambda: tf.nn.conv2d(T(X2, 'complex64'), L(F2), 1, 'VALID'), _registry('Conv2D', 'complex64', '')),
    (lambda: _dw(T(X2, 'complex64'), T(F2, 'complex64')), _registry('DepthwiseConv2dNative', 'complex64', ' name: ')),
    (lambda: tf.nn.separable_conv2d(T(X2, 'int32'), T(F2, 'int32'), T((1, 1, 6, 4), 'int32'), [1] * 4, 'VALID'),
     _registry('DepthwiseConv2dNative', 'int32', ' name: depthwise')),
    (lambda: _c2dt(T(X2, 'complex64'), T((2, 2, 3, 2), 'complex64')),
     _registry('Conv2DBackpropInput', 'complex64', '')),
    (lambda: _c2dt(T(X2, 'float64'), T((2, 2, 3, 2), 'int64')), _registry('Conv2DBackpropInput', 'int64', '')),
]


@pytest.mark.parametrize('index', range(len(CASES)))
def test_operands_of_two_dtypes_get_the_kernels_words(index):
    call, text = CASES[index]
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        call()
    assert str(err.value) == text


def _sum(r):
    return r.dtype.name, float(tf.reduce_sum(tf.cast(r, tf.float64)))


@pytest.mark.parametrize('call, expected', [
    # TF 2.21 (conv4.py, conv6.py): the non-tensor operand takes the tensor's dtype
    (lambda: tf.nn.conv2d(T(X2, 'float32'), N(F2, 'float64'), 1, 'VALID'), ('float32', 1492.0)),
    (lambda: tf.nn.conv2d(N(X2, 'float64'), T(F2, 'float32'), 1, 'VALID'), ('float32', 1492.0)),
    (lambda: tf.nn.conv2d(N(X2, 'float64'), N(F2, 'float32'), 1, 'VALID'), ('float64', 1492.0)),
    (lambda: tf.nn.conv2d(T(X2, 'float64'), L(F2), 1, 'VALID'), ('float64', 1492.0)),
    (lambda: tf.nn.conv2d(T(X2, 'float16'), N(F2, 'float64'), 1, 'VALID'), ('float16', 1492.0)),
    (lambda: tf.nn.conv2d(T(X2, 'float32'), N(F2, 'float64') + 0.1, 1, 'VALID'), ('float32', 1568.7999649047852)),
    (lambda: tf.nn.conv2d(T(X2, 'int32'), N(F2, 'float64') + 0.5, 1, 'VALID'), ('int32', 1492.0)),
    (lambda: tf.nn.conv2d(T(X2, 'float32'), N(F2, 'bool'), 1, 'VALID'), ('float32', 616.0)),
    (lambda: tf.nn.conv2d(N(X2, 'float64'), tf.Variable(N(F2, 'float32')), 1, 'VALID'), ('float32', 1492.0)),
    (lambda: tf.nn.conv2d(T(X2, 'float32'), N(F2, 'float64'), 1, 'VALID', dilations=2), ('float32', 846.0)),
    (lambda: tf.nn.conv3d(T(X3, 'float32'), N(F3, 'float64'), [1] * 5, 'VALID'), ('float32', 11904.0)),
    (lambda: tf.nn.conv3d(T(X3, 'float32'), N(F3, 'int64'), [1] * 5, 'VALID'), ('float32', 11904.0)),
    (lambda: _c2dt(T(X2, 'float32'), N((2, 2, 3, 2), 'float64')), ('float32', 2300.0)),
    (lambda: _c2dt(N(X2, 'float64'), N((2, 2, 3, 2), 'float32')), ('float32', 2300.0)),
    (lambda: _c2dt(L(X2), T((2, 2, 3, 2), 'float64')), ('float64', 2300.0)),
    (lambda: _c3dt(N(X3, 'float64'), T((2, 2, 2, 3, 2), 'float32')), ('float32', 23250.0)),
    (lambda: tf.nn.conv_transpose(T(X3, 'float32'), N((2, 2, 2, 3, 2), 'float64'), [1, 6, 6, 6, 3], 1, 'VALID'),
     ('float32', 23250.0)),
])
def test_the_ops_taking_operands_as_given_convert_them_to_the_tensors_dtype(call, expected):
    assert _sum(call()) == expected


def test_a_variable_keeps_its_dtype_beside_a_tensor_of_another():
    # TF 2.21: the variable is read, not converted (conv6.py)
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        tf.nn.conv2d(T(X2, 'float64'), tf.Variable(N(F2, 'float32')), 1, 'VALID')
    assert str(err.value) == _pair('Conv2D', 1, 'double', 'float', ' name: ')


def test_a_string_that_cannot_take_the_tensors_dtype_is_the_conversions_type_error():
    with pytest.raises(TypeError) as err:
        tf.nn.conv2d(T(X2, 'float32'), 'abc', 1, 'VALID')
    assert str(err.value) == "Cannot convert 'abc' to EagerTensor of dtype float"


def test_the_refusal_says_what_to_cast():
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        tf.nn.convolution(T(X2, 'float64'), T(F2, 'float32'))
    assert 'Conv2D: the input is float64 (1, 5, 5, 2) and the filters float32 (2, 2, 2, 3)' in err.value.__notes__[0]


@pytest.mark.parametrize('call, text', [
    # TF 2.21 in a tf.function (graph.py): op_def_library's TypeError while the graph is built
    (lambda x, k: tf.nn.convolution(x, k),
     "Input 'filter' of 'Conv2D' Op has type float32 that does not match type float64 of argument 'input'."),
    (lambda x, k: tf.nn.conv2d(x, k, 1, 'VALID'),
     "Input 'filter' of 'Conv2D' Op has type float32 that does not match type float64 of argument 'input'."),
    (lambda x, k: tf.nn.conv2d_transpose(x, tf.reshape(k, (2, 2, 3, 2)), [1, 6, 6, 3], 1, 'VALID'),
     "Input 'out_backprop' of 'Conv2DBackpropInput' Op has type float64 that does not match type float32 of "
     "argument 'filter'."),
])
def test_in_a_trace_the_pair_is_the_graphs_type_error(call, text):
    f = tf.function(call)
    with pytest.raises(TypeError) as err:
        f(tf.ones((1, 5, 5, 2), tf.float64), tf.ones((2, 2, 2, 3)))
    assert str(err.value).rstrip().endswith(text)


def test_in_a_trace_complex_operands_are_the_graphs_allowed_list_refusal():
    f = tf.function(lambda x, k: tf.nn.convolution(x, k))
    with pytest.raises(TypeError) as err:
        f(tf.ones((1, 5, 5, 2), tf.complex64), tf.ones((2, 2, 2, 3), tf.complex64))
    assert str(err.value).rstrip().endswith("Value passed to parameter 'input' has DataType complex64 not in list of "
                                            "allowed values: float16, bfloat16, float32, float64, int32")


def test_int32_in_a_trace_computes():
    f = tf.function(lambda x, k: tf.nn.convolution(x, k))
    assert int(np.sum(f(tf.ones((1, 5, 5, 2), tf.int32), tf.ones((2, 2, 2, 3), tf.int32)).numpy())) == 384
