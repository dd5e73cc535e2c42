"""keras.ops' NaN-ignoring reductions fail where TF 2.21 / Keras 3.15 fail, with TF's words.

Goldens: the InvalidArgumentError texts TF 2.21 printed (/work/notes/progs/kerasops12/g2.py under
/opt/tfref, 19 of 19 equal after the fix). Keras reduces the NaN mask first in nanargmax / nanargmin /
nanmax / nanmin (a bad axis meets All, not ArgMax / Max), takes an integer nanmean as a float32 Mean,
moves nanquantile's axes last with one Transpose (an axis out of range or given twice: its size error), and
maps the per-row quantile with an output in x's dtype, so integer or bool input with an axis fails at the
TensorArray write (axis=None computes).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

ops = keras.ops
x = tf.constant([[1.5, float('nan'), -2.0], [0.0, 3.0, float('nan')]])
xi = tf.constant([[1, 0, -2], [0, 3, 5]])

CASES = [
    ('nanargmax ax5', lambda: ops.nanargmax(x, axis=5),
     '{{function_node __wrapped__All_device_/job:localhost/replica:0/task:0/device:CPU:0}} Invalid reduction dimension (5 for input with 2 dimension(s) [Op:All] name: '),
    ('nanargmin ax-3', lambda: ops.nanargmin(x, axis=-3),
     '{{function_node __wrapped__All_device_/job:localhost/replica:0/task:0/device:CPU:0}} Invalid reduction dimension (-3 for input with 2 dimension(s) [Op:All] name: '),
    ('nanmax ax2', lambda: ops.nanmax(x, axis=2),
     '{{function_node __wrapped__All_device_/job:localhost/replica:0/task:0/device:CPU:0}} Invalid reduction dimension (2 for input with 2 dimension(s) [Op:All] name: '),
    ('nanmin ax5 kd', lambda: ops.nanmin(x, axis=5, keepdims=True),
     '{{function_node __wrapped__All_device_/job:localhost/replica:0/task:0/device:CPU:0}} Invalid reduction dimension (5 for input with 2 dimension(s) [Op:All] name: '),
    ('nanmax int ax5', lambda: ops.nanmax(xi, axis=5),
     '{{function_node __wrapped__Max_device_/job:localhost/replica:0/task:0/device:CPU:0}} Invalid reduction dimension (5 for input with 2 dimension(s) [Op:Max] name: '),
    ('nanargmax int ax5', lambda: ops.nanargmax(xi, axis=5),
     '{{function_node __wrapped__ArgMax_device_/job:localhost/replica:0/task:0/device:CPU:0}} Expected dimension in the range [-2, 2), but got 5 [Op:ArgMax]'),
    ('nanmedian ax5', lambda: ops.nanmedian(x, axis=5),
     '{{function_node __wrapped__Transpose_device_/job:localhost/replica:0/task:0/device:CPU:0}} transpose expects a vector of size 2. But input(1) is a vector of size 3 [Op:Transpose]'),
    ('nanmedian ax-3', lambda: ops.nanmedian(x, axis=-3),
     '{{function_node __wrapped__Transpose_device_/job:localhost/replica:0/task:0/device:CPU:0}} transpose expects a vector of size 2. But input(1) is a vector of size 3 [Op:Transpose]'),
    ('nanquantile ax(0,5)', lambda: ops.nanquantile(x, 0.5, axis=(0, 5)),
     '{{function_node __wrapped__Transpose_device_/job:localhost/replica:0/task:0/device:CPU:0}} transpose expects a vector of size 2. But input(1) is a vector of size 3 [Op:Transpose]'),
    ('nanquantile ax(1,1)', lambda: ops.nanquantile(x, 0.5, axis=(1, 1)),
     '{{function_node __wrapped__Transpose_device_/job:localhost/replica:0/task:0/device:CPU:0}} transpose expects a vector of size 2. But input(1) is a vector of size 3 [Op:Transpose]'),
    ('nanpercentile ax2', lambda: ops.nanpercentile(x, 50, axis=2),
     '{{function_node __wrapped__Transpose_device_/job:localhost/replica:0/task:0/device:CPU:0}} transpose expects a vector of size 2. But input(1) is a vector of size 3 [Op:Transpose]'),
    ('nanmedian int ax1', lambda: ops.nanmedian(xi, axis=1),
     'TensorArray dtype is int32 but Op is trying to write dtype float32 '),
    ('nanquantile int8 ax0', lambda: ops.nanquantile(tf.cast(xi, 'int8'), 0.5, axis=0),
     'TensorArray dtype is int8 but Op is trying to write dtype float32 '),
    ('nanpercentile bool ax0', lambda: ops.nanpercentile(tf.constant([[True, False]]), [10, 50], axis=0),
     'TensorArray dtype is bool but Op is trying to write dtype float32 '),
    ('nanmedian int ax1 kd', lambda: ops.nanmedian(xi, axis=1, keepdims=True),
     'TensorArray dtype is int32 but Op is trying to write dtype float32 '),
    ('nanmean int ax5', lambda: ops.nanmean(xi, axis=5),
     '{{function_node __wrapped__Mean_device_/job:localhost/replica:0/task:0/device:CPU:0}} Invalid reduction dimension (5 for input with 2 dimension(s) [Op:Mean] name: '),
    ('nanstd ax5', lambda: ops.nanstd(x, axis=5),
     '{{function_node __wrapped__Sum_device_/job:localhost/replica:0/task:0/device:CPU:0}} Invalid reduction dimension (5 for input with 2 dimension(s) [Op:Sum] name: '),
    ('nansum ax5', lambda: ops.nansum(x, axis=5),
     '{{function_node __wrapped__Sum_device_/job:localhost/replica:0/task:0/device:CPU:0}} Invalid reduction dimension (5 for input with 2 dimension(s) [Op:Sum] name: '),
    ('nancumsum ax5', lambda: ops.nancumsum(x, axis=5),
     '{{function_node __wrapped__Cumsum_device_/job:localhost/replica:0/task:0/device:CPU:0}} ScanOp: Expected scan axis in the range [-2, 2), but got 5 [Op:Cumsum] name: '),
]


@pytest.mark.parametrize('label, call, text', CASES, ids=[case[0] for case in CASES])
def test_nan_reduction_errors_as_tf(label, call, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        call()
    assert str(caught.value) == text


def test_what_tf_computes_still_computes():
    # TF 2.21 (g2.py): nanmedian of int32 without an axis is float32 0.5; float16 keeps its dtype
    out = ops.nanmedian(xi)
    assert (out.dtype.name, float(out)) == ('float32', 0.5)
    out = ops.nanquantile(tf.cast(x, 'float16'), 0.5, axis=1)
    assert (out.dtype.name, np.asarray(out).tolist()) == ('float16', [-0.25, 1.5])
    out = ops.nanmedian(tf.constant([[float('nan'), float('nan')], [1.0, 2.0]]), axis=1)
    assert np.isnan(np.asarray(out)[0]) and np.asarray(out)[1] == 1.5
    assert np.asarray(ops.nanargmax(x, axis=1)).tolist() == [0, 1]
    assert np.asarray(ops.nanmean(xi, axis=1)).tolist() == np.float32([-1 / 3, 8 / 3]).tolist()


def test_no_axes_return_x_itself():
    # TF 2.21 (g3.py): nanmedian(xi, axis=[]) and nanmean(xi, axis=()) are xi, int32 (no float32 mean)
    for out in (ops.nanmedian(xi, axis=[]), ops.nanmean(xi, axis=())):
        assert (out.dtype.name, np.asarray(out).tolist()) == ('int32', [[1, 0, -2], [0, 3, 5]])
    out = ops.nanquantile(x, 0.5, axis=())
    assert np.array_equal(np.asarray(out), np.asarray(x), equal_nan=True)
