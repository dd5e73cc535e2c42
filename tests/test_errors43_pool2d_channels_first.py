"""tf.nn.max_pool2d / avg_pool2d with data_format='NCHW' pool the channels-first layout as TF 2.21 does; tapeflow
ignored data_format and pooled the (N, C, H, W) input as if it were NHWC, silently giving other numbers (79.2
where TF's sum is 120.0). TF's oneDNN kernels take NCHW for max pools of float32 / half / bfloat16 and average
pools of float32 / bfloat16, with the NHWC pool's bits (progs/errors43/pooln_standalone.py, 25 shapes); its own
kernels refuse other dtypes ('Default MaxPoolingOp only supports NHWC on device type CPU'), and a max pool has
no NCHW gradient ('Default MaxPoolingGradOp ...'). Values printed by TF 2.21 (pool64_standalone.py)."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

X = np.arange(2 * 3 * 4 * 4, dtype='float32').reshape(2, 3, 4, 4) / 10


def _kernel_text(op, words):
    return ('{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s [Op:%s] name: '
            % (op, words, op))


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
@pytest.mark.parametrize('pool, dtype, total', [
    (tf.nn.max_pool2d, 'float32', 120.0), (tf.nn.avg_pool2d, 'float32', 114.0), (tf.nn.max_pool2d, 'float16', 120.0),
    (tf.nn.max_pool2d, 'bfloat16', 119.99609375),
])
def test_channels_first_pools(pool, dtype, total):
    out = pool(tf.cast(X, dtype), 2, 2, 'VALID', data_format='NCHW')
    assert out.shape == (2, 3, 2, 2) and float(tf.reduce_sum(tf.cast(out, 'float32'))) == total


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
@pytest.mark.parametrize('pool, total', [(tf.nn.max_pool2d, 244.8000030517578), (tf.nn.avg_pool2d, 235.1999969482422)])
def test_window_and_strides_in_nchw_order(pool, total):
    out = pool(X, [1, 1, 2, 2], [1, 1, 1, 2], 'SAME', data_format='NCHW')
    assert out.shape == (2, 3, 4, 2) and float(tf.reduce_sum(out)) == total


@pytest.mark.parametrize('pool, dtype, op, words', [
    (tf.nn.max_pool2d, 'float64', 'MaxPool', 'Default MaxPoolingOp only supports NHWC on device type CPU'),
    (tf.nn.max_pool2d, 'int32', 'MaxPool', 'Default MaxPoolingOp only supports NHWC on device type CPU'),
    (tf.nn.avg_pool2d, 'float64', 'AvgPool', 'Default AvgPoolingOp only supports NHWC on device type CPU'),
    (tf.nn.avg_pool2d, 'float16', 'AvgPool', 'Default AvgPoolingOp only supports NHWC on device type CPU'),
])
def test_tf_own_kernels_refuse_the_layout(pool, dtype, op, words):
    with pytest.raises(InvalidArgumentError) as caught:
        pool(tf.cast(X, dtype), 2, 2, 'VALID', data_format='NCHW')
    assert str(caught.value) == _kernel_text(op, words)


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_gradients():
    x = tf.constant(X)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        biggest = tf.nn.max_pool2d(x, 2, 1, 'VALID', data_format='NCHW')
        mean = tf.nn.avg_pool2d(x, 2, 1, 'VALID', data_format='NCHW')
        channels_last = tf.transpose(tf.nn.avg_pool2d(tf.transpose(x, [0, 2, 3, 1]), 2, 1, 'VALID'), [0, 3, 1, 2])
    with pytest.raises(InvalidArgumentError) as caught:
        tape.gradient(biggest, x)
    assert str(caught.value) == _kernel_text('MaxPoolGrad', 'Default MaxPoolingGradOp only supports NHWC on device '
                                                            'type CPU')
    assert np.array_equal(tape.gradient(mean, x).numpy(), tape.gradient(channels_last, x).numpy())


@pytest.mark.parametrize('call', [
    lambda: tf.nn.max_pool_with_argmax(X, 2, 2, 'VALID', data_format='NCHW'),
    lambda: tf.nn.dilation2d(np.ones((1, 4, 4, 3), 'float32'), np.ones((2, 2, 3), 'float32'), [1, 1, 1, 1], 'VALID',
                             'NCHW', [1, 1, 1, 1]),
    lambda: tf.nn.erosion2d(np.ones((1, 4, 4, 3), 'float32'), np.ones((2, 2, 3), 'float32'), [1, 1, 1, 1], 'VALID',
                            'NCHW', [1, 1, 1, 1]),
])
def test_nhwc_only_ops_refuse_in_tf_words_alone(call):
    # TF 2.21 (progs/errors43/nchw2.py): its ValueError names no op; tapeflow prefixed 'max_pool_with_argmax: '
    with pytest.raises(ValueError) as caught:
        call()
    assert str(caught.value) == "`data_format` values other  than 'NHWC' are not supported. Received: data_format=NCHW"
