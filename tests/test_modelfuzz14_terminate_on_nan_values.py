"""TerminateOnNaN tests the batch's 'loss' log as Keras 3 does (np.isnan(loss) or np.isinf(loss)), so a custom
train_step's vector or string loss fails with numpy's errors, as in TF 2.21; tapeflow's math.isfinite raised
TypeError "only 0-dimensional arrays can be converted to Python scalars" (vector) / "must be real number".

Printed by TF 2.21 (/work/notes/progs/modelfuzz14/g02.py, p35.py):
    on_batch_end(4, {'loss': np.array([1., np.nan])}) -> ValueError "The truth value of an array with more than one
        element is ambiguous. Use a.any() or a.all()"
    {'loss': np.array([np.inf], 'float32')} -> 'Batch 4: Invalid loss, terminating training', stop_training True
    {'loss': 'abc'} -> TypeError "ufunc 'isnan' not supported for the input types, ..."
    raise_error=True, {'loss': np.array([np.inf])} -> RuntimeError "NaN or Inf loss encountered at batch 2. Loss
        value: [inf]. Terminating training immediately."
"""
import numpy as np
import pytest

from framework import keras


def _callback(**kwargs):
    callback = keras.callbacks.TerminateOnNaN(**kwargs)
    callback.set_model(keras.Sequential([keras.layers.Dense(1)]))
    return callback


@pytest.mark.parametrize('loss', [np.array([1.0, np.nan], 'float32'), np.array([1.0, 2.0])])
def test_vector_loss_meets_numpys_truth_value_error(loss):
    with pytest.raises(ValueError, match='The truth value of an array with more than one element is ambiguous'):
        _callback().on_batch_end(4, {'loss': loss})


def test_string_loss_meets_isnans_type_error():
    with pytest.raises(TypeError, match="ufunc 'isnan' not supported for the input types"):
        _callback().on_batch_end(4, {'loss': 'abc'})


@pytest.mark.parametrize('loss, stops', [(np.array([np.inf], 'float32'), True), (np.float32(np.nan), True),
                                         (float('nan'), True), (3, False), (np.array(2.0), False), (0.5, False)])
def test_scalar_and_one_value_losses(loss, stops, capsys):
    callback = _callback()
    callback.model.stop_training = False
    callback.on_batch_end(4, {'loss': loss})
    assert callback.model.stop_training is stops
    assert capsys.readouterr().out == ('Batch 4: Invalid loss, terminating training\n' if stops else '')


def test_raise_error_names_the_value_as_numpy_prints_it():
    with pytest.raises(RuntimeError, match=r'^NaN or Inf loss encountered at batch 2\. Loss value: \[inf\]\. '
                                           r'Terminating training immediately\.$'):
        _callback(raise_error=True).on_batch_end(2, {'loss': np.array([np.inf], 'float32')})
