"""Shape and argument errors TensorFlow 2.21's kernels raise as InvalidArgumentError, where tapeflow
raised a plain ValueError (or numpy's reshape / stack errors leaked): `except tf.errors.InvalidArgumentError`
in a ported program missed them. Cases from the fuzz5 differential run (/work/notes/progs/fuzz5: TF's
classes in out_tf.txt); texts where TF's are pinned."""
import numpy as np
import pytest

import framework as tf

IAE = tf.errors.InvalidArgumentError
W = np.sin(np.arange(40) * 0.7).reshape(10, 4).astype('float32')
B = np.cos(np.arange(10)).astype('float32')
L = np.array([[1], [3], [5]], 'int64')
X = np.sin(np.arange(12) * 0.3).reshape(3, 4).astype('float32')
S = (np.array([2, 7, 0, 5], 'int64'), np.array([[0.3], [0.2], [0.1]], 'float32'),
     np.array([0.1, 0.2, 0.3, 0.4], 'float32'))
IMAGE = np.ones((1, 5, 5, 3), np.float32)

CASES = {
    'sampled_softmax_loss weights': lambda: tf.nn.sampled_softmax_loss(W[:, :3], B, L, X, 4, 10, sampled_values=S),
    'nce_loss inputs': lambda: tf.nn.nce_loss(W, B, L, X[None], 4, 10, sampled_values=S),
    'nce_loss labels': lambda: tf.nn.nce_loss(W, B, L[:0], X, 4, 10, sampled_values=S),
    'log_uniform_candidate_sampler shape': lambda: tf.random.log_uniform_candidate_sampler(L[:, 0], 1, 3, True, 10),
    'uniform_candidate_sampler shape': lambda: tf.random.uniform_candidate_sampler(L, 2, 3, True, 10),
    'compute_accidental_hits shape': lambda: tf.nn.compute_accidental_hits(L[:, 0], S[0], 1),
    'tensor_scatter_nd_max updates': lambda: tf.tensor_scatter_nd_max(np.zeros((3, 3), np.float32), [[1]],
                                                                      np.ones((1, 2), np.float32)),
    'tensor_scatter_nd_min indices': lambda: tf.tensor_scatter_nd_min(np.zeros((3,), np.float32), [[1, 1]],
                                                                      np.ones((1,), np.float32)),
    'scatter_nd indices': lambda: tf.scatter_nd(np.ones((2, 1), np.int32), np.ones((2,), np.float32), []),
    'erosion2d filters': lambda: tf.nn.erosion2d(IMAGE, np.ones((2, 2), np.float32), [1, 1, 1, 1], 'VALID',
                                                 'NHWC', [1, 1, 1, 1]),
    'dilation2d strides': lambda: tf.nn.dilation2d(IMAGE, np.ones((2, 2, 3), np.float32), [1, 1, 1, 1, 1], 'VALID',
                                                   'NHWC', [1, 1, 1, 1]),
    'searchsorted ranks': lambda: tf.searchsorted(np.float32(1.0), np.array([1.0, 2.0], np.float32)),
    'random_index_shuffle above max': lambda: tf.random_index_shuffle(np.array([10, 11]), [1, 2, 3], 9),
    'dynamic_stitch no data': lambda: tf.dynamic_stitch([np.array([0, 1])], []),
    'ctc_loss float labels': lambda: tf.nn.ctc_loss(np.ones((2, 2), np.float32), np.zeros((4, 2, 4), np.float32),
                                                    np.array([2, 2]), np.array([4, 4])),
    'fractional_max_pool empty': lambda: tf.nn.fractional_max_pool(np.zeros((0, 4, 5, 2), np.float32),
                                                                   [1, 1.5, 1.5, 1], seed=3),
}


@pytest.mark.parametrize('name', sorted(CASES))
def test_kernel_shape_errors_are_invalid_argument_errors(name):
    with pytest.raises(IAE):
        CASES[name]()


def test_space_batch_paddings_of_another_length_as_tensorflow():
    x = np.zeros((1, 4, 4, 1), np.float32)
    with pytest.raises(IAE) as err:
        tf.space_to_batch_nd(x, [2, 2, 1], [[0, 0], [0, 0]])
    assert str(err.value).endswith('{{function_node __wrapped__SpaceToBatchND_device_/job:localhost/replica:0/task:0/'
                                   'device:CPU:0}} paddings should have shape [3, 2] instead of [2,2] '
                                   '[Op:SpaceToBatchND] name: ')
    with pytest.raises(IAE, match=r'crops should have shape \[3, 2\] instead of \[2,2\]'):
        tf.batch_to_space(np.zeros((4, 2, 2, 1), np.float32), [2, 2, 1], [[0, 0], [0, 0]])


