"""tf.autodiff.ForwardAccumulator against TensorFlow 2.21 (progs/tfcore5/a01_fwdacc.py, a05_fwd2.py,
a06_fwd3.py run under /opt/tfref): a mean's jvp sums tangent / count as TF's transposed _MeanGrad
does, integer primals and results log and answer as TF's, bad primal/tangent structures raise
TF's classes and words."""
import logging

import numpy as np
import pytest

import framework as tf


def test_jvp_of_a_mean_divides_each_tangent_then_sums():
    # TF 2.21: 1.6666667 (sum of [2, 0, 3] / 3 in float32); sum([2, 0, 3]) / 3 rounds to 1.6666666
    x = tf.constant([1.0, 2.0, 3.0])
    with tf.autodiff.ForwardAccumulator(x, tf.constant([1.0, 0.0, 0.5])) as acc:
        y = tf.reduce_mean(x ** 2)
    assert acc.jvp(y).numpy() == np.float32(1.6666667)
    assert repr(acc.jvp([y, y * 2])[1]) == 'None'


def test_a_means_gradient_and_hessian_keep_their_values():
    x = tf.Variable([1.0, 2.0, 3.0])
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            y = tf.reduce_mean(x ** 3, axis=0)
        g = inner.gradient(y, x)
    np.testing.assert_array_equal(g.numpy(), np.float32([1.0, 4.0, 9.0]))
    np.testing.assert_array_equal(outer.gradient(g, x).numpy(), np.float32([2.0, 4.0, 6.0]))


def test_an_integer_result_has_no_jvp_and_logs_nothing(caplog):
    x = tf.constant([1.0, 2.0, 3.0])
    with caplog.at_level(logging.WARNING, logger='tensorflow'):
        with tf.autodiff.ForwardAccumulator(x, tf.constant([1.0, 0.0, 0.5])) as acc:
            yi = tf.cast(x, tf.int32)
        assert acc.jvp(yi) is None
    assert caplog.records == []
    zeros = acc.jvp(yi, unconnected_gradients=tf.UnconnectedGradients.ZERO)
    assert zeros.dtype == tf.int32 and zeros.numpy().tolist() == [0, 0, 0]


def test_an_integer_primal_logs_tensorflows_primal_warning(caplog):
    x = tf.constant([1.0, 2.0, 3.0])
    with caplog.at_level(logging.WARNING, logger='tensorflow'):
        with tf.autodiff.ForwardAccumulator(tf.constant([1, 2]), tf.constant([1, 1])) as acc:
            y = x * 2
    assert [r.getMessage() for r in caplog.records] == [
        'The dtype of the watched primal must be floating (e.g. tf.float32), got tf.int32']
    assert acc.jvp(y) is None


def test_a_primal_given_twice_is_refused_before_the_tangents_are_read():
    x = tf.constant([1.0, 2.0, 3.0])
    with pytest.raises(ValueError) as err:
        tf.autodiff.ForwardAccumulator([x, x], [x])
    assert str(err.value) == ('Tensor {} was specified as a primal multiple times. This may indicate an error. '
                              'If it was intended, please sum the corresponding tangents.')


@pytest.mark.parametrize('tangents, error, detail', [
    (lambda x, y: [x], ValueError, "The two structures don't have the same number of elements."),
    (lambda x, y: (x, y), TypeError, "The two namedtuples don't have the same sequence type."),
])
def test_tangents_of_another_structure_raise_nests_errors(tangents, error, detail):
    x, y = tf.constant([1.0, 2.0]), tf.constant([3.0])
    with pytest.raises(error) as err:
        tf.autodiff.ForwardAccumulator([x, y], tangents(x, y))
    assert str(err.value).startswith("The two structures don't have the same nested structure.")
    assert detail in str(err.value)


def test_a_tensor_against_a_list_of_one_is_a_structure_error():
    x = tf.constant([1.0, 2.0])
    with pytest.raises(ValueError, match='is a sequence, while substructure'):
        tf.autodiff.ForwardAccumulator(x, [x])
