"""Convolution layers called directly on integer, bool, complex or string inputs raise as TensorFlow 2.21 +
Keras 3 do (tapeflow cast them to float32 and computed; complex ones lost their imaginary part). Keras casts
only floating inputs to a layer's dtype, so the tensor meets TF's conv kernels as it is. Texts from
/work/notes/progs/fuzz6/p/l1.py, l2.py (TF runs printed beside their sed ports); through a model the Input
casts first, and both compute."""
import re

import numpy as np
import pytest

import framework as tf
from framework import keras

IAE = tf.errors.InvalidArgumentError
CONV2D_LIST = 'half, bfloat16, float, double, int32'
DEPTHWISE_LIST = 'half, bfloat16, float, double'


def _message(err):
    return str(err.value)


@pytest.mark.parametrize('make, shape', [
    (lambda: keras.layers.Conv2D(2, 2), (2, 4, 4, 1)),
    (lambda: keras.layers.Conv3D(2, 2), (2, 2, 4, 4, 1)),
    (lambda: keras.layers.Conv2DTranspose(2, 2), (2, 4, 4, 1)),
    (lambda: keras.layers.Conv3DTranspose(2, 2), (2, 2, 4, 4, 1)),
    (lambda: keras.layers.Conv2D(2, 2, dtype='float64'), (2, 4, 4, 1)),
])
@pytest.mark.parametrize('dtype', ['int32', 'uint8', 'bool', 'complex64'])
def test_conv2d_and_conv3d_convert_their_kernel_variable_and_fail(make, shape, dtype):
    layer = make()
    with pytest.raises(ValueError) as err:
        layer(np.ones(shape, dtype))
    kernel_dtype = layer.kernel.dtype.name
    # TF 2.21: "Incompatible type conversion requested to type int32 for `tf.Variable of type float32.
    # (Variable: <tf.Variable 'conv2d/kernel:0' shape=(2, 2, 1, 2) dtype=float32, numpy=\narray(...)>)"
    assert ('Incompatible type conversion requested to type %s for `tf.Variable of type %s. (Variable: '
            % (dtype, kernel_dtype)) in _message(err)
    assert ".Variable '%s:0' shape=%s dtype=%s, numpy=\narray(" % (layer.kernel.path, tuple(layer.kernel.shape),
                                                                  kernel_dtype) in _message(err)
    assert type(err.value) is ValueError
    assert 'Exception encountered when calling %s.call()' % type(layer).__name__ in _message(err)


def test_conv1d_int32_input_fails_on_the_filter_dtype():
    with pytest.raises(IAE) as err:
        keras.layers.Conv1D(2, 2)(np.ones((2, 4, 3), np.int32))
    assert ('cannot compute Conv2D as input #1(zero-based) was expected to be a int32 tensor but is a float tensor '
            '[Op:Conv2D] name: ') in _message(err)
    with pytest.raises(IAE) as err:
        keras.layers.Conv1D(2, 2, dtype='float64')(np.ones((2, 4, 3), np.int32))
    assert 'expected to be a int32 tensor but is a double tensor' in _message(err)
    with pytest.raises(IAE) as err:        # the atrous path: SpaceToBatchND first, no ' name: ' tail
        keras.layers.Conv1D(2, 2, dilation_rate=2)(np.ones((2, 5, 2), np.int32))
    assert 'but is a float tensor [Op:Conv2D]\x1b[0m' in _message(err)


