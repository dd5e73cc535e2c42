"""tf.nn.isotonic_regression as TF 2.21's: in a trace (decreasing, along the last axis) its IsotonicRegression op's
outputs, IsotonicRegression(output=<tf.Tensor 'IsotonicRegression:0' shape=(None, 4) dtype=float32>, segments=<...
':1' ... int32>), float64 for int32 input, float32 for int16 (tapeflow printed its stand-in's eager values); along
another axis than the last a plain tuple, eagerly too (TF's wrapper swaps the axis last and back; tapeflow returned
the namedtuple); a name or a fourth argument TF's TypeError (its function takes none; tapeflow accepted a name).
Texts: TF 2.21's (notes/progs/kerasops11/iso.py, iso_ops.py; iso_tf.out)."""
import pytest

import framework as tf


def _text(output, segments, dtype, shape):
    return ("IsotonicRegression(output=<tf.Tensor '%s' shape=%s dtype=%s>, segments=<tf.Tensor '%s' shape=%s "
            "dtype=int32>)" % (output, shape, dtype, segments, shape))


def test_traced_outputs_by_dtype():
    shown = []

    @tf.function(input_signature=[tf.TensorSpec((None, 4), tf.float32), tf.TensorSpec((None, 4), tf.int32),
                                  tf.TensorSpec((None, 4), tf.int16), tf.TensorSpec((None, 4), tf.float64)])
    def f(x, n, s, d):
        for t in (x, n, s, d):
            shown.append(str(tf.nn.isotonic_regression(t)))
        shown.append(str(tf.nn.isotonic_regression(x)[0] * 2))
        shown.append(str(tf.nn.isotonic_regression(tf.ones((3, 5)), axis=1)))
        return x
    f.get_concrete_function()
    # TF 2.21 (iso_tf.out)
    assert shown[-6:] == [
        _text('IsotonicRegression:0', 'IsotonicRegression:1', 'float32', '(None, 4)'),
        _text('IsotonicRegression_1:0', 'IsotonicRegression_1:1', 'float64', '(None, 4)'),
        _text('IsotonicRegression_2:0', 'IsotonicRegression_2:1', 'float32', '(None, 4)'),
        _text('IsotonicRegression_3:0', 'IsotonicRegression_3:1', 'float64', '(None, 4)'),
        'Tensor("mul:0", shape=(None, 4), dtype=float32)',
        _text('IsotonicRegression_5:0', 'IsotonicRegression_5:1', 'float32', '(3, 5)')]


def test_traced_last_axis_of_a_batch():
    shown = []

    @tf.function(input_signature=[tf.TensorSpec((None, 3, 4), tf.float32)])
    def f(x):
        shown.append(str(tf.nn.isotonic_regression(x, axis=2)))
        return x
    f.get_concrete_function()
    assert shown[-1] == _text('IsotonicRegression:0', 'IsotonicRegression:1', 'float32', '(None, 3, 4)')   # TF 2.21


@pytest.mark.parametrize('axis, kind', [(0, 'tuple'), (-2, 'tuple'), (1, 'IsotonicRegression'),
                                        (-1, 'IsotonicRegression')])
def test_other_axis_is_a_plain_tuple(axis, kind):
    # TF 2.21: tuple for axis 0 / -2 of a matrix, the namedtuple along its last axis
    assert type(tf.nn.isotonic_regression(tf.ones((2, 3)), axis=axis)).__name__ == kind


def test_vector_along_its_axis_is_the_namedtuple():
    assert type(tf.nn.isotonic_regression(tf.ones((3,)), axis=0)).__name__ == 'IsotonicRegression'


@pytest.mark.parametrize('call, text', [
    (lambda x: tf.nn.isotonic_regression(x, name='iso'), "Got an unexpected keyword argument 'name'"),
    (lambda x: tf.nn.isotonic_regression(x, foo=1), "Got an unexpected keyword argument 'foo'"),
    (lambda x: tf.nn.isotonic_regression(x, True, -1, 'nm'), 'Too many arguments were given. Expected 3 but got 4.'),
])
def test_no_name_argument(call, text):
    # TF 2.21: TypeError, eagerly and in a trace
    with pytest.raises(TypeError) as caught:
        call(tf.ones((2, 3)))
    assert str(caught.value) == text
    caught = []

    @tf.function(input_signature=[tf.TensorSpec((None, 4), tf.float32)])
    def f(x):
        try:
            call(x)
        except TypeError as error:
            caught.append(str(error))
        return x
    f.get_concrete_function()
    assert caught and set(caught) == {text}
