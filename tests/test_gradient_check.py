"""framework.gradient_check itself: the central differences must see every input layout."""
import numpy as np
import pytest

import framework as tf
from framework.gradient_check import check_gradients, numerical_vjp


def test_numerical_gradient_of_a_transposed_input_is_not_zero():
    x = np.arange(6.0).reshape(2, 3).T            # F-ordered: reshape(-1) of it is a copy
    (grad,) = numerical_vjp(lambda t: t * t, [x], np.ones((3, 2)))
    np.testing.assert_allclose(grad, 2 * x, atol=1e-6)


def test_a_wrong_gradient_rule_fails_the_check():
    @tf.custom_gradient
    def wrong_square(x):
        return x * x, lambda g: g * x           # the true rule is 2 * g * x

    with pytest.raises(AssertionError):
        check_gradients(wrong_square, [np.arange(1.0, 7.0).reshape(2, 3).T])