@pytest.mark.parametrize('make, shape, kernel, allowed', [
    (lambda: keras.layers.Conv1D(2, 2), (2, 4, 3), 'Conv2D', CONV2D_LIST),
    (lambda: keras.layers.ConvLSTM1D(2, 2), (2, 2, 4, 1), 'Conv2D', CONV2D_LIST),
    (lambda: keras.layers.ConvLSTM2D(2, 2), (2, 2, 4, 4, 1), 'Conv2D', CONV2D_LIST),
    (lambda: keras.layers.ConvLSTM3D(2, 2), (2, 2, 3, 3, 3, 1), 'Conv3D', DEPTHWISE_LIST),
    (lambda: keras.layers.DepthwiseConv1D(2), (2, 4, 3), 'DepthwiseConv2dNative', DEPTHWISE_LIST),
    (lambda: keras.layers.DepthwiseConv2D(2), (2, 4, 4, 1), 'DepthwiseConv2dNative', DEPTHWISE_LIST),
    (lambda: keras.layers.SeparableConv1D(2, 2), (2, 4, 3), 'DepthwiseConv2dNative', DEPTHWISE_LIST),
    (lambda: keras.layers.SeparableConv2D(2, 2), (2, 4, 4, 1), 'DepthwiseConv2dNative', DEPTHWISE_LIST),
])
@pytest.mark.parametrize('dtype', ['int64', 'uint8', 'bool', 'complex64'])
def test_forward_convolutions_meet_the_kernel_registry(make, shape, kernel, allowed, dtype):
    with pytest.raises(IAE) as err:
        make()(np.ones(shape, dtype))
    assert ("Value for attr 'T' of %s is not in the list of allowed values: %s\n\t; NodeDef: {{node %s}}; "
            "Op<name=%s; signature=input:T, filter:T -> output:T; attr=T:type,allowed=[%s]"
            % (dtype, allowed, kernel, kernel, ', '.join('DT_' + t.upper() for t in allowed.split(', ')))
            in _message(err))
    assert '[Op:%s] name: ' % kernel in _message(err)


def test_registry_texts_end_as_tensorflow_prints_them():
    with pytest.raises(IAE) as err:
        keras.layers.Conv1D(2, 2)(np.ones((2, 4, 3), bool))
    assert ('attr=strides:list(int); attr=use_cudnn_on_gpu:bool,default=true; attr=padding:string,allowed=["SAME", '
            '"VALID", "EXPLICIT"]; attr=explicit_paddings:list(int),default=[]; attr=data_format:string,default='
            '"NHWC",allowed=["NHWC", "NCHW"]; attr=dilations:list(int),default=[1, 1, 1, 1]> [Op:Conv2D] name: '
            in _message(err))
    with pytest.raises(IAE) as err:
        keras.layers.ConvLSTM3D(2, 2)(np.ones((2, 2, 3, 3, 3, 1), np.int32))
    assert ('attr=strides:list(int),min=5; attr=padding:string,allowed=["SAME", "VALID"]; attr=data_format:string,'
            'default="NDHWC",allowed=["NDHWC", "NCDHW"]; attr=dilations:list(int),default=[1, 1, 1, 1, 1]> '
            '[Op:Conv3D] name: ' in _message(err))


@pytest.mark.parametrize('dtype', ['int32', 'int64', 'bool', 'complex64'])
def test_conv1d_transpose_fails_in_conv2d_backprop_input(dtype):
    with pytest.raises(IAE) as err:
        keras.layers.Conv1DTranspose(2, 2)(np.ones((2, 4, 3), dtype))
    # TF 2.21 (oneDNN on): 'cannot compute _MklNativeConv2DBackpropInput as input #2(zero-based) was expected
    # to be a float tensor but is a int32 tensor [Op:Conv2DBackpropInput] name: '
    assert re.search(r'cannot compute (_MklNative)?Conv2DBackpropInput as input #2\(zero-based\) was expected to be '
                     r'a float tensor but is a %s tensor \[Op:Conv2DBackpropInput\] name: ' % dtype, _message(err))
    with pytest.raises(IAE, match='expected to be a double tensor but is a %s tensor' % dtype):
        keras.layers.Conv1DTranspose(2, 2, dtype='float64')(np.ones((2, 4, 3), dtype))


