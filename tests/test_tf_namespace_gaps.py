"""TensorFlow names ported programs reach for beyond the core ops: tf.compat (v1 logging,
seeding, sessions; string helpers), tf.autograph switches, broadcast shapes, name scopes,
grad_pass_through, the nn moments helpers, and the graph-only names that TF 2 refuses
eagerly. Values read off TF 2.21 running the same calls."""
import logging

import numpy as np
import pytest

import framework as tf


def test_compat_strings_and_dimensions():
    assert tf.compat.as_bytes('abc') == b'abc' and tf.compat.as_text(b'abc') == 'abc'
    assert tf.compat.as_str_any(3) == '3'
    with pytest.raises(TypeError, match='Expected binary or unicode string, got 3'):
        tf.compat.as_bytes(3)
    assert tf.compat.dimension_value(tf.TensorShape([3, None])[1]) is None
    assert tf.compat.dimension_at_index(tf.TensorShape([3, None]), 0) == 3
    assert tf.compat.forward_compatible(2020, 1, 1)
    assert tf.compat.v2.constant(3.0).numpy() == 3.0


def test_compat_v1_logging_sets_the_tensorflow_logger():
    logger = tf.get_logger()
    before = logger.level
    try:
        tf.compat.v1.logging.set_verbosity(tf.compat.v1.logging.ERROR)
        assert logger.level == logging.ERROR == tf.compat.v1.logging.get_verbosity()
    finally:
        logger.setLevel(before)


def test_compat_v1_seed_session_and_graph_mode():
    tf.compat.v1.set_random_seed(3)
    first = tf.random.uniform([2]).numpy()
    tf.random.set_seed(3)
    np.testing.assert_array_equal(first, tf.random.uniform([2]).numpy())
    np.testing.assert_allclose(first, [0.13366318, 0.5678531], rtol=1e-6)     # TF 2.21
    config = tf.compat.v1.ConfigProto()
    config.gpu_options.allow_growth = True
    with tf.compat.v1.Session(config=config) as session:
        assert session.config.gpu_options.allow_growth
        with pytest.raises(RuntimeError, match='The Session graph is empty'):
            session.run(tf.constant(1.0))
    with pytest.raises(RuntimeError, match='tf.placeholder\\(\\) is not compatible with eager execution'):
        tf.compat.v1.placeholder(tf.float32, [None, 3])
    with pytest.raises(RuntimeError, match='no TensorFlow 1 graph mode'):
        tf.compat.v1.disable_eager_execution()
    tf.compat.v1.enable_eager_execution()
    tf.compat.v1.reset_default_graph()
    assert tf.compat.v1.executing_eagerly()


def test_autograph_switches():
    tf.autograph.set_verbosity(0)

    @tf.autograph.experimental.do_not_convert
    def plus_one(x):
        return x + 1

    assert plus_one(2) == 3 and plus_one.__name__ == 'plus_one'
    assert tf.autograph.to_graph(plus_one) is plus_one
    def double(x):
        return x * 2

    assert tf.autograph.to_code(double) == 'def double(x):\n    return x * 2\n'
    assert tf.autograph.to_code(tf.function(double)).startswith('def double(x):')
    with pytest.raises(TypeError, match='no Python source'):
        tf.autograph.to_code(len)


def test_broadcast_shapes():
    assert tf.broadcast_static_shape(tf.TensorShape([1, 3]), tf.TensorShape([4, 1])) == (4, 3)
    out = tf.broadcast_dynamic_shape(tf.constant([2, 1, 3], tf.int64), tf.constant([4, 1], tf.int64))
    assert out.dtype == tf.int64 and out.numpy().tolist() == [2, 4, 3]
    with pytest.raises(ValueError, match=r'Incompatible shapes for broadcasting.*Received: \(2, 3\) and \(4, 1\)'):
        tf.broadcast_static_shape(tf.TensorShape([2, 3]), tf.TensorShape([4, 1]))
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'Incompatible shapes: \[2,3\] vs. \[4,1\] \[Op:BroadcastArgs\]'):
        tf.broadcast_dynamic_shape([2, 3], [4, 1])


def test_current_name_scope():
    assert tf.get_current_name_scope() == ''
    with tf.name_scope('outer'):
        with tf.name_scope('inner'):
            assert tf.get_current_name_scope() == 'outer/inner'


