"""TF's graph-era names in eager execution, the integer / cast ops and TF 2's own initializers,
pinned to TF 2.21 (/work/notes/progs/tf_misc/ops1.py and probe.py run with /opt/tfref)."""
import logging

import numpy as np
import pytest

import framework as tf
from framework.errors import InternalError, InvalidArgumentError

X = tf.constant([[1., 2.], [3., 4.]])


def test_control_flow_names_are_eager_no_ops():
    with tf.control_dependencies([X]):
        np.testing.assert_array_equal(tf.identity(X * 2).numpy(), [[2, 4], [6, 8]])
    assert tf.no_op() is None and tf.group(X, X) is None and tf.group() is None
    pair = tf.tuple([X, X + 1])
    assert isinstance(pair, list) and pair[1].numpy().tolist() == [[2, 3], [4, 5]]
    outs = tf.identity_n([X, tf.constant(1)])
    assert isinstance(outs, list) and outs[1].dtype == tf.int32
    with tf.init_scope():
        pass
    assert tf.inside_function() is False and tf.is_symbolic_tensor(X) is False
    assert tf.get_logger().name == 'tensorflow' and isinstance(tf.get_logger(), logging.Logger)
    with pytest.raises(RuntimeError, match='not compatible with eager execution'):
        tf.parallel_stack([tf.constant([1, 2]), tf.constant([3, 4])])


def test_gradients_pass_identity_n_and_tuple():
    x = tf.Variable([1., 2.])
    with tf.GradientTape() as tape:
        a, = tf.identity_n([x * 3.])
        b, = tf.tuple([x])
        y = tf.reduce_sum(a + b * b)
    assert tape.gradient(y, x).numpy().tolist() == [5., 7.]


def test_shapes_and_static_values():
    assert tf.ensure_shape(X, [2, None]).numpy().tolist() == X.numpy().tolist()
    with pytest.raises(InvalidArgumentError, match=r'\[2,2\] is not compatible with expected shape \[3,\?\]'):
        tf.ensure_shape(X, [3, None])
    shapes = tf.shape_n([X, tf.constant([1., 2., 3.])])
    assert [s.numpy().tolist() for s in shapes] == [[2, 2], [3]] and shapes[0].dtype == tf.int32
    assert tf.shape_n([X], out_type=tf.int64)[0].dtype == tf.int64
    with pytest.raises(InvalidArgumentError, match='expected to be a float tensor but is a int32 tensor'):
        tf.shape_n([X, tf.constant([1, 2, 3])])
    assert tf.get_static_value(X).tolist() == [[1, 2], [3, 4]]
    assert tf.get_static_value(3) == 3 and tf.get_static_value([1, 2]) == [1, 2]
    assert tf.get_static_value(tf.Variable(1.)) is None
    assert tf.get_static_value(tf.constant('a')) == b'a'
    stamp = tf.timestamp()
    assert stamp.dtype == tf.float64 and stamp.shape == () and float(stamp) > 1.7e9


def test_variable_enums_print_as_tf():
    assert repr(tf.VariableAggregation.NONE) == '<VariableAggregationV2.NONE: 0>'
    assert str(tf.VariableAggregation.SUM) == 'VariableAggregationV2.SUM' and tf.VariableAggregation.MEAN.value == 2
    assert [s.name for s in tf.VariableSynchronization] == ['AUTO', 'NONE', 'ON_WRITE', 'ON_READ']
    v = tf.Variable([1.], aggregation=tf.VariableAggregation.MEAN, synchronization=tf.VariableSynchronization.AUTO)
    assert str(v.aggregation) == 'VariableAggregationV2.MEAN' and str(v.synchronization) == 'VariableSynchronization.AUTO'


def test_as_string_matches_tf():
    assert tf.as_string(tf.constant([1.5, -2.25, 3.0])).numpy().tolist() == [b'1.500000', b'-2.250000', b'3.000000']
    assert tf.as_string(tf.constant([1, 22, 333]), width=5, fill='0').numpy().tolist() == [b'00001', b'00022', b'00333']
    assert tf.as_string(tf.constant([1.5e10, 1e-7]), shortest=True).numpy().tolist() == [b'1.5e+10', b'1e-07']


