"""keras.ops.segment_sum / max / min / prod as Keras 3 runs them on TensorFlow 2.21, and the segment kernels'
range errors in TF's words. Values and texts from /work/notes/progs/fuzz6/p/k1.py and k2.py (TF runs printed
beside their sed ports).

Keras's TF backend gives segment_sum num_segments = the number of *distinct* ids (tf.unique), the others the
largest id + 1; sorted=True is tf.math.segment_* (and refuses num_segments). tapeflow used the largest id + 1
everywhere and ignored ``sorted``, so segment_sum(x, [0, 0, 2]) computed three rows where TF raises."""
import numpy as np
import pytest

import framework as tf
from framework.keras import ops

IAE = tf.errors.InvalidArgumentError
D = np.arange(12, dtype=np.float32).reshape(4, 3)
BIG = np.finfo(np.float32).max


def test_segment_sum_counts_distinct_ids():
    with pytest.raises(IAE) as err:
        ops.segment_sum(D, np.array([0, 0, 2, 2]))
    assert str(err.value) == ('{{function_node __wrapped__UnsortedSegmentSum_device_/job:localhost/replica:0/task:0/'
                              'device:CPU:0}} segment_ids[2] = 2 is out of range [0, 2) [Op:UnsortedSegmentSum] name: ')
    with pytest.raises(IAE, match=r'segment_ids\[0\] = 1 is out of range \[0, 1\)'):
        ops.segment_sum(D, np.array([1, 1, 1, 1]))
    # a negative id drops its row, but still counts as a distinct id: three rows, the last empty
    np.testing.assert_array_equal(ops.segment_sum(D, np.array([-1, 0, 1, 1])),
                                  [[3, 4, 5], [15, 17, 19], [0, 0, 0]])
    np.testing.assert_array_equal(ops.segment_sum(D, np.array([1, 0, 1, 0])), [[12, 14, 16], [6, 8, 10]])


@pytest.mark.parametrize('name, empty', [('segment_max', -BIG), ('segment_min', BIG), ('segment_prod', 1.0)])
def test_the_others_count_the_largest_id_plus_one(name, empty):
    out = np.asarray(getattr(ops, name)(D, np.array([0, 0, 2, 2])))
    assert out.shape == (3, 3)
    np.testing.assert_array_equal(out[1], [empty] * 3)


