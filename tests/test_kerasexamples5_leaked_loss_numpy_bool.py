"""A layer's loss kept from fit's trace (model.losses after fit: TF 2.21's graph tensors) handed to NumPy
or asked for a truth value. TF 2.21 (keras.io PointNet's activity regularizer, probe
notes/progs/kerasexamples5/p5.py): np.array / np.float32 raise NotImplementedError "Cannot convert a
symbolic tf.Tensor (functional_1/d_1/div_no_nan:0) to a numpy array. ...", bool() raises
OperatorNotAllowedInGraphError; an op given a list holding it raises the out-of-scope TypeError.
tapeflow gave the out-of-scope TypeError to NumPy and True to bool()."""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.fixture
def kept_loss():
    keras.backend.clear_session()       # (the model is functional_1, its trace names functional_1/d_1/...)
    keras.utils.set_random_seed(3)
    inp = keras.Input((3,))
    out = keras.layers.Dense(2, activity_regularizer=keras.regularizers.L2(0.1), name='d')(inp)
    model = keras.Model(inp, out)
    model.compile('sgd', 'mse')
    model.fit(np.ones((4, 3), 'float32'), np.zeros((4, 2), 'float32'), epochs=1, verbose=0)
    (loss,) = model.losses
    return loss


_NUMPY_REFUSAL = ("Cannot convert a symbolic tf.Tensor (functional_1/d_1/div_no_nan:0) to a numpy array. This error "
                  "may indicate that you're trying to pass a Tensor to a NumPy call, which is not supported.")


def test_numpy_refuses_it_as_tensorflow_does(kept_loss):
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', DeprecationWarning)     # (NumPy 2's note on __array__ without copy, as TF's)
        with pytest.raises(NotImplementedError) as info:
            np.array(kept_loss)
        assert str(info.value) == _NUMPY_REFUSAL
        with pytest.raises(NotImplementedError) as info:
            np.float32(kept_loss)
        assert str(info.value) == _NUMPY_REFUSAL


def test_numpy_warns_of_the_missing_copy_keyword(kept_loss):
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter('always')
        with pytest.raises(NotImplementedError):
            np.array(kept_loss)
    assert [w.category for w in seen] == [DeprecationWarning]
    assert str(seen[0].message).startswith("__array__ implementation doesn't accept a copy keyword")


def test_truth_value_is_refused(kept_loss):
    with pytest.raises(tf.errors.OperatorNotAllowedInGraphError) as info:
        bool(kept_loss)
    assert str(info.value).startswith('Using a symbolic `tf.Tensor` as a Python `bool` is not allowed.')


def test_ops_on_lists_holding_it_stay_out_of_scope(kept_loss):
    for run in (lambda: keras.ops.sum([kept_loss]), lambda: sum([kept_loss]), lambda: kept_loss + 1.0):
        with pytest.raises(TypeError) as info:
            run()
        assert str(info.value).startswith(
            "<tf.Tensor 'functional_1/d_1/div_no_nan:0' shape=() dtype=float32> is out of scope and cannot be used here.")
