"""Integer values summarised by an integer-dtype Mean take Keras 3's path: reduce_to_samplewise_values
averages each sample with ops.mean (float32 for integers) and assign_add casts the summed means into the
integer total. tapeflow's fast path kept the values' integer dtype and failed in numpy ('Cannot cast ufunc
'add' output from dtype('float64') to dtype('int32')') for RootMeanSquaredError(dtype='int32'),
Mean(dtype='int32') of an int (N, C) batch, MeanSquaredError(dtype='int32'). Values printed by TF 2.21
(/work/notes/progs/metrics13/rmse.py, meanint.py).
"""
import numpy as np
import pytest

from framework import keras


def test_root_mean_squared_error_integer_dtype():
    rs = np.random.RandomState(5)
    y_true, y_pred = rs.rand(6, 3).astype('float32') * 3, rs.rand(6, 3).astype('float32') * 3
    m = keras.metrics.RootMeanSquaredError(dtype='int32')
    m.update_state(y_true, y_pred)
    assert [v.numpy().tolist() for v in m.variables] == [10, 6]            # TF 2.21: total 10, count 6
    assert float(m.result()).hex() == '0x1.4a7e9c0000000p+0'


@pytest.mark.parametrize('dtype', ['int32', 'int64', 'uint8', 'int16'])
def test_integer_mean_of_integer_batches(dtype):
    a = np.random.RandomState(2).randint(0, 7, (5, 3))
    m = keras.metrics.Mean(dtype=dtype)
    m.update_state(a.astype(dtype))
    m.update_state(a[:2].astype(dtype))
    assert [v.numpy().tolist() for v in m.variables] == [18, 7]            # TF 2.21: total 18, count 7
    assert float(m.result()).hex() == '0x1.4924920000000p+1'
    assert float(keras.metrics.MeanSquaredError(dtype=dtype)(a, a[::-1])).hex() == '0x1.cccccc0000000p+2'
