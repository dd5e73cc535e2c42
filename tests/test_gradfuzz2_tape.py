"""GradientTape corners found by gradfuzz2's fuzz against TensorFlow 2.21 (expected values taken from TF)."""
import logging

import numpy as np
import pytest

import framework as tf


def test_fill_passes_the_sum_of_its_gradient_to_the_value():
    v = tf.Variable(2.0)
    with tf.GradientTape(persistent=True) as t:
        y = tf.fill([3, 2], v)
        z = tf.fill([2], v * v)
    assert t.gradient(y, v).numpy() == 6.0
    assert t.gradient(z, v).numpy() == 8.0


def test_fill_second_derivative():
    x = tf.constant(1.5, tf.float64)
    with tf.GradientTape() as t2:
        t2.watch(x)
        with tf.GradientTape() as t1:
            t1.watch(x)
            y = tf.fill([3], x * x)
        g = t1.gradient(y, x)
    assert g.numpy() == 9.0
    assert t2.gradient(g, x).numpy() == 6.0


@pytest.mark.parametrize('use_pfor', [True, False])
def test_jacobian_of_a_gather_gradient_is_the_dense_hessian(use_pfor):
    x = tf.Variable([0.5, -1.0, 2.0])
    with tf.GradientTape(persistent=True) as t2:
        with tf.GradientTape() as t1:
            y = tf.reduce_sum(tf.gather(x, [0, 0, 2]) ** 2)
        g = t1.gradient(y, x)
    assert type(g).__name__ == 'IndexedSlices'
    h = t2.jacobian(g, x, experimental_use_pfor=use_pfor)
    np.testing.assert_array_equal(h.numpy(), [[4.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 2.0]])


def test_watch_warning_is_counted_per_call_site(caplog):
    # TF's log_first_n counts by the caller's line: one watch line logs 5 times, another line 5 more
    with caplog.at_level(logging.WARNING, logger='tensorflow'):
        for _ in range(7):
            with tf.GradientTape() as t:
                t.watch(tf.constant([1, 2]))
        with tf.GradientTape() as t:
            t.watch(tf.constant(['a', 'b']))
    words = [r.getMessage() for r in caplog.records if 'watched tensor' in r.getMessage()]
    assert words == ['The dtype of the watched tensor must be floating (e.g. tf.float32), got tf.int32'] * 5 + [
        'The dtype of the watched tensor must be floating (e.g. tf.float32), got tf.string']


@pytest.mark.parametrize('output_gradients', [[None], [None, 3.0], [[1.0, 1.0], None]])
def test_none_in_output_gradients_is_refused(output_gradients):
    x = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as t:
        y1 = x * x
        y2 = tf.reduce_sum(x)
    targets = y1 if len(output_gradients) == 1 else [y1, y2]
    with pytest.raises(ValueError) as info:
        t.gradient(targets, x, output_gradients=output_gradients)
    assert str(info.value) == "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."


def test_shorter_output_gradients_still_start_the_rest_from_ones():
    x = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as t:
        y1 = x * x
        y2 = tf.reduce_sum(x)
    np.testing.assert_array_equal(t.gradient([y1, y2], x, output_gradients=[tf.constant([1.0, 0.0])]).numpy(),
                                  [3.0, 1.0])


@pytest.mark.parametrize('op', ['+', '-'])
def test_two_indexed_slices_do_not_add_in_pythons_words(op):
    emb = tf.Variable([[1.0], [3.0]])
    with tf.GradientTape() as t:
        y = tf.reduce_sum(tf.gather(emb, [1]))
    g = t.gradient(y, emb)
    with pytest.raises(TypeError) as info:
        g + g if op == '+' else g - g
    assert str(info.value) == "unsupported operand type(s) for %s: 'IndexedSlices' and 'IndexedSlices'" % op


def test_custom_gradient_inputs_are_the_flattened_arguments():
    # TF flattens the arguments: a list of two tensors is two inputs, each given one gradient
    @tf.custom_gradient
    def f(xs):
        def grad(dy):
            return [dy, dy * 2.0]
        return xs[0] * xs[1], grad
    a = tf.Variable(1.0)
    b = tf.Variable(2.0)
    with tf.GradientTape() as t:
        z = f([a, b])
    ga, gb = t.gradient(z, [a, b])
    assert (ga.numpy(), gb.numpy()) == (1.0, 2.0)


