"""tf.nn.conv1d with filters that are not (K, C, O): TF 2.21 expands them to (1, *filters) for its Conv2D
kernel, which checks their rank first: "filter must be 4-dimensional: [1,2,1]" (oneDNN's kernel for float32).
tapeflow said 'conv1d: input must be (N, W, C) and filters (K, C, O), got shapes ...' (now a note). Texts printed
by TF 2.21 (/work/notes/progs/errors43/pool.py cases conv1d_f2d, conv1d_4d; a 2-D input aborts TF's process)."""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError


def _text(dims, node='__MklNativeConv2D', words='filter'):
    return ('{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s must be '
            '4-dimensional: [%s] [Op:Conv2D] name: ' % (node, words, dims))


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
@pytest.mark.parametrize('x, f, dims', [
    (tf.ones((1, 3, 2)), tf.ones((2, 1)), '1,2,1'),
    (tf.ones((1, 3, 3, 2)), tf.ones((3, 3, 2, 1)), '1,3,3,2,1'),
])
def test_filters_of_another_rank(x, f, dims):
    with pytest.raises(InvalidArgumentError) as caught:
        tf.nn.conv1d(x, f, 1, 'SAME')
    assert str(caught.value) == _text(dims)


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_float64_runs_eigens_kernel_which_says_convolution_filter():
    # TF 2.21 (e43_f64 probe, kept as progs/errors43/f64_standalone.py): Eigen's Conv2D words it so, conv2d too
    with pytest.raises(InvalidArgumentError) as caught:
        tf.nn.conv1d(tf.ones((1, 3, 2), tf.float64), tf.ones((2, 1), tf.float64), 1, 'SAME')
    assert str(caught.value) == _text('1,2,1', node='Conv2D', words='convolution filter')
    with pytest.raises(InvalidArgumentError) as caught:
        tf.nn.conv2d(tf.ones((1, 3, 3, 2), tf.float64), tf.ones((2, 2, 2), tf.float64), 1, 'SAME')
    assert str(caught.value) == _text('2,2,2', node='Conv2D', words='convolution filter')
    with pytest.raises(InvalidArgumentError) as caught:
        tf.nn.conv2d(tf.ones((1, 3, 3, 2), tf.float16), tf.ones((2, 2, 2), tf.float16), 1, 'SAME')
    assert str(caught.value) == _text('2,2,2')