def test_integer_ops_match_tf():
    assert tf.truncatediv(tf.constant([-7, 7, -7]), tf.constant([2, -2, -2])).numpy().tolist() == [-3, -3, 3]
    assert tf.truncatemod(tf.constant([-7, 7, -7]), tf.constant([2, -2, -2])).numpy().tolist() == [-1, 1, -1]
    assert tf.truncatediv(tf.constant([-7.5, 7.5]), tf.constant([2., -2.])).numpy().tolist() == [-3., -3.]
    assert tf.truncatemod(tf.constant([-7.5, 7.5]), tf.constant([2., -2.])).numpy().tolist() == [-1.5, 1.5]
    assert tf.truncatediv(tf.constant([7, -9]), 2).numpy().tolist() == [3, -4]
    with pytest.raises(InternalError):
        tf.truncatediv(tf.constant([1]), tf.constant([0]))


def test_saturate_cast_and_bitcast_match_tf():
    out = tf.saturate_cast(tf.constant([-300., 1.7, 300., 1e20]), tf.uint8)
    assert out.dtype == tf.uint8 and out.numpy().tolist() == [0, 1, 255, 255]
    assert tf.saturate_cast(tf.constant([-300, 5, 300]), tf.int8).numpy().tolist() == [-128, 5, 127]
    assert tf.saturate_cast(tf.constant([3e38]), tf.float16).numpy().tolist() == [65504.0]
    assert tf.saturate_cast(tf.constant([3e9, -3e9]), tf.int32).numpy().tolist() == [2147483520, -2147483648]
    assert tf.bitcast(tf.constant([1.0, 2.0]), tf.int32).numpy().tolist() == [1065353216, 1073741824]
    assert tf.bitcast(tf.constant([1, 2], tf.int32), tf.uint8).numpy().tolist() == [[1, 0, 0, 0], [2, 0, 0, 0]]
    assert tf.bitcast(tf.constant([[1, 0, 0, 0], [2, 0, 0, 0]], tf.uint8), tf.int32).numpy().tolist() == [1, 2]
    assert float(tf.bitcast(tf.constant([1., 2.]), tf.float64)) == 2.000000473111868
    with pytest.raises(InvalidArgumentError, match='Cannot bitcast from 1 to 2'):
        tf.bitcast(tf.constant([1., 2., 3.]), tf.float64)


def test_histogram_fixed_width_bins_matches_tf():
    bins = tf.histogram_fixed_width_bins(tf.constant([-1.0, 0.0, 1.5, 2.0, 5.0, 15]), [0., 5.], nbins=5)
    assert bins.dtype == tf.int32 and bins.numpy().tolist() == [0, 0, 1, 2, 4, 4]


def test_tf2_initializers_match_tf():
    assert tf.constant_initializer(3.)((2,)).numpy().tolist() == [3., 3.]
    ones = tf.ones_initializer()((2,), tf.int32)
    assert ones.dtype == tf.int32 and ones.numpy().tolist() == [1, 1]
    assert tf.zeros_initializer()((1, 2)).numpy().tolist() == [[0., 0.]]
    assert tf.constant_initializer([1, 2, 3, 4])((2, 2), tf.float32).numpy().tolist() == [[1., 2.], [3., 4.]]
    # seeded: TensorFlow's stateless draws for seed [3, 0]
    np.testing.assert_array_equal(tf.random_normal_initializer(0., 1., seed=3)((3,)).numpy(),
                                  np.array([-0.6715848, 1.6760504, -0.94424546], np.float32))
    np.testing.assert_array_equal(tf.random_uniform_initializer(-1., 1., seed=3)((3,)).numpy(),
                                  np.array([-0.6081743, 0.8786905, 0.0645504], np.float32))
    assert tf.random_normal_initializer().get_config() == {'mean': 0.0, 'stddev': 0.05, 'seed': None}
    with pytest.raises(ValueError, match='expected to be numeric'):
        tf.random_uniform_initializer()((2,), tf.string)