def test_custom_gradient_grads_are_flattened_too():
    @tf.custom_gradient
    def f(x, y):
        def grad(dy):
            return [dy * 2.0, [dy * 3.0]]
        return x + y, grad
    a = tf.Variable(1.0)
    b = tf.Variable(2.0)
    with tf.GradientTape() as t:
        z = f(a, b)
    assert [g.numpy() for g in t.gradient(z, [a, b])] == [2.0, 3.0]


def test_sqrtm_has_a_second_derivative():
    x = tf.Variable([[[4.0, 1.0], [0.5, 3.0]], [[2.0, -0.3], [0.2, 1.5]]], dtype=tf.float64)
    with tf.GradientTape() as t2:
        with tf.GradientTape() as t1:
            y = tf.linalg.sqrtm(x)
            w = tf.reduce_sum(y * tf.reshape(tf.range(1.0, 9.0, dtype=tf.float64), [2, 2, 2]))
        g = t1.gradient(w, x)
        s = tf.reduce_sum(g * g * g)
    np.testing.assert_allclose(g.numpy(), [[[0.1936913465, 0.491964194], [0.7145649305, 1.0953071616]],
                                           [[1.7726313142, 2.1240090771], [2.8620352578, 3.2666636041]]], rtol=1e-9)
    np.testing.assert_allclose(t2.gradient(s, x).numpy(),
                               [[[-0.0603601349, -0.2362944013], [-0.1807020716, -0.7132543438]],
                                [[-17.9458254852, -28.2873888748], [-32.2217111414, -50.8882677568]]], rtol=1e-8)


def test_custom_gradient_gets_its_arguments_as_given():
    seen = []

    @tf.custom_gradient
    def f(x, c, n):
        seen.extend([type(c).__name__, type(n).__name__])
        return x * 2.0, lambda dy: (dy * 2.0, None, None)
    x = tf.Variable(1.0)
    with tf.GradientTape() as t:
        y = f(x, np.float32(3.0), 3)
    assert seen == ['float32', 'int']
    assert t.gradient(y, x).numpy() == 2.0


def test_custom_gradient_keyword_tensors_are_inputs_not_variables():
    # TF: a variable passed as a keyword argument is no variable the grad_fn must answer for; it gets None
    @tf.custom_gradient
    def f(x, scale=None):
        return x * scale, lambda dy: dy * scale
    x = tf.Variable(1.0)
    s = tf.Variable(3.0)
    with tf.GradientTape() as t:
        y = f(x, scale=s)
    gx, gs = t.gradient(y, [x, s])
    assert gx.numpy() == 3.0 and gs is None


def test_custom_gradient_python_number_output_becomes_a_tensor():
    @tf.custom_gradient
    def f(x):
        return 3.0, lambda dy: dy
    x = tf.Variable(1.0)
    with tf.GradientTape() as t:
        y = f(x)
    assert (y.dtype.name, y.numpy()) == ('float32', 3.0)
    assert t.gradient(y, x).numpy() == 1.0


def test_recompute_grad_of_a_list_argument():
    f = tf.recompute_grad(lambda xs: xs[0] * xs[1])
    a = tf.Variable(2.0)
    b = tf.Variable(3.0)
    with tf.GradientTape() as t:
        y = f([a, b])
    assert [g.numpy() for g in t.gradient(y, [a, b])] == [3.0, 2.0]


def test_watching_a_ragged_tensor_logs_for_its_integer_row_splits(caplog):
    r = tf.ragged.constant([[[1.0], [2.0, 3.0]], [[3.0]]])
    r2 = tf.RaggedTensor.from_row_lengths([1.0, 2.0, 3.0], tf.constant([2, 1], tf.int32))
    with caplog.at_level(logging.WARNING, logger='tensorflow'):
        with tf.GradientTape() as t:
            t.watch(r)
            t.watch([r2])
            y = tf.reduce_sum(r * r) + tf.reduce_sum(r2)
    words = [rec.getMessage() for rec in caplog.records if 'watched tensor' in rec.getMessage()]
    assert words == ['The dtype of the watched tensor must be floating (e.g. tf.float32), got tf.%s' % d
                     for d in ('int64', 'int64', 'int32')]
    assert t.gradient(y, r).flat_values.numpy().tolist() == [2.0, 4.0, 6.0, 6.0]