@pytest.mark.parametrize('name, expected', [
    ('segment_sum', [[3, 5, 7], [6, 7, 8], [0, 0, 0], [9, 10, 11]]),
    ('segment_max', [[3, 4, 5], [6, 7, 8], [0, 0, 0], [9, 10, 11]]),
    ('segment_min', [[0, 1, 2], [6, 7, 8], [0, 0, 0], [9, 10, 11]]),
    ('segment_prod', [[0, 4, 10], [6, 7, 8], [1, 1, 1], [9, 10, 11]]),
])
def test_sorted_runs_the_sorted_kernel(name, expected):
    fn = getattr(ops, name)
    np.testing.assert_array_equal(fn(D, np.array([0, 0, 1, 3]), sorted=True), expected)
    kernel = 'Segment' + name.split('_')[1].capitalize()
    with pytest.raises(IAE) as err:
        fn(D, np.array([1, 0, 1, 0]), sorted=True)
    assert str(err.value) == ('{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                              'segment ids are not increasing [Op:%s] name: ' % (kernel, kernel))
    with pytest.raises(ValueError, match='Argument `num_segments` cannot be set when sorted is True when using the '
                                         r'tensorflow backend.Received: num_segments=2, sorted=True.'):
        fn(D, np.array([0, 0, 1, 1]), num_segments=2, sorted=True)


@pytest.mark.parametrize('name', ['segment_sum', 'segment_max', 'segment_min', 'segment_prod'])
def test_keras_shape_checks_come_first(name):
    fn = getattr(ops, name)
    with pytest.raises(ValueError, match=r'Argument `segment_ids` should be an 1-D vector, got shape: 2\. Consider'):
        fn(D, np.array([[0, 0, 1, 1]]))
    with pytest.raises(ValueError, match=r'Argument `segment_ids` and `data` should have same leading dimension\. '
                                         r'Got \(2,\) v\.s\. \(4, 3\)\.'):
        fn(D, np.array([0, 1]))


def test_no_ids_at_all():
    # segment_sum counts no distinct ids: an empty result; the others take reduce_max of nothing (int32's
    # lowest) + 1 as the count, TF's negative num_segments error
    assert ops.segment_sum(D[:0], np.array([], np.int32)).shape == (0, 3)
    for name in ('segment_max', 'segment_min', 'segment_prod'):
        with pytest.raises(IAE, match=r'Input num_segments == -2147483647 must not be negative'):
            getattr(ops, name)(D[:0], np.array([], np.int32))


def test_kernel_range_errors_in_tensorflow_words():
    with pytest.raises(IAE) as err:
        tf.math.unsorted_segment_max(D.reshape(2, 2, 3), np.array([[0, 1], [3, 0]]), 2)
    assert str(err.value).endswith('segment_ids[1,0] = 3 is out of range [0, 2) [Op:UnsortedSegmentMax] name: ')
    with pytest.raises(IAE, match=r'__wrapped__UnsortedSegmentSum_.* segment_ids\[1\] = 3 is out of range'):
        tf.math.unsorted_segment_mean(D, np.array([0, 3, 5, 1]), 2)
    with pytest.raises(IAE) as err:
        tf.math.segment_prod(D, np.array([-1, 0, 1, 1]))
    assert str(err.value).endswith("Segment id -1 out of range [0, 2), possibly because 'segment_ids' input is not "
                                   "sorted. [Op:SegmentProd] name: ")
    with pytest.raises(IAE, match=r'Input num_segments == -2 must not be negative\. \[Op:UnsortedSegmentMin\]'):
        tf.math.unsorted_segment_min(D, np.array([0, 0, 1, 1]), -2)


Z = (np.arange(12).reshape(4, 3) + 1j * np.arange(12).reshape(4, 3)[::-1]).astype(np.complex64)
IDS = np.array([0, 0, 1, 1])


def test_complex_sums_and_products_as_tensorflow():
    # TF 2.21's Sum/Prod kernels take complex data (k3.py); the unsorted mean, sqrt_n and extremes do not
    expected_prod = [[-54 + 27j, -66 + 47j, -78 + 71j], [54 + 27j, 66 + 47j, 78 + 71j]]
    np.testing.assert_allclose(tf.math.unsorted_segment_prod(Z, IDS, 2), expected_prod)
    np.testing.assert_allclose(tf.math.segment_prod(Z, IDS), expected_prod)
    np.testing.assert_allclose(ops.segment_prod(Z, IDS), expected_prod)
    np.testing.assert_allclose(ops.segment_sum(Z, IDS), [[3 + 15j, 5 + 17j, 7 + 19j], [15 + 3j, 17 + 5j, 19 + 7j]])
    np.testing.assert_allclose(tf.math.segment_mean(Z, IDS), [[1.5 + 7.5j, 2.5 + 8.5j, 3.5 + 9.5j],
                                                              [7.5 + 1.5j, 8.5 + 2.5j, 9.5 + 3.5j]])
    for fn in (lambda: tf.math.unsorted_segment_mean(Z, IDS, 2), lambda: tf.math.unsorted_segment_max(Z, IDS, 2),
               lambda: ops.segment_min(Z, IDS)):
        with pytest.raises(IAE, match='complex64'):
            fn()


def test_complex_product_gradient_is_tensorflows_unconjugated_rule():
    # TF 2.21 (k3.py): d sum|prod|^2 / dx = 2 * prod * partial, without the conjugate its other complex rules take
    x = tf.Variable(Z)
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.abs(tf.math.unsorted_segment_prod(x, IDS, 2)) ** 2)
    np.testing.assert_allclose(tape.gradient(loss, x), [
        [-648 - 486j, -1186 - 548j, -1916 - 538j], [-486 - 972j, -1072 - 1226j, -1874 - 1432j],
        [972 + 486j, 1226 + 1072j, 1432 + 1874j], [486 + 648j, 548 + 1186j, 538 + 1916j]], rtol=1e-5)
