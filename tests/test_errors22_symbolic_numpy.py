"""errors22: a graph tensor handed to NumPy inside a trace is refused as TF 2.21 refuses it (printed by TF 2.21,
/work/notes/progs/errors22/p_np.py): NotImplementedError 'Cannot convert a symbolic tf.Tensor (x:0) to a numpy
array. ...', in autograph's 'in user code:' words in a tf.function, NumPy's own frame marked '**' (AutoGraph
leaves numpy unconverted); a Keras loss that calls NumPy fails in fit. tapeflow computed the values."""
import numpy as np
import pytest

import framework as tf
from framework import keras

_WORDS = ("Cannot convert a symbolic tf.Tensor (%s) to a numpy array. This error may indicate that you're trying to "
          "pass a Tensor to a NumPy call, which is not supported.")


@tf.function
def _as_array(x):
    return np.array(x)


@tf.function
def _summed(x):
    y = x * 2
    return np.sum(y)


@tf.function
def _python_float(x):
    return float(x) + 1       # AutoGraph's float() of a tensor is a cast: no NumPy involved


def test_np_array_of_an_argument():
    with pytest.raises(NotImplementedError) as caught:
        _as_array(tf.ones(2))
    text = str(caught.value)
    assert text.startswith('in user code:\n\n    File "%s", line ' % __file__)
    assert text.endswith('  *\n        return np.array(x)\n\n    NotImplementedError: %s\n' % (_WORDS % 'x:0'))


def test_a_numpy_reduction_of_an_op_output_names_the_op_and_marks_numpy():
    with pytest.raises(NotImplementedError) as caught:
        _summed(tf.ones(2))
    text = str(caught.value)
    assert 'fromnumeric.py", line ' in text and ', in sum  **\n        return _wrapreduction(' in text
    assert text.endswith('    NotImplementedError: %s\n' % (_WORDS % 'mul:0'))


def test_python_numbers_of_tensors_still_work():
    assert float(_python_float(tf.constant(1.0))) == 2.0


def test_a_loss_calling_numpy_fails_in_fit():
    def loss(y_true, y_pred):
        return tf.reduce_mean(np.square(y_true - y_pred))
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile('sgd', loss)
    with pytest.raises(NotImplementedError) as caught:
        model.fit(np.ones((4, 2)), np.ones((4, 1)), verbose=0)
    assert str(caught.value) == _WORDS % 'compile_loss/loss/sub:0'