def test_watch_while_no_tape_records_is_ignored():
    # TF's watch does nothing while no tape records on the thread; with an outer tape recording it watches
    x = tf.constant(2.0)
    with tf.GradientTape() as t:
        with t.stop_recording():
            t.watch(x)
        y = x * x
    assert t.gradient(y, x) is None
    with tf.GradientTape():
        with tf.GradientTape() as t:
            with t.stop_recording():
                t.watch(x)
            y = x * x
    assert t.gradient(y, x).numpy() == 4.0
    t = tf.GradientTape(persistent=True)
    with t:
        pass
    t.watch(x)
    with t:
        y = x * x
    assert t.gradient(y, x) is None
    v = tf.Variable(3.0)
    with tf.GradientTape(watch_accessed_variables=False) as t:
        with t.stop_recording():
            t.watch(v)
        y = v * v
    assert t.gradient(y, v) is None and t.watched_variables() == ()


@pytest.mark.parametrize('op, expected', [(tf.nn.relu, [0.0, 0.0, 1.0, 1.0]), (tf.nn.relu6, [0.0, 0.0, 1.0, 0.0])])
def test_relu_gradients_for_bfloat16(op, expected):
    x = tf.constant([-0.9, 0.0, 0.4, 7.0], dtype=tf.bfloat16)
    with tf.GradientTape() as t:
        t.watch(x)
        y = op(x)
    g = t.gradient(y, x)
    assert g.dtype.name == 'bfloat16'
    assert tf.cast(g, tf.float32).numpy().tolist() == expected


@pytest.mark.parametrize('dtype, bias', [('float16', [1.0, 2.0]), ('float32', np.array([1.0, 2.0])),
                                         ('float16', np.array([1.0, 2.0], np.float32)), ('float32', [1, 2])])
def test_bias_add_converts_a_non_tensor_bias_to_the_values_dtype(dtype, bias):
    x = tf.Variable([[1.0, 2.0]], dtype=dtype)
    with tf.GradientTape() as t:
        y = tf.nn.bias_add(x, bias)
    assert y.dtype.name == dtype
    assert y.numpy().tolist() == [[2.0, 4.0]]
    assert t.gradient(y, x).numpy().tolist() == [[1.0, 1.0]]


def test_bias_add_still_refuses_a_tensor_bias_of_another_dtype():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.nn.bias_add(tf.constant([[1.0, 2.0]], tf.float16), tf.constant([1.0, 2.0]))
    assert str(info.value).startswith('cannot compute BiasAdd as input #1(zero-based) was expected to be a half '
                                      'tensor but is a float tensor')


@pytest.mark.parametrize('padding, expected', [('VALID', [[0.0, 0.0, 2.0], [0.0, 1.0, 0.0]]),
                                               ('SAME', [[0.0, 0.0, 2.0], [0.0, 1.0, 0.0]])])
def test_max_pool2d_of_bfloat16_and_its_gradient(padding, expected):
    x = tf.Variable([[1.0, -2.0, 3.0], [0.5, 2.0, -1.0]], dtype=tf.bfloat16)
    with tf.GradientTape() as t:
        y = tf.nn.max_pool2d(tf.reshape(x, [1, 2, 3, 1]), 2, 1 if padding == 'VALID' else 2, padding)
        w = tf.reduce_sum(tf.cast(y, tf.float32) * tf.reshape(tf.range(1.0, 1.0 + tf.cast(tf.size(y), tf.float32)),
                                                              tf.shape(y)))
    g = t.gradient(w, x)
    assert g.dtype.name == 'bfloat16'
    assert tf.cast(g, tf.float32).numpy().tolist() == expected


