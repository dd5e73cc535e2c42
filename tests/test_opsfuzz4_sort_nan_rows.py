"""tf.sort / tf.argsort of rows holding NaN in TF 2.21's order: TF sorts as top_k of all n values (of -x
when ascending), and TopKV2's std::sort (insertion sort up to 16 values) calls NaN neither greater nor
less, so NaN stays among the values, not at the end. Printed by TF 2.21, e.g.
``tf.sort(tf.constant([3., 1., nan, 2.])).numpy()`` -> [ 1.  3. nan  2.]."""
import numpy as np
import pytest

import framework as tf

nan = np.nan


@pytest.mark.parametrize('row, ascending, descending, order, order_descending', [
    ([3., 1., nan, 2.], [1., 3., nan, 2.], [3., 1., nan, 2.], [1, 0, 2, 3], [0, 1, 2, 3]),
    ([nan, 1., 2.], [nan, 1., 2.], [nan, 2., 1.], [0, 1, 2], [0, 2, 1]),
    ([1., 2., nan], [1., 2., nan], [2., 1., nan], [0, 1, 2], [1, 0, 2]),
    ([nan, nan, 1., 0.], [nan, nan, 0., 1.], [nan, nan, 1., 0.], [0, 1, 3, 2], [0, 1, 2, 3]),
    ([2., nan, 1., nan, 0., 3.], [0., 1., 2., nan, nan, 3.], [3., 2., nan, 1., nan, 0.], [4, 2, 0, 1, 3, 5],
     [5, 0, 1, 2, 3, 4]),
    ([-0., 0., nan, -1.], [-1., -0., 0., nan], [-0., 0., nan, -1.], [3, 0, 1, 2], [0, 1, 2, 3]),
])
def test_rows_with_nan(row, ascending, descending, order, order_descending):
    x = tf.constant(row)
    np.testing.assert_array_equal(tf.sort(x).numpy(), np.float32(ascending))
    np.testing.assert_array_equal(tf.sort(x, direction='DESCENDING').numpy(), np.float32(descending))
    assert tf.argsort(x).numpy().tolist() == order
    assert tf.argsort(x, stable=True).numpy().tolist() == order
    assert tf.argsort(x, direction='DESCENDING').numpy().tolist() == order_descending


def test_sort_along_first_axis_and_other_dtypes():
    m = tf.constant([[3., nan], [1., 2.], [nan, 0.]])
    # TF 2.21: [[ 1. nan] [ 3.  0.] [nan  2.]] and [[1 0] [0 2] [2 1]]
    np.testing.assert_array_equal(tf.sort(m, axis=0).numpy(), np.float32([[1., nan], [3., 0.], [nan, 2.]]))
    assert tf.argsort(m, axis=0).numpy().tolist() == [[1, 0], [0, 2], [2, 1]]
    # a row without NaN beside one with it: [[ 1.  3. nan  2.] [ 1.  2.  3.  4.]]
    both = tf.sort(tf.constant([[3., 1., nan, 2.], [4., 3., 2., 1.]])).numpy()
    np.testing.assert_array_equal(both, np.float32([[1., 3., nan, 2.], [1., 2., 3., 4.]]))
    # tf.Tensor([ 1.  3. nan  2.], shape=(4,), dtype=float64) (float16 likewise)
    assert str(tf.sort(tf.constant([3., 1., nan, 2.], tf.float64))) == \
        'tf.Tensor([ 1.  3. nan  2.], shape=(4,), dtype=float64)'
    assert str(tf.sort(tf.constant([3., 1., nan, 2.], tf.float16))) == \
        'tf.Tensor([ 1.  3. nan  2.], shape=(4,), dtype=float16)'


def test_twelve_values_with_two_nans():
    g = np.random.RandomState(0).randn(12).astype(np.float32)
    g[[2, 7]] = nan
    # TF 2.21: argsort [ 5  1  0  2  6  4  3  7  8 10  9 11]
    assert tf.argsort(tf.constant(g)).numpy().tolist() == [5, 1, 0, 2, 6, 4, 3, 7, 8, 10, 9, 11]
    np.testing.assert_array_equal(tf.sort(tf.constant(g)).numpy(), g[[5, 1, 0, 2, 6, 4, 3, 7, 8, 10, 9, 11]])


def test_sort_gradient_still_reaches_each_origin():
    x = tf.constant([3., 1., nan, 2.])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.sort(x) * tf.constant([1., 2., 3., 4.])
    assert tape.gradient(y, x).numpy().tolist() == [2., 1., 3., 4.]
