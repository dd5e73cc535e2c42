"""Which of grappler's rewrites TensorFlow 2.21 applies inside tf.data functions (checked there on 4000
random float32 values): constant folding and ConstantPushDown do not run (``x / 60.``, ``1 / x`` and
``(x - y) + 3.0`` give the eager bits), the arithmetic optimizer's log1p / expm1 rewrites do (its SqrtDivToRsqrtMul too: tapeflow makes that one
only in optimizers' updates)."""
import numpy as np

import framework as tf

RNG = np.random.RandomState(0)
X = tf.constant(RNG.uniform(0.1, 3, 4000).astype(np.float32))
Y = tf.constant(RNG.uniform(0.1, 3, 4000).astype(np.float32))


def _mapped(fn):
    return next(iter(tf.data.Dataset.from_tensors((X, Y)).map(fn))).numpy()


def test_no_constant_folding_in_dataset_functions():
    np.testing.assert_array_equal(_mapped(lambda v, w: v / 60.), (X / 60.).numpy())
    np.testing.assert_array_equal(_mapped(lambda v, w: 1 / v), (1 / X).numpy())
    np.testing.assert_array_equal(_mapped(lambda v, w: (v - w) + 3.0), ((X - Y) + 3.0).numpy())


def test_arithmetic_rewrites_still_apply_in_dataset_functions():
    np.testing.assert_array_equal(_mapped(lambda v, w: tf.math.log(1 + v)), tf.math.log1p(X).numpy())
    np.testing.assert_array_equal(_mapped(lambda v, w: tf.exp(v) - 1), tf.math.expm1(X).numpy())


def test_a_tf_function_still_folds_division_by_a_constant():
    @tf.function
    def f(v):
        return v / 60.
    np.testing.assert_array_equal(f(X).numpy(), (X * np.float32(1 / 60.)).numpy())
