"""RMSNormalization follows Keras 3 (TF 2.21): axes sorted as written (axis=[-1, 1] gives scale (4, 3) on
(2, 3, 4)) and the scale multiplied as it is, broadcast against the trailing axes: on (2, 3, 3) with axis=-2
it scales the last axis; where it does not fit, Mul's error in the layer's call banner. Printed by TF 2.21
(/work/notes/progs/layers12/rms2.py, rms3.py)."""
import numpy as np
import pytest

from framework import errors, keras

L = keras.layers
X = np.arange(24, dtype='float32').reshape(2, 3, 4) % 5


def test_scale_broadcasts_against_the_trailing_axes():
    layer = L.RMSNormalization(axis=-2)
    layer.build((2, 3, 3))
    layer.set_weights([np.arange(3, dtype='float32') + 1])
    # TF 2.21: x[0, 1] scaled by [1, 2, 3] along the last axis
    assert layer(X[:, :, :3]).numpy()[0, 1].view('uint32').tolist() == [1068588204, 0, 1075099895]


def test_axes_sorted_as_written():
    layer = L.RMSNormalization(axis=[-1, 1])
    layer.build((2, 3, 4))
    assert tuple(layer.scale.shape) == (4, 3) and layer.axis == [-1, 1]
    with pytest.raises(errors.InvalidArgumentError) as err:
        layer(X)
    assert 'Incompatible shapes: [2,3,4] vs. [4,3] [Op:Mul]\x1b[0m' in str(err.value)


def test_a_scale_that_does_not_fit_the_trailing_axes_fails_in_mul():
    with pytest.raises(errors.InvalidArgumentError) as err:
        L.RMSNormalization(axis=1)(X)
    text = str(err.value)
    assert text.startswith('Exception encountered when calling RMSNormalization.call().')
    assert '{{function_node __wrapped__Mul_device_/job:localhost/replica:0/task:0/device:CPU:0}} Incompatible ' \
           'shapes: [2,3,4] vs. [3] [Op:Mul]\x1b[0m' in text
    assert '• x=tf.Tensor(shape=(2, 3, 4), dtype=float32)' in text


def test_positive_axes_in_order_still_normalize_and_scale():
    layer = L.RMSNormalization(axis=[1, 2])
    layer.build((2, 3, 4))
    layer.set_weights([np.arange(12, dtype='float32').reshape(3, 4)])
    assert layer(X).numpy()[0, 1].view('uint32').tolist() == [1088624313, 0, 1076515083, 1086764002]


@pytest.mark.parametrize('dtype, want', [('int32', [[0, 0, 1]]), ('int64', [[0, 0, 1]]), ('uint8', [[0, 0, 1]]),
                                         ('bool', [[True, True, True]])])
def test_integer_and_bool_inputs_compute_in_float32_and_cast_back(dtype, want):
    # TF 2.21: Keras's ops.rms_normalization computes in result_type(dtype, 'float32') and casts back
    out = L.RMSNormalization()(np.array([[1, 2, 3]]).astype(dtype))
    assert out.dtype == dtype and out.numpy().tolist() == want