def test_a_bfloat16_gather_gradient_densifies():
    # the IndexedSlices of a bfloat16 gather convert through unsorted_segment_sum, which TF registers for bfloat16
    x = tf.Variable([[1.0, -2.0], [0.5, 2.0]], dtype=tf.bfloat16)
    with tf.GradientTape() as t:
        y = tf.reduce_sum(tf.gather(x, [1, 1, 0]))
    g = t.gradient(y, x)
    dense = tf.convert_to_tensor(g)
    assert dense.dtype.name == 'bfloat16'
    assert tf.cast(dense, tf.float32).numpy().tolist() == [[1.0, 1.0], [2.0, 2.0]]


@pytest.mark.parametrize('op, expected', [
    (lambda x: tf.math.unsorted_segment_max(x, [1, 0, 1], 2), [[0.0, 0.0], [1.0, 2.0], [3.0, 4.0]]),
    (lambda x: tf.math.unsorted_segment_sqrt_n(x, [1, 0, 1], 2), [[2.125, 2.828125], [1.0, 2.0], [2.125, 2.828125]]),
    (lambda x: tf.math.segment_mean(x, [0, 0, 1]), [[0.5, 1.0], [0.5, 1.0], [3.0, 4.0]])])
def test_segment_ops_of_bfloat16(op, expected):
    x = tf.Variable([[1.0, -2.0], [0.5, 2.0], [3.0, -1.0]], dtype=tf.bfloat16)
    with tf.GradientTape() as t:
        y = op(x)
        w = tf.reduce_sum(tf.cast(y, tf.float32) * [[1.0, 2.0], [3.0, 4.0]])
    g = t.gradient(w, x)
    assert tf.cast(g, tf.float32).numpy().tolist() == expected


def test_stop_gradient_keeps_composite_tensors():
    r = tf.ragged.constant([[1.0, 2.0], [3.0]])
    assert tf.stop_gradient(r).to_list() == [[1.0, 2.0], [3.0]]
    s = tf.stop_gradient(tf.sparse.SparseTensor([[0, 0]], [2.0], [2, 2]))
    assert type(s).__name__ == 'SparseTensor' and s.values.numpy().tolist() == [2.0]
    v = tf.Variable([[1.0], [2.0]])
    with tf.GradientTape(persistent=True) as t:
        y = tf.reduce_sum(tf.gather(v, [1]))
        rr = tf.RaggedTensor.from_row_lengths(tf.reshape(v, [-1]) * 2.0, [1, 1])
        z = tf.reduce_sum(tf.stop_gradient(rr) * rr)
    sg = tf.stop_gradient(t.gradient(y, v))
    assert type(sg).__name__ == 'IndexedSlices' and sg.indices.numpy().tolist() == [1]
    assert t.gradient(z, v).numpy().ravel().tolist() == [4.0, 8.0]


def test_tapes_watch_by_the_trainable_flag_a_variable_was_made_with():
    # TF: the tf.Variable under a Keras variable keeps its creation flag; setting .trainable later changes
    # what optimizers train, not what tapes watch
    v = tf.keras.Variable(1.0, trainable=False)
    v.trainable = True
    w = tf.keras.Variable(2.0)
    w.trainable = False
    with tf.GradientTape() as t:
        y = v * w
    gv, gw = t.gradient(y, [v, w])
    assert gv is None and gw.numpy() == 1.0
    assert t.watched_variables() == (w,)


def test_a_frozen_layers_weights_still_get_gradients():
    m = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(2, kernel_initializer='ones'),
                             tf.keras.layers.Dense(1, kernel_initializer='ones')])
    m.layers[0].trainable = False
    with tf.GradientTape() as t:
        y = tf.reduce_sum(m(tf.constant([[1.0, 2.0]])))
    assert len(t.watched_variables()) == 4 and len(m.trainable_variables) == 2
    g = t.gradient(y, m.variables)
    np.testing.assert_array_equal(g[0].numpy(), [[1.0, 1.0], [2.0, 2.0]])
    np.testing.assert_array_equal(g[2].numpy(), [[3.0], [3.0]])