@pytest.mark.parametrize('make, shape', [
    (lambda: keras.layers.Conv2D(2, 2, dilation_rate=2), (2, 5, 5, 2)),
    (lambda: keras.layers.Conv1D(2, 2, dilation_rate=2), (2, 5, 2)),
    (lambda: keras.layers.DepthwiseConv2D(2, dilation_rate=2), (2, 5, 5, 2)),
    (lambda: keras.layers.SeparableConv1D(2, 2, dilation_rate=2), (2, 5, 2)),
    (lambda: keras.layers.ConvLSTM1D(2, 2, dilation_rate=2), (2, 2, 5, 2)),
])
@pytest.mark.parametrize('dtype', ['bool', 'complex64'])
def test_dilated_convolutions_fail_in_space_to_batch(make, shape, dtype):
    with pytest.raises(tf.errors.NotFoundError) as err:
        make()(np.ones(shape, dtype))
    # worded by Keras as TF 2.21 words it: 'Exception encountered when calling Conv2D.call().' first (p/l8.py)
    assert _message(err).startswith('Exception encountered when calling ')
    assert ('Could not find device for node: {{node SpaceToBatchND}} = SpaceToBatchND[T=DT_%s, '
            'Tblock_shape=DT_INT32, Tpaddings=DT_INT32]' % dtype.upper()) in _message(err)


def test_integer_inputs_of_a_dilated_conv2d_still_fail_on_the_variable():
    with pytest.raises(ValueError, match='Incompatible type conversion requested to type int64'):
        keras.layers.Conv2D(2, 2, dilation_rate=2)(np.ones((2, 5, 5, 2), np.int64))


def test_the_note_says_what_to_do():
    with pytest.raises(ValueError) as err:
        keras.layers.Conv2D(2, 2, name='c')(np.ones((2, 4, 4, 1), np.uint8))
    assert any("Conv2D 'c': Keras casts only floating inputs" in note and "tf.cast(x, 'float32')" in note
               for note in err.value.__notes__)


@pytest.mark.parametrize('dtype', ['float64', 'float16'])
def test_floating_inputs_are_still_cast(dtype):
    for layer, shape in [(keras.layers.Conv2D(2, 2), (2, 4, 4, 1)), (keras.layers.Conv1D(2, 2), (2, 4, 3)),
                         (keras.layers.DepthwiseConv2D(2), (2, 4, 4, 1)),
                         (keras.layers.Conv1DTranspose(2, 2), (2, 4, 3)), (keras.layers.ConvLSTM1D(2, 2), (2, 2, 4, 1))]:
        assert layer(np.ones(shape, dtype)).dtype == tf.float32


def test_through_a_model_integer_images_are_cast_by_the_input():
    model = keras.Sequential([keras.Input((4, 4, 1)), keras.layers.Conv2D(2, 2), keras.layers.DepthwiseConv2D(2)])
    images = np.arange(32, dtype=np.uint8).reshape(2, 4, 4, 1)
    out = model.predict(images, verbose=0)
    assert out.dtype == np.float32 and out.shape == (2, 2, 2, 2)
    np.testing.assert_array_equal(out, model(images.astype(np.float32)).numpy())
    unbuilt = keras.Sequential([keras.layers.Conv1D(2, 2)])
    assert unbuilt(np.ones((2, 5, 3), np.int32)).dtype == tf.float32


@pytest.mark.parametrize('make, x', [
    (lambda: keras.layers.Dense(2), np.array([['a', 'b', 'c']])),
    (lambda: keras.layers.LayerNormalization(), np.array([['a', 'b']])),
    (lambda: keras.layers.BatchNormalization(), np.array([['a', 'b']])),
    (lambda: keras.layers.GroupNormalization(1), np.array([['a', 'b']])),
    (lambda: keras.layers.LSTM(2), np.array([[['a', 'b']]])),
    (lambda: keras.layers.SimpleRNN(2), np.array([[['a', 'b']]])),
])
def test_string_inputs_meet_keras_type_promotion(make, x):
    # TF 2.21 + Keras 3 (fuzz6/p/l7.py): ValueError from call(), the layer left built (was Cast's
    # UnimplementedError, and an unbuilt layer)
    layer = make()
    with pytest.raises(ValueError, match="dtype='string' is not a valid dtype for Keras type promotion.") as err:
        layer(x)
    assert type(err.value) is ValueError and layer.built and layer.weights
