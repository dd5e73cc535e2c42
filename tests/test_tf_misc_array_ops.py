"""tf.repeat, reverse_sequence, dynamic_partition / dynamic_stitch, space_to_batch_nd / batch_to_space,
scan / foldl / foldr, complex: values pinned to TF 2.21 (/work/notes/progs/tf_misc/ops1.py run with
/opt/tfref), gradients checked against central differences in float64."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError, OutOfRangeError

# These tests read the NoneGradientWarning explanations, off by default (TensorFlow is silent there)
pytestmark = pytest.mark.usefixtures('explained_nones')

X = tf.constant([[1., 2.], [3., 4.]])


def test_repeat_matches_tf():
    np.testing.assert_array_equal(tf.repeat(X, 2).numpy(), [1, 1, 2, 2, 3, 3, 4, 4])
    np.testing.assert_array_equal(tf.repeat(X, [1, 2], axis=0).numpy(), [[1, 2], [3, 4], [3, 4]])
    np.testing.assert_array_equal(tf.repeat(X, 3, axis=1).numpy(), [[1, 1, 1, 2, 2, 2], [3, 3, 3, 4, 4, 4]])
    out = tf.repeat([1, 2, 3], [0, 1, 2])
    assert out.dtype == tf.int32 and out.numpy().tolist() == [2, 3, 3]
    assert tf.repeat(5, 3).numpy().tolist() == [5, 5, 5]
    with pytest.raises(ValueError, match='Dimensions 2 and 3 are not compatible'):
        tf.repeat(tf.constant([1, 2]), [1, 2, 3])
    with pytest.raises(InvalidArgumentError):
        tf.repeat(tf.constant([1, 2]), -1)


def test_reverse_sequence_matches_tf():
    seq = tf.reshape(tf.range(12), (3, 4))
    np.testing.assert_array_equal(tf.reverse_sequence(seq, [1, 2, 4], seq_axis=1, batch_axis=0).numpy(),
                                  [[0, 1, 2, 3], [5, 4, 6, 7], [11, 10, 9, 8]])
    np.testing.assert_array_equal(tf.reverse_sequence(tf.transpose(seq), [1, 2, 3], seq_axis=0, batch_axis=1).numpy(),
                                  [[0, 5, 10], [1, 4, 9], [2, 6, 8], [3, 7, 11]])
    with pytest.raises(InvalidArgumentError, match='seq_lens'):
        tf.reverse_sequence(tf.constant([[1, 2]]), [3], seq_axis=1, batch_axis=0)


def test_dynamic_partition_and_stitch_match_tf():
    parts = tf.dynamic_partition(tf.constant([10, 20, 30, 40, 50]), tf.constant([0, 1, 0, 2, 1]), 3)
    assert [p.numpy().tolist() for p in parts] == [[10, 30], [20, 50], [40]]
    stitched = tf.dynamic_stitch([tf.constant([0, 2]), tf.constant([1, 3])],
                                 [tf.constant([[1., 1.], [3., 3.]]), tf.constant([[2., 2.], [4., 4.]])])
    np.testing.assert_array_equal(stitched.numpy(), [[1, 1], [2, 2], [3, 3], [4, 4]])
    # an index twice: the later entry wins; a row no index names is 0 (TF 2.21: [1. 0. 0. 2.] for [0, 3])
    np.testing.assert_array_equal(tf.dynamic_stitch([tf.constant([[0, 1], [2, 1]])],
                                                    [tf.constant([[1., 2.], [3., 4.]])]).numpy(), [1, 4, 3])
    np.testing.assert_array_equal(tf.dynamic_stitch([tf.constant([0, 3])], [tf.constant([1., 2.])]).numpy(),
                                  [1, 0, 0, 2])
    with pytest.raises(InvalidArgumentError, match=r'partitions\[1\] = 3 is not in \[0, 2\)'):
        tf.dynamic_partition(tf.constant([1, 2]), [0, 3], 2)


def test_space_to_batch_and_back_match_tf():
    img = tf.reshape(tf.range(16.), (1, 4, 4, 1))
    s = tf.space_to_batch_nd(img, [2, 2], [[0, 0], [0, 0]])
    assert s.shape == (4, 2, 2, 1)
    np.testing.assert_array_equal(s.numpy()[..., 0], [[[0, 2], [8, 10]], [[1, 3], [9, 11]],
                                                      [[4, 6], [12, 14]], [[5, 7], [13, 15]]])
    padded = tf.space_to_batch(tf.reshape(tf.range(6.), (1, 3, 2, 1)), [2, 2], [[1, 0], [0, 0]])
    np.testing.assert_array_equal(padded.numpy()[..., 0], [[[0], [2]], [[0], [3]], [[0], [4]], [[1], [5]]])
    np.testing.assert_array_equal(tf.batch_to_space(s, [2, 2], [[0, 0], [0, 0]]).numpy(), img.numpy())
    np.testing.assert_array_equal(tf.batch_to_space(tf.reshape(tf.range(8.), (4, 2, 1)), [2], [[1, 1]]).numpy()[..., 0],
                                  [[4, 1], [6, 3]])


def test_scan_and_folds_match_tf():
    v = tf.constant([1., 2., 3., 4.])
    assert tf.scan(lambda a, b: a + b, v).numpy().tolist() == [1, 3, 6, 10]
    assert tf.scan(lambda a, b: a * b, v, initializer=tf.constant(2.), reverse=True).numpy().tolist() == [48, 48, 24, 8]
    pair = tf.scan(lambda a, b: (a[0] + b, a[1] * b), tf.constant([1., 2., 3.]),
                   initializer=(tf.constant(0.), tf.constant(1.)))
    assert isinstance(pair, tuple) and [p.numpy().tolist() for p in pair] == [[1, 3, 6], [1, 2, 6]]
    assert tf.scan(lambda a, b: a + b[0] * b[1], (tf.constant([1., 2.]), tf.constant([3., 4.])),
                   initializer=0.).numpy().tolist() == [3, 11]
    assert int(tf.foldl(lambda a, b: a - b, tf.constant([1, 2, 3, 4]))) == -8
    assert int(tf.foldr(lambda a, b: a - b, tf.constant([1, 2, 3, 4]))) == -2
    assert float(tf.foldl(lambda a, b: a + b, tf.constant([1., 2.]), initializer=10.)) == 13.0
    with pytest.raises(OutOfRangeError):
        tf.scan(lambda a, b: a + b, tf.constant([]))


def test_complex_matches_tf():
    c = tf.complex(tf.constant([1., 2.]), tf.constant([3., -4.]))
    assert c.dtype == tf.complex64 and c.numpy().tolist() == [1 + 3j, 2 - 4j]
    assert tf.complex(tf.constant(1., tf.float64), tf.constant(2., tf.float64)).dtype == tf.complex128
    assert tf.complex(1., 2.).dtype == tf.complex64
    with pytest.raises(TypeError, match='incorrect types: float32 float64'):
        tf.complex(tf.constant(1.), tf.constant(1., tf.float64))
    with pytest.raises(TypeError, match='incorrect types: int32 int32'):
        tf.complex(tf.constant(1), tf.constant(1))


GRADIENT_CASES = {
    'repeat': (lambda x: tf.repeat(x, [1, 0, 3], axis=1), [np.arange(6.).reshape(2, 3)]),
    'repeat_flat': (lambda x: tf.repeat(x, 2), [np.arange(4.).reshape(2, 2)]),
    'reverse_sequence': (lambda x: tf.reverse_sequence(x, [2, 0, 3], seq_axis=1, batch_axis=0) * np.arange(9.).reshape(3, 3),
                         [np.arange(9.).reshape(3, 3)]),
    'dynamic_partition': (lambda x: tf.dynamic_partition(x, [1, 0, 1], 2)[1] * 3.0, [np.arange(6.).reshape(3, 2)]),
    # distinct indices: where one repeats, TF's rule also feeds the overwritten row (test_gradfuzz5_stitch_gradient)
    'dynamic_stitch': (lambda a, b: tf.dynamic_stitch([[0, 2], [1, 3]], [a, b]) ** 2, [[1., 2.], [3., 4.]]),
    'space_to_batch': (lambda x: tf.space_to_batch_nd(x, [2, 2], [[1, 1], [0, 0]]) ** 2,
                       [np.arange(8.).reshape(1, 2, 4, 1)]),
    'batch_to_space': (lambda x: tf.batch_to_space(x, [2, 2], [[0, 1], [1, 0]]) ** 2,
                       [np.arange(16.).reshape(4, 2, 2, 1)]),
    'scan': (lambda x: tf.scan(lambda a, b: a * b + 1.0, x, initializer=tf.constant(0.5, tf.float64)),
             [[1., 2., 3.]]),
    'foldr': (lambda x: tf.foldr(lambda a, b: a * b, x), [[1., 2., 3.]]),
    # through real / imag only: tapeflow's complex multiply / power / abs gradients are not TF's yet
    'complex': (lambda a, b: tf.math.real(tf.complex(a, b)) ** 2 * tf.math.imag(tf.complex(a, b)),
                [[1., -2.], [0.5, 3.]]),
    'nextafter': (lambda a, b: tf.math.nextafter(a, b) * a, [[1., 2.], [3.]]),
    'saturate_cast': (lambda x: tf.saturate_cast(x, tf.float64) * x,
                      [[1., 2.]]),
}


@pytest.mark.parametrize('name', sorted(GRADIENT_CASES))
def test_gradients_match_central_differences(name):
    f, inputs = GRADIENT_CASES[name]
    tf.check_gradients(f, inputs)


# (truncatemod's gradient is TF's LookupError instead: test_gradfuzz6_refused_gradients; bitcast's too:
# test_gradfuzz25_unregistered_gradients)
@pytest.mark.parametrize('op', ['truncatediv', 'histogram_fixed_width_bins'])
def test_ops_without_a_tf_gradient_record_none(op):
    x = tf.constant([1.5, -2.5])
    calls = {'bitcast': lambda v: tf.bitcast(v, tf.int32), 'truncatediv': lambda v: tf.truncatediv(v, 2.),
             'truncatemod': lambda v: tf.truncatemod(v, 2.),
             'histogram_fixed_width_bins': lambda v: tf.histogram_fixed_width_bins(v, [-3., 3.], nbins=4)}
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = calls[op](x)
    with pytest.warns(tf.NoneGradientWarning):
        assert tape.gradient(y, x) is None


# The framework.ops names this file checks (values, and gradients above or None where TF has none),
# for test_op_gradients' coverage test.
COVERED_HERE = {'batch_to_space', 'bitcast', 'complex', 'dynamic_partition', 'dynamic_stitch', 'foldl', 'foldr',
                'histogram_fixed_width_bins', 'repeat', 'reverse_sequence', 'saturate_cast', 'scan', 'space_to_batch',
                'space_to_batch_nd', 'truncatediv', 'truncatemod', 'nextafter'}

# Good calls for tests/test_bad_input_sweep.py, which replaces one argument at a time with bad input.
_M = np.array([[0.1, 0.2, 0.3], [0.4, 0.5, 0.6]], np.float32)
_I = np.array([[1, 2, 3], [4, 5, 6]], np.int32)
SWEEP_CALLS = {
    'repeat': ((_M, 2), {'axis': 1}), 'reverse_sequence': ((_M, [1, 3]), {'seq_axis': 1, 'batch_axis': 0}),
    'complex': ((_M, _M), {}), 'scan': ((lambda a, x: a + x, _M), {}), 'foldl': ((lambda a, x: a + x, _M), {}),
    'foldr': ((lambda a, x: a + x, _M), {}), 'dynamic_partition': ((_M, np.array([0, 1], np.int32), 2), {}),
    'dynamic_stitch': (([np.array([0, 1], np.int32)], [_M]), {}), 'truncatediv': ((_I, _I), {}),
    'truncatemod': ((_I, _I), {}), 'saturate_cast': ((_M, 'uint8'), {}), 'bitcast': ((_M, 'int32'), {}),
    'space_to_batch_nd': ((np.zeros((1, 4, 4, 1), np.float32), [2, 2], [[0, 0], [0, 0]]), {}),
    'space_to_batch': ((np.zeros((1, 4, 4, 1), np.float32), [2, 2], [[0, 0], [0, 0]]), {}),
    'batch_to_space': ((np.zeros((4, 2, 2, 1), np.float32), [2, 2], [[0, 0], [0, 0]]), {}),
    'histogram_fixed_width_bins': ((_M, [0., 1.]), {'nbins': 4}), 'nextafter': ((_M, _M), {}),
}
# moving elements whatever their dtype is documented behaviour for these
SWEEP_ANY_DTYPE = {'repeat', 'reverse_sequence', 'dynamic_partition', 'dynamic_stitch', 'bitcast',
                   'space_to_batch_nd', 'space_to_batch', 'batch_to_space', 'scan', 'foldl', 'foldr'}