@pytest.mark.parametrize('call, kernel', [
    (lambda: tf.nn.convolution(IMAGE, np.ones((2, 0, 3, 1), np.float32)), 'Conv2D'),
    (lambda: tf.nn.conv1d(np.ones((1, 5, 1), np.float32), np.ones((0, 1, 1), np.float32), 1, 'VALID'), 'Conv2D'),
    (lambda: tf.nn.conv3d(np.ones((1, 3, 3, 3, 1), np.float32), np.ones((0, 1, 1, 1, 1), np.float32),
                          [1, 1, 1, 1, 1], 'VALID'), 'Conv3D'),
    (lambda: tf.nn.depthwise_conv2d(IMAGE, np.ones((2, 2, 3, 0), np.float32), [1, 1, 1, 1], 'VALID'),
     'DepthwiseConv2dNative')])
def test_filters_without_weights_are_refused_as_tensorflow(call, kernel, xeon_cpu):
    # (TF 2.21's default oneDNN kernels on the AVX-512 Xeon; Eigen's, oneDNN off, word them from node Conv2D)
    with pytest.raises(IAE) as err:
        call()
    assert str(err.value).endswith(
        '{{function_node __wrapped____MklNative%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} filter must '
        'not have zero elements (i.e. all dimensions must be non-zero) [Op:%s] name: ' % (kernel, kernel))



# TypeError where TF 2.21's kernels raise InvalidArgumentError (the other argument kinds keep TypeError)
KERNEL_TYPE_CASES = {
    'unsorted_segment_sum negative count': lambda: tf.math.unsorted_segment_sum(np.ones(3), [0, 1, 1], -1),
    'unsorted_segment_max negative count': lambda: tf.math.unsorted_segment_max(np.ones(3), [0, 1, 1], -1),
    'searchsorted dtypes': lambda: tf.searchsorted(np.array([1, 2, 3]), np.array([1.5])),
    'unsorted_segment_sqrt_n ints': lambda: tf.math.unsorted_segment_sqrt_n(np.array([1, 2, 3]), [0, 1, 1], 2),
    'histogram_fixed_width_bins ints': lambda: tf.histogram_fixed_width_bins(np.array([1, 2]), [0., 3.]),
    'global_norm dtypes': lambda: tf.linalg.global_norm([np.ones(2, np.float32), np.ones(2)]),
    'clip_by_global_norm dtypes': lambda: tf.clip_by_global_norm([np.ones(2, np.float32), np.ones(2)], 1.0),
    'ctc_greedy_decoder lengths rank': lambda: tf.nn.ctc_greedy_decoder(np.zeros((4, 2, 3), np.float32), np.int32(4)),
    'erosion2d dtypes': lambda: tf.nn.erosion2d(IMAGE.astype(np.int32), np.ones((2, 2, 3), np.float32),
                                                [1, 1, 1, 1], 'VALID', 'NHWC', [1, 1, 1, 1]),
}


@pytest.mark.parametrize('name', sorted(KERNEL_TYPE_CASES))
def test_kernel_dtype_and_count_errors_are_invalid_argument_errors(name):
    with pytest.raises(IAE):
        KERNEL_TYPE_CASES[name]()


def test_a_fractional_segment_count_stays_a_type_error():
    # TF 2.21: with array / tensor ids the fast path's int32 conversion refuses 2.5 (TypeError); a list of ids
    # sends the call down the slow path, which converts 2.5 as float: the Tnumsegments attr's InvalidArgumentError
    with pytest.raises(TypeError) as err:
        tf.math.unsorted_segment_sum(np.ones(3), np.array([0, 1, 1]), 2.5)
    assert not isinstance(err.value, IAE)
    with pytest.raises(IAE, match="Value for attr 'Tnumsegments' of float"):
        tf.math.unsorted_segment_sum(np.ones(3), [0, 1, 1], 2.5)


def test_transposed_convolutions_take_filters_without_weights():
    # TF 2.21: conv1d_transpose with (0, 3, 3) filters gives float32 (1, 8, 3) (zeros); the forward kernels refuse
    out = tf.nn.conv1d_transpose(np.ones((1, 4, 3), np.float32), np.ones((0, 3, 3), np.float32), (1, 8, 3), 2, 'SAME')
    assert out.shape == (1, 8, 3)
