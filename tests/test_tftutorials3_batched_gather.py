"""tf.gather / tf.gather_nd with batch_dims (the tensor-slicing guide's batched gather), values and
errors as TensorFlow 2.21 printed them (notes/progs/tftutorials3/bg.py), gradients by central
differences."""
import numpy as np
import pytest

import framework as tf
from framework.gradient_check import check_gradients

P = np.arange(2 * 3 * 4 * 5, dtype=np.float32).reshape(2, 3, 4, 5)
I = np.array([[[1, 0], [3, 3], [2, 1]], [[0, 0], [1, 2], [3, 0]]])
Q = np.arange(2 * 3 * 4, dtype=np.float32).reshape(2, 3, 4)
J = np.array([[[1, 2], [0, 3]], [[2, 0], [1, 1]]])


def _reference(params, indices, axis, b):
    """Each batch element's own np.take, stacked back over the batch axes."""
    batch = params.shape[:b]
    rows = [np.take(params[k], indices[k], axis=axis - b) for k in np.ndindex(*batch)]
    return np.stack(rows).reshape(batch + rows[0].shape)


@pytest.mark.parametrize('indices, axis, b', [(I[:, 0], 1, 1), (I, 2, 1), (I, 2, 2), (I, 3, 2), (I, 3, 1),
                                              (I, 2, -1)])
def test_gather_with_batch_dims(indices, axis, b):
    got = tf.gather(P, indices, axis=axis, batch_dims=b).numpy()
    np.testing.assert_array_equal(got, _reference(P, indices, axis, b % indices.ndim))


def test_tensorflows_values_and_shapes():
    assert tf.gather(P, I, axis=3, batch_dims=2).numpy()[0, 0].tolist() == [[1.0, 0.0], [6.0, 5.0], [11.0, 10.0],
                                                                             [16.0, 15.0]]
    assert tf.gather(P, I, axis=2, batch_dims=1).shape == (2, 3, 3, 2, 5)
    assert tf.gather(P, I, axis=3, batch_dims=1).shape == (2, 3, 4, 3, 2)
    assert tf.gather_nd(Q, J, batch_dims=1).numpy().tolist() == [[6.0, 3.0], [20.0, 17.0]]
    assert tf.gather_nd(Q, J[..., :1], batch_dims=1).numpy()[1].tolist() == [[20.0, 21.0, 22.0, 23.0],
                                                                             [16.0, 17.0, 18.0, 19.0]]
    assert tf.gather_nd(P, I[..., :1].reshape(2, 3, 1) * 0 + [[[1], [3], [2]], [[0], [1], [3]]],
                        batch_dims=2).numpy()[1, 2].tolist() == [115.0, 116.0, 117.0, 118.0, 119.0]


def test_errors_in_the_kernels_words():
    wrapped = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.gather(tf.constant([[1, 2, 3], [4, 5, 6], [7, 8, 9]]), [[0, 1], [1, 2]], axis=1, batch_dims=1)
    assert str(info.value) == wrapped % 'GatherV2' + 'params.shape[0]: 3 should be equal to indices.shape[0]: 2 ' \
                                                     '[Op:GatherV2]'
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.gather(P[:, :2], I, axis=2, batch_dims=2)
    # (numpy arguments take TF's fast path: ' name: ' ends it, as TF 2.21 prints; errors34)
    assert str(info.value) == wrapped % 'GatherV2' + 'params.shape[1]: 2 should be equal to indices.shape[1]: 3 ' \
                                                     '[Op:GatherV2] name: '
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.gather(P, I + 3, axis=2, batch_dims=2)
    assert str(info.value) == wrapped % 'GatherV2' + 'indices[0,0,0] = 4 is not in [0, 4) [Op:GatherV2] name: '
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.gather_nd(Q, J + 2, batch_dims=1)
    assert str(info.value) == wrapped % 'GatherNd' + 'indices[1,1] = [1, 3, 3] does not index into param shape ' \
                                                     '[2,3,4], node name: GatherNd [Op:GatherNd] name: '
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.gather_nd(Q, [[[0, 9]]])
    assert str(info.value) == wrapped % 'GatherNd' + 'indices[0,0] = [0, 9] does not index into param shape ' \
                                                     '[2,3,4], node name: GatherNd [Op:GatherNd]'


def test_gradients_by_central_differences():
    x = np.random.default_rng(0).random((2, 3, 4, 2))
    check_gradients(lambda t: tf.gather(t, I, axis=2, batch_dims=2), [x])
    check_gradients(lambda t: tf.gather(t, I[:, 0], axis=2, batch_dims=1), [x])
    check_gradients(lambda t: tf.gather_nd(t, J, batch_dims=1), [x[:, :3, :, 0]])
