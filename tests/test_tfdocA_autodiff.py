"""TensorFlow 2.21's eager/backprop.py and eager/forwardprop.py docstring examples that tapeflow printed
differently: RaggedTensors as GradientTape sources and targets, nested ForwardAccumulators. Golden values
printed by TF 2.21 (/opt/tfref) running the same calls."""
import numpy as np
import pytest

import framework as tf


def test_gradient_of_and_with_respect_to_a_ragged_tensor():
    # TF 2.21: the GradientTape.gradient docstring, <tf.RaggedTensor [[2.0, 4.0], [6.0]]>
    x = tf.ragged.constant([[1.0, 2.0], [3.0]])
    with tf.GradientTape(persistent=True) as g:
        g.watch(x)
        y = x * x
        z = tf.reduce_sum(y)
    for target in (y, z):
        grad = g.gradient(target, x)
        assert isinstance(grad, tf.RaggedTensor) and grad.to_list() == [[2.0, 4.0], [6.0]]
    assert g.gradient(y, x.flat_values).numpy().tolist() == [2., 4., 6.]
    seeded = g.gradient(y, x, output_gradients=tf.ragged.constant([[1.0, 0.5], [2.0]]))
    assert seeded.to_list() == [[2.0, 2.0], [12.0]]
    nested = g.gradient({'a': y}, [x, {'b': x}])
    assert nested[0].to_list() == [[2.0, 4.0], [6.0]] and nested[1]['b'].to_list() == [[2.0, 4.0], [6.0]]


@pytest.mark.usefixtures('explained_nones')
def test_ragged_target_with_a_tensor_source_and_unconnected_ragged_source():
    # TF 2.21: d sum(x * w) / dw = 6.0; a ragged source the target does not use gives None
    x = tf.ragged.constant([[1.0, 2.0], [3.0]])
    w = tf.constant(2.)
    with tf.GradientTape() as g:
        g.watch(w)
        r = x * w
    assert g.gradient(r, w).numpy() == 6.0
    q = tf.ragged.constant([[1.0], []])
    with tf.GradientTape() as g:
        g.watch(q)
        u = w * 3.
    with pytest.warns(tf.tape.NoneGradientWarning):
        assert g.gradient(u, q) is None


def test_a_sparse_tensor_is_no_gradient_source():
    # TF 2.21: ValueError: Type SparseTensor is not supported as a gradient source or gradient target.
    s = tf.sparse.from_dense([[0., 2.], [3., 0.]])
    with tf.GradientTape() as g:
        t = tf.sparse.reduce_sum(s * 2.)
    with pytest.raises(ValueError, match='^Type SparseTensor is not supported as a gradient source or gradient '
                                         'target.$'):
        g.gradient(t, s)


def test_nested_forward_accumulators_give_second_derivatives():
    # TF 2.21: the ForwardAccumulator docstring: inner jvp 4.441705703735352, outer 10.094785690307617
    primal = tf.constant(1.1)
    with tf.autodiff.ForwardAccumulator(primal, tf.constant(1.)) as outer:
        with tf.autodiff.ForwardAccumulator(primal, tf.constant(1.)) as inner:
            primal_out = primal ** tf.constant(3.5)
    inner_jvp = inner.jvp(primal_out)
    assert inner_jvp.numpy() == np.float32(4.441705703735352)
    assert outer.jvp(inner_jvp).numpy() == np.float32(10.094785690307617)


def test_nested_forward_accumulators_jvp_inside_the_outer_one():
    # TF 2.21: sin(x) * x**2 at 1.1: jvp 2.5095077, its jvp 2.6998765; tangents 2 and 3 on exp(x) * x:
    # 18.926247 and 55.87749 (tapeflow's second derivative sums in another order: 1 ulp)
    x = tf.constant(1.1)
    with tf.autodiff.ForwardAccumulator(x, tf.constant(1.)) as outer:
        with tf.autodiff.ForwardAccumulator(x, tf.constant(1.)) as inner:
            y = tf.sin(x) * x ** 2
        first = inner.jvp(y)
    assert first.numpy() == np.float32(2.5095077) and outer.jvp(first).numpy() == np.float32(2.6998765)
    assert outer.jvp(y).numpy() == np.float32(2.5095077)
    with tf.autodiff.ForwardAccumulator(x, tf.constant(2.)) as outer:
        with tf.autodiff.ForwardAccumulator(x, tf.constant(3.)) as inner:
            y = tf.exp(x) * x
    assert inner.jvp(y).numpy() == np.float32(18.926247)
    np.testing.assert_allclose(outer.jvp(inner.jvp(y)).numpy(), 55.87749, rtol=2e-7)


def test_a_sibling_accumulator_does_not_see_another_ones_jvps():
    x = tf.constant(1.1)
    with tf.autodiff.ForwardAccumulator(x, tf.constant(1.)) as first:
        pass
    with tf.autodiff.ForwardAccumulator(x, tf.constant(1.)) as second:
        y = x * x
    assert second.jvp(y).numpy() == np.float32(2.2) and first.jvp(second.jvp(y)) is None