def test_grad_pass_through_is_identity_backward():
    x = tf.Variable(2.0)
    with tf.GradientTape() as tape:
        y = tf.grad_pass_through(lambda v: tf.round(v * 1.3))(x) * 3.0
    assert y.numpy() == 9.0 and tape.gradient(y, x).numpy() == 3.0


def test_moments_helpers_match_tensorflow():
    mean, variance = tf.nn.normalize_moments(tf.constant(4.), tf.constant([2., 4.]), tf.constant([10., 20.]), None)
    np.testing.assert_array_equal(mean.numpy(), [0.5, 1.0])
    np.testing.assert_array_equal(variance.numpy(), [2.25, 4.0])
    x = tf.constant([[1., 2.], [3., 5.], [0., 1.]])
    count, mean_ss, var_ss, shift = tf.nn.sufficient_statistics(x, [0], shift=tf.constant(1.), keepdims=True)
    assert count.numpy() == 3.0 and shift.numpy() == 1.0
    np.testing.assert_array_equal(mean_ss.numpy(), [[1., 5.]])
    np.testing.assert_array_equal(var_ss.numpy(), [[5., 17.]])
    mean, variance = tf.nn.weighted_moments(x, [0], tf.constant([[1.], [2.], [0.5]]))
    np.testing.assert_array_equal(mean.numpy(), np.array([2., 3.5714285], np.float32))
    np.testing.assert_array_equal(variance.numpy(), np.array([1.4285715, 2.8163264], np.float32))


def test_graph_only_names_refuse_as_tensorflow_2_does_eagerly():
    for fn in (tf.gradients, tf.hessians):
        with pytest.raises(RuntimeError, match='tf.gradients is not supported when eager execution is enabled'):
            fn(tf.constant(1.), tf.constant(2.))
    assert (tf.AggregationMethod.ADD_N, tf.AggregationMethod.EXPERIMENTAL_TREE) == (0, 1)
    assert issubclass(tf.errors.OperatorNotAllowedInGraphError, TypeError)


def test_small_aliases():
    assert tf.dtypes.saturate_cast(tf.constant([300., -5., 3.7]), tf.uint8).numpy().tolist() == [255, 0, 3]
    np.testing.assert_array_equal(tf.matrix_square_root(tf.constant([[4., 0.], [0., 9.]])).numpy(), [[2., 0.], [0., 3.]])
    tf.config.experimental_run_functions_eagerly(True)
    try:
        assert tf.config.functions_run_eagerly() and tf.config.experimental_functions_run_eagerly()
    finally:
        tf.config.experimental_run_functions_eagerly(False)
    tf.debugging.disable_traceback_filtering()
    assert not tf.debugging.is_traceback_filtering_enabled()
    tf.debugging.enable_traceback_filtering()
    assert tf.debugging.is_traceback_filtering_enabled()


def test_dir_lists_lazily_loaded_modules_without_importing_them():
    # TF's dir(tf) names keras, io, train, compat ...; tapeflow loads those on first use,
    # so dir() must name them without loading them.
    import subprocess
    import sys
    code = ("import sys, framework as tf; d = dir(tf); "
            "print(all(n in d for n in ('keras', 'io', 'train', 'compat', 'optimizers', 'constant')), "
            "'framework.keras' in sys.modules)")
    out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ['True', 'False']


def test_compat_v1_in_top_k_takes_tensorflow_1s_argument_order():
    # TF 2.21: tf.compat.v1.math.in_top_k(predictions, targets, k) -> [True, False];
    # tf.compat.v1.nn.in_top_k(predictions=p, targets=t, k=2) -> [True, True]
    import framework as tf
    p = tf.constant([[0.1, 0.9, 0.0], [0.8, 0.1, 0.1]])
    t = tf.constant([1, 2])
    assert tf.compat.v1.math.in_top_k(p, t, 1).numpy().tolist() == [True, False]
    assert tf.compat.v1.nn.in_top_k(predictions=p, targets=t, k=2).numpy().tolist() == [True, True]
    assert tf.compat.v1.nn.relu(tf.constant([-1.0])).numpy().tolist() == [0.0]     # the rest is TF 2's nn
    assert tf.math.in_top_k(t, p, 1).numpy().tolist() == [True, False]              # TF 2's order unchanged
