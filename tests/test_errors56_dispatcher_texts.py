"""A wrong call of a function TF 2.21 dispatches is worded by its Python API dispatcher, not by Python:
tf.linalg.cholesky_solve(x) is "TypeError: Missing required positional argument" (tapeflow: Python's
"cholesky_solve() missing 1 required positional argument: 'rhs'"), an unknown keyword "Got an unexpected keyword
argument 'bogus'", a repeated one "Got multiple values for argument 'x'". Generated raw ops (tf.realdiv,
squared_difference, nextafter, segment_sum) keep Python's words, as in TF. Probes: /work/notes/progs/errors56/dp.py,
dl.py, dl2.py, sw.py."""
import pytest

import framework as tf

X = [1., 2.]


@pytest.mark.parametrize('call', [
    lambda: tf.math.xdivy(tf.constant(X)),
    lambda: tf.math.xdivy(),
    lambda: tf.math.divide_no_nan(tf.constant(X)),
    lambda: tf.linalg.cholesky_solve(tf.constant([[1.]])),
    lambda: tf.math.xlog1py(tf.constant(X)),
    lambda: tf.math.multiply_no_nan(tf.constant(X)),
    lambda: tf.linalg.tensordot(tf.constant(X)),
    lambda: tf.math.unsorted_segment_mean(tf.constant(X)),
    lambda: tf.math.polyval([1.]),
])
def test_missing_arguments_are_the_dispatchers_words(call):
    with pytest.raises(TypeError) as err:
        call()
    assert str(err.value) == 'Missing required positional argument'        # TF 2.21's


@pytest.mark.parametrize('call, text', [
    (lambda: tf.math.xdivy(tf.constant(X), tf.constant(X), bogus=1), "Got an unexpected keyword argument 'bogus'"),
    (lambda: tf.math.xdivy(tf.constant(X), tf.constant(X), x=1), "Got multiple values for argument 'x'"),
    (lambda: tf.linalg.cholesky_solve(tf.constant([[1.]]), tf.constant([[1.]]), x=1),
     "Got an unexpected keyword argument 'x'"),
    (lambda: tf.math.divide_no_nan(tf.constant(X), tf.constant(X), bogus=1),
     "Got an unexpected keyword argument 'bogus'"),
])
def test_keyword_errors_are_the_dispatchers_words(call, text):
    with pytest.raises(TypeError) as err:
        call()
    assert str(err.value) == text       # TF 2.21's


@pytest.mark.parametrize('call, text', [
    (lambda: tf.realdiv(tf.constant(X)), "real_div() missing 1 required positional argument: 'y'"),
    (lambda: tf.math.squared_difference(tf.constant(X)),
     "squared_difference() missing 1 required positional argument: 'y'"),
    (lambda: tf.math.nextafter(tf.constant(X), tf.constant(X), bogus=1),
     "next_after() got an unexpected keyword argument 'bogus'"),
])
def test_raw_ops_keep_pythons_words(call, text):
    with pytest.raises(TypeError) as err:
        call()
    assert str(err.value) == text       # TF 2.21's (no dispatcher for generated raw ops)


def test_correct_calls_still_compute():
    assert tf.math.xdivy(tf.constant([2.]), tf.constant([4.])).numpy().tolist() == [0.5]
    assert tf.math.divide_no_nan(tf.constant([1.]), tf.constant([0.])).numpy().tolist() == [0.0]
