"""Pooling with a stride of 0, as TF 2.21 / Keras 3 fail on it: the layer takes it, its call's kernel refuses
it ('Stride must be > 0, but got 0', inside the layer's call text), a symbolic call divides by it
(ZeroDivisionError); tf.nn's 1-D and 3-D pools give the kernel's text too.

Golden texts printed by TF 2.21 (progs/errors35/pool0.py, pool1.py), e.g.
    keras.layers.MaxPooling3D(2, strides=0)(tf.ones([1, 4, 4, 4, 2]))
    -> InvalidArgumentError: Exception encountered when calling MaxPooling3D.call(). ...
       {{function_node __wrapped__MaxPool3D_device_/job:localhost/replica:0/task:0/device:CPU:0}} Stride must be
       > 0, but got 0 [Op:MaxPool3D] name: ...
"""
import pytest

import framework as tf
from framework import keras
from framework.errors import InvalidArgumentError

L = keras.layers
HEAD = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


def _kernel_text(node, op, stride=0):
    return HEAD % node + 'Stride must be > 0, but got %d [Op:%s] name: ' % (stride, op)


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
@pytest.mark.parametrize('call, node, op, stride', [
    (lambda: tf.nn.max_pool1d(tf.ones([1, 4, 2]), 2, 0, 'VALID'), 'MaxPool', 'MaxPool', 0),
    (lambda: tf.nn.max_pool1d(tf.ones([1, 4, 2]), 2, [1, 0, 1], 'VALID'), 'MaxPool', 'MaxPool', 0),
    (lambda: tf.nn.max_pool1d(tf.ones([1, 4, 2]), 2, -1, 'VALID'), 'MaxPool', 'MaxPool', -1),
    (lambda: tf.nn.avg_pool1d(tf.ones([1, 4, 2]), 2, 0, 'VALID'), '__MklNativeAvgPool', 'AvgPool', 0),
    (lambda: tf.nn.max_pool3d(tf.ones([1, 4, 4, 4, 2]), 2, 0, 'VALID'), 'MaxPool3D', 'MaxPool3D', 0),
    (lambda: tf.nn.avg_pool3d(tf.ones([1, 4, 4, 4, 2]), 2, 0, 'VALID'), '__MklNativeAvgPool3D', 'AvgPool3D', 0),
    (lambda: keras.ops.average_pool(tf.ones([1, 4, 4, 4, 2]), 2, (1, 0, 1)), '__MklNativeAvgPool3D', 'AvgPool3D', 0),
])
def test_tf_nn_pools_refuse_a_zero_stride_as_the_kernel(call, node, op, stride):
    with pytest.raises(InvalidArgumentError) as info:
        call()
    assert str(info.value) == _kernel_text(node, op, stride)


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
@pytest.mark.parametrize('layer, shape, node, op', [
    (lambda: L.MaxPooling1D(2, strides=0), (1, 4, 2), 'MaxPool', 'MaxPool'),
    (lambda: L.AveragePooling1D(2, strides=0), (1, 4, 2), '__MklNativeAvgPool', 'AvgPool'),
    (lambda: L.MaxPooling2D(2, strides=(1, 0)), (1, 4, 4, 2), 'MaxPool', 'MaxPool'),
    (lambda: L.AveragePooling2D(2, strides=0), (1, 4, 4, 2), '__MklNativeAvgPool', 'AvgPool'),
    (lambda: L.MaxPooling3D(2, strides=0), (1, 4, 4, 4, 2), 'MaxPool3D', 'MaxPool3D'),
    (lambda: L.AveragePooling3D(2, strides=0), (1, 4, 4, 4, 2), '__MklNativeAvgPool3D', 'AvgPool3D'),
])
def test_pooling_layers_take_zero_and_their_call_refuses_it(layer, shape, node, op):
    pool = layer()
    with pytest.raises(InvalidArgumentError) as info:
        pool(tf.ones(shape))
    name = type(pool).__name__
    assert str(info.value) == ('Exception encountered when calling %s.call().\n\n\x1b[1m%s\x1b[0m\n\nArguments '
                               'received by %s.call():\n  \u2022 inputs=tf.Tensor(shape=%s, dtype=float32)'
                               % (name, _kernel_text(node, op), name, shape))


@pytest.mark.parametrize('layer, shape', [(lambda: L.MaxPooling1D(2, strides=0), (4, 2)),
                                          (lambda: L.MaxPooling2D(2, strides=0), (4, 4, 2)),
                                          (lambda: L.MaxPooling3D(2, strides=0), (4, 4, 4, 2))])
def test_symbolic_call_divides_by_zero(layer, shape):
    keras.backend.clear_session()
    pool = layer()
    with pytest.raises(ZeroDivisionError) as info:
        pool(keras.Input(shape))
    text = str(info.value)
    assert text.startswith('Exception encountered when calling %s.call().\n\n\x1b[1mdivision by zero\x1b[0m'
                           % type(pool).__name__)
    assert text.endswith("\n  \u2022 kwargs=<class 'inspect._empty'>")


def test_config_keeps_the_zero_and_other_strides_pool():
    assert L.MaxPooling2D(2, strides=0).get_config()['strides'] == (0, 0)
    assert L.MaxPooling2D(2, strides=2)(tf.ones([1, 4, 4, 1])).shape == (1, 2, 2, 1)
